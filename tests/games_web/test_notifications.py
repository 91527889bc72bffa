"""Notifications: on-site rows always, email as each member chose, once only."""

import datetime as dt

import pytest
from django.conf import settings
from django.core import mail
from django.urls import reverse
from django.utils import timezone, translation

from club.notifications import services
from club.notifications.models import Notification, TurnReminder

pytestmark = pytest.mark.django_db


def _move_notice(member, ply=1, game_id=7):
    return services.notify(
        recipient=member,
        kind="move",
        key=f"move:{game_id}:{ply}",
        params={"opponent": "Boris", "discipline": "russian", "move": "c3-d4"},
        url=f"/play/games/{game_id}/",
        game_id=game_id,
    )


class TestNotify:
    def test_it_keeps_an_on_site_notification_and_emails_it_by_default(self, anna):
        n = _move_notice(anna)
        assert n.recipient == anna and n.read_at is None
        assert len(mail.outbox) == 1
        assert mail.outbox[0].to == ["anna@club.test"]
        assert "c3-d4" in mail.outbox[0].body and "/play/games/7/" in mail.outbox[0].body

    def test_the_same_event_twice_makes_one_notification_and_one_email(self, anna):
        assert _move_notice(anna) is not None
        assert _move_notice(anna) is None
        assert Notification.objects.filter(recipient=anna).count() == 1
        assert len(mail.outbox) == 1

    def test_a_member_who_turned_move_emails_off_gets_only_the_on_site_notice(self, anna):
        services.notification_settings_update(member=anna, move_email="off")
        _move_notice(anna)
        assert Notification.objects.filter(recipient=anna, kind="move").exists()
        assert mail.outbox == []

    def test_results_and_challenges_follow_their_own_switches(self, anna):
        services.notification_settings_update(member=anna, result_email=False)
        services.notify(recipient=anna, kind="result", key="result:1", params={"result": "1-0"})
        services.notify(recipient=anna, kind="challenge", key="challenge:1", params={"challenger": "Boris"})
        with translation.override(settings.LANGUAGE_CODE):  # emails go out in the club's language
            assert [m.subject for m in mail.outbox] == [services.email_subject(Notification(kind="challenge"))]

    def test_the_text_names_the_discipline_in_the_readers_language(self, anna):
        from django.utils import translation

        n = _move_notice(anna)
        with translation.override("en"):
            english = str(n)
        with translation.override("ru"):
            russian = str(n)
        assert "Boris" in english and "c3-d4" in english
        assert english != russian


class TestDailyDigest:
    def test_moves_wait_for_the_digest_and_go_out_in_one_email(self, anna):
        services.notification_settings_update(member=anna, move_email="digest")
        _move_notice(anna, ply=1, game_id=7)
        _move_notice(anna, ply=3, game_id=8)
        assert mail.outbox == []
        assert services.digests_send() == 1
        assert len(mail.outbox) == 1
        assert mail.outbox[0].body.count("c3-d4") == 2

    def test_a_second_digest_run_sends_nothing_new(self, anna):
        services.notification_settings_update(member=anna, move_email="digest")
        _move_notice(anna)
        services.digests_send()
        assert services.digests_send() == 0
        assert len(mail.outbox) == 1


def _schedule(member, turn_started, deadline):
    services.turn_reminders_schedule(
        [services.turn_reminder(game_id=5, ply=4, member=member, turn_started=turn_started, deadline=deadline)]
    )
    return TurnReminder.objects.get(game_id=5, ply=4)


