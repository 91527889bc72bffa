"""A date is written one way in each language on every page that shows one (the game page,
my games, the championship and round pages, a profile, the ratings list and a rating card):
the formats of ``club.site.formats`` through the ``|day`` and ``|when`` filters, never a
month first (12/05/2026), a month's name (Dec. 6, 2026) or another order."""

import re

import pytest
from django.test import Client

from club.championships import demo
from club.championships.models import Board

from .conftest import T0

pytestmark = pytest.mark.django_db

# Any way a page might write a day: figures with any separator in any order, or a month's name.
ANY_DATE = re.compile(
    r"\b\d{4}[./-]\d{1,2}[./-]\d{1,2}\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{4}\b"
    r"|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}, \d{4}"
    r"|\b\d{1,2} (?:января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря) \d{4}"
)
THE_WAY = {"en": re.compile(r"^\d{4}-\d{2}-\d{2}$"), "ru": re.compile(r"^\d{4}-\d{2}-\d{2}$")}


@pytest.fixture
def swiss(players, staff, on_commit):
    with on_commit():
        return demo.swiss(**staff, players=players, start=T0, rounds_planned=4, rounds_played=2, name="Spring Swiss")


def dates_written(html: str) -> list[str]:
    """Every date in the page's text (tags, attributes, scripts and styles left out)."""
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    return ANY_DATE.findall(text)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_page_writes_its_dates_one_way(swiss, players, language):
    finished = Board.objects.filter(round__championship=swiss, game__status="finished").select_related("game").first()
    player = finished.game.white
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    browser.cookies["django_language"] = language
    browser.force_login(player)
    pages = [
        f"/play/games/{finished.game_id}/",
        "/play/mine/",
        f"/championships/{swiss.pk}/",
        f"/championships/{swiss.pk}/rounds/1/",
        f"/members/{player.username}/",
        "/ratings/",
        f"/ratings/members/{player.username}/",
    ]
    written = {}
    for url in pages:
        response = browser.get(url)
        assert response.status_code == 200, url
        assert response["Content-Language"] == language
        written[url] = dates_written(response.content.decode())
    # Each page that should show a date shows one: a test that finds none proves nothing.
    shown = [url for url, dates in written.items() if dates]
    assert set(shown) >= {
        "/play/mine/",
        f"/championships/{swiss.pk}/",
        f"/championships/{swiss.pk}/rounds/1/",
        f"/members/{player.username}/",
        "/ratings/",
        f"/ratings/members/{player.username}/",
    }, written
    other_ways = {url: [d for d in dates if not THE_WAY[language].match(d)] for url, dates in written.items()}
    assert {url: dates for url, dates in other_ways.items() if dates} == {}
