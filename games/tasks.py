"""Celery tasks: thin, idempotent, taking ids."""
from celery import shared_task

from games import events
from games.services import games_sweep


@shared_task(ignore_result=True)
def games_sweep_task() -> int:
    """Every few seconds (beat): end overdue games exactly once, expire
    challenges, and enqueue again any follow-up whose first enqueue failed."""
    ended = games_sweep()
    events.followups_redispatch()
    return ended



@shared_task(ignore_result=True)
def turns_announce_task() -> int:
    """Every few seconds (beat): tell the correspondence turns that passed to
    their hooks (notifications), in one batch."""
    return events.turns_announce()
