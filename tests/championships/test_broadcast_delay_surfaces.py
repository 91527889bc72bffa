"""The broadcast delay on every public surface of an event's results while a round is
played: a spectator learns each result only the event's delay after the game ended;
the players of the board and the event's arbiters at once. The rule is one
(``result_pages.results_seen``, from ``broadcast.boards_withheld``); each surface —
the standings (now and after a round), the crosstable, the results page and its
print, a player's card, the standings embed, the published JSON, the API's tables,
the standings CSV, the TRF and the Atom feed — is read here by both."""

import csv
import io
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.championships import services
from club.championships.models import Board
from club.championships.selectors import result_pages
from games.services import game_move_make, game_resign
from tests.championships.test_live_round import live_swiss
from tests.conftest import make_member

pytestmark = pytest.mark.django_db

DELAY = 15


@pytest.fixture
def ended(staff, on_commit):
    """A Swiss broadcast 15 minutes late whose first board's white won a moment ago
    (black resigned); the table stored by the worker holds the win already."""
    championship = live_swiss(staff, 4, "surfaces")
    services.broadcast_delay_set(by=staff["organiser"], championship_id=championship.pk, minutes=DELAY)
    board = Board.objects.filter(round__championship=championship).select_related("white", "black").first()
    now = timezone.now()
    with on_commit():
        game_move_make(game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=now)
        game_resign(game_id=board.game_id, member=board.black, now=now)
    championship.refresh_from_db()
    return championship, board


