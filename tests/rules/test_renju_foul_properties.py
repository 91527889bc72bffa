"""Properties every foul verdict must have, on random positions (hypothesis).

* The 8 symmetries of the board do not change a verdict: the rules (002 9.2,
  9.3) speak of lines, never of directions or places.
* ``fouls(p)`` is exactly the set of points where ``foul(p, point)`` is not None.
* White is never fouled (002 9.1, 000 9.2.4.2): white may play every empty point.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import IllegalMove, variant
from games.rules.base import BLACK, WHITE
from games.rules.fiverow import BLACK_STONE, EMPTY, WHITE_STONE, format_fen, place

RENJU = variant("renju")
G = RENJU.geometry
# Stones crowd the central 9×9 so that threes and fours are common.
CENTRE = [G.index(x, y) for y in range(3, 12) for x in range(3, 12)]


@st.composite
def positions(draw, to_move=BLACK):
    points = draw(st.lists(st.sampled_from(CENTRE), min_size=8, max_size=45, unique=True))
    colours = draw(
        st.lists(st.sampled_from([BLACK_STONE, BLACK_STONE, WHITE_STONE]), min_size=len(points), max_size=len(points))
    )
    board = G.empty_board
    for i, stone in zip(points, colours):
        board = place(board, i, stone)
    try:
        return RENJU.from_fen(format_fen(board, to_move, G))
    except IllegalMove:  # both colours already have a line: not a game position
        return RENJU.from_fen(format_fen(G.empty_board, to_move, G))


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(positions(), st.integers(min_value=1, max_value=7))
def test_a_symmetry_of_the_board_maps_fouls_onto_fouls(p, k):
    symmetry = G.symmetries[k]
    mirrored = RENJU.from_fen(format_fen(G.transform(p.board, symmetry), BLACK, G))
    expected = {G.name(symmetry[G.parse(point)]): kind for point, kind in RENJU.fouls(p).items()}
    assert RENJU.fouls(mirrored) == expected


@SETTINGS
@given(positions())
def test_the_foul_map_agrees_with_the_verdict_on_every_point(p):
    fouls = RENJU.fouls(p)
    for i in G.points:
        if p.board[i] == EMPTY:
            assert RENJU.foul(p, G.name(i)) == fouls.get(G.name(i))


@SETTINGS
@given(positions(to_move=WHITE))
def test_white_may_play_every_empty_point(p):
    if RENJU.result(p) is None:
        playable = {m.notation for m in RENJU.legal_moves(p) if m.kind == "stone"}
        assert playable == {G.name(i) for i in G.points if p.board[i] == EMPTY}
        for point in list(playable)[:20]:
            RENJU.play(p, point)


@SETTINGS
@given(positions())
def test_black_may_play_exactly_the_empty_points_that_are_not_fouls(p):
    if RENJU.result(p) is None:
        playable = {m.notation for m in RENJU.legal_moves(p) if m.kind == "stone"}
        empty = {G.name(i) for i in G.points if p.board[i] == EMPTY}
        assert playable == empty - set(RENJU.fouls(p))