class TestTurnReminders:
    def test_the_reminder_falls_at_eighty_percent_of_the_time_for_the_move(self, anna):
        start = timezone.now()
        reminder = _schedule(anna, start, start + dt.timedelta(days=5))
        assert reminder.remind_at == start + dt.timedelta(days=4)

    def test_a_due_reminder_is_sent_once_even_when_the_sweep_runs_twice(self, anna):
        start = timezone.now() - dt.timedelta(days=2)
        _schedule(anna, start, start + dt.timedelta(days=2, hours=1))
        waiting = lambda game_id, ply: {"opponent": "Boris", "discipline": "renju", "url": "/play/games/5/"}  # noqa: E731
        assert services.turn_reminders_send_due(still_waiting=waiting) == 1
        assert services.turn_reminders_send_due(still_waiting=waiting) == 0
        assert Notification.objects.filter(recipient=anna, kind="reminder").count() == 1
        assert len(mail.outbox) == 1

    def test_a_reminder_not_yet_due_waits(self, anna):
        start = timezone.now()
        _schedule(anna, start, start + dt.timedelta(days=1))
        assert services.turn_reminders_send_due(still_waiting=lambda *a: {}) == 0
        assert TurnReminder.objects.get().sent_at is None

    def test_no_reminder_when_the_move_was_made_in_the_meantime(self, anna):
        start = timezone.now() - dt.timedelta(days=3)
        _schedule(anna, start, start + dt.timedelta(days=3, hours=1))
        assert services.turn_reminders_send_due(still_waiting=lambda *a: None) == 0
        assert not Notification.objects.filter(kind="reminder").exists()


class TestPages:
    def test_the_settings_page_saves_the_members_choices(self, client, anna):
        client.force_login(anna)
        page = client.get(reverse("notification-settings"))
        assert page.status_code == 200
        response = client.post(
            reverse("notification-settings"), {"challenge_email": "on", "move_email": "digest", "result_email": "on"}
        )
        assert response.status_code == 302
        s = services.notification_settings_get(member=anna)
        assert (s.challenge_email, s.move_email, s.reminder_email, s.result_email) == (True, "digest", False, True)

    def test_the_list_shows_my_notifications_and_marks_them_read(self, client, anna, boris):
        _move_notice(anna)
        _move_notice(boris, game_id=9)
        client.force_login(anna)
        page = client.get(reverse("notification-list"))
        assert page.status_code == 200
        assert b"/play/games/7/" in page.content and b"/play/games/9/" not in page.content
        assert b'<span class="bell-count">1</span>' in page.content
        assert client.get(reverse("notifications-unread")).json()["count"] == 1
        client.post(reverse("notifications-read"))
        assert client.get(reverse("notifications-unread")).json()["count"] == 0

    def test_the_pages_need_a_login(self, client):
        assert client.get(reverse("notification-settings")).status_code == 302


def test_opening_the_game_page_writes_nothing(client, anna, boris):
    """A GET never writes: the page's socket marks the game's notifications read
    (tests/club/test_security_edge.py)."""
    from tests.games_web.helpers import start_game

    game = start_game(white=boris, black=anna)
    _move_notice(anna, game_id=game.id)
    client.force_login(anna)
    client.get(reverse("games:game", args=[game.id]))
    assert Notification.objects.filter(recipient=anna, read_at__isnull=True).count() == 1


# One digest a day, across all sections: the games waiting for the move and the deadlines within 48 h.
def test_the_daily_digest_lists_every_game_waiting_and_the_deadlines_within_48_hours(anna, boris):
    from games.services import game_create

    services.notification_settings_update(member=anna, move_email="digest")
    now = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)
    soon = game_create(discipline="russian", white=anna, black=boris, time_control="d1", now=now)
    later = game_create(discipline="russian", white=anna, black=boris, time_control="d5", now=now)
    game_create(discipline="russian", white=boris, black=anna, time_control="d5", now=now)  # boris to move
    assert services.digests_send(now=now) == 1
    body = mail.outbox[0].body
    assert f"/play/games/{soon.pk}/" in body and f"/play/games/{later.pk}/" in body
    assert body.count("/play/games/") == 2
    flagged = [line for line in body.splitlines() if line.startswith("! ")]
    assert len(flagged) == 1 and f"/play/games/{soon.pk}/" in flagged[0]
    assert services.digests_send(now=now + dt.timedelta(hours=1)) == 0  # once a day
    assert services.digests_send(now=now + dt.timedelta(days=1)) == 1


def test_no_digest_goes_to_an_unconfirmed_address(anna, boris):
    from games.services import game_create

    services.notification_settings_update(member=anna, move_email="digest")
    anna.email_verified = False
    anna.save(update_fields=["email_verified"])
    game_create(discipline="russian", white=anna, black=boris, time_control="d3")
    assert services.digests_send() == 0 and mail.outbox == []
