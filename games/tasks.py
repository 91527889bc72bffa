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


TURNS_PER_BATCH = 500


@shared_task(ignore_result=True)
def turns_announce_task(batches: int = 20) -> int:
    """Every few seconds (beat): tell the correspondence turns that passed to
    their hooks (notifications), a batch at a time until none is left (or
    ``batches`` were handed over: the next run goes on)."""
    announced = 0
    for _ in range(batches):
        handed = events.turns_announce(limit=TURNS_PER_BATCH)
        announced += handed
        if handed < TURNS_PER_BATCH:
            break
    return announced
