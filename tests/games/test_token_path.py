"""An API call that names its member by token goes through the token path's shorter
middleware chain (club/site/wsgi.py): no session, no flash messages, no CSRF,
no page policy; the NUL check, nosniff, the language and the lockout stay. Pages keep
the whole chain and their policy, built once. The site's own WSGI application is
called here, as granian calls it (Django's test client builds its own handler)."""

import io
import json
from wsgiref.util import setup_testing_defaults

import pytest
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from club.site import wsgi
from members.tokens import api_token_issue

pytestmark = pytest.mark.django_db


def _token(member) -> str:
    return f"Token {api_token_issue(member=member)[1]}"


def _token_client(member) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=_token(member))
    return client


def _site(method: str, path: str, body: dict | None = None, query: str = "", **headers) -> tuple[int, dict, bytes]:
    """``club.site.wsgi.application`` called as a WSGI server calls it: (status, headers, body).
    The connection stays open across the call, as Django's test client keeps it, so
    the test's transaction survives."""
    data = json.dumps(body).encode() if body is not None else b""
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(data)),
        "wsgi.input": io.BytesIO(data),
        **headers,
    }
    setup_testing_defaults(environ)
    started = []
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        chunks = wsgi.application(environ, lambda status, head: started.append((status, head)))
        content = b"".join(chunks)
        chunks.close()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
    status, head = started[0]
    return int(status.split()[0]), {name.lower(): value for name, value in head}, content


def test_only_an_api_call_with_a_token_takes_the_token_path():
    assert wsgi.token_api_call({"PATH_INFO": "/api/games/1/moves/", "HTTP_AUTHORIZATION": "Token abc"})
    assert not wsgi.token_api_call({"PATH_INFO": "/api/games/1/moves/"})  # the page's session call
    assert not wsgi.token_api_call({"PATH_INFO": "/api/games/", "HTTP_AUTHORIZATION": "Basic abc"})
    assert not wsgi.token_api_call({"PATH_INFO": "/play/", "HTTP_AUTHORIZATION": "Token abc"})
    skipped = set(settings.MIDDLEWARE) - set(settings.TOKEN_API_MIDDLEWARE)
    assert not set(settings.TOKEN_API_MIDDLEWARE) - set(settings.MIDDLEWARE)  # a sub-chain, in the same order
    assert [m for m in settings.MIDDLEWARE if m not in skipped] == settings.TOKEN_API_MIDDLEWARE


def test_a_token_move_sets_no_cookie_and_no_page_policy_but_keeps_nosniff(anna, api_game_id):
    status, head, _ = _site(
        "POST",
        f"/api/games/{api_game_id}/moves/",
        {"text": "c3-d4", "expected_ply": 0},
        HTTP_AUTHORIZATION=_token(anna),
    )
    assert status == 201
    assert "set-cookie" not in head  # no session, no CSRF cookie
    assert "content-security-policy" not in head and "x-frame-options" not in head
    assert head["x-content-type-options"] == "nosniff"


def test_a_token_call_is_answered_in_the_callers_language():
    answers = {
        language: _site("GET", "/api/games/", HTTP_AUTHORIZATION="Token not-a-token", HTTP_ACCEPT_LANGUAGE=language)
        for language in ("en", "ru")
    }
    assert [status for status, _, _ in answers.values()] == [401, 401]
    english, russian = (json.loads(content)["detail"] for _, _, content in answers.values())
    assert english == "Invalid token." and russian != english


def test_a_nul_in_a_token_call_s_url_is_still_refused(anna):
    status, _, _ = _site("GET", "/api/games/", query="discipline=rus%00sian", HTTP_AUTHORIZATION=_token(anna))
    assert status == 400


def test_a_session_call_to_the_api_keeps_the_whole_chain(boris, client, api_game_id):
    client.force_login(boris)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    status, _, content = _site(
        "POST",
        f"/api/games/{api_game_id}/moves/",
        {"text": "f6-g5", "expected_ply": 0},
        HTTP_COOKIE=f"{settings.SESSION_COOKIE_NAME}={session}",
    )
    assert status == 403 and b"CSRF" in content  # the session's member, and CSRF enforced for him


def test_a_page_gets_the_club_s_policy_and_a_page_that_widens_it_gets_its_own(client):
    status, head, _ = _site("GET", "/")
    assert status == 200 and head["content-security-policy"] == build_policy()
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
