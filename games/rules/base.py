"""Types shared by every discipline of the rules module (pure Python, no Django)."""

from __future__ import annotations

from dataclasses import dataclass

from .words import WordedError

WHITE = "white"
BLACK = "black"


class IllegalMove(WordedError):
    """A move, action or text the rules refuse; the message is meant for the player (a template
    and its facts, ``games.rules.words``)."""


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended by the rules.

    ``winner`` is ``"white"``, ``"black"`` or ``None`` for a draw. ``reason`` is a
    short machine code (``"no-pieces"``, ``"blocked"``, ``"five"``,
    ``"draw:2.1.9.1.8"``); ``clause`` names the seed clause that decides it.
    """

    winner: str | None
    reason: str
    clause: str = ""


def opponent(color: str) -> str:
    return BLACK if color == WHITE else WHITE
