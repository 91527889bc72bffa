"""The state the game page draws (games.live.game_state): legal moves with
their paths, renju foul points, clocks and the viewer's buttons."""

import pytest

from games import live, services
from tests.games_web.helpers import start_game

pytestmark = pytest.mark.django_db


def test_black_to_move_in_renju_sees_the_forbidden_points(anna, boris):
    # h8-i8 and j10-j11 both become open threes at j8: a double three (002 9.2).
    game = start_game(white=boris, black=anna, discipline="renju", start_fen="B:Bh8,i8,j10,j11:Wa1,a2,a15,o1")
    state = live.game_state(game.id, anna)
    assert state["fouls"] == ["j8"]
    assert "j8" not in {m["notation"] for m in state["legal_moves"]}
    assert state["board"] == {"size": 15, "kind": "stones", "notation": "algebraic"}


def test_white_to_move_in_renju_has_no_foul_marks(anna, boris):
    game = start_game(white=boris, black=anna, discipline="renju", start_fen="B:Bh8,i8,j10,j11:Wa1,a2,a15,o1")
    services.game_move_make(game_id=game.id, member=anna, text="o15", expected_ply=0)
    assert live.game_state(game.id, boris)["fouls"] == []


def test_a_multi_capture_carries_every_landing_square(anna, boris):
    game = start_game(white=anna, black=boris, discipline="russian", start_fen="W:Wc3:Bd4,f6,b8")
    moves = live.game_state(game.id, anna)["legal_moves"]
    # The notation names start and end only; the board needs the landing squares between.
    assert [(m["notation"], m["path"]) for m in moves] == [("c3:g7", ["c3", "e5", "g7"])]


def test_the_international_board_is_numbered(anna, boris):
    game = start_game(white=anna, black=boris, discipline="international")
    state = live.game_state(game.id, anna)
    assert state["board"] == {"size": 10, "kind": "draughts", "notation": "numeric"}
    assert ("32-28", ["32", "28"]) in [(m["notation"], m["path"]) for m in state["legal_moves"]]


def test_only_the_player_to_move_gets_legal_moves_and_the_clock_runs_for_him(anna, boris):
    game = start_game(white=anna, black=boris, time_control="300")
    white, black = live.game_state(game.id, anna), live.game_state(game.id, boris)
    assert white["my_turn"] and white["legal_moves"]
    assert not black["my_turn"] and black["legal_moves"] == []
    # A challenge's first moves are off the clock; the player is told by when to make his.
    assert white["clock"]["running"] is None and white["clock"]["white_ms"] == 300_000
    assert white["start_text"] and black["start_text"] == ""
    services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    services.game_move_make(game_id=game.id, member=boris, text="f6-g5", expected_ply=1)
    white, black = live.game_state(game.id, anna), live.game_state(game.id, boris)
    assert white["clock"]["running"] == "white" and black["clock"]["black_ms"] == 300_000


def test_abort_before_both_have_moved_then_resign_styled_apart(anna, boris):
    game = start_game(white=anna, black=boris)
    assert [b["id"] for b in live.game_state(game.id, anna)["buttons"]] == ["abort"]
    services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    services.game_move_make(game_id=game.id, member=boris, text="f6-g5", expected_ply=1)
    assert [b["id"] for b in live.game_state(game.id, anna)["buttons"]] == ["resign"]
    buttons = live.game_state(game.id, boris)["buttons"]
    assert [(b["id"], b["style"]) for b in buttons] == [("draw-offer", ""), ("resign", "danger")]


def test_the_repetition_claim_is_offered_only_to_the_side_to_move_on_a_third_occurrence(anna, boris):
    # 2.1.9.1.9 / 2.1.9.2: kings shuffle back and forth; the start stands a third time after 8 plies.
    game = start_game(white=anna, black=boris, start_fen="W:WKc1,Kh2:BKa7,Kh8", time_control="1800+30")
    shuffle = ["c1-d2", "a7-b8", "d2-c1", "b8-a7"] * 2
    for ply, text in enumerate(shuffle):
        member = anna if ply % 2 == 0 else boris
        assert "claim" not in [b["id"] for b in live.game_state(game.id, member)["buttons"]], ply
        services.game_move_make(game_id=game.id, member=member, text=text, expected_ply=ply)
    assert "claim" in [b["id"] for b in live.game_state(game.id, anna)["buttons"]]
    assert "claim" not in [b["id"] for b in live.game_state(game.id, boris)["buttons"]]


def test_connect6_sends_the_points_of_a_two_stone_turn_not_every_pair(anna, boris):
    game = start_game(white=boris, black=anna, discipline="connect6")
    first = live.game_state(game.id, anna)
    assert first["pair_points"] == [] and len(first["legal_moves"]) == 19 * 19
    services.game_move_make(game_id=game.id, member=anna, text="j10", expected_ply=0)
    state = live.game_state(game.id, boris)
    assert len(state["pair_points"]) == 19 * 19 - 1 and "j10" not in state["pair_points"]
    assert all("," not in m["notation"] for m in state["legal_moves"])
    services.game_move_make(game_id=game.id, member=boris, text="k11,l12", expected_ply=1)
    assert live.game_state(game.id, anna)["moves"][-1]["path"] == ["k11", "l12"]


def test_the_side_to_move_may_claim_with_the_written_move_that_would_repeat(anna, boris):
    # 2.1.9.2: the claim may name the move that would make the third occurrence; it is not played.
    game = start_game(white=anna, black=boris, start_fen="W:WKc1,Kh2:BKa7,Kh8", time_control="1800+30")
    for ply, text in enumerate(["c1-d2", "a7-b8", "d2-c1", "b8-a7", "c1-d2", "a7-b8", "d2-c1"]):
        services.game_move_make(game_id=game.id, member=anna if ply % 2 == 0 else boris, text=text, expected_ply=ply)
    offered = [b for b in live.game_state(game.id, boris)["buttons"] if b["id"] == "claim-with-move"]
    assert [b["body"] for b in offered] == [{"expected_ply": 7, "move": "b8-a7"}]
    assert not [b for b in live.game_state(game.id, anna)["buttons"] if b["id"] == "claim-with-move"]
    game = services.game_repetition_claim(game_id=game.id, member=boris, **offered[0]["body"])
    assert game.ply == 7 and game.result == "1/2-1/2"
