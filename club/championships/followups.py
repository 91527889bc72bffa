"""Work a championship's writes leave to the workers, after the commit.

The tasks are found by the names club.championships.tasks registers them under
(foundation.task_registry, as ``games.events`` finds the games' follow-ups),
so the services that enqueue them do not import the task module that calls the
services."""

from __future__ import annotations

from django.db import transaction

from foundation.task_registry import task_named

STANDINGS_RECOMPUTE = "club.championships.tasks.standings_recompute"
STAGE_ADVANCE = "club.championships.tasks.stage_advance"
SECTIONS_FILL = "club.championships.tasks.sections_fill"


def _enqueue(task: str, championship_id: int) -> None:
    transaction.on_commit(lambda: task_named(task).delay(championship_id))


def standings_recompute_after_commit(championship_id: int) -> None:
    """Recompute the table once the caller's transaction commits (a replay writes nothing)."""
    _enqueue(STANDINGS_RECOMPUTE, championship_id)


def stage_advance_after_commit(championship_id: int) -> None:
    """Carry a finished stage's qualifiers into the next once the caller's transaction commits."""
    _enqueue(STAGE_ADVANCE, championship_id)


def sections_fill_after_commit(championship_id: int) -> None:
    """Start a standing event's next sections, if enough players wait, once the entry commits."""
    _enqueue(SECTIONS_FILL, championship_id)
