"""A team event's round paired and not yet published is not public (003 1.15; a team's line-up
is seen with the published round, 1.14.2–1.14.4): its matches are shown on the event's page,
its round page and the API to the event's arbiters only (``selectors.visibility``), not to a
visitor or a player of a team in it."""

import pytest
from django.test import Client

from club.championships import services

from .test_pages import logged_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(make_event, staff):
    event = make_event(4)
    services.round_pair(by=staff["chief"], championship_id=event.pk)
    return event


def _readers(rosters, staff):
    hidden = {"visitor": Client(), "player": logged_in(rosters[0][1])}
    return hidden, logged_in(staff["arbiter"])


def test_the_round_page_and_the_api_s_round_are_the_arbiters_only(paired, rosters, staff):
    hidden, arbiter = _readers(rosters, staff)
    for url in (f"/teams/{paired.pk}/rounds/1/", f"/api/teams/{paired.pk}/rounds/1/"):
        for who, client in hidden.items():
            assert client.get(url).status_code == 404, (who, url)
        assert arbiter.get(url).status_code == 200, url


def test_the_event_page_and_the_api_s_event_list_the_round_to_its_arbiters_only(paired, rosters, staff):
    hidden, arbiter = _readers(rosters, staff)
    round_link = f'href="/teams/{paired.pk}/rounds/1/"'
    for who, client in hidden.items():
        assert round_link not in client.get(f"/teams/{paired.pk}/").content.decode(), who
        assert client.get(f"/api/teams/{paired.pk}/").json()["rounds"] == [], who
    assert round_link in arbiter.get(f"/teams/{paired.pk}/").content.decode()
    assert [r["number"] for r in arbiter.get(f"/api/teams/{paired.pk}/").json()["rounds"]] == [1]
