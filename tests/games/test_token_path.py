"""An API call that names its member by token skips what only pages use — the session,
the flash messages, the page policy — and keeps the NUL check and nosniff (issue 29,
club/site/middleware.py); pages keep their policy, built once."""

import pytest
from csp.utils import build_policy
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from club.members.tokens import api_token_issue

pytestmark = pytest.mark.django_db


def _token_client(member) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_issue(member=member)[1]}")
    return client


def test_a_token_move_sets_no_cookie_and_no_page_policy_but_keeps_nosniff(anna, api_game_id):
    answer = _token_client(anna).post(
        f"/api/games/{api_game_id}/moves/", {"text": "c3-d4", "expected_ply": 0}, format="json"
    )
    assert answer.status_code == 201
    assert not answer.cookies  # no session, no CSRF cookie
    assert "Content-Security-Policy" not in answer
    assert answer["X-Content-Type-Options"] == "nosniff"


def test_a_nul_in_a_token_call_s_url_is_still_refused(anna):
    assert _token_client(anna).get("/api/games/?discipline=rus%00sian").status_code == 400


def test_a_page_gets_the_club_s_policy_and_a_page_that_widens_it_gets_its_own(client):
    assert client.get("/")["Content-Security-Policy"] == build_policy()
    docs = client.get("/api/docs/")["Content-Security-Policy"]
    assert "'unsafe-inline'" in docs and docs != build_policy()


def test_a_move_through_the_page_costs_the_database_no_more_than_one_through_the_api(anna, boris, api_game_id):
    token = _token_client(anna)
    with CaptureQueriesContext(connection) as by_token:
        answer = token.post(f"/api/games/{api_game_id}/moves/", {"text": "c3-d4", "expected_ply": 0}, format="json")
    assert answer.status_code == 201

    page = APIClient(enforce_csrf_checks=True)
    page.force_login(boris)
    csrf = page.get(reverse("games:game", args=[api_game_id])).cookies["csrftoken"].value
    with CaptureQueriesContext(connection) as by_session:
        answer = page.post(
            f"/api/games/{api_game_id}/moves/",
            {"text": "f6-g5", "expected_ply": 1},
            format="json",
            HTTP_X_CSRFTOKEN=csrf,
        )
    assert answer.status_code == 201
    # The token and its member; the game locked with its players' vacations (one
    # statement on PostgreSQL, games/sql.py; a second on SQLite), its moves (a cold
    # position cache); the move and the game written; the transaction's two statements
    # (inside the test's own transaction a move takes the locked path; the unlocked
    # one, in autocommit, is counted in test_unlocked_move).
    assert len(by_token) <= (7 if connection.vendor == "postgresql" else 8)
    # The page's session comes from Redis where there is one (settings: cached_db);
    # on the embedded default it is one more read of the database.
    session_read = 0 if settings.SESSION_ENGINE.endswith("cached_db") else 1
    assert len(by_session) <= len(by_token) + session_read
