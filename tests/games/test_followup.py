"""The end of every game enqueues its follow-up work once, on commit: one task per game,
which runs every follow-up in the worker (docs/contracts.md, games/events/outbox.py)."""

from datetime import timedelta

import pytest
from celery import shared_task
from django.utils import timezone

from foundation.task_registry import task_register
from games.events import followups_redispatch
from games.models import FollowupDone, Game, GameEvent
from games.services import Conflict, game_resign, games_sweep

from .conftest import at

FOLLOWED_UP: list[int] = []


@task_register  # the outbox sends work only to a registered task (foundation.task_registry)
@shared_task
def record_followup(game_id: int) -> None:
    FOLLOWED_UP.append(game_id)


@pytest.fixture
def eager_followups(settings, eager_celery):
    settings.GAME_FINISHED_TASKS = ["tests.games.test_followup.record_followup"]
    FOLLOWED_UP.clear()
    return FOLLOWED_UP


def test_a_resignation_enqueues_the_follow_up_once_after_commit(
    new_game, anna, eager_followups, django_capture_on_commit_callbacks
):
    game = new_game()
    with django_capture_on_commit_callbacks(execute=False) as pending:
        game_resign(game_id=game.pk, member=anna, now=at(5))
    assert eager_followups == []  # nothing runs before the commit
    for callback in pending:
        callback()
    assert eager_followups == [game.pk]
    with pytest.raises(Conflict):
        game_resign(game_id=game.pk, member=anna, now=at(6))
    assert eager_followups == [game.pk]
    assert GameEvent.objects.filter(game=game, kind="finished").count() == 1


def test_a_flag_fall_found_by_the_sweep_enqueues_it_too(new_game, eager_followups, django_capture_on_commit_callbacks):
    game = new_game(time_control="300")
    with django_capture_on_commit_callbacks(execute=True):
        games_sweep(now=at(301))
    with django_capture_on_commit_callbacks(execute=True):
        games_sweep(now=at(302))
    assert eager_followups == [game.pk]


class _BrokerDown:
    """A task whose broker refuses the message, as kombu does when Redis is unreachable."""

    @staticmethod
    def delay(game_id: int) -> None:
        from kombu.exceptions import OperationalError

        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


broker_down = task_register(_BrokerDown(), name="tests.games.test_followup.broker_down")


def test_a_follow_up_whose_enqueue_failed_is_enqueued_again_by_the_sweep(
    new_game, anna, eager_followups, settings, django_capture_on_commit_callbacks
):
    game = new_game()
    task = settings.GAME_FOLLOWUPS_TASK
    settings.GAME_FOLLOWUPS_TASK = "tests.games.test_followup.broker_down"
    with django_capture_on_commit_callbacks(execute=True):
        game_resign(game_id=game.pk, member=anna, now=at(5))
    event = GameEvent.objects.get(game=game, kind="finished")
    assert event.dispatched_at is None  # the outbox row waits for a working broker
    assert eager_followups == []

    settings.GAME_FOLLOWUPS_TASK = task
    assert followups_redispatch(older_than=timedelta(0)) == 1
    assert eager_followups == [game.pk]
    event.refresh_from_db()
    assert event.dispatched_at is not None
    assert followups_redispatch(older_than=timedelta(0)) == 0  # once dispatched, done


OTHER_FOLLOWED_UP: list[int] = []
FAILING: set[int] = set()


@task_register  # the outbox sends work only to a registered task (foundation.task_registry)
@shared_task
def record_other_followup(game_id: int) -> None:
    if game_id in FAILING:
        raise RuntimeError("the follow-up's service is down")
    OTHER_FOLLOWED_UP.append(game_id)


@pytest.fixture
def two_followups(settings, eager_followups):
    settings.GAME_FINISHED_TASKS = [
        "tests.games.test_followup.record_followup",
        "tests.games.test_followup.record_other_followup",
    ]
    OTHER_FOLLOWED_UP.clear()
    FAILING.clear()
    return settings.GAME_FINISHED_TASKS


