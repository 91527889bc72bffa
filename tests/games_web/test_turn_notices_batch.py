"""Correspondence turns are announced a batch at a time (games.events.turns_announce
hands the flagged games to notifications): a batch costs the same few queries
whatever its size, tells each member to move once, as that member chose, and
schedules the 80% reminder of the move."""

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from club.notifications import game_notices
from club.notifications import services as notices
from club.notifications.models import Notification, NotificationSettings, TurnReminder
from games import services
from games.tasks import turns_announce_task
from tests.conftest import make_member
from tests.games_web.helpers import start_game

pytestmark = pytest.mark.django_db


def members(prefix: str, count: int, *, move_email: str | None = None, **profile):
    made = [make_member(f"{prefix}{i}", **profile) for i in range(count)]
    if move_email:
        for member in made:
            notices.notification_settings_update(member=member, move_email=move_email)
    return made


def opened_game(*, white, black, **options):
    """A correspondence game in which white has made the first move: black to move."""
    game = start_game(white=white, black=black, time_control="d3", **options)
    services.game_move_make(game_id=game.id, member=white, text="c3-d4", expected_ply=0)
    return game


def announce(games) -> int:
    """One batch of turns, as beat's run hands it over."""
    return game_notices.game_turns_notify(game_ids=[game.id for game in games])


def move_notices():
    return Notification.objects.filter(kind="move")


def test_a_batch_of_twenty_turns_costs_the_queries_of_a_batch_of_one(anna):
    # Members whose notices are not emailed one by one: a digest, no email,
    # or no address (and no settings row: the defaults).
    to_move = (
        members("digest", 7, move_email="digest")
        + members("off", 7, move_email="off")
        + members("noaddress", 7, email="")
    )
    one = [opened_game(white=anna, black=to_move[0])]
    twenty = [opened_game(white=anna, black=black) for black in to_move[1:]]

    with CaptureQueriesContext(connection) as batch_of_one:
        assert announce(one) == 1
    with CaptureQueriesContext(connection) as batch_of_twenty:
        assert announce(twenty) == 20

    assert len(batch_of_twenty) == len(batch_of_one)
    assert move_notices().count() == TurnReminder.objects.count() == 21
    assert mail.outbox == []


def test_each_turn_is_told_to_the_member_to_move_with_its_reminder(anna, boris):
    game = opened_game(white=anna, black=boris)
    turns_announce_task()
    game.refresh_from_db()
    notice = move_notices().get()
    assert (notice.recipient, notice.key, notice.url, notice.game_id) == (
        boris,
        f"move:{game.id}:1",
        f"/play/games/{game.id}/",
        game.id,
    )
    assert notice.params == {"opponent": "Anna Orlova", "discipline": "russian", "move": "c3-d4"}
    reminder = TurnReminder.objects.get()
    assert (reminder.game_id, reminder.ply, reminder.member, reminder.deadline) == (game.id, 2, boris, game.deadline)
    time_for_the_move = game.deadline - game.turn_started_at
    assert reminder.remind_at == game.turn_started_at + time_for_the_move * 0.8


def test_a_batch_run_again_records_and_sends_nothing_new(anna):
    each, digest = members("each", 3), members("digest", 3, move_email="digest")
    games = [opened_game(white=anna, black=black) for black in each + digest]
    announce(games)
    told = list(Notification.objects.values_list("id", "email"))
    reminders = list(TurnReminder.objects.values_list("id", "remind_at"))

    announce(games)  # a hook retried after a failure, or two batches racing

    assert list(Notification.objects.values_list("id", "email")) == told
    assert list(TurnReminder.objects.values_list("id", "remind_at")) == reminders
    assert sorted(m.to[0] for m in mail.outbox) == sorted(member.email for member in each)


def test_members_who_want_each_move_get_one_email_each(anna, boris):
    game = opened_game(white=anna, black=boris)
    announce([game])
    announce([game])
    assert [m.to for m in mail.outbox] == [["boris@club.test"]]
    assert "c3-d4" in mail.outbox[0].body and f"/play/games/{game.id}/" in mail.outbox[0].body
    assert move_notices().get().email == Notification.Email.SENT
    assert not NotificationSettings.objects.exists()  # the defaults, without writing a row


def test_digest_members_wait_for_the_digest(anna, boris):
    notices.notification_settings_update(member=boris, move_email="digest")
    announce([opened_game(white=anna, black=boris)])
    assert move_notices().get().email == Notification.Email.DIGEST
    assert mail.outbox == []
    assert notices.digests_send() == 1


def test_a_member_acting_twice_in_the_renju_opening_hears_nothing_of_his_own_move(anna, boris):
    game = start_game(white=anna, black=boris, discipline="renju", time_control="d3", opening_rule="rif")
    services.game_move_make(game_id=game.id, member=boris, text="h8", expected_ply=0)  # 002 12.2
    turns_announce_task()
    assert not move_notices().exists()
    reminder = TurnReminder.objects.get()
    assert (reminder.ply, reminder.member) == (2, boris)


def test_ended_and_live_games_get_nothing(anna, boris):
    resigned = opened_game(white=anna, black=boris)
    services.game_resign(game_id=resigned.id, member=boris)
    live = start_game(white=anna, black=boris, time_control="300")
    services.game_move_make(game_id=live.id, member=anna, text="c3-d4", expected_ply=0)

    assert announce([resigned, live]) == 0
    assert not Notification.objects.exists() and not TurnReminder.objects.exists()
    assert mail.outbox == []
