"""Atom feeds (RFC 4287) as a news reader reads them (feedparser, nobody here wrote it): an event's
results round by round, updated as each result is recorded; the club's events as they are published
and as they finish. A draft has no feed."""

import feedparser
import pytest
from django.test import Client
from django.urls import reverse

from club.championships import demo, services
from club.championships.models import Championship
from club.site import demo as club_demo
from games.services import game_resign

pytestmark = pytest.mark.django_db


def read(url: str):
    response = Client().get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/atom+xml")
    parsed = feedparser.parse(response.content)
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    return parsed


@pytest.fixture
def club(db):
    club_demo.load_demo()
    return {c.name: c for c in Championship.objects.all()}


def test_an_events_feed_has_each_published_round_with_its_results(club, settings):
    finished = club[demo.ROUND_ROBIN_NAME]
    feed = read(reverse("championships:results-feed", args=[finished.pk]))
    assert feed.feed.title == f"{finished.name}: results"
    assert [e.title for e in feed.entries] == [f"Round {n}: 3 of 3 results" for n in (5, 4, 3, 2, 1)]
    first = feed.entries[-1]
    assert first.id == first.link == settings.SITE_URL + reverse("championships:round", args=[finished.pk, 1])
    assert first.updated_parsed and " – " in first.summary


def test_a_running_events_feed_shows_a_result_when_it_is_recorded(club, on_commit):
    swiss = club[demo.SWISS_NAME]
    url = reverse("championships:results-feed", args=[swiss.pk])
    before = read(url).entries[0]
    assert before.title.startswith("Round 4: ")
    board = swiss.rounds.get(number=4).boards.filter(result="", black__isnull=False).select_related("game").get()
    with on_commit():
        game_resign(game_id=board.game_id, member=board.black)
    after = read(url).entries[0]
    done_before = int(before.title.split(": ")[1].split(" of ")[0])
    assert after.title.startswith(f"Round 4: {done_before + 1} of ")
    assert after.id == before.id and after.updated_parsed >= before.updated_parsed


def test_the_clubs_feed_has_events_published_and_finished_and_no_draft(club, organiser):
    draft = services.championship_create(
        organiser=organiser, name="Secret cup", discipline="russian", time_control="d3"
    )
    feed = read(reverse("championships:club-feed"))
    titles = [e.title for e in feed.entries]
    for name in (demo.ROUND_ROBIN_NAME, demo.SWISS_NAME, demo.SECTION_NAME):
        assert f"Published: {name}" in titles
    assert f"Finished: {demo.ROUND_ROBIN_NAME}" in titles and f"Finished: {demo.SWISS_NAME}" not in titles
    assert not any(draft.name in title for title in titles)
    assert len({e.id for e in feed.entries}) == len(feed.entries)
    assert Client().get(reverse("championships:results-feed", args=[draft.pk])).status_code == 404


def test_the_pages_link_their_feeds(club):
    finished = club[demo.ROUND_ROBIN_NAME]
    page = Client().get(reverse("championships:results", args=[finished.pk])).content.decode()
    assert f'type="application/atom+xml" href="{reverse("championships:results-feed", args=[finished.pk])}"' in page
    listing = Client().get(reverse("championships:list")).content.decode()
    assert f'href="{reverse("championships:club-feed")}"' in listing
