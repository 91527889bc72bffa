"""International draughts (003 §3): the majority rule, a man passing the last
row, notation, and the §3.5 draw counts."""

import pytest

from games.rules import IllegalMove, variant
from games.rules.base import Result

from .draughts_walk import king_moves_only, walk

I = variant("international")


def notations(p):
    return sorted(m.notation for m in I.legal_moves(p))


def test_start_position_and_first_moves():
    # 3.2 diagram 12: men on 1–20 and 31–50; 3.3 notation 32-28.
    p = I.start()
    assert I.to_fen(p).startswith("W:W31,32,33")
    assert "32-28" in notations(p)
    assert I.turn(I.play(p, "32-28")) == "black"


def test_majority_rule_the_man_taking_three_beats_the_king_taking_one():
    # 3.4.1, as in diagram 15: the king could take one piece and land on 46, the
    # man takes three; only the man's capture is legal.
    assert notations(I.from_fen("W:WK5,36:B41")) == ["36x47", "5x46"]
    p = I.from_fen("W:WK5,36:B41,31,22,13")
    assert notations(p) == ["36x9"]
    with pytest.raises(IllegalMove, match="capture is mandatory"):
        I.play(p, "5x46")


def test_majority_rule_kings_and_men_count_alike():
    # 3.4.1, as in diagram 16: the man takes three men, the king takes a king and
    # two men; both are three pieces, so white may choose either piece.
    p = I.from_fen("W:WK50,36:B31,22,13,K44,33,19")
    starts = {m.start for m in I.legal_moves(p)}
    assert starts == {"36", "50"}
    assert all(len(m.captures) == 3 for m in I.legal_moves(p))


def test_a_man_passing_the_last_row_mid_capture_stays_a_man():
    # 3.4.2.1 (diagram 17): 13x4x15 touches square 4 on the last row and goes on as a man.
    p = I.from_fen("W:W13:B9,10")
    [move] = I.legal_moves(p)
    assert move.path == ("13", "4", "15")
    assert I.pieces(I.play(p, "13x15"))["15"] == "w"


def test_a_man_ending_its_capture_on_the_last_row_is_crowned_and_stops():
    # 3.4.2.2 (diagram 18): crowned on 3, it may not go on to take 14 as a king.
    p = I.from_fen("W:W12:B8,14")
    assert notations(p) == ["12x3"]
    assert I.pieces(I.play(p, "12x3"))["3"] == "W"


def test_russian_rules_crown_mid_capture_where_international_does_not():
    # 2.1.5.15 vs 3.4.2: on 8×8 the man crowned on d8 goes on as a king over f6.
    R = variant("russian")
    p = R.from_fen("W:Wb6:Bc7,f6")
    assert sorted(m.notation for m in R.legal_moves(p)) == ["b6:g5", "b6:h4"]
    assert R.pieces(R.play(p, "b6:h4"))["h4"] == "W"


def test_notation_diagram_14_two_capture_directions_with_full_paths():
    # 3.3 diagram 14: 47:24:8:17:6 and 47:24:35:44:6.
    p = I.from_fen("W:WK47:B11,12,13,29,30,40")
    assert notations(p) == ["47x24x35x44x6", "47x24x8x17x6"]
    assert I.play(p, "47:24:8:17:6") == I.play(p, "47x24x8x17x6")
    with pytest.raises(IllegalMove, match="ambiguous capture, give the path: 47x24x"):
        I.play(p, "47x6")


def test_twenty_five_moves_of_kings_only_draw():
    # 3.5: 25 moves of each side with kings only.
    p = I.from_fen("W:WK36,46,47,48:BK15,3,4,5")
    seen = walk(I, p, 49, king_moves_only)
    assert I.result(seen[-1]) is None
    [last] = walk(I, seen[-1], 1, king_moves_only)
    assert I.result(last) == Result(None, "draw:3.5", "3.5")


def test_three_pieces_against_a_lone_king_sixteen_moves():
    # 3.5: 3 kings (2 kings and a man, a king and 2 men) vs a king: 16th move.
    seen = walk(I, I.from_fen("W:WK46,K47,K48:BK3"), 30)
    assert I.result(seen[-1]) is None
    [last] = walk(I, seen[-1], 1)
    assert I.result(last) == Result(None, "draw:3.5", "3.5")


def test_two_pieces_against_a_lone_king_five_moves():
    # 3.5: 2 kings (a king and a man, a king) vs a king: 5th move.
    seen = walk(I, I.from_fen("W:WK46,K47:BK3"), 8)
    assert I.result(seen[-1]) is None
    [last] = walk(I, seen[-1], 1)
    assert I.result(last) == Result(None, "draw:3.5", "3.5")


def test_a_side_without_pieces_has_lost():
    assert I.result(I.from_fen("W:W:B1")) == Result("black", "no-pieces", "2.1.8.1")
