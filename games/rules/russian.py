"""Russian draughts (003 §2.1): 8×8, a1–h8 notation, free choice among
captures (2.1.5.14), promotion mid-capture (2.1.5.15) and the automatic
endgame draw counts of 2.1.9.1."""

from __future__ import annotations

from . import ballots64
from .draughts import Draughts, Position


def material(p: Position) -> tuple:
    """(white men, white kings, black men, black kings)."""
    return (
        (p.white & ~p.kings).bit_count(),
        (p.white & p.kings).bit_count(),
        (p.black & ~p.kings).bit_count(),
        (p.black & p.kings).bit_count(),
    )


class Russian(Draughts):
    name = "russian"
    title_ru = "Русские шашки"
    title_en = "Russian draughts"
    board_size = 8
    majority = False
    king_mid_capture = True

    def start(self, ballot: str | None = None) -> Position:
        """The normal start, or a шашки-64 starting position by ballot key (2.2.2)."""
        if ballot is None:
            return self._start
        return ballots64.position(ballot)

    def _lone_king_side(self, p: Position):
        """(strong side is white, strong men, strong kings) when one side has a lone king."""
        wm, wk, bm, bk = material(p)
        if bm == 0 and bk == 1 and wm + wk > 0:
            return True, wm, wk
        if wm == 0 and wk == 1 and bm + bk > 0:
            return False, bm, bk
        return None

    def _road_situation(self, p: Position) -> bool:
        # 2.1.9.1.7: three pieces of any kind against a lone king on the main road.
        lone = self._lone_king_side(p)
        if not lone or lone[1] + lone[2] != 3:
            return False
        weak = p.black if lone[0] else p.white
        return bool(weak & self.geo.main_road)

    def _three_kings_clause(self, p: Position) -> str | None:
        """2.1.9.1.3 / 2.1.9.1.4: three or more kings against a lone king, 15th move."""
        lone = self._lone_king_side(p)
        if not lone or lone[2] < 3:
            return None
        strong_white, men, kings = lone
        if self._strong_moves(p, p.ratio_plies, strong_white) < 15:
            return None
        strong = p.white if strong_white else p.black
        if men == 0 and kings == 3 and strong & p.kings & self.geo.main_road:
            return "2.1.9.1.3"
        return "2.1.9.1.4"

    def _draw(self, p: Position) -> str | None:
        clause = self._three_kings_clause(p)
        if clause:
            return clause
        if self._road_situation(p):
            strong_white = self._lone_king_side(p)[0]
            if self._strong_moves(p, p.road_plies, strong_white) >= 5:
                return "2.1.9.1.7"
        wm, wk, bm, bk = material(p)
        if wk and bk:
            # 2.1.9.1.5: both sides have kings and the force ratio stood still.
            total = wm + wk + bm + bk
            limit = {2: 5, 3: 5, 4: 30, 5: 30, 6: 60, 7: 60}.get(total)
            if limit and p.ratio_plies >= 2 * limit:
                return "2.1.9.1.5"
        if p.king_plies >= self.king_only_draw_plies:
            return "2.1.9.1.8"
        return None


RUSSIAN = Russian()
