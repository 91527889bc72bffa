"""Threefold repetition is a claim checked by the server (2.1.9.1.9, procedure 2.1.9.2)."""

import pytest

from games.models import Move
from games.services import RuleRefusal, game_repetition_claim

from .conftest import at, play

SHUFFLE = ["c1-d2", "a7-b8", "d2-c1", "b8-a7"]  # kings go back and forth


@pytest.fixture
def kings(new_game):
    return new_game(start_fen="W:WKc1,Kh2:BKa7,Kh8", time_control="1800+30")


def _shuffle(game, anna, boris, plies, start=1):
    for n in range(plies):
        member = anna if n % 2 == 0 else boris
        game = play(game, member, SHUFFLE[n % 4], start + n)
    return game


def test_a_true_claim_after_the_opponents_move_draws(kings, anna, boris):
    # the start position stands for the 3rd time after 8 plies; white to move claims
    game = _shuffle(kings, anna, boris, 8)
    game = game_repetition_claim(game_id=game.pk, member=anna, expected_ply=8, now=at(20))
    assert (game.result, game.termination, game.termination_clause) == ("1/2-1/2", "repetition", "003 2.1.9.2")


def test_a_false_claim_is_refused_and_play_goes_on(kings, anna, boris):
    game = _shuffle(kings, anna, boris, 4)  # only the second time
    with pytest.raises(RuleRefusal) as refused:
        game_repetition_claim(game_id=game.pk, member=anna, expected_ply=4, now=at(20))
    assert refused.value.code == "claim-refused"
    game.refresh_from_db()
    assert game.status == "active" and game.ply == 4


def test_a_claim_with_the_intended_move_is_written_not_played(kings, anna, boris):
    # after 7 plies, black's intended b8-a7 would repeat the start a third time (2.1.9.2, second case)
    game = _shuffle(kings, anna, boris, 7)
    game = game_repetition_claim(game_id=game.pk, member=boris, expected_ply=7, move="b8-a7", now=at(20))
    assert game.result == "1/2-1/2"
    assert Move.objects.filter(game=game).count() == 7


def test_only_the_side_to_move_may_claim(kings, anna, boris):
    game = _shuffle(kings, anna, boris, 8)
    with pytest.raises(RuleRefusal) as refused:
        game_repetition_claim(game_id=game.pk, member=boris, expected_ply=8, now=at(20))
    assert refused.value.code == "not-your-turn"
