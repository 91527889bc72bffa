"""A move hands its committed facts to the game-changed hooks (games.events.changed_facts):
the notifications hook enqueues a move notice for correspondence games only, without a query."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from club.notifications import hooks
from games import events, services


@pytest.fixture
def enqueued(monkeypatch):
    calls = []
    monkeypatch.setattr(hooks, "_enqueue", lambda task, object_id: calls.append((task.name, object_id)))
    return calls


def _game(anna, boris, control):
    challenge = services.challenge_create(challenger=anna, opponent=boris, discipline="russian",
                                          time_control=control, colour="white", rated=False)
    return services.challenge_accept(challenge_id=challenge.pk, member=boris)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("control, notified", [("d3", True), ("600+5", False)])
def test_a_move_notifies_correspondence_games_only_with_no_hook_query(anna, boris, enqueued, control, notified):
    game = _game(anna, boris, control)
    enqueued.clear()
    seen = []
    events.on_game_changed(lambda game_id: seen.append(events.changed_facts(game_id)))
    try:
        with CaptureQueriesContext(connection) as queries:
            services.game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0)
    finally:
        events._changed_hooks.pop()
    assert seen == [{"game_id": game.pk, "speed": game.speed, "status": "active"}]
    assert bool(enqueued) is notified
    assert not any("games_game" in q["sql"] and q["sql"].lstrip().upper().startswith("SELECT 1")
                   for q in queries.captured_queries)


def test_without_facts_the_hook_looks_the_game_up(anna, boris, enqueued):
    game = _game(anna, boris, "d3")
    enqueued.clear()
    assert events.changed_facts(game.pk) is None
    hooks.game_changed(game.pk)
    assert [object_id for _, object_id in enqueued] == [game.pk]
