"""Free gomoku on the 19×19 board (004 "5 в ряд на бесконечном поле").

004 plays "5 in a row" on an unbounded field — «на бесконечном поле (обычно играют на
клеточном листе бумаги)»: five or more in a row wins for either colour, no fouls. No
board is infinite; the largest 004 names for the family is the Go board of 19×19 lines
(«Гомоку — игра на доске 15x15 или 19x19 линий»), so this is the infinite-board game on
it — the edge comes 2 lines further from the centre on each side than on 15×15. The rules
are free gomoku's (``gomoku.Gomoku``), Swap2 included.
"""

from __future__ import annotations

from .gomoku import Gomoku


class Gomoku19(Gomoku):
    name = "gomoku-19"
    title_ru = "Гомоку (свободное, 19×19)"
    title_en = "Gomoku (free, 19×19)"
    board_size = 19


GOMOKU_19 = Gomoku19()
