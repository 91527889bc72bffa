"""PDN FEN for the draughts disciplines (2.1.6.2 squares, PDN 8×8 numbering)."""

import pytest

from games.rules import IllegalMove, variant

R = variant("russian")
I = variant("international")


def test_numeric_and_algebraic_russian_fen_are_the_same_position():
    # PDN 8×8 numbering: 1 = b8 … 29 = a1, 32 = g1.
    assert R.from_fen("W:W29,32,K1:B4") == R.from_fen("W:Wa1,g1,Kb8:Bh8")
    assert R.from_fen("W:W21-32:B1-12.") == R.start()


def test_start_position_as_written_in_2_1_6_2():
    # The seed prints "с2 … а2" for white, light squares: read as c1 and d2 (diagram 3).
    p = R.start()
    assert sorted(sq for sq, c in R.pieces(p).items() if c == "w") == sorted(
        ["a1", "a3", "b2", "c1", "c3", "d2", "e1", "e3", "f2", "g1", "g3", "h2"]
    )
    assert sorted(sq for sq, c in R.pieces(p).items() if c == "b") == sorted(
        ["a7", "b6", "b8", "c7", "d6", "d8", "e7", "f6", "f8", "g7", "h6", "h8"]
    )


def test_a_side_without_pieces_may_be_omitted():
    p = R.from_fen("B:WKa1")
    assert R.pieces(p) == {"a1": "W"}
    assert R.turn(p) == "black"
    assert R.to_fen(p) == "B:WKa1:B"


def test_quotes_and_spaces_are_tolerated():
    assert I.from_fen(' "W:W31-50:B1-20" ') == I.start()


@pytest.mark.parametrize(
    "fen, message",
    [
        ("X:W1:B2", "must start with W or B"),
        ("W:W1,1:B2", "given twice"),
        ("W:W33:B1", "no square 33"),
        ("W:Wa2:Bh8", "not a playable square"),
        ("W:Q1", "bad FEN field"),
    ],
)
def test_bad_fen_is_refused_with_a_reason(fen, message):
    with pytest.raises(IllegalMove, match=message):
        R.from_fen(fen)
