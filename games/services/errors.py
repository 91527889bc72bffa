"""Refusals raised by the game services.

Services know nothing of HTTP; the API maps ``kind`` to a status code and the
club's JSON error shape (``{"error": code, "detail": text}``):

* ``conflict`` (409): the request no longer fits the game's state — a stale
  ply, a game already over, a racing duplicate. Nothing was changed.
* ``rule`` (409): the rules of the game refuse it; ``detail`` names the clause.
* ``forbidden`` (403): the member may not do this (not a player of the game).
* ``invalid`` (400): the request itself is malformed.
* ``not-found`` (404).
"""

from __future__ import annotations


class PlayRefused(Exception):
    kind = "conflict"

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code = code
        self.detail = detail


class Conflict(PlayRefused):
    kind = "conflict"


class RuleRefusal(PlayRefused):
    kind = "rule"


class Forbidden(PlayRefused):
    kind = "forbidden"


class Invalid(PlayRefused):
    kind = "invalid"


class NotFound(PlayRefused):
    kind = "not-found"
