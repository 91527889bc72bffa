"""The outbox of correspondence turns (games.events.turns_announce).

A correspondence move — or the start of a correspondence game — leaves the
game row flagged in the move's own UPDATE: no extra query, no broker message
in the member's request. Beat hands the flagged games to the turn hooks in one
batch and clears a flag only where the game has not moved on meanwhile.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import events, services
from games.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def handed():
    """Register a recording turn hook for the test."""
    batches: list[list[int]] = []

    def hook(game_ids):
        batches.append(sorted(game_ids))

    events.on_turns_passed(hook)
    yield batches
    events.hook_remove(hook)


def _game(anna, boris, control):
    challenge = services.challenge_create(
        challenger=anna, opponent=boris, discipline="russian", time_control=control, colour="white", rated=False
    )
    return services.challenge_accept(challenge_id=challenge.pk, member=boris)


def _flag(game) -> bool:
    return Game.objects.values_list("turn_unannounced", flat=True).get(pk=game.pk)


@pytest.mark.parametrize("control, flagged", [("d3", True), ("600+5", False), ("-", False)])
def test_only_correspondence_turns_are_flagged(anna, boris, control, flagged):
    game = _game(anna, boris, control)
    assert _flag(game) is flagged  # the first mover's turn: his 80% reminder
    events.turns_announce()
    services.game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0)
    assert _flag(game) is flagged


def test_a_correspondence_move_costs_no_more_queries_than_a_live_one(anna, boris):
    counts = {}
    for control in ("d3", "600+5"):
        game = _game(anna, boris, control)
        with CaptureQueriesContext(connection) as queries:
            services.game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0)
        counts[control] = len(queries.captured_queries)
    # + one look-up of the players' vacations, which a correspondence clock needs; on
    # PostgreSQL it is part of the statement that locks the game (games/sql.py)
    assert counts["d3"] == counts["600+5"] + (0 if connection.vendor == "postgresql" else 1)


def test_the_hooks_get_every_flagged_game_once_and_the_flags_clear(anna, boris, handed):
    games = [_game(anna, boris, "d3") for _ in range(3)]
    live = _game(anna, boris, "600+5")
    assert events.turns_announce() == 3
    assert handed == [sorted(g.pk for g in games)]
    assert events.turns_announce() == 0 and len(handed) == 1
    services.game_move_make(game_id=games[1].pk, member=anna, text="c3-d4", expected_ply=0)
    services.game_move_make(game_id=live.pk, member=anna, text="c3-d4", expected_ply=0)
    assert events.turns_announce() == 1
    assert handed[-1] == [games[1].pk]


def test_a_move_made_while_the_hooks_run_stays_due(anna, boris):
    game = _game(anna, boris, "d3")

    def opponent_moves_meanwhile(game_ids):
        if Game.objects.get(pk=game.pk).ply == 0:
            services.game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0)

    events.on_turns_passed(opponent_moves_meanwhile)
    try:
        assert events.turns_announce() == 1
        assert _flag(game)  # ply 1 was not announced: the next run hands it over
        assert events.turns_announce() == 1
        assert not _flag(game)
    finally:
        events.hook_remove(opponent_moves_meanwhile)


def test_a_failing_hook_leaves_the_turns_due_for_the_next_run(anna, boris, handed):
    game = _game(anna, boris, "d3")

    def broken(game_ids):
        raise RuntimeError("mail server down")

    events.on_turns_passed(broken)
    try:
        assert events.turns_announce() == 1
        assert _flag(game)
    finally:
        events.hook_remove(broken)
    assert events.turns_announce() == 1 and not _flag(game)
    assert handed == [[game.pk], [game.pk]]  # hooks are idempotent: the working one ran twice


def test_a_game_over_before_its_turn_was_announced_tells_nobody_to_move(anna, boris):
    from club.notifications.models import Notification, TurnReminder

    game = _game(anna, boris, "d3")
    services.game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0)
    services.game_resign(game_id=game.pk, member=boris)
    assert events.turns_announce() == 1 and not _flag(game)
    assert not Notification.objects.filter(kind="move").exists()
    assert not TurnReminder.objects.exists()


def test_beat_hands_over_a_backlog_batch_by_batch_until_none_is_left(anna, boris, handed, monkeypatch):
    from games import tasks

    monkeypatch.setattr(tasks, "TURNS_PER_BATCH", 2)
    games = [_game(anna, boris, "d3") for _ in range(5)]
    assert tasks.turns_announce_task() == 5
    assert [len(batch) for batch in handed] == [2, 2, 1]
    assert sorted(sum(handed, [])) == sorted(g.pk for g in games)
    assert tasks.turns_announce_task(batches=1) == 0
