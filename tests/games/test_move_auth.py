"""The club's token check (members/api/authentication.py) does what DRF's does, on the move endpoint."""

import pytest
from rest_framework.test import APIClient

from games.models import Move
from members.tokens import api_token_issue


def _move(game_id, authorization=None):
    client = APIClient()
    if authorization:
        client.credentials(HTTP_AUTHORIZATION=authorization)
    return client.post(f"/api/games/{game_id}/moves/", {"text": "c3-d4", "expected_ply": 0}, format="json")


def test_a_valid_token_moves_as_its_member(anna, api_game_id):
    answer = _move(api_game_id, f"Token {api_token_issue(member=anna)[1]}")
    assert answer.status_code == 201 and answer.json()["move"]["member"] == anna.pk


@pytest.mark.parametrize("header", ["Token nosuchkey", "Token", "Token a b"])
def test_a_bad_token_is_a_401_and_nothing_is_played(api_game_id, header):
    answer = _move(api_game_id, header)
    assert answer.status_code == 401 and answer.headers["WWW-Authenticate"] == "Token"
    assert not Move.objects.filter(game_id=api_game_id).exists()


def test_an_inactive_members_token_is_refused(anna, api_game_id):
    key = api_token_issue(member=anna)[1]
    anna.is_active = False
    anna.save(update_fields=["is_active"])
    assert _move(api_game_id, f"Token {key}").status_code == 401
    assert not Move.objects.filter(game_id=api_game_id).exists()


def test_no_credentials_is_a_401_and_a_session_still_works(anna, api_game_id):
    assert _move(api_game_id).status_code == 401
    client = APIClient()
    client.force_login(anna)
    answer = client.post(f"/api/games/{api_game_id}/moves/", {"text": "c3-d4", "expected_ply": 0}, format="json")
    assert answer.status_code == 201
