"""Gomoku and free renju (004 "Родственные рэндзю игры"), on the five-in-a-row core.

* ``gomoku`` — free gomoku: 15×15, no fouls, five **or more** in a row wins
  for either colour (004: "5 в ряд … для победы надо построить ряд из 5 или
  более камней"); black moves first, anywhere.
* ``gomoku-standard`` — 004 "Гомоку": 15×15, no fouls, exactly five wins; an
  overline wins for nobody and play goes on.
* ``renju-free`` — 004 "5 в ряд с центральным запретным квадратом" (free
  renju): played "by the rules of gomoku", which 004 defines just above as
  exactly five (an overline wins for nobody); black's first stone on h8
  (as in renju, 000 9.2.4.1) and black's second stone — the 3rd move —
  outside the central 5×5 square.

``gomoku`` and ``gomoku-standard`` may be played under the Swap2 opening rule
(``start(rule="swap2")``, see fiverow.py).

All share renju's pass and draw rules: a pass is a move, not in the first
three moves; two passes in a row, a full board, or no winning line left for
either side is a draw.  Moves are points (``h8``) and ``pass``.
"""

from __future__ import annotations

from games.rules.words import N_

from .base import BLACK, WHITE, IllegalMove
from .fiverow import SWAP2, FiveInARow, Position

_GOMOKU_RULES = {"none": ("без дебютного регламента", "no opening rule"), "swap2": SWAP2}


class Gomoku(FiveInARow):
    name = "gomoku"
    title_ru = "Гомоку (свободное)"
    title_en = "Gomoku (free)"
    exact = frozenset()
    win_clause = "004"
    opening_rules = _GOMOKU_RULES  # Swap2: see FiveInARow (fiverow.py)


class GomokuStandard(FiveInARow):
    name = "gomoku-standard"
    title_ru = "Гомоку (стандартное)"
    title_en = "Gomoku (standard)"
    exact = frozenset({BLACK, WHITE})
    win_clause = "004"
    opening_rules = _GOMOKU_RULES


class RenjuFree(FiveInARow):
    name = "renju-free"
    title_ru = "Свободное рэндзю"
    title_en = "Free renju"
    exact = frozenset({BLACK, WHITE})
    first_at_centre = True
    win_clause = "004"

    def _check_stone(self, p: Position, i: int) -> None:
        super()._check_stone(p, i)
        if p.stones == 2 and p.to_move == BLACK and self.geometry.in_square(i, 2):
            raise IllegalMove(
                N_("black's second stone must be outside the central 5×5 square (004 free renju), not %(point)s"),
                point=self.geometry.name(i),
            )


GOMOKU = Gomoku()
GOMOKU_STANDARD = GomokuStandard()
RENJU_FREE = RenjuFree()
