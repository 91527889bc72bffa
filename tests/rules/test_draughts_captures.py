"""Capture rules of Russian draughts (003 2.1.5), with the rule book's diagrams
set up as positions."""

import pytest

from games.rules import IllegalMove, variant

R = variant("russian")


def notations(p):
    return sorted(m.notation for m in R.legal_moves(p))


def test_turkish_strike_diagram_4_the_king_stops_before_a_captured_man():
    # 2.1.5.17 diagram 4: a5:e1:g3:e5; d4 cannot be taken because c3, f2 and f4
    # stay on the board until the capture ends (2.1.5.12); then d4:d8.
    p = R.from_fen("B:Wc3,e3,d4,f4,f2,g1:BKa5,d6,h6,e7,h4")
    [move] = R.legal_moves(p)
    assert move.path == ("a5", "e1", "g3", "e5")
    assert move.captures == ("c3", "f2", "f4")
    p = R.play(p, "a5:e1:g3:e5")
    assert notations(p) == ["d4:d8"]
    p = R.play(p, "d4:d8")
    assert R.pieces(p)["d8"] == "W"


def test_turkish_strike_diagram_5_the_king_must_stop_on_d4():
    # 2.1.5.17 diagram 5: e1:a5:d8:f6:d4 — c3 cannot be jumped a second time,
    # nor c5 (b6 behind it is still on the board).
    p = R.from_fen("W:WKe1,f2:Bc3,b6,d6,c5,e5,e7")
    [move] = R.legal_moves(p)
    assert move.path == ("e1", "a5", "d8", "f6", "d4")
    assert set(move.captures) == {"c3", "b6", "e7", "e5"}
    assert move.notation == "e1:d4"


def test_turkish_strike_diagram_6_man_crowned_mid_capture_stops_on_c3():
    # 2.1.5.17 diagram 6 and 2.1.5.15: a5 becomes a king on e1 and goes on
    # capturing as a king; both orders end on c3 and are one move.
    p = R.from_fen("B:Wb4,d4,f4,a3,e3,b2,d2,f2,a1,g1:Ba5,c5,d6,h6,c7,e7,g7,b8,f8,h4")
    [move] = R.legal_moves(p)
    assert set(move.paths) == {
        ("a5", "c3", "e1", "g3", "e5", "c3"),
        ("a5", "c3", "e5", "g3", "e1", "c3"),
    }
    assert set(move.captures) == {"b4", "d2", "f2", "f4", "d4"}
    p2 = R.play(p, "a5:c3:e1:g3:e5:c3")
    assert p2 == R.play(p, "a5:c3:e5:g3:e1:c3") == R.play(p, "a5:c3")
    assert R.pieces(p2)["c3"] == "B"
    # Then white answers b2:d4:b6:d8:f6:h8, crowned on d8 and capturing on as a king.
    p3 = R.play(p2, "b2:d4:b6:d8:f6:h8")
    assert R.pieces(p3)["h8"] == "W"


def test_a_man_reaching_the_last_row_without_capture_is_a_king_from_the_next_move():
    # 2.1.5.16: c7-d8 crowns the man, but the move ends there even though a king
    # on d8 could take f6; black moves next.
    p = R.play(R.from_fen("W:Wc7:Bf6,a7"), "c7-d8")
    assert R.pieces(p)["d8"] == "W"
    assert R.turn(p) == "black"


def test_a_king_must_land_where_the_capture_goes_on():
    # 2.1.5.6: after taking d4 the king could stop on c3, b2 or a1, but only c3
    # lets it go on (over b4 to a5), so c3 is forced.
    p = R.from_fen("W:WKe5:Bd4,b4")
    assert [m.path for m in R.legal_moves(p)] == [("e5", "c3", "a5")]


def test_capture_is_mandatory_with_free_choice_among_captures():
    # 2.1.5.3: capturing is compulsory; 2.1.5.14: the capturer chooses freely,
    # the one-piece capture stays legal next to the two-piece one.
    p = R.from_fen("W:Wa3,h2:Bb4,g3,e5")
    assert notations(p) == ["a3:c5", "h2:d6"]
    with pytest.raises(IllegalMove, match="capture is mandatory: "):
        R.play(p, "a3-b4")


def test_notation_diagram_8_three_capture_directions():
    # 2.1.6.2 diagram 8: d2:h6:f8:c5:a7, d2:g5:e7:c5:a7, d2:g5:d8:a5; the two
    # captures that share start and end are written with their full path.
    p = R.from_fen("W:WKd2:Bf4,b6,d6,f6,g7")
    assert notations(p) == ["d2:a5", "d2:g5:e7:c5:a7", "d2:h6:f8:c5:a7"]
    with pytest.raises(IllegalMove, match="ambiguous capture, give the path"):
        R.play(p, "d2:a7")
    # The squares where the capture turns are enough (2.1.6.2), so is the full path.
    assert R.play(p, "d2:h6:f8:c5:a7") == R.play(p, "d2:h6:a7")


def test_own_pieces_cannot_be_jumped():
    # 2.1.5.8
    p = R.from_fen("W:Wc3,d4:Be5")
    assert "c3:e5" not in notations(p)
