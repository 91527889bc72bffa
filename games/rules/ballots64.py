"""Шашки-64 (003 §2.2): Russian draughts from a starting position drawn by lot.

The federation's table of starting positions (Appendix 5) is not in the
seed and could not be found; ``data/ballots64.json`` ships only the cells
the rules text itself quotes (2.2.2 examples 1 and 2) and records where we
looked.  A cell is either opening moves played from the normal start
(``kind: moves``; white to move after them when their count is even) or
piece relocations on the normal start (``kind: relocations``; white to move).

    keys()                 -> the ballot keys, e.g. ["1/16", "VI/24"]
    position(key)          -> the starting Position (RUSSIAN positions)
    draw(rng=None)         -> a random key, for one micro-match (§1.11)

``RUSSIAN.start(ballot=key)`` uses this module.
"""
from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

from .base import IllegalMove

DATA = Path(__file__).with_name("data") / "ballots64.json"


@lru_cache(maxsize=1)
def table() -> dict:
    with DATA.open(encoding="utf-8") as f:
        return json.load(f)


def keys() -> list[str]:
    return [b["key"] for b in table()["ballots"]]


def entry(key: str) -> dict:
    for b in table()["ballots"]:
        if b["key"] == key:
            return b
    raise IllegalMove(f"no ballot {key!r}; known: {', '.join(keys())}")


def position(key: str):
    from .russian import RUSSIAN

    b = entry(key)
    p = RUSSIAN.start()
    if b["kind"] == "moves":
        for mv in b["moves"]:
            p = RUSSIAN.play(p, mv)
        return p
    pieces = RUSSIAN.pieces(p)
    for frm, to in b["relocations"]:
        if frm not in pieces or to in pieces:
            raise IllegalMove(f"ballot {key}: cannot move a piece from {frm} to {to}")
        pieces[to] = pieces.pop(frm)
    white = ",".join(sq for sq, c in pieces.items() if c == "w")
    black = ",".join(sq for sq, c in pieces.items() if c == "b")
    return RUSSIAN.from_fen(f"W:W{white}:B{black}")


def draw(rng: random.Random | None = None) -> str:
    """Draw one ballot by lot (2.2.2); both games of the micro-match use it."""
    return (rng or random).choice(keys())
