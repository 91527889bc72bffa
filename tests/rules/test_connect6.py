"""Connect6 (004 "Коннект6"): 19×19, six or more wins, one stone first then two a turn."""

import pytest

from games.rules import IllegalMove, Result, variant
from games.rules.fiverow import Move

C6 = variant("connect6")


def test_it_is_played_on_19_by_19():
    p = C6.start()
    assert (C6.name, C6.family, C6.board_size) == ("connect6", "renju", 19)
    assert len(C6.legal_moves(p)) == 361 and C6.turn(p) == "black"


def test_black_opens_with_one_stone_then_each_turn_places_two():
    p = C6.play(C6.start(), "j10")
    assert C6.turn(p) == "white"
    with pytest.raises(IllegalMove, match="two stones"):
        C6.play(p, "a1")
    p = C6.play(p, "a1,s19")
    assert C6.to_fen(p) == "B:Bj10:Wa1,s19" and C6.turn(p) == "black"
    assert p.history == ("j10", "a1,s19")


def test_the_first_turn_is_a_single_stone():
    with pytest.raises(IllegalMove, match="one stone"):
        C6.play(C6.start(), "j10,k10")


def test_one_turn_is_one_action_listed_as_a_pair():
    p = C6.play(C6.start(), "j10")
    moves = C6.legal_moves(p)
    assert len(moves) == 360 * 359 // 2 + 1  # every pair of empty points, and pass
    listed = list(moves)
    assert len(listed) == len(moves) and len({m.notation for m in listed}) == len(moves)
    assert [moves[k] for k in (0, 1, 359, len(moves) - 2, -1)] == [listed[k] for k in (0, 1, 359, -2, -1)]
    assert listed[5] in moves and Move("a2,a1", "stones") not in moves and listed[-1].notation == "pass"


@pytest.mark.parametrize(
    "text, reason",
    [
        ("a1,a1", "different points"),
        ("j10,a1", "j10 is occupied"),
        ("t1,a1", "off the 19×19 board"),
        ("a1 a2", "not a point"),
    ],
)
def test_bad_pairs_are_refused_and_change_nothing(text, reason):
    p = C6.play(C6.start(), "j10")
    with pytest.raises(IllegalMove, match=reason):
        C6.play(p, text)
    assert C6.to_fen(p) == "W:Bj10:W"


def test_six_in_a_row_wins_and_five_does_not():
    p = C6.from_fen("B:Bc3,d3,e3,f3:Wa10,b10,c10,d10")
    five = C6.play(p, "g3,s19")
    assert C6.result(five) is None
    six = C6.play(p, "g3,h3")
    assert C6.result(six) == Result("black", "six", "004")


def test_seven_also_wins():  # 004: "шести камней или более"
    p = C6.from_fen("W:Ba10,b12,c14,d16,e18:Wc3,d3,e3,g3,h3,i3")
    assert C6.result(C6.play(p, "f3,s19")) == Result("white", "overline", "004")


def test_either_stone_of_the_pair_may_complete_the_line():
    p = C6.from_fen("B:Bc3,d3,e3,f3,g3:Wa10,b10,c10,d10")
    assert C6.result(C6.play(p, "s19,h3")).winner == "black"


def test_a_pass_is_a_whole_turn_and_two_passes_draw():
    p = C6.play(C6.start(), "j10")
    p = C6.play(C6.play(p, "pass"), "pass")
    assert C6.result(p) == Result(None, "two-passes", "002 10.3")
