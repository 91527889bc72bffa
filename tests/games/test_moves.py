"""Moves: turn, expected ply, idempotency, rules refusals (life of a move)."""

import pytest
from django.db import connection

from games.models import Move
from games.services import Conflict, Forbidden, RuleRefusal, game_move_make

from .conftest import at, play


def test_a_legal_move_is_stored_with_its_ply_and_the_turn_passes(new_game, anna):
    game = play(new_game(starts_at=at(0), present=True), anna, "c3-d4", 2)  # both at the board (1.6.3)
    assert game.ply == 1 and game.to_move == "black"
    move = Move.objects.get(game=game)
    assert (move.ply, move.notation, move.colour, move.elapsed_ms) == (1, "c3-d4", "white", 2000)
    assert game.white_ms == 298_000


def test_an_illegal_move_is_refused_naming_the_reason_and_changes_nothing(new_game, anna):
    game = new_game()
    with pytest.raises(RuleRefusal) as refused:
        game_move_make(game_id=game.pk, member=anna, text="c3-c5", expected_ply=0, now=at(1))
    assert refused.value.code == "illegal-move" and refused.value.detail
    assert not Move.objects.filter(game=game).exists()


def test_a_player_cannot_move_out_of_turn(new_game, boris):
    game = new_game()
    with pytest.raises(RuleRefusal) as refused:
        game_move_make(game_id=game.pk, member=boris, text="f6-g5", expected_ply=0, now=at(1))
    assert refused.value.code == "not-your-turn"


def test_a_spectator_cannot_move(new_game, chiara):
    game = new_game()
    with pytest.raises(Forbidden):
        game_move_make(game_id=game.pk, member=chiara, text="c3-d4", expected_ply=0, now=at(1))


def test_a_stale_ply_gets_a_conflict_and_changes_nothing(new_game, anna, boris):
    game = play(new_game(), anna, "c3-d4", 1)
    with pytest.raises(Conflict) as stale:
        game_move_make(game_id=game.pk, member=boris, text="f6-g5", expected_ply=0, now=at(2))
    assert stale.value.code == "stale-ply"
    assert Move.objects.filter(game=game).count() == 1


def test_a_retry_with_the_same_idempotency_key_returns_the_first_result(new_game, anna):
    game = new_game()
    first = game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, idempotency_key="k1", now=at(1))
    again = game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, idempotency_key="k1", now=at(9))
    assert again.replayed and again.move.pk == first.move.pk
    assert Move.objects.filter(game=game).count() == 1


def test_an_idempotency_key_reused_for_another_move_is_a_conflict(new_game, anna, boris):
    game = play(new_game(), anna, "c3-d4", 1, idempotency_key="k1")
    with pytest.raises(Conflict) as reused:
        game_move_make(game_id=game.pk, member=boris, text="f6-g5", expected_ply=1, idempotency_key="k1", now=at(2))
    assert reused.value.code == "idempotency-key-reused"


def test_the_move_list_has_no_gaps(new_game, anna, boris):
    game = new_game()
    for n, (member, text) in enumerate([(anna, "c3-d4"), (boris, "f6-g5"), (anna, "g3-f4"), (boris, "g5-h4")]):
        game = play(game, member, text, n + 1)
    assert list(Move.objects.filter(game=game).values_list("ply", flat=True)) == [1, 2, 3, 4]


def test_a_move_that_wins_by_the_rules_ends_the_game(new_game, anna, boris):
    # 2.1.8: black's last man is captured
    game = new_game(start_fen="W:Wc3:Bd4")
    game = play(game, anna, "c3:e5", 1)
    assert (game.status, game.result, game.termination, game.termination_clause) == (
        "finished",
        "1-0",
        "no-pieces",
        "2.1.8.1",
    )
    assert game.deadline is None and game.events.filter(kind="finished").count() == 1


def test_no_move_after_the_game_is_over(new_game, anna, boris):
    game = play(new_game(start_fen="W:Wc3:Bd4"), anna, "c3:e5", 1)
    with pytest.raises(Conflict) as over:
        game_move_make(game_id=game.pk, member=boris, text="a7-b6", expected_ply=1, now=at(2))
    assert over.value.code == "game-over"


@pytest.mark.embedded
@pytest.mark.skipif(connection.vendor == "postgresql", reason="PostgreSQL stores a move in one statement")
def test_without_insert_returning_a_move_is_stored_all_the_same(new_game, anna, boris, monkeypatch):
    """SQLite before 3.35 has no INSERT … RETURNING: the move goes in through the ORM."""
    monkeypatch.setattr(connection.features, "can_return_columns_from_insert", False)
    game = play(play(new_game(), anna, "c3-d4", 1), boris, "f6-g5", 2)
    assert list(Move.objects.filter(game=game).values_list("ply", "notation")) == [(1, "c3-d4"), (2, "f6-g5")]
    assert game.ply == 2 and game.to_move == "white"
