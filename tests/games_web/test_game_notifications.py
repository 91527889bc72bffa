"""Notifications of games: a new challenge, an opponent's correspondence move,
the 80% reminder and results, fired by the game server's own events.
Correspondence turns reach notifications through the turn outbox, which beat
empties every few seconds (``announced()`` runs that task here)."""

import datetime as dt

import pytest
from django.core import mail

from club.notifications import services as notices
from club.notifications.models import Notification, TurnReminder
from games import services
from games.tasks import turns_announce_task
from tests.games_web.helpers import start_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


@pytest.fixture
def committing(django_capture_on_commit_callbacks):
    """Run each block's on-commit work as a real commit would."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def announced():
    """Beat's turn-announcing run."""
    return turns_announce_task()


def test_a_direct_challenge_notifies_the_challenged_member(anna, boris, committing):
    with committing():
        services.challenge_create(challenger=boris, opponent=anna, discipline="renju", time_control="d5")
    n = Notification.objects.get(recipient=anna)
    assert n.kind == "challenge" and "Boris Lebedev" in str(n)
    assert [m.to for m in mail.outbox] == [["anna@club.test"]]


def test_an_open_challenge_notifies_nobody(anna, boris, committing):
    with committing():
        services.challenge_create(challenger=boris, discipline="renju", time_control="d5")
    assert not Notification.objects.exists()


def test_an_opponents_correspondence_move_notifies_the_member_to_move(anna, boris, committing):
    with committing():
        game = start_game(white=anna, black=boris, time_control="d3")
    with committing():
        services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    assert not Notification.objects.filter(kind="move").exists()  # not in the move's request
    assert announced() == 1
    n = Notification.objects.get(recipient=boris, kind="move")
    assert "c3-d4" in str(n) and n.url == f"/play/games/{game.id}/"
    assert mail.outbox[-1].to == ["boris@club.test"]
    assert not Notification.objects.filter(recipient=anna, kind="move").exists()
    assert announced() == 0 and Notification.objects.filter(kind="move").count() == 1


def test_the_reminder_of_the_move_falls_at_80_percent_of_its_time(anna, boris, committing):
    with committing():
        game = start_game(white=anna, black=boris, time_control="d5")
    with committing():
        services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    announced()
    game.refresh_from_db()
    reminder = TurnReminder.objects.get(game_id=game.id, ply=2)
    assert reminder.member == boris
    assert reminder.remind_at == game.turn_started_at + (game.deadline - game.turn_started_at) * 0.8
    assert (
        notices.turn_reminders_send_due(now=reminder.remind_at - dt.timedelta(seconds=1), still_waiting=lambda *a: {})
        == 0
    )
    from club.notifications.game_notices import turn_still_waiting

    assert notices.turn_reminders_send_due(now=reminder.remind_at, still_waiting=turn_still_waiting) == 1
    assert Notification.objects.filter(recipient=boris, kind="reminder").count() == 1


def test_no_reminder_once_the_awaited_move_is_made(anna, boris, committing):
    with committing():
        game = start_game(white=anna, black=boris, time_control="d5")
    with committing():
        services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    announced()
    with committing():
        services.game_move_make(game_id=game.id, member=boris, text="f6-g5", expected_ply=1)
    announced()
    reminder = TurnReminder.objects.get(game_id=game.id, ply=2)
    from club.notifications.game_notices import turn_still_waiting

    notices.turn_reminders_send_due(now=reminder.remind_at, still_waiting=turn_still_waiting)
    assert not Notification.objects.filter(recipient=boris, kind="reminder").exists()


def test_moves_of_a_live_game_notify_nobody(anna, boris, committing):
    with committing():
        game = start_game(white=anna, black=boris, time_control="300")
    with committing():
        services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    assert announced() == 0
    assert not Notification.objects.filter(kind="move").exists()


def test_both_players_hear_the_result(anna, boris, committing):
    with committing():
        game = start_game(white=anna, black=boris, time_control="300")
    with committing():
        services.game_resign(game_id=game.id, member=boris)
    results = Notification.objects.filter(kind="result")
    assert {n.recipient for n in results} == {anna, boris}
    assert all("1 – 0" in str(n) for n in results)  # a result is written one way on every page
