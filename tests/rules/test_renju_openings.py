"""Renju opening rules played end to end (002 §11–12; Yamaguchi; Soosõrv-8).

Sources of the procedures: 002 12.1–12.9 (RIF 1996); renju.net rule page
"Yamaguchi rule" and Wikipedia "Yamaguchi opening rule"; Wikipedia "Soosõrv
opening rule" (Soosõrv-N, RIF-certified 2011, Soosõrv-8 for World
Championships since 2017).  See the docstring of games/rules/renju.py.
"""

import pytest

from games.rules import IllegalMove, variant
from games.rules.renju_openings import OPENINGS, identify, opening_board

RENJU = variant("renju")


def run(p, actions):
    """Play the actions, returning the (turn, phase) seen before each one."""
    seen = []
    for action in actions:
        seen.append((RENJU.turn(p), p.phase))
        p = RENJU.play(p, action)
    return p, seen


def notations(p):
    return [m.notation for m in RENJU.legal_moves(p)]


def test_rif_1996_end_to_end():
    p, seen = run(RENJU.start(rule="rif"), ["h8", "h9", "j10", "swap", "i7", "i9,k10", "k10", "g8"])
    assert seen == [
        ("black", "opening"),
        ("black", "opening"),
        ("black", "opening"),  # 12.2-4: tentative black, all three
        ("white", "swap"),  # 12.5: tentative white chooses colours
        ("white", "play"),  # 12.6: 4th move anywhere
        ("black", "propose"),  # 12.7: two 5th-move offers
        ("white", "choose"),  # 12.7: white picks one
        ("white", "play"),  # then the 6th move
    ]
    assert RENJU.to_fen(p) == "B:Bh8,j10,k10:Wg8,h9,i7"
    assert RENJU.turn(p) == "black" and p.phase == "play"
    assert RENJU.opening(p).code == "3D"  # Sosei: h8, h9, j10


def test_the_swap_decision_is_offered_as_two_actions_and_stones_stay_put():  # 002 12.5
    p, _ = run(RENJU.start(rule="rif"), ["h8", "h9", "j10"])
    assert notations(p) == ["swap", "stay"]
    assert RENJU.to_fen(RENJU.play(p, "swap")) == RENJU.to_fen(RENJU.play(p, "stay"))


@pytest.mark.parametrize(
    "action, reason", [("i7", "'swap' or 'stay'"), ("pass", "'swap' or 'stay'"), ("declare 2", "'swap' or 'stay'")]
)
def test_an_action_out_of_turn_in_the_protocol_is_refused(action, reason):
    p, _ = run(RENJU.start(rule="rif"), ["h8", "h9", "j10"])
    with pytest.raises(IllegalMove, match=reason):
        RENJU.play(p, action)
    q, _ = run(p, ["stay", "i7", "i9,k10"])
    for wrong in ["swap", "pass", "a1", "declare 2"]:
        with pytest.raises(IllegalMove):
            RENJU.play(q, wrong)
    assert q.phase == "choose" and RENJU.to_fen(q) == "B:Bh8,j10:Wh9,i7"


def test_the_first_three_stones_must_form_one_of_the_26_openings():  # 002 §11
    p = RENJU.start(rule="rif")
    assert notations(p) == ["h8"]
    p = RENJU.play(p, "h8")
    assert sorted(notations(p)) == sorted(["g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9"])
    with pytest.raises(IllegalMove, match="must touch h8"):
        RENJU.play(p, "h10")
    p = RENJU.play(p, "h9")
    with pytest.raises(IllegalMove, match="central 5×5"):
        RENJU.play(p, "h11")
    assert len(notations(p)) == 25 - 2


def test_no_pass_during_the_opening_protocol():  # 002 12.9
    p, _ = run(RENJU.start(rule="rif"), ["h8", "h9", "j10", "stay"])
    assert "pass" not in notations(p)
    with pytest.raises(IllegalMove, match="12.9"):
        RENJU.play(p, "pass")


def test_a_symmetric_pair_of_fifth_moves_is_refused():  # 002 12.7
    # h8, h9, h10 black/white/black and white h7: the column h is a mirror line,
    # so g8 and i8 are the same offer.
    p, _ = run(RENJU.start(rule="rif"), ["h8", "h9", "h10", "stay", "h7"])
    with pytest.raises(IllegalMove, match="i8 is a symmetric equivalent of the offer g8"):
        RENJU.play(p, "g8,i8")
    with pytest.raises(IllegalMove, match="already offered"):
        RENJU.play(p, "g8,g8")
    assert RENJU.to_fen(RENJU.play(p, "g8,i9")) == RENJU.to_fen(p)  # offers put no stone down
    assert RENJU.play(p, "g8,i9").phase == "choose"


def test_offers_may_also_be_made_one_at_a_time_and_exclude_equivalents():
    p, _ = run(RENJU.start(rule="rif"), ["h8", "h9", "h10", "stay", "h7"])
    p = RENJU.play(p, "g8")
    assert p.phase == "propose" and RENJU.turn(p) == "black"
    assert "i8" not in notations(p) and "g8" not in notations(p) and "i9" in notations(p)
    p = RENJU.play(p, "i9")
    assert notations(p) == ["g8", "i9"]
    with pytest.raises(IllegalMove, match="one of the offered 5th moves"):
        RENJU.play(p, "j9")


