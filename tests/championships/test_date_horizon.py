"""Dates an organiser enters are bounded to ten years ahead, refused with a clear message and nothing
changed; and a time at the very end of the calendar still shows, in any viewer's zone."""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from club.championships import services
from club.championships.models import Championship, Round
from club.site.templatetags.club_format import when
from foundation import zones
from games.services.errors import Invalid

from .conftest import T0
from .test_services import refused

pytestmark = pytest.mark.django_db
END_OF_THE_CALENDAR = datetime(9999, 12, 31, 23, 0, tzinfo=UTC)


@pytest.mark.parametrize("field", ["closes_at", "entries_open_at", "entries_close_at"])
def test_a_date_beyond_ten_years_is_refused_and_no_championship_is_made(organiser, field):
    dates = {"closes_at": END_OF_THE_CALENDAR} if field == "closes_at" else {field: END_OF_THE_CALENDAR}
    if field == "entries_open_at":
        dates["entries_close_at"] = END_OF_THE_CALENDAR + timedelta(minutes=30)
    with refused(Invalid, "beyond-horizon"):
        services.championship_create(
            organiser=organiser, name="Forever", discipline="russian", time_control="d3", now=T0, **dates
        )
    assert not Championship.objects.exists()


def test_a_date_just_within_ten_years_is_taken(organiser):
    closes = T0 + timedelta(days=3650)
    championship = services.championship_create(
        organiser=organiser, name="Long", discipline="russian", time_control="d3", closes_at=closes, now=T0
    )
    assert championship.closes_at == closes


@pytest.mark.parametrize("closes_at", ["2100-01-01T00:00:00Z", "9999-12-31T23:00:00Z"])
def test_the_api_answers_400_with_the_reason(organiser, api, closes_at):
    body = {"name": "Forever", "discipline": "russian", "time_control": "d3", "closes_at": closes_at}
    response = api(organiser).post("/api/championships/", body)
    assert response.status_code == 400, response.json()
    assert response.json()["detail"] and not Championship.objects.exists()
    if closes_at.startswith("2100"):
        assert response.json()["error"] == "beyond-horizon" and "ten years" in response.json()["detail"]


def test_a_round_start_beyond_ten_years_is_refused_and_nothing_is_paired(make_championship, players, staff):
    championship = make_championship(players[:4], time_control="2700")
    with refused(Invalid, "beyond-horizon"):
        services.round_pair(by=staff["arbiter"], championship_id=championship.pk, starts_at=END_OF_THE_CALENDAR, now=T0)
    assert not Round.objects.filter(championship=championship).exists()


@pytest.mark.parametrize("zone", ["Asia/Vladivostok", "Pacific/Kiritimati", "Europe/Moscow"])
def test_a_time_at_the_end_of_the_calendar_shows_in_any_zone(zone):
    with timezone.override(zone):
        shown = zones.shown(END_OF_THE_CALENDAR)
        assert shown.startswith("9999-12-31") and when(END_OF_THE_CALENDAR).startswith('<time datetime="9999-12-31')
