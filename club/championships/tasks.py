"""Celery tasks of the competition engine: thin wrappers over its services.

``championship_game_result`` is enqueued on commit by games.events
(settings.GAME_FINISHED_TASKS and GAME_RESULT_CHANGED_TASKS) with the game
id; it records the pairing's result once — a board, a micro-match game or a
team board — and enqueues ``standings_recompute``. All are idempotent, so
``acks_late`` redelivery is harmless. Their names are fixed: messages queued
under them survive code moves.
"""

from celery import shared_task

from foundation.refusals import Refused
from foundation.task_registry import task_register

from . import services

TASK = {"acks_late": True, "reject_on_worker_lost": True, "ignore_result": True}


@task_register
@shared_task(name="club.championships.tasks.championship_game_result", **TASK)
def championship_game_result(game_id: int) -> str:
    """A game ended or its result changed: if it is an event's game, record it on its pairing."""
    return services.board_result_record(game_id=game_id)


@task_register
@shared_task(name="club.championships.tasks.standings_recompute", **TASK)
def standings_recompute(championship_id: int) -> bool:
    """Recompute an event's table from its results (a replay writes nothing)."""
    return services.standings_recompute(championship_id=championship_id)


@task_register
@shared_task(name="club.championships.tasks.stage_advance", **TASK)
def stage_advance(championship_id: int) -> str:
    """A stage finished: carry its qualifiers into the next stage (exactly once). A refusal
    (a qualifier who is an official of the next stage) waits for the organiser: once the
    officials change, his button carries them; retrying here would refuse the same."""
    try:
        return services.stage_advance(championship_id=championship_id)
    except Refused as refusal:
        return refusal.code


@task_register
@shared_task(name="club.championships.tasks.sections_fill", **TASK)
def sections_fill(championship_id: int) -> int:
    """A standing event took an entry: start a section if enough players wait (idempotent)."""
    return len(services.sections_fill(championship_id=championship_id))


@shared_task(name="club.championships.tasks.play_close_due", acks_late=True, ignore_result=True, expires=240)
def play_close_due() -> int:
    """Correspondence deadlines and closing dates passed: stop those games for adjudication (once)."""
    return services.play_close_due()


@shared_task(name="club.championships.tasks.relays_poll", acks_late=True, ignore_result=True, expires=10)
def relays_poll() -> int:
    """Poll the relay feeds of the rounds being played at the board (each poll adds a move once)."""
    return services.relays_poll()
