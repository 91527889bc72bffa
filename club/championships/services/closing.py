"""Closing a round, and the event after its last round.

A round closes when every pairing of it has its result: every board of two
players (an encounter of micro-matches counts as one) or, in a team event,
every match of two teams. The event finishes when its last round closes —
in a section played all at once, when every round has closed, in whatever
order; a stage that qualifies players into another is then carried forward.
"""

from __future__ import annotations

from datetime import datetime

from ..decisions import decision_record
from ..followups import stage_advance_after_commit
from ..models import Championship, Round
from ..selectors.events import rounds_total

Status = Championship.Status


def round_pending(the_round: Round, championship: Championship) -> bool:
    """Has a pairing of the round still no result?"""
    if championship.for_teams:
        return the_round.matches.filter(away__isnull=False, result="").exists()
    return the_round.boards.filter(black__isnull=False, result="").exists()


def round_close_if_over(championship: Championship, the_round: Round, now: datetime) -> None:
    """Close the published round if every pairing has its result; finish the
    event after its last round. Call holding the championship's row lock."""
    if the_round.status != Round.Status.PUBLISHED or round_pending(the_round, championship):
        return
    Round.objects.filter(pk=the_round.pk, status=Round.Status.PUBLISHED).update(
        status=Round.Status.CLOSED, closed_at=now
    )
    the_round.status = Round.Status.CLOSED
    total = rounds_total(championship)
    if (
        total is not None
        and championship.status == Status.RUNNING
        and championship.rounds.filter(status=Round.Status.CLOSED).count() >= total
    ):
        championship.status, championship.finished_at = Status.FINISHED, now
        championship.save(update_fields=["status", "finished_at"])
        decision_record(championship, None, "finish", now=now)
        if championship.next_stage_id:
            stage_advance_after_commit(championship.pk)
