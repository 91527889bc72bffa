"""The pure replay loop (ratings/recompute.py) that both rating paths share.

Its inlined arithmetic must give bit-for-bit what the readable
``ratings.elo.rate_game`` gives, game after game; otherwise the incremental
path and the full recompute could drift apart.
"""

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from ratings import elo
from ratings.elo import EloConfig, PlayerState
from ratings.recompute import RatedGame, replay, replay_all

FIDE_TABLE = elo.fide_table_from_ranges(
    json.loads((Path(elo.__file__).parent / "data" / "fide_rating_tables.json").read_text())[
        "diff_to_pd_ranges_[lo,hi,PD_higher_rated]"
    ]
)
CONFIGS = [
    EloConfig(),
    EloConfig(expectancy=elo.FIDE_TABLE, fide_table=FIDE_TABLE),
    EloConfig(cap=None, k_new=32, new_player_games=3, strong_threshold=1520, start_rating=1490),
]

games_strategy = st.lists(
    # White's and black's scores; (0, 0) a game both lost (1.4 "поражение ставится обоим").
    st.tuples(
        st.integers(0, 7), st.integers(0, 7), st.sampled_from([(1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (0.0, 0.0)])
    ).filter(lambda g: g[0] != g[1]),
    max_size=120,
)


def reference(games, config):
    states: dict[int, PlayerState] = {}
    out = []
    for game_id, white, black, score, black_score in games:
        update = elo.rate_game(
            states.get(white, elo.new_player(config)),
            states.get(black, elo.new_player(config)),
            score,
            config,
            black_score,
        )
        states[white], states[black] = update.white_after, update.black_after
        out.append(update)
    return out, states


@settings(max_examples=150, deadline=None)
@given(games_strategy, st.sampled_from(range(len(CONFIGS))))
def test_replay_equals_rate_game_bit_for_bit(raw, config_index):
    config = CONFIGS[config_index]
    games = [RatedGame(i, w, b, *s) for i, (w, b, s) in enumerate(raw)]
    expected, expected_states = reference(games, config)
    states: dict[int, PlayerState] = {}
    changes = list(replay(games, states, config))
    assert len(changes) == len(expected)
    for change, update in zip(changes, expected):
        assert change.white_before == update.white_before.rating
        assert change.white_after == update.white_after.rating
        assert change.black_before == update.black_before.rating
        assert change.black_after == update.black_after.rating
        assert (change.white_games, change.black_games) == (update.white_after.games, update.black_after.games)
        assert change.white_expected == update.white_expected
        assert (change.white_k, change.black_k) == (update.white_k, update.black_k)
    assert states == expected_states


def test_replaying_in_two_halves_equals_replaying_at_once():
    games = [RatedGame(i, i % 5, (i * 3 + 1) % 7 if (i * 3 + 1) % 7 != i % 5 else 6, (i % 3) / 2) for i in range(200)]
    whole: dict[int, PlayerState] = {}
    all_changes = list(replay(games, whole, EloConfig()))
    split: dict[int, PlayerState] = {}
    first = list(replay(games[:77], split, EloConfig()))
    second = list(replay(games[77:], split, EloConfig()))
    assert first + second == all_changes
    assert split == whole


def test_members_not_in_the_states_start_at_the_start_rating():
    states = {1: PlayerState(1700.0, 45)}
    (change,) = replay([RatedGame(10, 1, 2, 0.5)], states, EloConfig())
    assert change.white_before == 1700.0 and change.black_before == 1500.0
    assert states[2].games == 1 and states[1].games == 46


def test_replay_all_counts_and_leaves_the_final_standings():
    states: dict[int, PlayerState] = {}
    n = replay_all([RatedGame(1, 1, 2, 1.0), RatedGame(2, 2, 3, 0.0)], states, EloConfig())
    assert n == 2
    assert set(states) == {1, 2, 3}
    assert states[1].rating > 1500 > states[2].rating
