"""Results pages that cost what they show: one page of
players at a time, a big event's rounds as links to their own pages, one
result set computed per version of what it shows (its cache follows every
change), and the same number of queries whatever the event's size."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from club.championships import demo
from club.championships.models import Board, Standings
from club.championships.selectors import results
from club.championships.views import results as results_views
from members.models import Member
from tests.conftest import make_member

from .conftest import T0

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def swiss_of(players, staff, on_commit, name="Spring Swiss"):
    with on_commit():
        return demo.swiss(**staff, players=players, start=T0, rounds_planned=4, rounds_played=2, name=name)


@pytest.fixture
def swiss(players, staff, on_commit):
    return swiss_of(players, staff, on_commit)


def page(url: str) -> str:
    response = Client(HTTP_ACCEPT_LANGUAGE="en").get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def rows_of(html: str, table_id: str) -> int:
    # A figure's arithmetic is a table inside the standings: a table ends with its frame.
    table = html.split(f'id="{table_id}"', 1)[1].split("</table></div>", 1)[0]
    return table.count("<tr data-player=")


def test_a_results_page_shows_one_page_of_players(swiss, monkeypatch):
    monkeypatch.setattr(results_views, "RESULTS_PAGE_PLAYERS", 4)
    url = f"/championships/{swiss.pk}/results/"
    first, second = page(url), page(url + "?page=2")
    assert (rows_of(first, "standings"), rows_of(first, "crosstable")) == (4, 4)
    assert (rows_of(second, "standings"), rows_of(second, "crosstable")) == (2, 2)
    assert "Page 1 of 2" in first and "?page=2" in first
    # The second page goes on from the fifth place.
    standings = results.results(swiss)["standings"]
    fifth = f'<tr data-player="{standings[4]["player"].username}"'
    assert fifth in second.split('id="standings"')[1] and fifth not in first.split('id="crosstable"')[0]


def test_a_big_events_rounds_link_their_own_pages(swiss, monkeypatch):
    inline = page(f"/championships/{swiss.pk}/results/")
    assert 'class="game-link"' in inline
    monkeypatch.setattr(results_views, "RESULTS_PAGE_BOARDS", 2)
    linked = page(f"/championships/{swiss.pk}/results/")
    assert 'class="game-link"' not in linked
    for number in (1, 2):
        assert f'href="/championships/{swiss.pk}/rounds/{number}/"' in linked
    assert "3 boards" in linked


def test_the_cached_result_set_follows_every_change_of_what_it_shows(swiss):
    url = f"/championships/{swiss.pk}/results/"
    assert "Pyotr" in page(url)
    Member.objects.filter(username="pyotr").update(display_name="Pyotr Renamed")
    assert "Pyotr Renamed" in page(url)  # a name
    board = Board.objects.filter(round__championship=swiss, round__number=1).exclude(black=None).first()
    before = results.results(swiss)["standings"]
    flipped = {"1-0": "0-1", "0-1": "1-0"}.get(board.result, "1-0")
    Board.objects.filter(pk=board.pk).update(result=flipped)
    after = results.results(swiss)["standings"]
    points = lambda rows: {r["player"].id: r["raw"]["points"] for r in rows}  # noqa: E731
    assert points(after) != points(before)  # a result


def test_the_stored_table_serves_while_its_results_are_unchanged(swiss):
    stored = Standings.objects.get(championship=swiss)
    assert results.current_table(swiss) == stored.rows
    Standings.objects.filter(pk=stored.pk).update(results_version="out of date")
    # An out-of-date stored table is never shown: the table is computed afresh, the same.
    assert results.current_table(swiss) == stored.rows


def test_the_results_page_and_a_player_card_cost_the_same_queries_at_twice_the_size(players, staff, on_commit):
    more = players + [make_member(f"extra{i}", display_name=f"Extra {i}", federation_rating=1500 - i) for i in range(6)]
    small = swiss_of(players, staff, on_commit, name="Small Swiss")
    big = swiss_of(more, staff, on_commit, name="Big Swiss")

    def queries(url: str) -> int:
        page(url)  # the first visit computes and caches the result set
        with CaptureQueriesContext(connection) as seen:
            page(url)
        return len(seen)

    for pattern in ("/championships/{pk}/results/", "/championships/{pk}/players/pyotr/"):
        assert queries(pattern.format(pk=small.pk)) == queries(pattern.format(pk=big.pk)), pattern


def test_a_figures_arithmetic_is_served_on_demand(swiss):
    # 1.13.6 Buchholz: the sum of the opponents' points, each line an opponent.
    leader = results.results(swiss)["standings"][0]
    url = f"/championships/{swiss.pk}/players/{leader['player'].username}/arithmetic/buchholz/"
    assert f'data-arithmetic="{url}"' in page(f"/championships/{swiss.pk}/results/")
    shown = page(url)
    buchholz = next(f for f in leader["figures"] if f["name"] == "buchholz")
    assert buchholz["sum"] in shown
    assert all(line["opponent"] in shown for line in buchholz["lines"])
    client = Client()
    assert client.get(url.replace("buchholz", "no-such-coefficient")).status_code == 404
    assert client.get(url.replace(leader["player"].username, "nobody")).status_code == 404