def test_a_pair_that_is_symmetric_only_on_an_empty_board_is_accepted():
    p, _ = run(RENJU.start(rule="rif"), ["h8", "h9", "j10", "stay", "i7"])
    assert RENJU.play(p, "g8,i8").phase == "choose"


def test_yamaguchi_end_to_end():
    p, seen = run(
        RENJU.start(rule="yamaguchi"), ["h8", "i9", "j10", "declare 3", "stay", "h6", "g8,k10,f10", "f10", "e11"]
    )
    assert [s for s in seen] == [
        ("black", "opening"),
        ("black", "opening"),
        ("black", "opening"),
        ("black", "declare"),  # the first player declares how many 5th moves
        ("white", "swap"),  # the next player may swap
        ("white", "play"),  # 4th move anywhere
        ("black", "propose"),  # as many 5th moves as declared
        ("white", "choose"),
        ("white", "play"),
    ]
    assert RENJU.to_fen(p) == "B:Bf10,h8,j10:We11,h6,i9"
    assert RENJU.opening(p).code == "1I"  # Chosei: h8, i9, j10


def test_yamaguchi_declaration_bounds_and_wrong_counts():
    p, _ = run(RENJU.start(rule="yamaguchi"), ["h8", "i9", "j10"])
    assert notations(p) == [f"declare {n}" for n in range(1, 11)]
    for bad in ["declare 0", "declare 11", "declare", "3", "h7"]:
        with pytest.raises(IllegalMove, match="declare N"):
            RENJU.play(p, bad)
    p, _ = run(p, ["declare 2", "stay", "h6"])
    with pytest.raises(IllegalMove, match="too many"):
        RENJU.play(p, "g8,k10,f10")


def test_a_single_declared_fifth_move_is_simply_played():
    p, _ = run(RENJU.start(rule="yamaguchi"), ["h8", "i9", "j10", "declare 1", "stay", "h6", "g8"])
    assert p.phase == "play" and RENJU.turn(p) == "white"
    assert RENJU.to_fen(p) == "W:Bg8,h8,j10:Wh6,i9"


def test_soosorv_8_end_to_end():
    p, seen = run(
        RENJU.start(rule="soosorv8"), ["h8", "h9", "i10", "stay", "j8", "declare 2", "swap", "g10,g7", "g7", "k11"]
    )
    assert seen == [
        ("black", "opening"),
        ("black", "opening"),
        ("black", "opening"),
        ("white", "swap"),  # the other player may swap
        ("white", "play"),  # 4th move anywhere ...
        ("white", "declare"),  # ... and declares 1-8 fifth moves
        ("black", "swap"),  # the other player may swap again
        ("black", "propose"),
        ("white", "choose"),
        ("white", "play"),
    ]
    assert RENJU.to_fen(p) == "B:Bg7,h8,i10:Wh9,j8,k11"


def test_soosorv_8_allows_at_most_eight_offers():
    p, _ = run(RENJU.start(rule="soosorv8"), ["h8", "h9", "i10", "stay", "j8"])
    assert notations(p)[-1] == "declare 8"
    with pytest.raises(IllegalMove, match="from 1 to 8"):
        RENJU.play(p, "declare 9")


def test_no_rule_means_black_on_h8_then_free_play():  # 000 9.2.4.1
    p, seen = run(RENJU.start(rule="none"), ["h8", "a1", "o15"])
    assert [phase for _, phase in seen] == ["play"] * 3


def test_an_unknown_rule_is_refused():
    with pytest.raises(IllegalMove, match="unknown opening rule"):
        RENJU.start(rule="taraguchi")


def test_the_table_holds_26_distinct_openings_covering_every_legal_start():  # 002 §11
    g = RENJU.geometry
    assert len(OPENINGS) == 26 and len({o.name for o in OPENINGS}) == 26
    assert [o.code for o in OPENINGS[:13]] == [f"{n}D" for n in range(1, 14)]
    found = set()
    for white in g.points:
        if white == g.centre or not g.in_square(white, 1):
            continue
        for black in g.points:
            if black in (white, g.centre) or not g.in_square(black, 2):
                continue
            board = g.empty_board
            board = board[: g.centre] + "b" + board[g.centre + 1 :]
            board = board[:white] + "w" + board[white + 1 :]
            board = board[:black] + "b" + board[black + 1 :]
            found.add(identify(board, g).code)
    assert len(found) == 26


@pytest.mark.parametrize("opening", OPENINGS, ids=[o.code for o in OPENINGS])
def test_each_canonical_drawing_identifies_as_itself(opening):
    assert identify(opening_board(opening, RENJU.geometry), RENJU.geometry) == opening


def test_published_examples_pin_the_numbering():
    # "8d: 1 h8, 2 h9, 3 h7" and "6i: 1 h8, 2 i9, 3 i8" (K. Lindberg's renju.net blog, 2008)
    p, _ = run(RENJU.start(), ["h8", "h9", "h7"])
    assert RENJU.opening(p).code == "8D"
    p, _ = run(RENJU.start(), ["h8", "i9", "i8"])
    assert RENJU.opening(p).code == "6I"
