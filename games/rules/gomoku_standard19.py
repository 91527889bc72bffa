"""Standard gomoku on the 19×19 board (004 "Гомоку": «игра на доске 15x15 или 19x19
линий, фолов нет; построение длинного ряда … не приносит никому победы»): exactly five
wins, for either colour; the rules are ``gomoku.GomokuStandard``'s, Swap2 included."""

from __future__ import annotations

from .gomoku import GomokuStandard


class GomokuStandard19(GomokuStandard):
    name = "gomoku-standard-19"
    title_ru = "Гомоку (стандартное, 19×19)"
    title_en = "Gomoku (standard, 19×19)"
    board_size = 19


GOMOKU_STANDARD_19 = GomokuStandard19()
