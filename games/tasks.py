"""Celery tasks: thin, idempotent, taking ids."""
from celery import shared_task

from games import events
from games.services import games_sweep


@shared_task(ignore_result=True)
def games_sweep_task() -> int:
    """Every few seconds (beat): end overdue games exactly once, expire challenges."""
    return games_sweep()


@shared_task(ignore_result=True, acks_late=True)
def game_followup(game_id: int) -> None:
    """The follow-up work of a finished game: every ``events.on_game_finished`` hook."""
    events.run_finished_hooks(game_id)
