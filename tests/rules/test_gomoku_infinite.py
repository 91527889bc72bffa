"""Five in a row on the infinite field (004: «5 в ряд на бесконечном поле (обычно играют на
клеточном листе бумаги), фолов нет, для победы надо построить ряд из 5 или более камней»).

No edge: the field shown grows as stones approach it, names go on past 19×19, the
position and the record keep them, and "a full board is a draw" does not apply."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import IllegalMove, names, variant
from games.rules.infinite import MARGIN, START, column_name, field, parse_point, point_name
from games.rules.renju_records import Record, read_records, replay, write_record

INFINITE = variant("gomoku-infinite")
coordinate = st.integers(min_value=-2000, max_value=2000)


def test_it_is_a_discipline_of_the_five_in_a_row_family():
    # 004: a relative of renju.
    assert INFINITE.name in names("renju") and INFINITE.family == "renju"
    assert INFINITE.title_ru == "5 в ряд на бесконечном поле"


@given(coordinate, coordinate)
def test_every_point_has_one_name_and_the_name_reads_back(x, y):
    # 004 «бесконечное поле»: every point of the plane is named, however far out.
    assert parse_point(point_name(x, y)) == (x, y)


def test_the_names_of_the_19_by_19_start_are_gomoku_19s_and_go_on_past_it():
    assert [point_name(0, 0), point_name(9, 9), point_name(18, 18)] == ["a1", "j10", "s19"]
    assert [column_name(x) for x in (19, 25, 26, 27, -1, -2, -27)] == ["t", "z", "aa", "ab", "-a", "-b", "-aa"]
    assert [point_name(19, 19), point_name(-1, -1), point_name(3, -5)] == ["t20", "-a0", "d-4"]
    for text in ("", "j", "10", "J10", "j 10", "--a1", "j1.5", "pass"):
        with pytest.raises(IllegalMove):
            parse_point(text)


def test_the_field_grows_as_a_stone_nears_its_edge():
    # 004: no edge — the field first shown is 19×19 and grows, keeping MARGIN free lines past every stone.
    p = INFINITE.start()
    assert field(p) == (0, 0, START - 1, START - 1)
    p = INFINITE.play(p, "j10")
    assert field(p) == (0, 0, 18, 18)  # the centre is far from every edge
    p = INFINITE.play(p, "s19")  # white on the top-right corner
    assert field(p) == (0, 0, 18 + MARGIN, 18 + MARGIN)
    p = INFINITE.play(p, "w23")  # the new corner: the field grows again
    assert field(p) == (0, 0, 22 + MARGIN, 22 + MARGIN)
    p = INFINITE.play(p, "a1")  # the bottom-left corner: the field grows left and down
    assert field(p)[:2] == (-MARGIN, -MARGIN)
    p = INFINITE.play(p, point_name(-MARGIN, -MARGIN))  # "-d-3", on the new edge
    assert field(p)[:2] == (-2 * MARGIN, -2 * MARGIN)
    p = INFINITE.play(p, "j-6")  # only downwards: the field stays square, its right side grows with it
    left, bottom, right, top = field(p)
    assert (bottom, top) == (-7 - MARGIN, 22 + MARGIN) and right - left == top - bottom
    assert "-h-7" in {m.notation for m in INFINITE.legal_moves(p)}


def test_a_stone_beyond_the_field_shown_is_refused_and_changes_nothing():
    p = INFINITE.play(INFINITE.start(), "j10")
    for far in ("z10", "j24", "-e10"):
        with pytest.raises(IllegalMove, match="beyond the field"):
            INFINITE.play(p, far)
    with pytest.raises(IllegalMove, match="occupied"):
        INFINITE.play(p, "j10")
    assert p == INFINITE.play(INFINITE.start(), "j10")


def test_five_beyond_the_19_by_19_square_wins_and_six_wins_too():
    # 004: «ряд из 5 или более камней» wins, wherever on the field.
    # Black walks out past s (the field grows), then lines up t17…x17, all beyond the 19×19 square.
    p = INFINITE.start()
    for move in ["s10", "a1", "t17", "a3", "u17", "a5", "v17", "a7", "w17", "a9", "x17"]:
        p = INFINITE.play(p, move)
    result = INFINITE.result(p)
    assert (result.winner, result.reason, result.clause) == ("black", "five", "004")
    # An overline (six) wins for either colour, as free gomoku's: -f1…-a1, left of the square.
    p = INFINITE.start()
    for move in ["a2", "j10", "-a1", "j11", "-b1", "j12", "-c1", "k10", "-e1", "k11", "-f1", "k13", "-d1"]:
        p = INFINITE.play(p, move)
    assert (INFINITE.result(p).winner, INFINITE.result(p).reason) == ("black", "overline")


@settings(max_examples=60, deadline=None)
@given(coordinate, coordinate, st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), min_size=1, max_size=40))
def test_a_position_anywhere_on_the_plane_is_judged_as_the_same_position_at_the_centre(dx, dy, cells):
    # No edge and no special point: stones moved across the plane win (or not) the same.
    p = INFINITE.start()
    for x, y in dict.fromkeys(cells):
        if INFINITE.result(p) is not None:
            break
        p = INFINITE.play(p, point_name(5 + x, 5 + y))
    black = ",".join(point_name(x + dx, y + dy) for x, y, c in p.stones_placed if c == "b")
    white = ",".join(point_name(x + dx, y + dy) for x, y, c in p.stones_placed if c == "w")
    moved = INFINITE.from_fen(f"{'B' if p.to_move == 'black' else 'W'}:B{black}:W{white}")
    assert {x - dx for x, _, _ in moved.stones_placed} == {x for x, _, _ in p.stones_placed}
    assert (moved.outcome or (None,))[0] == (p.outcome or (None,))[0]
    assert (moved.outcome is None) == (p.outcome is None)


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_a_crowded_field_is_never_a_draw_and_every_stone_keeps_room_past_it(data):
    # "A full board is a draw" does not apply (004: an unbounded field): a position ends only
    # by a line of five or two passes, and the field always has free points.
    p = INFINITE.start()
    for _ in range(data.draw(st.integers(0, 80))):
        if INFINITE.result(p) is not None:
            break
        stones = [m.notation for m in INFINITE.legal_moves(p) if m.kind == "stone"]
        assert stones, "the field always has an empty point"
        p = INFINITE.play(p, data.draw(st.sampled_from(stones)))
        left, bottom, right, top = field(p)
        assert all(
            left + MARGIN <= x <= right - MARGIN and bottom + MARGIN <= y <= top - MARGIN for x, y, _ in p.stones_placed
        )
    result = INFINITE.result(p)
    assert result is None or result.reason in ("five", "overline")
    assert INFINITE.can_win(p, "black") == (result is None)


def test_two_passes_are_the_only_draw_by_the_rules():
    p = INFINITE.start()
    for move in ("j10", "k10", "j11"):
        p = INFINITE.play(p, move)
    p = INFINITE.play(INFINITE.play(p, "pass"), "pass")
    assert (INFINITE.result(p).winner, INFINITE.result(p).reason) == (None, "two-passes")


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_position_and_the_record_keep_the_names_beyond_19_by_19(data):
    p, moves = INFINITE.start(), []
    for _ in range(data.draw(st.integers(1, 30))):
        if INFINITE.result(p) is not None:
            break
        left, bottom, right, top = field(p)
        move = point_name(data.draw(st.integers(left, right)), data.draw(st.integers(bottom, top)))
        if p.colour_at(*parse_point(move)) is None:
            p, moves = INFINITE.play(p, move), [*moves, move]
    again = INFINITE.from_fen(INFINITE.to_fen(p))
    assert (again.stones_placed, again.to_move, again.outcome) == (p.stones_placed, p.to_move, p.outcome)
    record = Record(rule="none", moves=moves, result="*", variant="gomoku-infinite")
    (read,) = read_records(write_record(record))
    assert read.moves == moves
    assert replay(read).stones_placed == p.stones_placed