def test_one_task_runs_every_follow_up_and_closes_the_outbox_row_without_a_row_per_follow_up(
    new_game, anna, two_followups, django_capture_on_commit_callbacks
):
    game = new_game()
    with django_capture_on_commit_callbacks(execute=True):
        game_resign(game_id=game.pk, member=anna, now=at(5))
    assert ([game.pk], [game.pk]) == (FOLLOWED_UP, OTHER_FOLLOWED_UP)
    assert GameEvent.objects.get(game=game, kind="finished").followups_done_at is not None
    assert not FollowupDone.objects.filter(game=game).exists()


def test_a_failed_follow_up_leaves_the_row_open_and_the_resent_task_runs_only_it(
    new_game, anna, two_followups, settings, django_capture_on_commit_callbacks
):
    game = new_game()
    FAILING.add(game.pk)
    with django_capture_on_commit_callbacks(execute=True):
        game_resign(game_id=game.pk, member=anna, now=at(5))
    event = GameEvent.objects.get(game=game, kind="finished")
    assert event.followups_done_at is None and [game.pk] == FOLLOWED_UP and OTHER_FOLLOWED_UP == []
    assert list(FollowupDone.objects.filter(game=game).values_list("task", flat=True)) == [two_followups[0]]

    FAILING.clear()
    GameEvent.objects.filter(game=game).update(
        dispatched_at=timezone.now() - timedelta(seconds=settings.GAMES_FOLLOWUP_RESEND_SECONDS + 1)
    )
    assert followups_redispatch() == 1
    assert ([game.pk], [game.pk]) == (FOLLOWED_UP, OTHER_FOLLOWED_UP)  # the one that ran is not run again
    assert GameEvent.objects.get(game=game, kind="finished").followups_done_at is not None
    assert followups_redispatch() == 0


def test_follow_ups_queued_but_never_done_are_sent_again_after_the_window(
    new_game, anna, two_followups, settings, django_capture_on_commit_callbacks
):
    game = new_game()
    with django_capture_on_commit_callbacks(execute=True):
        game_resign(game_id=game.pk, member=anna, now=at(5))
    # As if the task's message had been lost on the broker: it never ran.
    GameEvent.objects.filter(game=game).update(followups_done_at=None)
    FOLLOWED_UP.clear()
    OTHER_FOLLOWED_UP.clear()

    followups_redispatch()  # sent just now: still within the window, maybe only queued behind others
    assert (FOLLOWED_UP, OTHER_FOLLOWED_UP) == ([], [])

    sent = timezone.now() - timedelta(seconds=settings.GAMES_FOLLOWUP_RESEND_SECONDS + 1)
    GameEvent.objects.filter(game=game).update(dispatched_at=sent)
    assert followups_redispatch() == 1
    assert ([game.pk], [game.pk]) == (FOLLOWED_UP, OTHER_FOLLOWED_UP)
    event = GameEvent.objects.get(game=game, kind="finished")
    assert event.followups_done_at is not None and event.dispatched_at > sent
    assert followups_redispatch() == 0


COMPETITION_FOLLOWED_UP: list[int] = []


@task_register  # the outbox sends work only to a registered task (foundation.task_registry)
@shared_task
def record_competition_followup(game_id: int) -> None:
    COMPETITION_FOLLOWED_UP.append(game_id)


def test_only_a_competition_game_gets_the_competition_follow_ups(
    new_game, anna, eager_followups, settings, django_capture_on_commit_callbacks
):
    settings.GAME_FINISHED_COMPETITION_TASKS = ["tests.games.test_followup.record_competition_followup"]
    COMPETITION_FOLLOWED_UP.clear()
    casual, of_an_event = new_game(), new_game()
    Game.objects.filter(pk=of_an_event.pk).update(competition=True)
    for game in (casual, of_an_event):
        with django_capture_on_commit_callbacks(execute=True):
            game_resign(game_id=game.pk, member=anna, now=at(5))
    assert eager_followups == [casual.pk, of_an_event.pk]
    assert [of_an_event.pk] == COMPETITION_FOLLOWED_UP
