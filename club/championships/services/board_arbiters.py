"""The chief arbiter assigns the event's arbiters to a round's boards (003 1.16.9: «на каждую
партию должен назначаться судья»); from then on a board's arbiter is the one who judges its
game (``authority``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from foundation.refusals import Conflict, Invalid, NotFound

from ..authority import Action, require
from ..decisions import decision_record
from ..locks import championship_locked
from ..models import Appointment, BoardArbiter, Round

JUDGING = (Appointment.Role.CHIEF, Appointment.Role.DEPUTY, Appointment.Role.ARBITER)


@dataclass(frozen=True)
class BoardGroup:
    """One arbiter and the boards ``first``–``last`` he judges (in a team event: matches)."""

    arbiter_id: int
    first: int
    last: int


def board_arbiters_assign(
    *, by, championship_id: int, round_number: int, groups: list[BoardGroup], now: datetime | None = None
) -> list[BoardArbiter]:
    """Replace round ``round_number``'s assignments with ``groups`` (none: every arbiter judges
    every board again). Only the chief arbiter or deputy assigns; each group's arbiter holds an
    arbiter's appointment in the event; the boards exist and no board has two arbiters. Refused
    once the round is closed. Recorded in the event's log."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        require(by, Action.EVENT_BOARDS, championship)
        the_round = championship.rounds.filter(number=round_number).first()
        if the_round is None:
            raise NotFound("no-such-round", _("The championship has no round %(n)s.") % {"n": round_number})
        if the_round.status == Round.Status.CLOSED:
            raise Conflict("round-closed", _("Round %(n)s is closed: its games are judged.") % {"n": round_number})
        _check(championship, the_round, groups)
        the_round.board_arbiters.all().delete()
        rows = BoardArbiter.objects.bulk_create(
            BoardArbiter(
                round=the_round,
                arbiter_id=g.arbiter_id,
                first_board=g.first,
                last_board=g.last,
                assigned_by=by,
                assigned_at=now,
            )
            for g in sorted(groups, key=lambda g: g.first)
        )
        decision_record(
            championship,
            by,
            "board-arbiters",
            now=now,
            clause="1.16.9",
            round=round_number,
            boards=[[g.arbiter_id, g.first, g.last] for g in groups],
        )
    return rows


def _check(championship, the_round: Round, groups: list[BoardGroup]) -> None:
    boards = the_round.matches.count() if championship.for_teams else the_round.boards.count()
    judges = set(
        championship.appointments.filter(role__in=JUDGING, member_id__in=[g.arbiter_id for g in groups]).values_list(
            "member_id", flat=True
        )
    )
    taken: set[int] = set()
    for g in groups:
        if g.arbiter_id not in judges:
            raise Invalid("not-an-arbiter", _("Only the championship's appointed arbiters judge its boards (1.16.9)."))
        if not 1 <= g.first <= g.last <= boards:
            raise Invalid(
                "no-such-board",
                _("Round %(n)s has boards 1 to %(boards)s.") % {"n": the_round.number, "boards": boards},
            )
        span = set(range(g.first, g.last + 1))
        if span & taken:
            raise Invalid(
                "board-twice", _("Each board has one arbiter: board %(b)s is given twice.") % {"b": min(span & taken)}
            )
        taken |= span
