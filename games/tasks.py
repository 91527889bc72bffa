"""Celery tasks: thin, idempotent, taking ids."""

from datetime import datetime

from celery import shared_task

from foundation.task_registry import task_register
from games import events
from games.services import games_sweep
from games.services.finish import games_followups_dispatch

SWEEP_PER_RUN = 50_000  # a backlog ends in one run, a batch at a time


@shared_task(name="games.tasks.games_sweep_task", ignore_result=True)
def games_sweep_task() -> int:
    """Every few seconds (beat), on the queue "sweep" (settings.CELERY_TASK_ROUTES):
    end overdue games exactly once, expire challenges, and enqueue again any
    follow-up whose first enqueue failed."""
    ended = games_sweep(limit=SWEEP_PER_RUN)
    events.followups_redispatch()
    return ended


@task_register
@shared_task(name="games.tasks.game_followups_task", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def game_followups_task(game_id: int) -> list[str]:
    """A game ended: run its follow-ups (ratings, notifications, its event's), once
    each (settings.GAME_FOLLOWUPS_TASK names this task; games/events/outbox.py)."""
    return events.followups_run(game_id)


@task_register
@shared_task(name="games.tasks.game_delayed_frame_task", ignore_result=True)
def game_delayed_frame_task(game_id: int, as_of: str) -> None:
    """The spectators of a delayed event see the game as it stood at ``as_of`` (ISO 8601):
    sent the event's delay after that change (settings.GAME_DELAYED_FRAME_TASK)."""
    events.game_delayed_send(game_id, datetime.fromisoformat(as_of))


@task_register
@shared_task(name="games.tasks.games_followups_task", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def games_followups_task(game_ids: list[int]) -> int:
    """A batch of games the sweep ended: enqueue each one's follow-up tasks
    (idempotent: a redelivery sends only those not sent yet)."""
    return games_followups_dispatch(game_ids)


TURNS_PER_BATCH = 500


@shared_task(name="games.tasks.turns_announce_task", ignore_result=True)
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
