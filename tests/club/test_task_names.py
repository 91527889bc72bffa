"""Celery tasks are queued by name: a task's name must not change when its
code moves, or the messages already queued under the old name are lost."""

from club import celery_app

# The names messages are queued under; a new task adds its own. Team events' two names from
# before they became championships are gone (README, "Upgrading": drain the queue first); a
# backup keeps only FollowupDone rows naming follow-ups that ran, which no code imports.
QUEUED_NAMES = {
    "games.tasks.games_sweep_task",
    "games.tasks.games_followups_task",
    "games.tasks.turns_announce_task",
    "ratings.tasks.rating_apply_game",
    "ratings.tasks.rating_recompute_from_game",
    "club.championships.tasks.championship_game_result",
    "club.championships.tasks.standings_recompute",
    "club.championships.tasks.stage_advance",
    "club.notifications.tasks.notify_game_finished",
    "club.notifications.tasks.notify_challenge_created",
    "club.notifications.tasks.notify_challenge_accepted",
    "club.notifications.tasks.send_turn_reminders",
    "club.notifications.tasks.send_daily_digests",
}


def test_every_task_queued_before_the_move_still_has_a_worker():
    celery_app.loader.import_default_modules()
    assert set(celery_app.tasks) >= QUEUED_NAMES


def test_the_settings_name_only_registered_tasks():
    from django.conf import settings

    celery_app.loader.import_default_modules()
    named = set(settings.GAME_FINISHED_TASKS) | set(settings.GAME_FINISHED_COMPETITION_TASKS)
    named |= {settings.GAME_FOLLOWUPS_TASK} | set(settings.GAME_RESULT_CHANGED_TASKS)
    named |= {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    named |= set(settings.CELERY_TASK_ROUTES)
    assert named <= set(celery_app.tasks)


def test_every_task_sent_work_by_name_is_registered_once_the_apps_are_ready():
    """A web process sends work to tasks without running Celery's autodiscovery: each name
    the senders give is registered by its tasks module, imported by its AppConfig.ready
    (foundation.task_registry), and is the Celery task queued under that name."""
    from django.conf import settings

    from club.championships import followups
    from foundation.task_registry import task_named
    from games.services import finish

    sent = set(settings.GAME_FINISHED_TASKS) | set(settings.GAME_FINISHED_COMPETITION_TASKS)
    sent |= {settings.GAME_FOLLOWUPS_TASK, settings.GAME_DELAYED_FRAME_TASK} | set(settings.GAME_RESULT_CHANGED_TASKS)
    sent |= {finish.FOLLOWUPS_TASK, followups.STANDINGS_RECOMPUTE, followups.STAGE_ADVANCE, followups.SECTIONS_FILL}
    assert {name: task_named(name).name for name in sent} == {name: name for name in sent}


def test_a_name_no_tasks_module_registered_is_refused_by_name():
    import pytest

    from foundation.task_registry import task_named

    with pytest.raises(LookupError, match="games.tasks.no_such_task"):
        task_named("games.tasks.no_such_task")
