"""Times in the viewer's zone: a form reads a typed time in the
zone its label names, a stored start is UTC and each viewer sees it in his
own zone, named."""

import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.championships import services
from club.championships.models import Round
from members import services as member_services
from members.models import Member

pytestmark = pytest.mark.django_db

LABEL = re.compile(r"Scheduled start \((?:live rounds, )?([^,)]+)")


def client_for(member):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(member)
    return client


@pytest.fixture
def live_round(make_championship, players, staff):
    """A live championship (45 min + 10 s) whose first round is paired, waiting for its start."""
    championship = make_championship(players[:4], time_control="2700+10")
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=timezone.now())
    return championship


def the_zone_the_form_names(page: str) -> ZoneInfo:
    found = LABEL.search(page)
    assert found, "the start's field names no zone"
    return ZoneInfo(found.group(1))


def publish_at(client, championship, typed: str):
    return client.post(
        # round 1 starts the championship: the arbiter confirms it
        f"/championships/{championship.pk}/publish/",
        {"round": 1, "starts_at": typed, "confirm_start": "yes"},
        follow=True,
    ).content.decode()


def test_a_start_typed_half_an_hour_ahead_in_the_zone_the_form_names_is_scheduled_then(live_round, staff):
    arbiter = client_for(staff["arbiter"])
    zone = the_zone_the_form_names(arbiter.get(f"/championships/{live_round.pk}/").content.decode())
    start = (timezone.now() + timedelta(minutes=30)).astimezone(zone).replace(second=0, microsecond=0)
    page = publish_at(arbiter, live_round, start.strftime("%Y-%m-%d %H:%M"))
    assert "in the past" not in page
    the_round = Round.objects.get(championship=live_round, number=1)
    assert the_round.status == Round.Status.PUBLISHED
    assert the_round.starts_at == start.astimezone(UTC)


@pytest.mark.parametrize("zone", ["UTC", "Asia/Vladivostok", "America/New_York"])
def test_each_arbiter_types_the_start_in_his_own_zone_and_it_is_stored_in_utc(live_round, staff, zone):
    member_services.member_profile_update(member=staff["arbiter"], time_zone=zone)
    arbiter = client_for(staff["arbiter"])
    assert the_zone_the_form_names(arbiter.get(f"/championships/{live_round.pk}/").content.decode()) == ZoneInfo(zone)
    start = (timezone.now() + timedelta(hours=3)).astimezone(ZoneInfo(zone)).replace(second=0, microsecond=0)
    publish_at(arbiter, live_round, start.strftime("%Y-%m-%d %H:%M"))
    the_round = Round.objects.get(championship=live_round, number=1)
    assert the_round.starts_at == start.astimezone(UTC)


def test_a_stored_start_is_shown_to_each_viewer_in_his_zone_with_the_zone_named(live_round, staff, players):
    start = datetime(2030, 6, 1, 9, 30, tzinfo=UTC)
    services.round_publish(
        by=staff["arbiter"], championship_id=live_round.pk, round_number=1, starts_at=start, now=timezone.now()
    )
    member_services.member_profile_update(member=players[0], time_zone="Asia/Vladivostok")
    member_services.member_profile_update(member=players[1], time_zone="UTC")
    url = f"/championships/{live_round.pk}/"
    assert "2030-06-01 19:30 UTC+10:00" in client_for(players[0]).get(url).content.decode()
    assert "2030-06-01 09:30 UTC" in client_for(players[1]).get(url).content.decode()
    # A visitor without an account: the club's zone (Moscow), named.
    assert "2030-06-01 12:30 MSK" in Client(HTTP_ACCEPT_LANGUAGE="en").get(url).content.decode()
    # A visitor whose browser told its zone (static/club/zone.js sets the cookie).
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    visitor.cookies["club_tz"] = "Europe/Berlin"
    assert "2030-06-01 11:30 CEST" in visitor.get(url).content.decode()


def test_sign_up_keeps_the_zone_chosen_and_offers_the_browsers(client):
    url = reverse("signup")
    page = client.get(url).content.decode()
    assert 'data-browser-zone="offer"' in page and "club/zone.js" in page
    client.post(
        url,
        {
            "username": "lena",
            "email": "lena@club.test",
            "display_name": "Lena",
            "city": "",
            "time_zone": "Asia/Yekaterinburg",
            "password1": "a long pass phrase 2024",
            "password2": "a long pass phrase 2024",
        },
    )
    assert Member.objects.get(username="lena").time_zone == "Asia/Yekaterinburg"


def test_a_new_member_has_the_clubs_zone(db, settings):
    member = member_services.member_sign_up(username="kostya", email="k@club.test", password="x" * 12)
    assert member.time_zone == settings.TIME_ZONE
