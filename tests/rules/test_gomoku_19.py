"""Gomoku on the 19×19 board (004: «Гомоку — игра на доске 15x15 или 19x19 линий»; "5 в
ряд на бесконечном поле" on the largest board 004 names): the rules of 15×15 gomoku, every
point of the Go board, checked against a brute-force judge."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import IllegalMove, names, variant

FREE = variant("gomoku-19")
STANDARD = variant("gomoku-standard-19")
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def point(x: int, y: int) -> str:
    return f"{chr(97 + x)}{y + 1}"


def runs_through(stones: set, x: int, y: int) -> list[int]:
    """The length of the unbroken line through (x, y) in each direction."""
    lengths = []
    for dx, dy in DIRECTIONS:
        n = 1
        for sign in (1, -1):
            k = 1
            while (x + sign * k * dx, y + sign * k * dy) in stones:
                n, k = n + 1, k + 1
        lengths.append(n)
    return lengths


def test_both_are_registered_in_the_family_on_19_by_19():
    # 004: 19×19 lines.
    for v, name in [(FREE, "gomoku-19"), (STANDARD, "gomoku-standard-19")]:
        assert (v.name, v.family, v.board_size) == (name, "renju", 19)
        assert name in names("renju") and v.title_ru and v.title_en
    assert variant("gomoku").board_size == 15  # the 15×15 games stay as they were


def test_every_point_of_the_go_board_is_playable_and_nothing_beyond():
    # 004 "5 в ряд": black starts anywhere, no fouls; the board ends at s19.
    assert len(FREE.legal_moves(FREE.start())) == 361
    assert FREE.to_fen(FREE.play(FREE.start(), "s19")) == "W:Bs19:W"
    with pytest.raises(IllegalMove):
        FREE.play(FREE.start(), "t1")


def test_the_opening_rules_are_gomoku_s():
    # Swap2, as on 15×15 (fiverow.SWAP2).
    assert FREE.opening_rules.keys() == variant("gomoku").opening_rules.keys()
    assert STANDARD.opening_rules.keys() == variant("gomoku-standard").opening_rules.keys()


points = st.tuples(st.integers(0, 6), st.integers(0, 6))
corner = st.tuples(st.integers(12, 18), st.integers(12, 18))


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.lists(points, unique=True, max_size=49), st.lists(corner, unique=True, max_size=49)))
def test_a_game_ends_exactly_when_the_brute_force_judge_says(moves):
    # 004: free — five or more wins; standard — exactly five, an overline wins for nobody.
    for v, wins in [(FREE, lambda runs: max(runs) >= 5), (STANDARD, lambda runs: 5 in runs)]:
        p, mine = v.start(), {"black": set(), "white": set()}
        for x, y in moves:
            mover = v.turn(p)
            p = v.play(p, point(x, y))
            mine[mover].add((x, y))
            result = v.result(p)
            if wins(runs_through(mine[mover], x, y)):
                assert result is not None and result.winner == mover
                break
            assert result is None
