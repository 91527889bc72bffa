"""Perft from the start position against the published tables (Rein
Halbersma's dctl, cross-checked by several engines).  Depths above 6 run in
bench/rules_perft.py."""

import pytest

from games.rules import variant

# Russian: every capture path counted, and distinct moves; equal to depth 7.
RUSSIAN_ALL_PATHS = [7, 49, 302, 1469, 7482, 37986]
# International: distinct moves, and every capture path; equal to depth 7.
INTERNATIONAL_DISTINCT = [9, 81, 658, 4265, 27117, 167140]


@pytest.mark.parametrize("depth", range(1, 7))
@pytest.mark.parametrize("distinct", [True, False])
def test_russian_perft_matches_the_published_table(depth, distinct):
    v = variant("russian")
    assert v.perft(v.start(), depth, distinct=distinct) == RUSSIAN_ALL_PATHS[depth - 1]


@pytest.mark.parametrize("depth", range(1, 7))
@pytest.mark.parametrize("distinct", [True, False])
def test_international_perft_matches_the_published_table(depth, distinct):
    v = variant("international")
    assert v.perft(v.start(), depth, distinct=distinct) == INTERNATIONAL_DISTINCT[depth - 1]


def test_perft_counts_the_moves_that_legal_moves_lists():
    # A king-rich Russian position with ring captures: perft(1) must agree with
    # legal_moves (distinct) and with every path (all paths).
    v = variant("russian")
    p = v.from_fen("B:Wb4,d4,f4,a3,e3,b2,d2,f2,a1,g1:Ba5,c5,d6,h6,c7,e7,g7,b8,f8,h4")
    moves = v.legal_moves(p)
    assert v.perft(p, 1) == len(moves) == 1
    assert v.perft(p, 1, distinct=False) == sum(len(m.paths) for m in moves) == 2


def test_perft_of_depth_zero_is_one_position():
    v = variant("russian")
    assert v.perft(v.start(), 0) == 1
