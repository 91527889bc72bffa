"""The club's audit log: every arbiter's and administrator's action, append-only."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from ..models import AuditEntry


def audit(
    *,
    actor,
    action: str,
    reason: str = "",
    clause: str = "",
    championship=None,
    game=None,
    member=None,
    now: datetime | None = None,
    **data,
) -> AuditEntry:
    """Append one entry to the audit log (who, when, what, why, which clause)."""
    return AuditEntry.objects.create(
        actor=actor if getattr(actor, "pk", None) else None,
        at=now or timezone.now(),
        action=action,
        reason=reason,
        clause=clause,
        championship=championship,
        game=game,
        member=member,
        data=data,
    )
