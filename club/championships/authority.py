"""Who may act on a championship (or a team event, which is one): its
organiser (or a club administrator), its appointed arbiters, its chief
arbiter or deputy (002 §17: a club-wide role is not enough inside an event).

The guards raise ``Forbidden`` with the reason; every service of the
competition engine calls them on the championship it has locked."""

from __future__ import annotations

from django.utils.translation import gettext as _

from club.members.roles import Role, has_role
from club.platform.refusals import Forbidden

from .models import Appointment, Championship

CHIEF_ROLES = (Appointment.Role.CHIEF, Appointment.Role.DEPUTY)


def appointment_role(championship: Championship, member) -> str | None:
    """The member's appointment in this championship ("chief", "deputy", "arbiter") or None."""
    if not getattr(member, "is_authenticated", False):
        return None
    return (
        Appointment.objects.filter(championship=championship, member_id=member.pk)
        .values_list("role", flat=True)
        .first()
    )


def is_arbiter(championship: Championship, member) -> bool:
    return appointment_role(championship, member) is not None


def is_chief(championship: Championship, member) -> bool:
    """The chief arbiter or his deputy (1.15 preamble, 1.10, 1.4)."""
    return appointment_role(championship, member) in CHIEF_ROLES


def is_organiser(championship: Championship, member) -> bool:
    """The event's organiser, or a club administrator standing in for him."""
    if not getattr(member, "is_authenticated", False):
        return False
    return championship.organiser_id == member.pk or has_role(member, Role.ADMIN)


def may_see_draft(championship: Championship, member) -> bool:
    """A draft is seen by its organiser, the administrators and its appointed arbiters."""
    return is_organiser(championship, member) or is_arbiter(championship, member)


def arbiter_power(member, championship: Championship | None) -> str | None:
    """ "chief", "arbiter" or None: what ``member`` may decide in ``championship``
    (by appointment, 002 §17) or, without one, in the club (by club role)."""
    if not getattr(member, "is_authenticated", False) or not member.is_active:
        return None
    if championship is not None:
        role = appointment_role(championship, member)
        if role in CHIEF_ROLES:
            return "chief"
        return "arbiter" if role == Appointment.Role.ARBITER else None
    if has_role(member, Role.CHIEF_ARBITER):
        return "chief"
    return "arbiter" if has_role(member, Role.ARBITER) else None


def organiser_required(championship: Championship, member) -> None:
    if not is_organiser(championship, member):
        raise Forbidden("not-organiser", _("Only the championship's organiser may do this."))


def arbiter_required(championship: Championship, member) -> None:
    if not is_arbiter(championship, member):
        raise Forbidden("not-arbiter", _("Only an arbiter appointed to this championship may do this (002 §17)."))


def chief_required(championship: Championship, member, clause: str) -> None:
    if not is_chief(championship, member):
        raise Forbidden(
            "not-chief-arbiter",
            _("Only this championship's chief arbiter or deputy may do this (%(clause)s).") % {"clause": clause},
        )
