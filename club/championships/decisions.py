"""The decision log of an event: every organiser's and arbiter's action on a
championship or a team event, with who, when, why and the clause (append-only:
no service, page or admin deletes or edits a decision)."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext as _

from club.platform.refusals import Invalid

from .models import Championship, Decision

REASON_MAX = 2000


def reason_given(reason: str) -> str:
    """The reason an arbiter's decision is recorded with: required, at most ``REASON_MAX`` characters."""
    reason = (reason or "").strip()
    if not reason:
        raise Invalid("no-reason", _("Say why: every arbiter's decision is recorded with its reason."))
    if len(reason) > REASON_MAX:
        raise Invalid("reason-too-long", _("A reason is at most %(n)s characters.") % {"n": REASON_MAX})
    return reason


def decision_record(
    championship: Championship, by, action: str, *, now: datetime, reason: str = "", clause: str = "", **data
) -> Decision:
    """Append the decision ``action`` to the championship's log (``by`` None: the club's workers)."""
    return Decision.objects.create(
        championship=championship,
        by=by if getattr(by, "pk", None) else None,
        at=now,
        action=action,
        reason=reason,
        clause=clause,
        data=data,
    )
