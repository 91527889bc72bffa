"""Celery tasks of the ratings app: thin wrappers over ratings.services.

Both are enqueued on commit by games.events (settings.GAME_FINISHED_TASKS and
GAME_RESULT_CHANGED_TASKS) with the game id. They are idempotent — the
services lock the rating pool and a game's change is unique per (game,
player) — so ``acks_late`` redelivery after a worker crash is harmless.
"""

from celery import shared_task

from foundation.task_registry import task_register
from ratings import services


@task_register
@shared_task(name="ratings.tasks.rating_apply_game", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def rating_apply_game(game_id: int) -> str:
    """A game ended: apply it to both players' ratings, once."""
    return services.rating_apply_game(game_id=game_id)


@task_register
@shared_task(
    name="ratings.tasks.rating_recompute_from_game", acks_late=True, reject_on_worker_lost=True, ignore_result=True
)
def rating_recompute_from_game(game_id: int) -> int:
    """An arbiter changed or annulled a result: recompute the pool from that game."""
    return services.rating_recompute_from_game(game_id=game_id)
