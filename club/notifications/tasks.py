"""Celery tasks of notifications: thin, idempotent, ids in, services called."""

from celery import shared_task

from foundation.task_registry import task_register

from . import game_notices, services


@task_register
@shared_task(name="club.notifications.tasks.notify_game_finished", acks_late=True)
def notify_game_finished(game_id: int) -> None:
    """Listed in settings.GAME_FINISHED_TASKS: tell both players the result."""
    game_notices.game_result_notify(game_id=game_id)


@shared_task(name="club.notifications.tasks.notify_challenge_created", acks_late=True)
def notify_challenge_created(challenge_id: int) -> None:
    game_notices.challenge_notify(challenge_id=challenge_id)


@shared_task(name="club.notifications.tasks.notify_challenge_accepted", acks_late=True)
def notify_challenge_accepted(challenge_id: int) -> None:
    game_notices.challenge_accepted_notify(challenge_id=challenge_id)


@shared_task(name="club.notifications.tasks.send_turn_reminders", acks_late=True, expires=50)
def send_turn_reminders() -> int:
    """Beat, every minute: reminders of correspondence moves at 80% of their time."""
    return services.turn_reminders_send_due(still_waiting=game_notices.turn_still_waiting)


@shared_task(name="club.notifications.tasks.send_daily_digests", acks_late=True, expires=3000)
def send_daily_digests() -> int:
    """Beat, once a day: one email per member of the moves waiting for them."""
    return services.digests_send()
