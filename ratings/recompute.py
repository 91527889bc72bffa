"""Replaying rated games through Elo: the pure core of both rating paths.

The incremental path (one finished game, ``ratings.services.rating_apply_game``),
the rebuild from an arbiter's correction (``rating_recompute_from_game``) and the
full rebuild (``manage.py ratings recompute``, ``ratings_recompute``) all call
``replay``: the first with one game, the others with a pool's history from a
point or from its start. Sharing the one
loop is what makes "the recompute produces exactly what the incremental path
produced" true by construction rather than by luck; the loop's arithmetic is
also checked against the readable ``ratings.elo.rate_game`` in the tests.

Pools are independent: a game only touches ratings of its own (discipline,
speed class) pool, so a pool's games are replayed in the order they ended,
and different pools can be replayed in any order.

No Django, no ORM: games come in as ``RatedGame`` tuples, states as a dict
``{member_id: PlayerState}`` that ``replay`` updates in place.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from ratings.elo import FIDE_TABLE, EloConfig, PlayerState


class RatedGame(NamedTuple):
    """A rated game as the replay needs it; games must come in end order."""

    game_id: int
    white_id: int
    black_id: int
    white_score: float
    black_score: float | None = None  # None: 1 - white_score; 0 when both lost (0-0)


class GameChange(NamedTuple):
    """Both players' ratings around one game (what a rating record stores)."""

    game_id: int
    white_id: int
    black_id: int
    white_score: float
    black_score: float
    white_before: float
    white_after: float
    white_games: int  # games played by white after this one
    black_before: float
    black_after: float
    black_games: int
    white_expected: float
    white_k: float
    black_k: float


def replay(games: Iterable[RatedGame], states: dict[int, PlayerState], config: EloConfig) -> Iterator[GameChange]:
    """Yield one ``GameChange`` per game; leave the final standings in ``states``.

    Members missing from ``states`` start at ``config.start_rating`` with no
    games. ``states`` is written back when the iterator is exhausted (or
    closed); read it only after that.

    The body inlines ``elo.expected_score`` / ``elo.k_factor`` /
    ``elo.rate_game`` (same expressions, same order of operations, so the same
    floats) and keeps working states in mutable lists, because it runs a
    million times in a full rebuild.
    """
    start = config.start_rating
    new_games = config.new_player_games
    k_new, k_normal, k_strong = config.k_new, config.k_normal, config.k_strong
    strong = config.strong_threshold
    cap = config.cap if config.cap is not None else float("inf")
    fide = config.expectancy == FIDE_TABLE
    table = config.fide_table
    last = len(table) - 1
    work: dict[int, list] = {member: [s.rating, s.games] for member, s in states.items()}
    get = work.get
    new_change = tuple.__new__

    try:
        for game_id, white_id, black_id, score, black_score in games:
            if black_score is None:
                black_score = 1.0 - score
            w = get(white_id)
            if w is None:
                w = work[white_id] = [start, 0]
            b = get(black_id)
            if b is None:
                b = work[black_id] = [start, 0]
            w_rating, w_games = w
            b_rating, b_games = b

            d = w_rating - b_rating
            if d > cap:
                d = cap
            elif d < -cap:
                d = -cap
            if fide:
                pd = table[min(int(abs(d) + 0.5), last)]
                e_white = pd if d >= 0 else 1.0 - pd
            else:
                e_white = 1.0 / (1.0 + 10.0 ** (-d / 400.0))

            k_white = k_new if w_games < new_games else (k_normal if w_rating < strong else k_strong)
            k_black = k_new if b_games < new_games else (k_normal if b_rating < strong else k_strong)
            w_after = w[0] = w_rating + k_white * (score - e_white)
            b_after = b[0] = b_rating + k_black * (black_score - (1.0 - e_white))
            w_games = w[1] = w_games + 1
            b_games = b[1] = b_games + 1
            yield new_change(
                GameChange,
                (
                    game_id,
                    white_id,
                    black_id,
                    score,
                    black_score,
                    w_rating,
                    w_after,
                    w_games,
                    b_rating,
                    b_after,
                    b_games,
                    e_white,
                    k_white,
                    k_black,
                ),
            )
    finally:
        for member, (rating, played) in work.items():
            states[member] = PlayerState(rating, played)


def replay_all(games: Iterable[RatedGame], states: dict[int, PlayerState], config: EloConfig) -> int:
    """Replay without keeping the changes (final standings only); return the game count."""
    count = 0
    for _ in replay(games, states, config):
        count += 1
    return count
