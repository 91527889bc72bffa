"""Giveaway draughts, поддавки (003 §4): the Russian moves, but a player wins
when all his pieces are gone or blocked (4.1); draws by 4.2."""

from __future__ import annotations

from .draughts import Position
from .russian import Russian


class Giveaway(Russian):
    name = "giveaway"
    title_ru = "Обратные шашки (поддавки)"
    title_en = "Giveaway draughts"
    giveaway = True

    def _draw(self, p: Position) -> str | None:
        # 4.2 keeps only 2.1.9.1.3 and 2.1.9.1.8 of the automatic counts
        # (2.1.9.1.1/.2/.6 need people; .9 is a claim).
        clause = self._three_kings_clause(p)
        if clause == "2.1.9.1.3":
            return clause
        if p.king_plies >= self.king_only_draw_plies:
            return "2.1.9.1.8"
        return None

    def _road_situation(self, p: Position) -> bool:
        return False  # 2.1.9.1.7 is not among the 4.2 draws


GIVEAWAY = Giveaway()
