"""Taraguchi-10 (renju) and Swap2 (gomoku and renju) opening rules, every branch.

Sources (see the docstrings of games/rules/renju.py and fiverow.py):
* Taraguchi-N — Wikipedia "Taraguchi opening rule", "Rule details" and the
  section on Taraguchi-N: black h8, the other player may swap; white's 2nd
  inside the central 3×3, swap; black's 3rd inside 5×5, swap; white's 4th
  inside 7×7; then *choice 1* (the other player may swap, black's 5th inside
  9×9, the other player may swap, white's 6th anywhere) or *choice 2* (black
  puts N 5th moves anywhere, no symmetrical ones; white chooses one and
  plays the 6th).  N = 10 here.  The symmetry ban is 002 12.7's.
* Swap2 — Wikipedia "Gomoku" (Swap2) and the vint.ee / vcpr.cz rules pages:
  the first player puts two black stones and one white; the second player
  plays white, takes black, or puts one white and one black stone and lets
  the first player choose the colour.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import IllegalMove, variant
from games.rules.base import BLACK, WHITE

RENJU = variant("renju")
GOMOKU = variant("gomoku")
G = RENJU.geometry


def run(v, p, actions):
    """Play the actions, returning the final position and the (turn, phase) seen before each one."""
    seen = []
    for action in actions:
        seen.append((v.turn(p), p.phase))
        p = v.play(p, action)
    return p, seen


def notations(v, p):
    return [m.notation for m in v.legal_moves(p)]


def square(half):
    return {G.name(i) for i in G.points if G.in_square(i, half)}


# ---- Taraguchi-10 ------------------------------------------------------------
TARAGUCHI_FOUR = ["h8", "stay", "i9", "stay", "j10", "stay", "g7"]  # 1I Chosei, white's 4th on g7
# Ten 5th moves below the a1–o15 diagonal (the position is symmetric about it).
TEN = "i1,k3,m5,n2,o1,o14,l8,j8,k9,e4"


def test_taraguchi_names_and_start():
    assert RENJU.opening_rules["taraguchi10"][1] == "Taraguchi-10 opening rule"
    p = RENJU.start(rule="taraguchi10")
    assert (RENJU.turn(p), p.phase, notations(RENJU, p)) == ("black", "play", ["h8"])  # "first move in the centre"


def test_taraguchi_choice_2_ten_offers_without_swaps():
    p, seen = run(RENJU, RENJU.start(rule="taraguchi10"), TARAGUCHI_FOUR + ["declare 10", TEN, "l8", "a1"])
    assert seen == [
        ("black", "play"),
        ("white", "swap"),  # 1st in the centre; the other player may swap
        ("white", "play"),
        ("black", "swap"),  # 2nd inside 3×3; swap
        ("black", "play"),
        ("white", "swap"),  # 3rd inside 5×5; swap
        ("white", "play"),
        ("black", "swap"),  # 4th inside 7×7; choice 1 (swap/stay) or choice 2
        ("black", "propose"),  # choice 2: black puts ten 5th moves
        ("white", "choose"),  # white chooses one of them ...
        ("white", "play"),  # ... and plays the 6th anywhere
    ]
    assert RENJU.to_fen(p) == "B:Bh8,j10,l8:Wa1,g7,i9"
    assert (RENJU.turn(p), p.phase, p.proposals) == ("black", "play", tuple(G.parse(t) for t in TEN.split(",")))
    assert RENJU.opening(p).code == "1I"


@pytest.mark.parametrize(
    "answers",
    [
        ("swap", "stay", "stay", "stay"),
        ("stay", "swap", "stay", "stay"),
        ("stay", "stay", "swap", "stay"),
        ("swap", "swap", "swap", "swap"),
    ],
)
def test_taraguchi_a_swap_is_offered_after_each_of_the_first_four_stones(answers):
    stones = ["h8", "i9", "j10", "g7"]
    actions = [a for pair in zip(stones, answers) for a in pair]
    p, seen = run(RENJU, RENJU.start(rule="taraguchi10"), actions)
    # The swap decider is always the player who did not place the stone just placed.
    assert [turn for turn, phase in seen if phase == "swap"] == ["white", "black", "white", "black"]
    assert RENJU.to_fen(p) == "B:Bh8,j10:Wg7,i9"
    assert p.history == tuple(actions)


def test_taraguchi_choice_1_fifth_inside_9x9_then_a_last_swap():
    p, seen = run(RENJU, RENJU.start(rule="taraguchi10"), TARAGUCHI_FOUR + ["swap", "l4", "swap", "a15"])
    assert seen[-4:] == [("black", "swap"), ("black", "play"), ("white", "swap"), ("white", "play")]
    assert RENJU.to_fen(p) == "B:Bh8,j10,l4:Wa15,g7,i9"
    assert (RENJU.turn(p), p.phase) == ("black", "play")


def test_taraguchi_stones_must_stay_in_the_growing_central_squares():
    p = RENJU.start(rule="taraguchi10")
    expected = [
        square(0),
        square(1) - square(0),
        square(2) - {"h8", "i9"},
        square(3) - {"h8", "i9", "j10"},
        square(4) - {"h8", "i9", "j10", "g7"},
    ]
    wrong = ["a1", "h10", "h11", "h12", "h13"]
    for n, stone in enumerate(["h8", "i9", "j10", "g7", "l4"]):
        assert set(notations(RENJU, p)) == expected[n]
        with pytest.raises(IllegalMove):
            RENJU.play(p, wrong[n])
        p = RENJU.play(RENJU.play(p, stone), "stay")
    assert "a1" in notations(RENJU, p)  # the 6th: anywhere


def test_taraguchi_offers_ten_anywhere_without_symmetric_equivalents():  # 002 12.7 carried over
    p, _ = run(RENJU, RENJU.start(rule="taraguchi10"), TARAGUCHI_FOUR + ["declare 10"])
    assert p.declared == 10 and "a15" in notations(RENJU, p)  # anywhere, not only 9×9
    q = RENJU.play(p, "a15")
    with pytest.raises(IllegalMove, match="symmetric equivalent"):
        RENJU.play(q, "o1")  # a15's mirror in the a1–o15 diagonal
    with pytest.raises(IllegalMove, match="too many"):
        RENJU.play(p, TEN + ",a2")
    q, _ = run(RENJU, p, TEN.split(",")[:9])
    assert q.phase == "propose"
    q = RENJU.play(q, "e4")
    assert q.phase == "choose" and sorted(notations(RENJU, q)) == sorted(TEN.split(","))
    with pytest.raises(IllegalMove):
        RENJU.play(q, "a2")


def test_taraguchi_declare_10_only_at_the_choice_after_the_fourth_stone():
    p, _ = run(RENJU, RENJU.start(rule="taraguchi10"), ["h8"])
    assert notations(RENJU, p) == ["swap", "stay"]
    for wrong in ("declare 10", "i9", "pass"):
        with pytest.raises(IllegalMove):
            RENJU.play(p, wrong)
    p, _ = run(RENJU, RENJU.start(rule="taraguchi10"), TARAGUCHI_FOUR)
    assert notations(RENJU, p) == ["swap", "stay", "declare 10"]
    with pytest.raises(IllegalMove):
        RENJU.play(p, "declare 5")
    p, _ = run(RENJU, p, ["stay", "l4"])
    assert notations(RENJU, p) == ["swap", "stay"]  # after the 5th: only the swap


def test_taraguchi_no_pass_before_the_protocol_ends():  # 002 12.9
    p, _ = run(RENJU, RENJU.start(rule="taraguchi10"), TARAGUCHI_FOUR + ["stay"])
    assert "pass" not in notations(RENJU, p)
    p, _ = run(RENJU, p, ["l4", "stay"])
    assert "pass" in notations(RENJU, p)


# ---- Swap2 -------------------------------------------------------------------
@pytest.mark.parametrize("v", [GOMOKU, variant("gomoku-standard"), RENJU], ids=lambda v: v.name)
def test_swap2_is_offered_for_gomoku_and_renju(v):
    assert v.opening_rules["swap2"][1] == "Swap2 opening rule"
    p = v.start(rule="swap2")
    assert (v.turn(p), p.phase, p.to_move) == ("black", "place", "black")


def test_swap2_the_first_player_places_black_white_black():
    p, seen = run(GOMOKU, GOMOKU.start(rule="swap2"), ["a1", "o15", "c3"])
    assert [turn for turn, _ in seen] == ["black", "black", "black"]  # one player, whatever the stone's colour
    assert GOMOKU.to_fen(p) == "W:Ba1,c3:Wo15"
    assert (GOMOKU.turn(p), p.phase, notations(GOMOKU, p)) == ("white", "swap", ["swap", "stay", "place2"])


@pytest.mark.parametrize("choice", ["swap", "stay"])
def test_swap2_the_second_player_takes_a_colour_and_white_plays_the_4th(choice):
    p, _ = run(GOMOKU, GOMOKU.start(rule="swap2"), ["h8", "h9", "j10", choice])
    # "swap": the second player is now black and the first player, white, plays the 4th;
    # "stay": the second player keeps white and plays the 4th.  Either way white is to move.
    assert (GOMOKU.turn(p), p.phase, p.to_move) == ("white", "play", "white")
    assert "pass" in notations(GOMOKU, p) and p.history[-1] == choice


@pytest.mark.parametrize("choice", ["swap", "stay"])
def test_swap2_place_two_more_then_the_first_player_chooses(choice):
    p, seen = run(GOMOKU, GOMOKU.start(rule="swap2"), ["h8", "h9", "j10", "place2", "g7", "k11", choice, "f6"])
    assert seen[3:] == [
        ("white", "swap"),  # the second player: option 3
        ("white", "place"),
        ("white", "place"),  # he puts a white and a black stone
        ("black", "swap"),  # the first player chooses the colour
        ("white", "play"),
    ]  # white plays the 6th
    assert GOMOKU.to_fen(p) == "B:Bh8,j10,k11:Wf6,g7,h9"
    assert (GOMOKU.turn(p), p.phase) == ("black", "play")


def test_swap2_in_renju_keeps_black_first_on_h8_and_the_rest_anywhere():  # 000 9.2.4.1
    p = RENJU.start(rule="swap2")
    assert notations(RENJU, p) == ["h8"]
    p, _ = run(RENJU, p, ["h8", "a1", "o15", "place2", "a15", "o1", "stay", "b2"])
    assert RENJU.to_fen(p) == "B:Bh8,o1,o15:Wa1,a15,b2" and RENJU.opening(p) is None


def test_swap2_refuses_actions_of_another_step():
    p, _ = run(GOMOKU, GOMOKU.start(rule="swap2"), ["h8", "h9"])
    for wrong in ("swap", "place2", "pass"):
        with pytest.raises(IllegalMove):
            GOMOKU.play(p, wrong)
    p = GOMOKU.play(p, "j10")
    for wrong in ("a1", "pass", "declare 10"):
        with pytest.raises(IllegalMove, match="'swap' or 'stay' or 'place2'"):
            GOMOKU.play(p, wrong)
    p, _ = run(GOMOKU, p, ["place2", "a1", "a2"])
    with pytest.raises(IllegalMove):
        GOMOKU.play(p, "place2")  # only once


def test_without_an_opening_rule_gomoku_is_unchanged():
    p = GOMOKU.start()
    assert p.phase == "play" and len(notations(GOMOKU, p)) == 225
    with pytest.raises(IllegalMove, match="unknown opening rule"):
        GOMOKU.start(rule="taraguchi10")  # a renju rule only


# ---- properties --------------------------------------------------------------
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _expected_player(rule, p, placer, holder):
    """Which of "first"/"second" the rule text gives the next action to (a model independent of ``turn``)."""
    if p.phase == "propose":
        return holder[BLACK]
    if p.phase == "choose":
        return holder[WHITE]
    if rule == "swap2":
        if p.phase == "place":
            return "first" if p.stones < 3 else "second"
        if p.phase == "swap":
            return "second" if p.stones == 3 else "first"
        return holder[p.to_move]
    if p.phase == "swap":  # Taraguchi: the player who did not place the stone just placed
        return "second" if placer == "first" else "first"
    return holder[p.to_move]


@SETTINGS
@given(st.sampled_from([(RENJU, "taraguchi10"), (RENJU, "swap2"), (GOMOKU, "swap2")]), st.data())
def test_the_protocol_gives_every_action_to_the_right_player_and_ends_in_a_normal_position(case, data):
    v, rule = case
    p = v.start(rule=rule)
    holder = {BLACK: "first", WHITE: "second"}  # the first player starts as (tentative) black
    placer = None
    for _ in range(40):
        if p.phase == "play" and p.stones >= (5 if rule == "taraguchi10" else 3):
            break  # the protocol is over
        acting = holder[v.turn(p)]
        assert acting == _expected_player(rule, p, placer, holder), (p.history, p.phase)
        moves = notations(v, p)
        assert moves, p.history
        # Nobody may act with another step's vocabulary: a stone in a decision, a decision at a stone.
        if p.phase == "swap":
            assert set(moves) <= {"swap", "stay", "place2", "declare 10"}
        else:
            assert not {"swap", "stay", "place2", "pass"} & set(moves)
        action = data.draw(st.sampled_from(moves))
        before = p
        p = v.play(p, action)
        if action == "swap":
            holder = {BLACK: holder[WHITE], WHITE: holder[BLACK]}
        if p.stones > before.stones:
            placer = acting
    else:
        raise AssertionError(f"the protocol did not end: {p.history}")
    # After the protocol: a normal game position, the side with fewer stones to move.
    blacks, whites = p.board.count("b"), p.board.count("w")
    assert v.turn(p) == p.to_move == (BLACK if blacks == whites else WHITE)
    assert p.phase == "play" and "pass" in notations(v, p)
    fresh = v.from_fen(v.to_fen(p))
    assert set(notations(v, fresh)) == set(notations(v, p))
    assert not {"swap", "stay", "place2"} & set(notations(v, p))


# ---- records -----------------------------------------------------------------
@pytest.mark.parametrize(
    "variant_name, rule, moves",
    [
        ("renju", "taraguchi10", TARAGUCHI_FOUR + ["declare 10", TEN, "l8", "a1"]),
        ("renju", "taraguchi10", TARAGUCHI_FOUR + ["swap", "l4", "swap", "a1"]),
        ("renju", "swap2", ["h8", "h9", "j10", "stay", "g7"]),
        ("gomoku", "swap2", ["a1", "b2", "c3", "place2", "d4", "e5", "swap", "f6"]),
    ],
)
@pytest.mark.parametrize("fmt", ["plain", "sgf"])
def test_records_keep_every_protocol_step_and_replay(variant_name, rule, moves, fmt):
    from games.rules.renju_records import Record, read_records, replay, write_record

    record = Record(list(moves), rule, "*", {}, variant_name)
    text = write_record(record, fmt)
    back = read_records(text)[0]
    assert (back.variant, back.rule, back.moves) == (variant_name, rule, moves)
    if fmt == "sgf" and "place2" in moves:
        assert ";SW[place2]" in text  # the colour decision node, as for swap/stay
    assert replay(back) == run(variant(variant_name), variant(variant_name).start(rule=rule), moves)[0]
