"""Refusals: the one exception type with which every app's services say no.

Services know nothing of HTTP. A refusal carries a short kebab-case ``code`` a
client can switch on, a human ``detail`` (it names the rule when a rule refuses)
and a ``kind``; the API turns the kind into a status code in one place
(``foundation.api.errors.REFUSAL_STATUS``, through the DRF exception handler), and
pages show the detail as a message.

* ``conflict`` (409): the request no longer fits the current state — a stale
  ply, a game already over, a racing duplicate. Nothing was changed.
* ``rule`` (409): the rules of the game or of the club refuse it.
* ``forbidden`` (403): the member may not do this.
* ``invalid`` (400): the request itself is malformed.
* ``not-found`` (404).
"""

from __future__ import annotations


class Refused(Exception):
    kind = "conflict"

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code = code
        self.detail = detail


class Conflict(Refused):
    kind = "conflict"


class RuleRefusal(Refused):
    kind = "rule"


class Forbidden(Refused):
    kind = "forbidden"


class Invalid(Refused):
    kind = "invalid"


class NotFound(Refused):
    kind = "not-found"


KINDS = ("conflict", "rule", "forbidden", "invalid", "not-found")
