"""The REST API: challenges to games, moves with JSON errors, retries, lists with filters, the schema."""

import pytest
from rest_framework.test import APIClient

from games.models import Move


@pytest.fixture
def client_of():
    def make(member=None):
        client = APIClient()
        if member is not None:
            client.force_authenticate(member)
        return client

    return make


@pytest.fixture
def game_id(client_of, anna, boris):
    created = client_of(anna).post(
        "/api/challenges/",
        {"discipline": "russian", "time_control": "600+5", "opponent_id": boris.pk, "colour": "white"},
        format="json",
    )
    return client_of(boris).post(f"/api/challenges/{created.json()['id']}/accept/").json()["id"]


def test_a_challenge_accepted_through_the_api_starts_a_game(client_of, anna, boris, game_id):
    game = client_of().get(f"/api/games/{game_id}/").json()
    assert (game["white"]["id"], game["black"]["id"], game["status"], game["speed"]) == (
        anna.pk,
        boris.pk,
        "active",
        "rapid",
    )
    # White's first move is off the clock (the game may start before he has opened it).
    assert game["clocks"]["running"] is None and game["clocks"]["kind"] == "fischer"


def test_a_move_answers_201_with_the_game_after_it(client_of, anna, game_id):
    answer = client_of(anna).post(f"/api/games/{game_id}/moves/", {"text": "c3-d4", "expected_ply": 0}, format="json")
    assert answer.status_code == 201
    assert answer.json()["move"]["ply"] == 1 and answer.json()["game"]["to_move"] == "black"


def test_a_stale_move_gets_409_with_a_json_error_and_changes_nothing(client_of, anna, boris, game_id):
    client_of(anna).post(f"/api/games/{game_id}/moves/", {"text": "c3-d4", "expected_ply": 0}, format="json")
    stale = client_of(boris).post(f"/api/games/{game_id}/moves/", {"text": "f6-g5", "expected_ply": 0}, format="json")
    assert stale.status_code == 409
    assert stale.json()["error"] == "stale-ply" and stale.json()["detail"]
    assert Move.objects.filter(game_id=game_id).count() == 1


def test_an_illegal_move_gets_409_naming_the_rule(client_of, anna, game_id):
    refused = client_of(anna).post(f"/api/games/{game_id}/moves/", {"text": "a3-a4", "expected_ply": 0}, format="json")
    assert refused.status_code == 409 and refused.json()["error"] == "illegal-move"


def test_a_retried_request_returns_the_first_result(client_of, anna, game_id):
    body = {"text": "c3-d4", "expected_ply": 0}
    first = client_of(anna).post(f"/api/games/{game_id}/moves/", body, format="json", HTTP_IDEMPOTENCY_KEY="m-1")
    again = client_of(anna).post(f"/api/games/{game_id}/moves/", body, format="json", HTTP_IDEMPOTENCY_KEY="m-1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["replayed"] and again.json()["move"] == first.json()["move"]
    assert Move.objects.filter(game_id=game_id).count() == 1


def test_strangers_and_anonymous_visitors_cannot_act(client_of, chiara, game_id):
    stranger = client_of(chiara).post(
        f"/api/games/{game_id}/moves/", {"text": "c3-d4", "expected_ply": 0}, format="json"
    )
    assert stranger.status_code == 403 and stranger.json()["error"] == "not-a-player"
    anonymous = client_of().post(f"/api/games/{game_id}/resign/")
    assert anonymous.status_code in (401, 403)


def test_resign_abort_and_draw_endpoints(client_of, anna, boris, game_id):
    aborted = client_of(boris).post(f"/api/games/{game_id}/abort/")
    assert aborted.status_code == 200 and aborted.json()["status"] == "aborted"
    too_late = client_of(anna).post(f"/api/games/{game_id}/resign/")
    assert too_late.status_code == 409 and too_late.json()["error"] == "game-over"


def test_abort_is_refused_once_both_sides_have_moved(client_of, anna, boris, game_id):
    client_of(anna).post(f"/api/games/{game_id}/moves/", {"text": "c3-d4", "expected_ply": 0}, format="json")
    client_of(boris).post(f"/api/games/{game_id}/moves/", {"text": "f6-g5", "expected_ply": 1}, format="json")
    refused = client_of(anna).post(f"/api/games/{game_id}/abort/")
    assert refused.status_code == 409 and refused.json()["error"] == "abort-too-late"
    offered = client_of(boris).post(f"/api/games/{game_id}/draw/offer/")
    assert offered.status_code == 200 and offered.json()["draw_offer_by"] == "black"
    accepted = client_of(anna).post(f"/api/games/{game_id}/draw/accept/")
    assert accepted.json()["result"] == "1/2-1/2"


def test_a_members_games_filter_by_status_and_discipline(client_of, anna, boris, chiara, game_id):
    client_of(boris).post(f"/api/games/{game_id}/resign/")
    anna_games = client_of().get(f"/api/members/{anna.pk}/games/?status=finished&discipline=russian").json()
    assert anna_games["count"] == 1 and anna_games["results"][0]["result"] == "1-0"
    assert client_of().get(f"/api/members/{anna.pk}/games/?status=active").json()["count"] == 0
    assert client_of().get(f"/api/members/{chiara.pk}/games/").json()["count"] == 0


def test_open_challenges_are_listed_and_direct_ones_only_to_their_members(client_of, anna, boris, chiara):
    client_of(anna).post("/api/challenges/", {"discipline": "renju", "time_control": "d3"}, format="json")
    client_of(anna).post(
        "/api/challenges/", {"discipline": "russian", "time_control": "300", "opponent_id": boris.pk}, format="json"
    )
    assert len(client_of(chiara).get("/api/challenges/").json()) == 1
    assert len(client_of(boris).get("/api/challenges/").json()) == 2


def test_a_bad_time_control_is_a_400_naming_the_problem(client_of, anna):
    bad = client_of(anna).post("/api/challenges/", {"discipline": "russian", "time_control": "d4"}, format="json")
    assert bad.status_code == 400 and bad.json()["error"] == "bad-time-control"


def test_the_presets_list_the_seed_clauses(client_of):
    presets = client_of().get("/api/time-controls/?discipline=international").json()
    assert {"name": "classical 2 h/50 then 1 h/25", "control": "7200/50,3600/25", "clause": "003 3.6.1"} in presets


def test_the_openapi_schema_documents_the_play_endpoints(client_of):
    schema = client_of().get("/api/schema/?format=json").json()
    for path in (
        "/api/challenges/",
        "/api/games/{id}/moves/",
        "/api/games/{id}/draw/offer/",
        "/api/games/{id}/claims/repetition/",
        "/api/games/{id}/record/",
        "/api/games/import/",
        "/api/members/{id}/games/",
    ):
        assert path in schema["paths"], path


def test_a_vacation_through_the_api(client_of, anna):
    taken = client_of(anna).post("/api/vacations/", {"days": 3}, format="json")
    assert taken.status_code == 201
    assert len(client_of(anna).get("/api/vacations/").json()) == 1
