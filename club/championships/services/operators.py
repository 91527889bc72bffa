"""Board operators: members the chief arbiter appoints to enter the moves of the
event's games at the board live, at the tables, as they are made (the games'
broadcast). An operator enters moves (``score_sheets.score_sheet_enter``) while
a board is played, and nothing else: no result, no decision (``authority``)."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from foundation.refusals import Invalid

from ..authority import Action, require
from ..decisions import decision_record
from ..locks import championship_locked
from ..models import Appointment
from ..selectors.events import is_participant


def board_operator_appoint(*, by, championship_id: int, member, now: datetime | None = None) -> Appointment:
    """The chief arbiter appoints ``member`` a board operator of the event (002 §17): not one of
    its players, nor one of its officials already."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        require(by, Action.EVENT_OPERATORS, championship)
        if is_participant(championship, member.pk):
            raise Invalid("player-operator", _("A player of the championship cannot enter its games' moves."))
        if championship.appointments.filter(member=member).exclude(role=Appointment.Role.OPERATOR).exists():
            raise Invalid(
                "already-official", _("%(member)s already holds an office in this championship.") % {"member": member}
            )
        appointment, _created = Appointment.objects.update_or_create(
            championship=championship,
            member=member,
            defaults={"role": Appointment.Role.OPERATOR, "appointed_by": by, "appointed_at": now},
        )
        decision_record(championship, by, "operator", now=now, clause="002 §17", member=member.pk)
        return appointment
