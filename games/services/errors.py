"""Refusals raised by the game services: the club's one refusal type (club/refusals.py).

``PlayRefused`` is the games layer's name for ``club.refusals.Refused``, the
same class; the API maps each ``kind`` to its status code in one place
(club/api/errors.py).
"""

from __future__ import annotations

from club.refusals import Conflict, Forbidden, Invalid, NotFound, Refused, RuleRefusal

PlayRefused = Refused

__all__ = ["Conflict", "Forbidden", "Invalid", "NotFound", "PlayRefused", "Refused", "RuleRefusal"]
