"""iCalendar feeds (RFC 5545), read back by a parser (``icalendar``),
not by matching strings: a championship's rounds, public while it is; a
member's games and rounds behind his private URL or his session."""

from datetime import UTC, datetime, timedelta

import icalendar
import pytest
from django.contrib.auth.password_validation import password_changed
from django.core import signing
from django.test import Client
from django.utils import timezone

from club.championships import calendar, services
from club.championships.models import Board

pytestmark = pytest.mark.django_db


def events(body: bytes) -> list:
    cal = icalendar.Calendar.from_ical(body)
    assert cal["VERSION"] == "2.0" and cal["PRODID"]
    return [c for c in cal.walk("VEVENT")]


@pytest.fixture
def scheduled(make_championship, players, staff):
    """A live championship (45 min + 10 s) whose first round starts on 1 June 2030 at 09:30 UTC."""
    championship = make_championship(players[:4], time_control="2700+10", name="Summer rapid")
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=timezone.now())
    services.round_publish(
        by=staff["arbiter"],
        championship_id=championship.pk,
        round_number=1,
        starts_at=datetime(2030, 6, 1, 9, 30, tzinfo=UTC),
        now=timezone.now(),
    )
    return championship


def test_a_championships_feed_has_each_round_at_its_start_in_utc(scheduled):
    response = Client().get(f"/championships/{scheduled.pk}/calendar.ics")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    (event,) = events(response.content)
    assert event.decoded("DTSTART") == datetime(2030, 6, 1, 9, 30, tzinfo=UTC)
    assert event.decoded("DTEND") > event.decoded("DTSTART")
    assert "Summer rapid" in str(event["SUMMARY"]) and str(event["URL"]).endswith(
        f"/championships/{scheduled.pk}/rounds/1/"
    )
    assert str(event["UID"])


def test_a_draft_championship_has_no_public_feed(organiser):
    draft = services.championship_create(organiser=organiser, name="Secret", discipline="russian", time_control="d3")
    assert Client().get(f"/championships/{draft.pk}/calendar.ics").status_code == 404


def test_a_members_private_feed_holds_his_scheduled_games_and_nobody_elses(scheduled):
    board = Board.objects.filter(round__championship=scheduled, black__isnull=False).select_related("white").first()
    token = calendar.member_feed_token(board.white)
    found = events(Client().get(f"/championships/calendar/{token}.ics").content)
    assert [e.decoded("DTSTART") for e in found] == [datetime(2030, 6, 1, 9, 30, tzinfo=UTC)]
    assert str(found[0]["URL"]).endswith(f"/play/games/{board.game_id}/")
    # His session gives the same feed; a forged token gives nothing.
    client = Client()
    client.force_login(board.white)
    assert [e.decoded("DTSTART") for e in events(client.get("/championships/calendar/mine.ics").content)] == [
        datetime(2030, 6, 1, 9, 30, tzinfo=UTC)
    ]
    assert Client().get(f"/championships/calendar/{token[:-2]}xx.ics").status_code == 404


def test_the_profile_page_gives_the_member_his_feeds_address(players):
    client = Client()
    client.force_login(players[0])
    page = client.get("/profile/edit/").content.decode()
    assert f"/championships/calendar/{calendar.member_feed_token(players[0])}.ics" in page


def test_the_feeds_address_stays_the_same_from_one_visit_to_the_next(players, monkeypatch):
    # A calendar program keeps the address it was given: it must not change with the clock.
    first = calendar.member_feed_token(players[0])
    monkeypatch.setattr("time.time", lambda: 4_000_000_000.0)
    assert calendar.member_feed_token(players[0]) == first
    assert calendar.member_of_token(first) == players[0]


def _feed(token):
    return Client().get(f"/championships/calendar/{token}.ics")


def test_the_member_renews_his_feeds_address_on_his_profile_and_the_old_one_stops(players):
    old = calendar.member_feed_token(players[0])
    client = Client()
    client.force_login(players[0])

    answer = client.post("/profile/calendar/renew/")

    assert answer.status_code == 302
    players[0].refresh_from_db()
    new = calendar.member_feed_token(players[0])
    assert new != old and _feed(old).status_code == 404 and _feed(new).status_code == 200
    assert f"/championships/calendar/{new}.ics" in client.get("/profile/edit/").content.decode()
    assert Client().post("/profile/calendar/renew/").status_code == 302  # to the login page: nothing renewed
    players[0].refresh_from_db()
    assert calendar.member_feed_token(players[0]) == new


