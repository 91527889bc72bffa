"""Free gomoku on the 19×19 board: five or more in a row wins for either colour, no fouls,
on the largest board 004 names for the family («Гомоку — игра на доске 15x15 или 19x19
линий»). The rules are free gomoku's (``gomoku.Gomoku``), Swap2 included. The unbounded
game, «5 в ряд на бесконечном поле», is ``infinite.GomokuInfinite``.
"""

from __future__ import annotations

from .gomoku import Gomoku


class Gomoku19(Gomoku):
    name = "gomoku-19"
    title_ru = "Гомоку (свободное, 19×19)"
    title_en = "Gomoku (free, 19×19)"
    board_size = 19


GOMOKU_19 = Gomoku19()
