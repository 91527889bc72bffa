"""Differential check against an independent referee (002 9.2–9.3).

The PyPI package ``renju`` 0.1.0 (test extra) ships its own forbidden-move
checker, a port of a C renju referee, ``renju.check_forbid.get_foul_type``.
On random crowded positions every empty point must get the same verdict from
both, kind included.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import IllegalMove, variant
from games.rules.base import BLACK
from games.rules.fiverow import EMPTY, format_fen, place

check_forbid = pytest.importorskip("renju.check_forbid")

RENJU = variant("renju")
G = RENJU.geometry
CENTRE = [G.index(x, y) for y in range(3, 12) for x in range(3, 12)]
THEIR_KIND = {0: None, 1: "double-three", 2: "double-four", 3: "overline"}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.sampled_from(CENTRE), st.sampled_from("bbbw")), min_size=15, max_size=55, unique_by=lambda t: t[0]
    )
)
def test_every_verdict_agrees_with_the_independent_referee(stones):
    board = G.empty_board
    for i, stone in stones:
        board = place(board, i, stone)
    try:
        p = RENJU.from_fen(format_fen(board, BLACK, G))
    except IllegalMove:
        return  # both sides already have five: not a game position
    grid = [[{"b": 1, "w": 2, ".": 0}[board[G.index(x, y)]] for y in range(G.size)] for x in range(G.size)]
    ours = RENJU.fouls(p)
    for i in G.points:
        if board[i] == EMPTY:
            x, y = G.xy(i)
            assert ours.get(G.name(i)) == THEIR_KIND[check_forbid.get_foul_type(grid, x, y)], G.name(i)
