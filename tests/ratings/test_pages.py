"""Rating pages: the list per discipline and speed class, a member's card with
its SVG history chart, and the include that shows a game's rating changes."""

import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from ratings import selectors, tasks
from tests.ratings.conftest import make_game, make_member

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english(settings):
    """The club's default language is Russian; these tests read the English texts."""
    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield


@pytest.fixture
def club():
    alice, boris, vera = make_member("alice"), make_member("boris"), make_member("vera")
    games = [
        make_game(alice, boris, "1-0"),
        make_game(alice, vera, "1-0"),
        make_game(boris, vera, "1/2-1/2"),
        make_game(alice, boris, "1-0", discipline="renju", speed="rapid"),
    ]
    for game in games:
        tasks.rating_apply_game(game.pk)
    return alice, boris, vera, games


def test_the_rating_list_ranks_a_pool_with_provisional_marks_games_and_last_change(client, club):
    alice, boris, vera, _ = club
    page = client.get(reverse("rating-list"), {"discipline": "russian", "speed": "blitz"})
    assert page.status_code == 200
    html = page.content.decode()
    rows = re.findall(r"<tr class=\"provisional\">(.*?)</tr>", html, re.S)
    assert [re.search(r">(\w+)</a>", row).group(1) for row in rows] == ["Alice", "Vera", "Boris"]
    # 1520 after beating boris, then 40 × (1 − E(1520 v 1500)) = +18.8 for beating vera
    assert "1539<abbr" in rows[0]
    assert ">2</td>" in rows[0]  # games played
    assert "+18.8" in rows[0]  # last change


def test_the_rating_list_filters_by_name_and_established_ratings(client, club):
    html = client.get(reverse("rating-list"), {"discipline": "russian", "speed": "blitz", "q": "bor"}).content.decode()
    assert "Boris" in html and "Alice" not in html
    html = client.get(
        reverse("rating-list"), {"discipline": "russian", "speed": "blitz", "established": "1"}
    ).content.decode()
    assert "No ratings in this discipline and speed class yet." in html


def test_the_rating_list_offers_the_pools_as_filters(client, club):
    html = client.get(reverse("rating-list"), {"discipline": "renju", "speed": "rapid"}).content.decode()
    assert '<option value="renju" selected>' in html
    assert "Alice" in html and "Vera" not in html


def test_a_members_card_lists_their_ratings_and_draws_the_history_as_svg(client, club):
    alice = club[0]
    page = client.get(reverse("rating-card", args=[alice.username]), {"discipline": "russian", "speed": "blitz"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "<svg" in html and "<polyline" in html
    assert html.count("<circle") == 2  # one point per rated game
    assert "renju" in html and "rapid" in html.lower()


def test_a_card_without_rated_games_says_so(client, db):
    make_member("newbie")
    html = client.get(reverse("rating-card", args=["newbie"])).content.decode()
    assert "No rated games yet." in html


def test_an_unknown_member_or_pool_is_not_found(client, club):
    assert client.get(reverse("rating-card", args=["nobody"])).status_code == 404
    assert (
        client.get(reverse("rating-card", args=["alice"]), {"discipline": "chess", "speed": "blitz"}).status_code == 404
    )


def test_the_game_include_shows_both_players_changes(club):
    alice, boris, vera, games = club
    html = render_to_string("ratings/_game_changes.html", {"changes": selectors.game_rating_changes(games[0])})
    assert "Alice: 1500 → 1520 (<strong>+20.0</strong>)" in html
    assert "Boris: 1500 → 1480 (<strong>−20.0</strong>)" in html


def test_the_game_page_shows_both_players_changes(client, club):
    alice, boris, vera, games = club
    html = client.get(reverse("games:game", args=[games[0].pk])).content.decode()
    assert "Alice: 1500 → 1520 (<strong>+20.0</strong>)" in html


def test_a_profile_links_to_the_members_games_and_rating_card(client, club):
    alice = club[0]
    html = client.get(reverse("member-profile", args=[alice.username])).content.decode()
    assert reverse("rating-card", args=[alice.username]) in html
    assert reverse("games:archive", args=[alice.username]) in html


def test_the_game_include_is_empty_for_an_unrated_game(db):
    alice, boris = make_member("alice"), make_member("boris")
    casual = make_game(alice, boris, "1-0", rated=False)
    tasks.rating_apply_game(casual.pk)
    assert (
        render_to_string("ratings/_game_changes.html", {"changes": selectors.game_rating_changes(casual)}).strip() == ""
    )


def test_the_chart_puts_higher_ratings_higher_up(club):
    alice = club[0]
    history = list(selectors.rating_history(member_id=alice.pk, discipline="russian", speed="blitz"))
    chart = selectors.rating_chart(history)
    ys = [p.y for p in chart.points]
    assert ys[0] > ys[1] > ys[2]  # two wins: the line climbs (SVG y grows downwards)
    assert chart.points[0].x < chart.points[-1].x


def test_the_chart_coordinates_are_not_localised_in_russian(client, club):
    """Russian formats 1.5 as "1,5"; SVG attributes need the dot."""
    alice = club[0]
    html = client.get(
        reverse("rating-card", args=[alice.username]),
        {"discipline": "russian", "speed": "blitz"},
        HTTP_ACCEPT_LANGUAGE="ru",
    ).content.decode()
    svg = html[html.index("<svg") : html.index("</svg>")]
    coordinates = re.findall(r' (?:x1|x2|y1|y2|cx|cy|x|y)="([^"]*)"', svg)
    assert len(coordinates) > 10
    for value in coordinates:
        float(value)  # "123,4" would raise
    for point in re.search(r'points="([^"]*)"', svg).group(1).split():
        x, y = point.split(",")
        float(x), float(y)


def test_a_long_history_is_drawn_by_each_stretchs_highs_and_lows():
    # A chart costs what it shows: at most CHART_POINTS points, the
    # first, the last, the highest and the lowest always among them.
    ratings = [1500 + (i % 37) * 3 - (i // 100) for i in range(5000)]
    ratings[2718] = 1900
    ratings[3141] = 1100
    kept = selectors.chart_indices(ratings)
    assert len(kept) <= selectors.CHART_POINTS + 2 and kept == sorted(set(kept))
    assert {0, 4999, 2718, 3141} <= set(kept)
    assert selectors.chart_indices(ratings[:50]) == list(range(50))
