"""Conditional moves in correspondence: "if he plays X, answer Y",
played by the server at the opponent's move, dropped when he plays otherwise."""

import pytest
from django.utils import translation

from games import conditional
from games.events import turns_announce
from games.models import ConditionalLine, Game
from games.services import RuleRefusal, game_move_make
from tests.games_web.helpers import start_game

pytestmark = pytest.mark.django_db


def moves_of(game):
    return list(game.moves.order_by("ply").values_list("notation", flat=True))


def test_the_prepared_answer_is_played_when_the_opponent_plays_the_foreseen_move(anna, boris):
    game = start_game(white=anna, black=boris)
    game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    # Boris to move; Anna prepares two pairs.
    conditional.conditional_line_set(game_id=game.id, member=anna, moves=["b6-a5", "b2-c3", "a7-b6", "a1-b2"])
    game_move_make(game_id=game.id, member=boris, text="b6-a5", expected_ply=1)
    turns_announce()
    assert moves_of(game)[-2:] == ["b6-a5", "b2-c3"]
    assert ConditionalLine.objects.get().moves == ["a7-b6", "a1-b2"]
    game_move_make(game_id=game.id, member=boris, text="a7-b6", expected_ply=3)
    turns_announce()
    assert moves_of(game)[-1] == "a1-b2" and not ConditionalLine.objects.exists()


def test_another_reply_cancels_the_line(anna, boris):
    game = start_game(white=anna, black=boris)
    game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    conditional.conditional_line_set(game_id=game.id, member=anna, moves=["f6-g5", "g3-h4"])
    game_move_make(game_id=game.id, member=boris, text="b6-a5", expected_ply=1)
    turns_announce()
    assert Game.objects.get(id=game.id).ply == 2 and not ConditionalLine.objects.exists()


def test_a_line_is_checked_against_the_rules_and_only_prepared_on_the_opponents_turn(anna, boris):
    game = start_game(white=anna, black=boris)
    with pytest.raises(RuleRefusal):  # Anna is to move: she moves, not prepares
        conditional.conditional_line_set(game_id=game.id, member=anna, moves=["f6-g5", "g3-h4"])
    with translation.override("en"), pytest.raises(RuleRefusal) as refused:  # worded in the reader's language
        conditional.conditional_line_set(game_id=game.id, member=boris, moves=["c3-d4", "a7-b6"])
    assert "Move 2" in str(refused.value)
    assert conditional.conditional_line_set(game_id=game.id, member=boris, moves=["c3-d4", "f6-g5"]).moves == [
        "c3-d4",
        "f6-g5",
    ]


def test_the_turn_notice_goes_to_whoever_is_to_move_after_the_prepared_answer(anna, boris):
    from club.notifications.models import Notification

    game = start_game(white=anna, black=boris)
    game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    conditional.conditional_line_set(game_id=game.id, member=anna, moves=["b6-a5", "b2-c3"])
    game_move_make(game_id=game.id, member=boris, text="b6-a5", expected_ply=1)
    Notification.objects.all().delete()
    turns_announce()
    turns_announce()
    assert set(Notification.objects.values_list("recipient__username", flat=True)) == {"boris"}
