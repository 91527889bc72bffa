"""A player known in advance to miss one Swiss round (003 1.15.2 •5): marked
before the round is paired, he is not paired in it and loses it ("−"); he is
not withdrawn, and nobody gets a win without play against him."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from foundation.refusals import Conflict, Invalid, NotFound

from ..authority import Action, require
from ..decisions import decision_record, reason_given
from ..locks import championship_locked
from ..models import Absence, Championship, Entry
from ..selectors.events import rounds_total

Status = Championship.Status


def absence_mark(
    *, by, championship_id: int, member_id: int, round_number: int, reason: str, now: datetime | None = None
) -> Absence:
    """The organiser or the chief arbiter (or deputy) records that a player
    will miss round ``round_number`` of a Swiss event, with the reason; it is
    in the decision log. Refused once that round is paired."""
    now = now or timezone.now()
    reason = reason_given(reason)
    with transaction.atomic():
        championship = championship_locked(championship_id)
        require(by, Action.EVENT_ABSENCE, championship)
        if not championship.is_swiss or championship.for_teams:
            raise Conflict("not-swiss", _("A round known to be missed is marked in a players' Swiss event (1.15.2)."))
        if championship.status not in (Status.ENTRIES_OPEN, Status.ENTRIES_CLOSED, Status.RUNNING):
            raise Conflict("not-running", _("Absences are marked before the event ends."))
        entry = championship.entries.filter(member_id=member_id).first()
        if entry is None:
            raise NotFound("no-entry", _("This member does not play in the championship."))
        if entry.status != Entry.Status.ACTIVE:
            raise Conflict("already-left", _("This player has already left the championship."))
        total = rounds_total(championship)
        if round_number < 1 or (total is not None and round_number > total):
            raise Invalid("no-such-round", _("The championship has no round %(n)s.") % {"n": round_number})
        if championship.rounds.filter(number__gte=round_number).exists():
            raise Conflict(
                "round-paired",
                _("Round %(n)s is already paired: an absence is marked before the pairing (1.15.2).")
                % {"n": round_number},
            )
        if championship.absences.filter(member_id=member_id, round_number=round_number).exists():
            raise Conflict("already-absent", _("This player is already marked absent in that round."))
        absence = Absence.objects.create(
            championship=championship,
            member_id=member_id,
            round_number=round_number,
            reason=reason[:300],
            marked_by=by,
            marked_at=now,
        )
        decision_record(
            championship, by, "absence", now=now, reason=reason, clause="1.15.2", member=member_id, round=round_number
        )
    return absence