def _client(member=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if member is not None:
        client.force_login(member)
    return client


def _points(rows, member) -> str:
    return next(row["points"] for row in rows if row["player"].id == member.pk)


def test_the_one_rule_withholds_the_result_from_a_spectator_for_the_delay_only(ended, staff):
    championship, board = ended
    now = timezone.now()
    for spectator in (AnonymousUser(), make_member("bystander")):
        seen = result_pages.results_seen(championship, spectator, now=now)
        assert seen.withheld and _points(seen.data["standings"], board.white) == "0"
        later = result_pages.results_seen(championship, spectator, now=now + timedelta(minutes=DELAY + 1))
        assert not later.withheld and _points(later.data["standings"], board.white) == "1"
    for insider in (board.white, board.black, staff["arbiter"], staff["chief"], staff["organiser"]):
        seen = result_pages.results_seen(championship, insider, now=now)
        assert not seen.withheld and _points(seen.data["standings"], board.white) == "1"


def test_the_standings_pages_now_and_after_the_round(ended, staff):
    championship, board = ended
    for url in (
        reverse("championships:standings", args=[championship.pk]),
        reverse("championships:standings-after", args=[championship.pk, 1]),
    ):
        # The arbiter first: his page's table, kept in the cache, is not the spectator's.
        assert _points(_client(staff["arbiter"]).get(url).context["standings"], board.white) == "1"
        assert _points(_client().get(url).context["standings"], board.white) == "0"


def test_the_crosstable_page(ended, staff):
    championship, board = ended
    url = reverse("championships:crosstable", args=[championship.pk])

    def winner_cell(client) -> str:
        rows = client.get(url).context["crosstable"]["rows"]
        row = next(r for r in rows if r["player"].id == board.white_id)
        return row["cells"][0]["mark"]

    assert winner_cell(_client(staff["arbiter"])) == "1"
    assert winner_cell(_client()) == ""


def test_the_results_page_its_print_and_a_player_s_card(ended, staff):
    championship, board = ended
    arbiter, spectator = _client(staff["arbiter"]), _client()
    for name in ("championships:results", "championships:results-print"):
        url = reverse(name, args=[championship.pk])
        assert _points(arbiter.get(url).context["standings"], board.white) == "1"
        page = spectator.get(url)
        assert _points(page.context["standings"], board.white) == "0"
        [first] = [b for b in page.context["rounds"][0]["boards"] if b["game_id"] == board.game_id]
        assert first["result"] == "" and first["live"]
    card = reverse("championships:player", args=[championship.pk, board.white.username])
    assert [g["result"] for g in arbiter.get(card).context["games"]] == ["1-0"]
    assert [g["result"] for g in spectator.get(card).context["games"]] == [""]
    # The board's own players see it at once.
    assert [g["result"] for g in _client(board.black).get(card).context["games"]] == ["1-0"]


def test_the_standings_embed(ended, staff):
    championship, board = ended
    url = reverse("embed-standings", args=[championship.pk])
    name = board.white.name

    def winner_points(client) -> float:
        return next(row["points"] for row in client.get(url).context["rows"] if row["player"]["name"] == name)

    assert winner_points(_client(staff["arbiter"])) == 1
    assert winner_points(_client()) == 0


def test_the_api_s_tables_and_the_published_document(ended, staff):
    championship, board = ended
    arbiter, spectator = _client(staff["arbiter"]), _client()

    def winner_points(rows) -> float:
        return next(row["points"] for row in rows if row["player"]["id"] == board.white_id)

    after = reverse("api-championship-standings-after", args=[championship.pk, 1])
    assert winner_points(arbiter.get(after).json()["rows"]) == 1
    assert winner_points(spectator.get(after).json()["rows"]) == 0
    table = reverse("api-championship-crosstable-table", args=[championship.pk])
    for client, mark in ((arbiter, "1"), (spectator, "")):
        row = next(r for r in client.get(table).json()["rows"] if r["player_id"] == board.white_id)
        assert row["cells"][0]["mark"] == mark
    card = reverse("api-championship-player", args=[championship.pk, board.white.username])
    assert [g["result"] for g in arbiter.get(card).json()["games"]] == ["1-0"]
    assert [g["result"] for g in spectator.get(card).json()["games"]] == [""]
    # The published document is one for everyone, kept in public caches: as a spectator sees it.
    published = reverse("api-championship-published", args=[championship.pk])
    for client in (spectator, arbiter):
        document = client.get(published).json()
        assert winner_points(document["standings"]) == 0
        [first] = [b for b in document["rounds"][0]["boards"] if b["game_id"] == board.game_id]
        assert first["result"] == ""


def test_the_published_files_and_the_feed(ended):
    championship, board = ended
    client = _client()
    text = client.get(reverse("championships:export", args=[championship.pk, "standings.csv"])).content.decode()
    rows = {row[3]: row for row in csv.reader(io.StringIO(text.lstrip("\ufeff")))}
    assert rows[board.white.username][5] == "0"  # Points
    trf = client.get(reverse("championships:export", args=[championship.pk, "trf"])).content.decode()
    line = next(line for line in trf.splitlines() if line.startswith("001") and board.white.name in line)
    # TRF16: his points in columns 81-84, his rank after; the game still going is left out.
    assert line[80:84].strip() == "0.0" and len(line.rstrip()) <= 89
    feed = client.get(reverse("championships:results-feed", args=[championship.pk])).content.decode()
    assert "Round 1: 0 of 2 results" in feed and "playing" in feed


def test_the_championship_page_and_the_api_s_stored_tables(ended, staff):
    championship, board = ended
    arbiter, spectator = _client(staff["arbiter"]), _client()
    page = reverse("championships:detail", args=[championship.pk])
    for client, points, result in ((arbiter, "1", "1-0"), (spectator, "0", "")):
        context = client.get(page).context
        assert _points(context["standings"], board.white) == points
        [first] = [b for r in context["rounds"] for b in r.boards.all() if b.pk == board.pk]
        assert first.result == result
    standings = reverse("api-championship-standings", args=[championship.pk])
    for client, points in ((arbiter, 1), (spectator, 0)):
        rows = client.get(standings).json()["rows"]
        assert next(row["points"] for row in rows if row["id"] == board.white_id) == points
    crosstable = reverse("api-championship-crosstable", args=[championship.pk])
    for client, games in ((arbiter, 1), (spectator, 0)):
        rounds = client.get(crosstable).json()["rounds"].get(str(board.white_id), [])
        assert len([g for g in rounds if g.get("result")]) == games
