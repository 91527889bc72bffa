"""Embeds: another site frames a game's position or an event's standings. The /embed/ pages, and only
they, may be framed by any site; they need no script; oEmbed (https://oembed.com, 1.0) hands out their
iframe for a game's or an event's page, found through the pages' discovery links."""

import re
from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import reverse

from club.championships import demo
from club.championships.models import Championship
from club.site import demo as club_demo
from games.board_picture import picture
from games.models import Game

pytestmark = pytest.mark.django_db


class Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def tags(html: str) -> list:
    parser = Tags()
    parser.feed(html)
    return parser.tags


@pytest.fixture
def club(db):
    club_demo.load_demo()
    finished = Championship.objects.get(name=demo.ROUND_ROBIN_NAME)
    game = Game.objects.filter(status="finished").order_by("id").first()
    return {"event": finished, "game": game}


def frame_rules(response) -> tuple[str | None, str]:
    policy = response["Content-Security-Policy"]
    ancestors = re.search(r"frame-ancestors ([^;]+)", policy).group(1).strip()
    return response.get("X-Frame-Options"), ancestors


def test_the_embed_pages_may_be_framed_by_any_site_and_only_they(club):
    game_page = Client().get(reverse("embed-game", args=[club["game"].pk]))
    table_page = Client().get(reverse("embed-standings", args=[club["event"].pk]))
    for response in (game_page, table_page):
        assert response.status_code == 200 and frame_rules(response) == (None, "*")
    for page in (
        reverse("games:game", args=[club["game"].pk]),
        reverse("championships:results", args=[club["event"].pk]),
    ):
        assert frame_rules(Client().get(page)) == ("DENY", "'none'")


def test_the_embed_pages_show_the_position_and_the_table_with_no_script(club):
    game = club["game"]
    html = Client().get(reverse("embed-game", args=[game.pk])).content.decode()
    found = tags(html)
    assert not any(tag == "script" for tag, _ in found)
    pieces = [attrs for tag, attrs in found if tag == "circle" and "piece" in attrs.get("class", "")]
    expected = picture(game.fen, 8, "draughts").pieces
    assert len(pieces) == len(expected) > 0
    assert {a["class"].split()[1] for a in pieces} == {p.colour for p in expected}

    event = club["event"]
    html = Client().get(reverse("embed-standings", args=[event.pk])).content.decode()
    assert not any(tag == "script" for tag, _ in tags(html))
    assert html.count("<tr>") == 1 + event.entries.count() and "Сергей Васильев" in html


def test_oembed_gives_the_iframe_of_a_game_and_of_an_events_standings(club, settings):
    for page, embed in (
        (reverse("games:game", args=[club["game"].pk]), reverse("embed-game", args=[club["game"].pk])),
        (
            reverse("championships:results", args=[club["event"].pk]),
            reverse("embed-standings", args=[club["event"].pk]),
        ),
    ):
        answer = Client().get(reverse("oembed") + "?" + urlencode({"url": settings.SITE_URL + page}))
        assert answer.status_code == 200
        data = answer.json()
        assert data["version"] == "1.0" and data["type"] == "rich" and data["width"] > 0 and data["height"] > 0
        (iframe,) = [attrs for tag, attrs in tags(data["html"]) if tag == "iframe"]
        assert iframe["src"] == settings.SITE_URL + embed


def test_oembed_refuses_what_it_cannot_embed(club):
    def ask(**query):
        return Client().get(reverse("oembed") + "?" + urlencode(query)).status_code

    page = "http://testserver" + reverse("games:game", args=[club["game"].pk])
    assert ask(url=page) == 200
    assert ask(url=page, format="xml") == 501
    assert ask(url="https://elsewhere.example/play/games/1/") == 404
    assert ask(url="http://testserver/accounts/login/") == 404
    assert ask() == 400


def test_the_pages_say_where_their_oembed_is(club):
    page = Client().get(reverse("games:game", args=[club["game"].pk])).content.decode()
    (link,) = [a for t, a in tags(page) if t == "link" and a.get("type") == "application/json+oembed"]
    assert Client().get(link["href"]).json()["type"] == "rich"


def test_a_pictures_pieces_stand_where_the_fen_puts_them():
    drawn = picture("W:Wd4,Ka3:Bb8", 8, "draughts")
    assert [(p.colour, p.column, p.row, p.king) for p in drawn.pieces] == [
        ("white", 3, 4, False),
        ("white", 0, 5, True),
        ("black", 1, 0, False),
    ]
    # the 10×10 board numbers its dark squares from the top: 1 is b10, 46 is a1
    assert [(p.column, p.row) for p in picture("W:W46:B1", 10, "draughts").pieces] == [(0, 9), (1, 0)]
    assert [(p.colour, p.column, p.row) for p in picture("W:Bh8:Wa15", 15, "stones").pieces] == [
        ("black", 7, 7),
        ("white", 0, 0),
    ]
