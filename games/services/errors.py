"""Refusals raised by the game services: the club's one refusal type (club/platform/refusals.py).

``PlayRefused`` is the games layer's name for ``club.platform.refusals.Refused``, the
same class; the API maps each ``kind`` to its status code in one place
(club/platform/api/errors.py).
"""

from __future__ import annotations

from club.platform.refusals import Conflict, Forbidden, Invalid, NotFound, Refused, RuleRefusal

PlayRefused = Refused

__all__ = ["Conflict", "Forbidden", "Invalid", "NotFound", "PlayRefused", "Refused", "RuleRefusal"]
