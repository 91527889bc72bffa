"""On PostgreSQL a move that only moves takes no lock and no transaction
(games/services/play.py): it reads the game, then writes move and game in one
statement that applies only if the game row is still the version it read.

Whatever commits between the read and the write makes the move start again on
the locked path, which answers as if that write had come first. These tests put
a real write, committed, between the two (the read is wrapped, nothing of the
database is mocked) and check the answer and that nothing is stored twice.
They need transactions of their own (a test inside one takes the locked path).
"""

import os

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import sql
from games.models import Game, GameEvent, Move
from games.services import Conflict, RuleRefusal, game_move_make, game_resign

from .conftest import at

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="the unlocked move is PostgreSQL's: set DATABASE_URL=postgres://…",
    ),
]


@pytest.fixture
def between(monkeypatch):
    """``between(write)``: ``write()`` commits right after the next move's unlocked read."""

    def arrange(write):
        read = sql.game_with_vacations
        pending = [write]

        def read_then_write(*args, **kwargs):
            found = read(*args, **kwargs)
            while pending:
                pending.pop()()
            return found

        monkeypatch.setattr(sql, "game_with_vacations", read_then_write)

    return arrange


def moves_of(game) -> list[tuple[int, str]]:
    return list(Move.objects.filter(game=game).order_by("ply").values_list("ply", "notation"))


def test_a_plain_move_locks_nothing_and_writes_once(new_game, anna):
    game = new_game(time_control="d3")
    with CaptureQueriesContext(connection) as queries:
        game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, now=at(1))
    statements = [q["sql"] for q in queries]
    assert not any("FOR UPDATE" in s for s in statements)
    assert sum(s.lstrip().startswith("WITH changed AS (UPDATE") for s in statements) == 1
    game.refresh_from_db()
    assert game.ply == 1 and moves_of(game) == [(1, "c3-d4")]
    assert game.turn_unannounced  # the correspondence turn is still announced


def test_a_resignation_between_the_read_and_the_write_ends_the_game_first(new_game, anna, boris, between):
    game = new_game(time_control="d3")
    between(lambda: game_resign(game_id=game.pk, member=boris, now=at(1)))
    with pytest.raises(Conflict) as refused:
        game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, now=at(2))
    assert refused.value.code == "game-over"
    game.refresh_from_db()
    assert game.result == "1-0" and game.termination == "resign" and moves_of(game) == []


def test_a_racing_move_between_the_read_and_the_write_wins_and_ours_is_stale(new_game, anna, between):
    game = new_game(time_control="d3")
    between(lambda: game_move_make(game_id=game.pk, member=anna, text="c3-b4", expected_ply=0, now=at(1)))
    with pytest.raises(Conflict) as refused:
        game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, now=at(2))
    assert refused.value.code == "stale-ply"
    assert moves_of(game) == [(1, "c3-b4")]


def test_a_write_that_changes_nothing_the_move_needs_only_sends_it_the_locked_way(new_game, anna, between):
    game = new_game(time_control="d3")
    # The turn announcer clears its flag: the row's version changes, the game does not.
    between(lambda: Game.objects.filter(pk=game.pk).update(turn_unannounced=False))
    outcome = game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, now=at(2))
    game.refresh_from_db()
    assert outcome.move.ply == 1 and game.ply == 1 and moves_of(game) == [(1, "c3-d4")]
    assert game.turn_unannounced  # set again by the move, for Boris's turn


def test_a_retry_with_the_same_key_gets_the_first_answer_and_stores_nothing_more(new_game, anna):
    game = new_game(time_control="d3")
    first = game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, idempotency_key="k1", now=at(1))
    again = game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, idempotency_key="k1", now=at(2))
    assert again.replayed and again.move.pk == first.move.pk and moves_of(game) == [(1, "c3-d4")]


def test_a_draw_offered_with_the_move_is_written_with_it(new_game, anna):
    # 003 2.1.9.3: an offer is made right after one's own move.
    game = new_game(time_control="d3")
    game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, offer_draw=True, now=at(1))
    game.refresh_from_db()
    assert (game.ply, game.draw_offer_by, game.draw_offer_ply) == (1, "white", 1)


# 003 1.7.9: a move that comes after the flag fell is refused and the game ends on time,
# which only the locked path does.
def test_a_move_after_the_flag_fell_ends_the_game_on_time_the_locked_way(new_game, anna, boris):
    game = new_game(time_control="300")
    game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, now=at(1))
    game_move_make(game_id=game.pk, member=boris, text="f6-g5", expected_ply=1, now=at(2))
    with pytest.raises(RuleRefusal) as refused:
        game_move_make(game_id=game.pk, member=anna, text="d4-c5", expected_ply=2, now=at(400))
    assert refused.value.code == "flag-fell"
    game.refresh_from_db()
    assert game.result == "0-1" and game.termination == "time" and len(moves_of(game)) == 2
    assert GameEvent.objects.filter(game=game, kind="finished").count() == 1


def test_a_move_through_the_api_costs_the_token_the_read_and_the_write(anna, api_game_id):
    from rest_framework.test import APIClient

    from members.tokens import api_token_issue

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_issue(member=anna)[1]}")
    with CaptureQueriesContext(connection) as queries:
        answer = client.post(f"/api/games/{api_game_id}/moves/", {"text": "c3-d4", "expected_ply": 0}, format="json")
    assert answer.status_code == 201
    # The token with its member, the game with its players' vacations, its moves (the
    # position cache is cold here), the move and the game written: no BEGIN, no COMMIT.
    assert len(queries) == 4
    assert queries[-1]["sql"].startswith("WITH changed AS (UPDATE")
