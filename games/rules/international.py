"""International (100-square) draughts (003 §3): 10×10, squares 1–50 (3.3),
majority capture with kings and men counting alike (3.4.1), a man passing the
last row mid-capture stays a man (3.4.2), and the §3.5 draw counts."""

from __future__ import annotations

from .draughts import Draughts, Position
from .russian import material


class International(Draughts):
    name = "international"
    title_ru = "Стоклеточные шашки"
    title_en = "International draughts"
    board_size = 10
    majority = True
    king_mid_capture = False
    capture_sep = "x"
    numeric_notation = True
    king_only_draw_plies = 50  # 3.5: 25 moves of each side with kings only

    def _draw(self, p: Position) -> str | None:
        wm, wk, bm, bk = material(p)
        for strong_white, men, kings, weak_men, weak_kings in ((True, wm, wk, bm, bk), (False, bm, bk, wm, wk)):
            if weak_men or weak_kings != 1 or not kings:
                continue
            moves = self._strong_moves(p, p.ratio_plies, strong_white)
            # 3.5: three pieces with a king (3K, 2K+M, K+2M) -> 16th move;
            # two pieces or one with a king (2K, K+M, K) -> 5th move.
            if men + kings == 3 and moves >= 16:
                return "3.5"
            if men + kings <= 2 and moves >= 5:
                return "3.5"
        if p.king_plies >= self.king_only_draw_plies:
            return "3.5"
        return None


INTERNATIONAL = International()
