"""The club's rating constants, read from ``settings.RATINGS`` (club/site/settings.py).

Keys and defaults (FIDE B.02 shapes; ratings/elo.py explains the maths):

    START_RATING 1500, PROVISIONAL_GAMES 30, NEW_PLAYER_GAMES 30, K_NEW 40,
    K_NORMAL 20, K_STRONG 10, STRONG_THRESHOLD 2400, CAP 400 (None: no cap),
    EXPECTANCY "logistic" or "fide" (FIDE table 8.1.2, ratings/data/),
    PAIR_GAMES_PER_DAY 2 (ratings/eligibility.py).

Changing them changes future games only; run ``manage.py ratings recompute``
to rebuild the history under the new constants.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from django.conf import settings

from ratings import eligibility, elo
from ratings.elo import EloConfig

_FIDE_JSON = Path(__file__).resolve().parent / "data" / "fide_rating_tables.json"


@lru_cache(maxsize=1)
def _fide_table() -> tuple[float, ...]:
    data = json.loads(_FIDE_JSON.read_text())
    return elo.fide_table_from_ranges(data["diff_to_pd_ranges_[lo,hi,PD_higher_rated]"])


def rating_config() -> EloConfig:
    """The club's ``EloConfig`` from ``settings.RATINGS`` (defaults in ``EloConfig``)."""
    options = getattr(settings, "RATINGS", {})
    defaults = EloConfig()
    expectancy = options.get("EXPECTANCY", defaults.expectancy)
    cap = options.get("CAP", defaults.cap)
    return EloConfig(
        start_rating=float(options.get("START_RATING", defaults.start_rating)),
        provisional_games=int(options.get("PROVISIONAL_GAMES", defaults.provisional_games)),
        new_player_games=int(options.get("NEW_PLAYER_GAMES", defaults.new_player_games)),
        k_new=float(options.get("K_NEW", defaults.k_new)),
        k_normal=float(options.get("K_NORMAL", defaults.k_normal)),
        k_strong=float(options.get("K_STRONG", defaults.k_strong)),
        strong_threshold=float(options.get("STRONG_THRESHOLD", defaults.strong_threshold)),
        cap=None if cap is None else float(cap),
        expectancy=expectancy,
        fide_table=_fide_table() if expectancy == elo.FIDE_TABLE else (),
    )


def pair_games_per_day() -> int:
    """How many rated games a pair may count in one pool a day (ratings/eligibility.py)."""
    return int(getattr(settings, "RATINGS", {}).get("PAIR_GAMES_PER_DAY", eligibility.PAIR_GAMES_PER_DAY))