def test_a_new_password_renews_the_feeds_address(players):
    # Whoever knew the old password could read the old address: it stops with it.
    old = calendar.member_feed_token(players[0])
    players[0].set_password("a brand new passphrase 2026")
    players[0].save()
    password_changed("a brand new passphrase 2026", players[0])
    players[0].refresh_from_db()
    assert _feed(old).status_code == 404
    assert _feed(calendar.member_feed_token(players[0])).status_code == 200


def test_an_address_signed_from_the_member_id_alone_no_longer_opens_the_feed(players):
    # The addresses of before could not be revoked: they stop.
    for old in (signing.dumps(players[0].pk, salt=calendar.SALT, compress=True),
                signing.Signer(salt=calendar.SALT).sign_object(players[0].pk, compress=True)):  # fmt: skip
        assert calendar.member_of_token(old) is None and _feed(old).status_code == 404
    forged = calendar.member_feed_token(players[0])[:-2] + "xx"
    assert calendar.member_of_token(forged) is None


def test_a_correspondence_round_is_an_all_day_event(make_championship, players, staff):
    championship = make_championship(players[:2], time_control="d3")
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=timezone.now())
    services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1, now=timezone.now())
    (event,) = events(Client().get(f"/championships/{championship.pk}/calendar.ics").content)
    start = event.decoded("DTSTART")
    assert not isinstance(start, datetime) and event.decoded("DTEND") - start == timedelta(days=1)


def test_every_uid_is_under_the_clubs_own_host_so_two_clubs_feeds_never_collide(scheduled, settings):
    """RFC 5545 3.8.4.7: a UID is globally unique; the club's host makes it so."""
    url = f"/championships/{scheduled.pk}/calendar.ics"
    settings.SITE_URL = "https://draughts.example.org"
    ours = {str(e["UID"]) for e in events(Client().get(url).content)}
    settings.SITE_URL = "https://renju.example.net:8443"
    theirs = {str(e["UID"]) for e in events(Client().get(url).content)}
    assert ours and all(uid.endswith("@draughts.example.org") for uid in ours)
    assert all(uid.endswith("@renju.example.net:8443") for uid in theirs) and not ours & theirs
    board = Board.objects.filter(round__championship=scheduled, black__isnull=False).first()
    mine = events(Client().get(f"/championships/calendar/{calendar.member_feed_token(board.white)}.ics").content)
    assert mine and all(str(e["UID"]).endswith("@renju.example.net:8443") for e in mine)


def test_a_correspondence_section_shows_its_span_and_its_closing_date(make_championship, players, staff):
    """ICCF 0.3: every game of the section is played at once, until the closing date (then adjudication)."""
    started = datetime(2030, 3, 2, 10, 0, tzinfo=UTC)
    closes = datetime(2030, 9, 30, 18, 0, tzinfo=UTC)
    section = make_championship(
        players[:4], play_mode="all-at-once", time_control="d3", closes_at=closes, name="Correspondence 2030"
    )
    services.section_start(by=staff["chief"], championship_id=section.pk, now=started)
    feed = Client().get(f"/championships/{section.pk}/calendar.ics", HTTP_ACCEPT_LANGUAGE="en").content
    found = {str(e["SUMMARY"]): e for e in events(feed)}
    assert set(found) == {"Correspondence 2030: every game at once", "Correspondence 2030: closing date"}
    span, closing = found["Correspondence 2030: every game at once"], found["Correspondence 2030: closing date"]
    local = timezone.get_current_timezone()
    assert span.decoded("DTSTART") == started.astimezone(local).date()
    assert span.decoded("DTEND") == closes.astimezone(local).date() + timedelta(days=1)
    assert closing.decoded("DTSTART") == closes.astimezone(local).date()
    assert closing.decoded("DTEND") - closing.decoded("DTSTART") == timedelta(days=1)


def test_the_api_renews_the_feeds_address_for_the_member_himself(players, api):
    old = calendar.member_feed_token(players[0])
    assert api(None).post("/api/members/me/calendar/renew/").status_code in (401, 403)
    assert _feed(old).status_code == 200
    assert api(players[0]).post("/api/members/me/calendar/renew/").status_code == 204
    players[0].refresh_from_db()
    assert _feed(old).status_code == 404 and _feed(calendar.member_feed_token(players[0])).status_code == 200
