"""Championship pages: the list, the organiser's form, the championship page
with its pairings, game links, standings and crosstable, the arbiters' forms,
and the member's next championship game in "My games"."""

import pytest
from django.test import Client

from club.championships import services
from club.championships.models import Board, Championship, Round
from games.services import game_resign

from .conftest import T0, at

pytestmark = pytest.mark.django_db


def client_for(member):
    client = Client()
    client.force_login(member)
    return client


def test_the_list_shows_running_upcoming_and_finished_but_not_drafts(make_championship, players, organiser):
    make_championship(players[:2], name="Running one")
    Championship.objects.filter(name="Running one").update(status="running")
    make_championship(close=False, name="Open one")
    services.championship_create(organiser=organiser, name="Secret draft", discipline="russian", time_control="d3")
    page = Client().get("/championships/").content.decode()
    assert "Running one" in page and "Open one" in page and "Secret draft" not in page
    assert "Secret draft" in client_for(organiser).get("/championships/").content.decode()


def test_an_organiser_creates_a_championship_with_the_form_and_a_member_may_not(organiser, players):
    form = {
        "name": "Winter cup",
        "discipline": "renju",
        "time_control": "5400+30",
        "system": "swiss",
        "cycles": 1,
        "swiss_system": "solkoff",
        "rounds_planned": 5,
        "initial_order": "rating",
        "scoring": "2-1-0",
        "rated": "on",
        "opening_rule": "rif",
        "foul_policy": "foul-loses",
        "lateness_minutes": 30,
        "tie_criteria": ["truncated-solkoff", "wins"],
    }
    assert client_for(players[0]).post("/championships/new/", form).status_code == 403
    response = client_for(organiser).post("/championships/new/", form)
    championship = Championship.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/championships/{championship.pk}/"
    assert (
        championship.discipline,
        championship.opening_rule,
        championship.foul_policy,
        championship.scoring,
        championship.lateness_minutes,
        championship.tie_criteria,
    ) == ("renju", "rif", "foul-loses", "2-1-0", 30, ["truncated-solkoff", "wins"])


def test_the_form_shows_the_services_refusal(organiser):
    form = {
        "name": "Blitz",
        "discipline": "russian",
        "time_control": "300",
        "system": "round-robin",
        "cycles": 1,
        "initial_order": "lot",
        "scoring": "1-1/2-0",
        "lateness_minutes": 10,
    }
    page = client_for(organiser).post("/championships/new/", form).content.decode()
    assert "1.9.1" in page and not Championship.objects.exists()


def test_members_enter_and_the_arbiter_pairs_and_publishes_from_the_page(make_championship, players, staff):
    championship = make_championship(close=False)
    url = f"/championships/{championship.pk}/"
    for member in players[:3]:
        client_for(member).post(url + "enter/")
    assert championship.entries.count() == 3
    client_for(staff["organiser"]).post(url + "close/")
    # A member cannot pair: the page says so and nothing is paired.
    response = client_for(players[0]).post(url + "pair/", follow=True)
    assert "002 §17" in response.content.decode() and not Round.objects.exists()
    arbiter = client_for(staff["arbiter"])
    arbiter.post(url + "pair/")
    arbiter.post(url + "publish/", {"round": 1, "confirm_start": "yes"})  # it starts the championship
    page = Client().get(url).content.decode()
    board = Board.objects.get(black__isnull=False)
    assert f'href="/play/games/{board.game_id}/"' in page
    assert 'class="rest"' in page  # three players: one rests in round 1


def test_the_page_shows_standings_and_the_crosstable(make_championship, players, staff, on_commit):
    championship = make_championship(players[:2])
    with on_commit():
        services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
        services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1, now=T0)
        board = Board.objects.get()
        game_resign(game_id=board.game_id, member=board.black, now=at(5))
    page = Client().get(f"/championships/{championship.pk}/").content.decode()
    assert 'class="list framed standings"' in page and 'class="list framed crosstable"' in page
    assert "berger" in page and "truncated-solkoff" in page


def test_my_games_shows_my_next_championship_game(make_championship, players, staff):
    championship = make_championship(players[:2], name="Autumn cup")
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1, now=T0)
    board = Board.objects.get()
    page = client_for(board.white).get("/play/mine/").content.decode()
    assert "Autumn cup" in page and f"/play/games/{board.game_id}/" in page
    assert "Autumn cup" not in client_for(staff["organiser"]).get("/play/mine/").content.decode()


def test_the_api_is_in_the_openapi_schema(db):
    schema = Client().get("/api/schema/").content.decode()
    for path in (
        "/api/championships/",
        "/api/championships/{id}/rounds/{number}/override/",
        "/api/championships/{id}/standings/",
        "/api/championships/{id}/crosstable/",
    ):
        assert path in schema


def test_a_draft_is_shown_only_to_its_organiser_and_arbiters(organiser, players, staff):
    draft = services.championship_create(organiser=organiser, name="Not yet", discipline="russian", time_control="d3")
    services.arbiter_appoint(by=organiser, championship_id=draft.pk, member=staff["arbiter"], role="arbiter")
    for url in (f"/championships/{draft.pk}/", f"/api/championships/{draft.pk}/"):
        assert client_for(players[0]).get(url).status_code == 404
        assert client_for(organiser).get(url).status_code == 200
        assert client_for(staff["arbiter"]).get(url).status_code == 200
