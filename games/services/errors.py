"""Refusals raised by the game services: the club's one refusal type (foundation/refusals.py).

``PlayRefused`` is the games layer's name for ``foundation.refusals.Refused``, the
same class; the API maps each ``kind`` to its status code in one place
(foundation/api/errors.py).
"""

from __future__ import annotations

from foundation.refusals import Conflict, Forbidden, Invalid, NotFound, Refused, RuleRefusal

PlayRefused = Refused

__all__ = ["Conflict", "Forbidden", "Invalid", "NotFound", "PlayRefused", "Refused", "RuleRefusal"]
