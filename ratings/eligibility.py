"""Which finished games earn rating points, beyond their result (pure, no Django).

Two rules keep the club's Elo to games actually played (docs/ratings.md):

1. **Each side has moved.** A game resigned, agreed or flagged before both
   players made a move was not played: its result stands for the event, but
   it is not rated. A result an arbiter records (a game played on a real
   board, 1.16) counts as played: he attests to the game, not the server.
2. **Repeat pairings count at most ``PAIR_GAMES_PER_DAY`` a day.** Between
   the same two members, in one pool, only the first that many rated games
   ending on one calendar day (UTC, so a change of the club's zone never
   rewrites history) are rated, in end order; the rest stand unrated. Two a
   day lets a return game count and stops a pair farming points from each
   other.

Both rules depend only on the games themselves, so the incremental path
(one game) and the recompute (a pool's history) decide alike: each counts
the same day's earlier eligible games of the pair.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import UTC, date, datetime

PAIR_GAMES_PER_DAY = 2

#: Terminations of results recorded by an arbiter for a game played on a board.
ARBITER_RECORDED = ("arbiter",)


def each_side_moved(white_moves: int, black_moves: int, termination: str, *, attested: bool = False) -> bool:
    """Rule 1: was the game played (each side moved, or an arbiter recorded it)?
    ``attested``: the game was played where its result, not its moves, is the
    record — at the board (``games.venue``), where only a no-show is unplayed,
    and a no-show's forfeit result is never rated."""
    return attested or (white_moves > 0 and black_moves > 0) or termination in ARBITER_RECORDED


PairDay = tuple[int, int, date]


def pair_day(white_id: int, black_id: int, ended_at: datetime) -> PairDay:
    """The pair (either colour) and the UTC day a game ended on."""
    if white_id < black_id:
        return white_id, black_id, ended_at.astimezone(UTC).date()
    return black_id, white_id, ended_at.astimezone(UTC).date()


class RepeatLimit:
    """Rule 2 over games taken in end order: ``admits`` says whether the next
    game of a pair still counts that day. ``earlier``: the pair-days of the
    eligible games already before the first game taken (the same day only)."""

    def __init__(self, limit: int = PAIR_GAMES_PER_DAY, earlier: Iterable[PairDay] = ()):
        self.limit = limit
        self.counted: Counter[PairDay] = Counter(earlier)

    def admits(self, white_id: int, black_id: int, ended_at: datetime) -> bool:
        key = pair_day(white_id, black_id, ended_at)
        if self.counted[key] >= self.limit:
            return False
        self.counted[key] += 1
        return True


def day_start(moment: datetime) -> datetime:
    """Midnight UTC of the day ``moment`` falls on: where a pair's count begins."""
    return datetime.combine(moment.astimezone(UTC).date(), datetime.min.time(), tzinfo=UTC)
