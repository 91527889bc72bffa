"""Celery tasks of the championships app: thin wrappers over its services.

``championship_game_result`` is enqueued on commit by games.events
(settings.GAME_FINISHED_TASKS and GAME_RESULT_CHANGED_TASKS) with the game
id; it records the board's result once and enqueues ``standings_recompute``.
Both are idempotent, so ``acks_late`` redelivery is harmless.
"""

from celery import shared_task

from . import services


@shared_task(
    name="club.championships.tasks.championship_game_result",
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
)
def championship_game_result(game_id: int) -> str:
    """A game ended or its result changed: if it is a championship game, record it on its board."""
    return services.board_result_record(game_id=game_id)


@shared_task(
    name="club.championships.tasks.standings_recompute", acks_late=True, reject_on_worker_lost=True, ignore_result=True
)
def standings_recompute(championship_id: int) -> bool:
    """Recompute a championship's table from its results (a replay writes nothing)."""
    return services.standings_recompute(championship_id=championship_id)


@shared_task(
    name="club.championships.tasks.stage_advance", acks_late=True, reject_on_worker_lost=True, ignore_result=True
)
def stage_advance(championship_id: int) -> str:
    """A stage finished: carry its qualifiers into the next stage (exactly once)."""
    return services.stage_advance(championship_id=championship_id)
