"""Club Elo: the rating maths, pure (no Django, no ORM; plain values in and out).

The model
---------
Each member has one rating per (discipline, speed class) "pool". A rated game
between A (rating ``Ra``) and B (rating ``Rb``) changes A's rating by

    ΔA = K_A × (S_A − E_A)

where ``S_A`` is A's score (1, ½ or 0) and ``E_A`` A's expected score. The
update is applied game by game, in the order the games ended (a club rates
continuously rather than in FIDE's monthly periods).

Expected score (``expectancy``)
  * ``"logistic"`` (default): ``E_A = 1 / (1 + 10 ** (−D / 400))`` with
    ``D = Ra − Rb``.
  * ``"fide"``: FIDE Handbook B.02, table 8.1.2 (D → PD), with ``|D|`` rounded
    to the nearest whole point (our ratings carry fractions; the table is for
    whole points). The table data is loaded by the caller (see
    ``fide_table_from_ranges``) so that this module stays free of I/O.

The 400-point rule (FIDE B.02 8.3.1): a difference of more than 400 points is
counted as 400. With the logistic curve that caps E at 0.909 / 0.091; with the
FIDE table at 0.92 / 0.08. ``cap=None`` switches the rule off. (FIDE exempts
players rated 2650 and above since 1 October 2025; the club does not.)

K factor (FIDE B.02 8.3.3 defaults, all club-configurable):
  * ``k_new`` = 40 while the player has fewer than ``new_player_games`` = 30
    rated games in the pool,
  * ``k_normal`` = 20 while the rating before the game is below
    ``strong_threshold`` = 2400,
  * ``k_strong`` = 10 from ``strong_threshold`` on.
  Club simplification: K is chosen from the rating *before the game*; FIDE's
  "once a published rating has reached 2400, K stays 10" and the under-18 rule
  are not modelled (a club has no published lists and no birth dates here).

Provisional: a rating is provisional while the member has played fewer than
``provisional_games`` (default 30, the same span as K = 40) rated games in the
pool. Provisional ratings are marked in lists; they are computed the same way.

Ratings are kept unrounded (floats) so that the incremental path and the full
recompute agree bit for bit; pages round them for display.

Worked example (the defaults)
-----------------------------
A, 1600 with 40 games, beats B, 1500 with 10 games.

    D = 100, E_A = 1 / (1 + 10 ** (−100/400)) = 0.640065
    K_A = 20 (established, below 2400); K_B = 40 (fewer than 30 games)
    ΔA = 20 × (1 − 0.640065) = +7.199
    ΔB = 40 × (0 − 0.359935) = −14.397

So A goes to 1607.2 and B to 1485.6: the zero-sum property of Elo holds only
when both players have the same K.

Elo's own example (Elo 1978, p. 37): Portisch, 2635, scored 10½ against an
expected 9.66 with K = 10: 2635 + 10 × (10.5 − 9.66) = 2643.4 — see
``rating_after``, which accepts period totals as well as single games.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from games import results

LOGISTIC = "logistic"
FIDE_TABLE = "fide"

#: Scores of white and black for each rated result string: the played results of
#: games/results.py (forfeits and anything else are not rated, 003 1.12.2).
RESULT_SCORES: dict[str, tuple[float, float]] = {r: results.elo_scores(r) for r in results.PLAYED}


@dataclass(frozen=True)
class EloConfig:
    """The club's rating constants; defaults follow FIDE B.02 (see module doc)."""

    start_rating: float = 1500.0
    provisional_games: int = 30
    new_player_games: int = 30
    k_new: float = 40.0
    k_normal: float = 20.0
    k_strong: float = 10.0
    strong_threshold: float = 2400.0
    cap: float | None = 400.0
    expectancy: str = LOGISTIC
    #: For ``expectancy="fide"``: PD of the higher-rated player for |D| = 0…800.
    fide_table: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        if self.expectancy not in (LOGISTIC, FIDE_TABLE):
            raise ValueError(f"unknown expectancy model {self.expectancy!r}")
        if self.expectancy == FIDE_TABLE and len(self.fide_table) < 401:
            raise ValueError("the FIDE expectancy model needs fide_table for |D| = 0…400 at least")


class PlayerState(NamedTuple):
    """A member's standing in one pool: rating and number of rated games played."""

    rating: float
    games: int


class GameUpdate(NamedTuple):
    """What one rated game did to both players."""

    white_before: PlayerState
    white_after: PlayerState
    black_before: PlayerState
    black_after: PlayerState
    white_expected: float
    white_k: float
    black_k: float


def fide_table_from_ranges(ranges: Iterable[Sequence[float]]) -> tuple[float, ...]:
    """Expand FIDE B.02 8.1.2 rows ``[lo, hi, PD_higher]`` into a list indexed by |D|."""
    table: dict[int, float] = {}
    for lo, hi, pd in ranges:
        for d in range(int(lo), int(hi) + 1):
            table[d] = float(pd)
    size = max(table) + 1
    missing = [d for d in range(size) if d not in table]
    if missing:
        raise ValueError(f"FIDE table has gaps at {missing[:5]}")
    return tuple(table[d] for d in range(size))


def expected_score(rating: float, opponent: float, config: EloConfig = EloConfig()) -> float:
    """Expected score of a player rated ``rating`` against ``opponent``."""
    d = rating - opponent
    cap = config.cap
    if cap is not None:
        if d > cap:
            d = cap
        elif d < -cap:
            d = -cap
    if config.expectancy == FIDE_TABLE:
        table = config.fide_table
        index = min(int(abs(d) + 0.5), len(table) - 1)
        pd = table[index]
        return pd if d >= 0 else 1.0 - pd
    return 1.0 / (1.0 + 10.0 ** (-d / 400.0))


def k_factor(state: PlayerState, config: EloConfig = EloConfig()) -> float:
    """K for the player's next game (FIDE B.02 8.3.3 shape, see module doc)."""
    if state.games < config.new_player_games:
        return config.k_new
    if state.rating < config.strong_threshold:
        return config.k_normal
    return config.k_strong


def rating_after(rating: float, *, k: float, score: float, expected: float) -> float:
    """``R' = R + K × (S − E)``; S and E may be one game's or a whole period's totals."""
    return rating + k * (score - expected)


def is_provisional(state: PlayerState, config: EloConfig = EloConfig()) -> bool:
    return state.games < config.provisional_games


def new_player(config: EloConfig = EloConfig()) -> PlayerState:
    return PlayerState(config.start_rating, 0)


def rate_game(
    white: PlayerState,
    black: PlayerState,
    white_score: float,
    config: EloConfig = EloConfig(),
    black_score: float | None = None,
) -> GameUpdate:
    """Rate one game; ``white_score`` is 1, 0.5 or 0, ``black_score`` its
    complement unless given (0 in a game both lost, ``0-0``)."""
    if black_score is None:
        black_score = 1.0 - white_score
    e_white = expected_score(white.rating, black.rating, config)
    k_white = k_factor(white, config)
    k_black = k_factor(black, config)
    white_after = PlayerState(white.rating + k_white * (white_score - e_white), white.games + 1)
    black_after = PlayerState(black.rating + k_black * (black_score - (1.0 - e_white)), black.games + 1)
    return GameUpdate(white, white_after, black, black_after, e_white, k_white, k_black)
