"""Шашки-64 starting positions by ballot (003 2.2.2)."""
import random

import pytest

from games.rules import IllegalMove, ballots64, variant

R = variant("russian")


def test_example_1_column_1_row_16_is_diagram_9():
    # 2.2.2 example 1: 1. ab4 bc5 2. ba5 cb4, white to move.
    p = R.start(ballot="1/16")
    pieces = R.pieces(p)
    assert pieces["a5"] == "w" and pieces["b4"] == "b"
    assert "a3" not in pieces and "b6" not in pieces
    assert R.turn(p) == "white"
    assert sum(1 for c in pieces.values() if c == "w") == 12


def test_example_2_column_vi_row_24_is_diagram_10():
    # 2.2.2 example 2: the men on a1 and a7 moved to b4 and a5.
    p = R.start(ballot="VI/24")
    pieces = R.pieces(p)
    assert pieces["b4"] == "w" and pieces["a5"] == "b"
    assert "a1" not in pieces and "a7" not in pieces
    assert R.turn(p) == "white"


def test_every_ballot_is_a_playable_position_with_its_source_recorded():
    table = ballots64.table()
    assert table["source"] and table["status"].startswith("PARTIAL")
    for key in ballots64.keys():
        p = R.start(ballot=key)
        assert R.legal_moves(p) and R.result(p) is None
        assert ballots64.entry(key)["confirmed_by"]


def test_a_draw_by_lot_gives_a_known_ballot():
    rng = random.Random(7)
    assert {ballots64.draw(rng) for _ in range(50)} == set(ballots64.keys())


def test_an_unknown_ballot_is_refused():
    with pytest.raises(IllegalMove, match="no ballot"):
        R.start(ballot="99/99")


def test_other_disciplines_have_no_ballots():
    assert variant("international").start(ballot=None) == variant("international").start()
    with pytest.raises(IllegalMove, match="no balloted starting positions"):
        variant("international").start(ballot="1/16")
