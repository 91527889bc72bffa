"""Celery tasks of team competitions: thin wrappers over its services.

``team_game_result`` is enqueued on commit by games.events (settings.GAME_FINISHED_TASKS
and GAME_RESULT_CHANGED_TASKS) with the game id; it records the board's result once
and enqueues ``team_standings_recompute``. Both are idempotent, so ``acks_late``
redelivery is harmless.
"""

from celery import shared_task

from . import services


@shared_task(name="club.teams.tasks.team_game_result", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def team_game_result(game_id: int) -> str:
    """A game ended or its result changed: if it is a team game, record it on its board."""
    return services.board_result_record(game_id=game_id)


@shared_task(
    name="club.teams.tasks.team_standings_recompute", acks_late=True, reject_on_worker_lost=True, ignore_result=True
)
def team_standings_recompute(event_id: int) -> bool:
    """Recompute a team event's table from its results (a replay writes nothing)."""
    return services.standings_recompute(event_id=event_id)
