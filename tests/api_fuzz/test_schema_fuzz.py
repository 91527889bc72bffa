"""schemathesis against the OpenAPI schema (``/api/schema/``), as an authenticated
member, on PostgreSQL: no request to any operation is a server error, every
response whose status the schema documents has the body the schema describes,
and a request the API rejects (4xx) changes nothing in the club's rows.

The requests go through ``club.site.wsgi.application`` in this process, with the token the
member obtained from ``POST /api/auth/token/``. The club holds something for each kind
of id to hit: a game the member plays, his open challenge, a direct challenge to him,
a championship open for entries; path ids are drawn from those (and from any integer).
Examples per operation are bounded and derandomised, so the run is the same in every CI
pass. Throttled answers (429) are rejections like any other 4xx.

Each operation runs inside a transaction rolled back after it (the app runs in this
thread, on this connection), so nothing is flushed between operations; the commit hooks a
request registers (broadcasts, follow-up tasks) run after it, as they would on commit.
"""

import json
import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from knox.models import AuthToken
from knox.settings import CONSTANTS
from schemathesis.checks import not_a_server_error, response_schema_conformance

from club.championships import services as championship_services
from club.site.wsgi import application
from games import services as game_services
from members.tokens import api_token_issue
from tests.conftest import PASSWORD, make_member
from tests.games_web.helpers import start_game
from tests.snapshots import club_snapshot

pytestmark = [pytest.mark.services, pytest.mark.django_db]

# CI's bound; API_FUZZ_EXAMPLES=N explores more, with fresh random examples each run.
EXAMPLES_PER_OPERATION = int(os.environ.get("API_FUZZ_EXAMPLES", "3"))
DERANDOMIZE = "API_FUZZ_EXAMPLES" not in os.environ

# Beyond counts: the state of each game, challenge and championship, and the member's profile.
WATCHED_FIELDS = {
    "games.Game": ("status", "result", "ply", "draw_offer_ply", "termination"),
    "games.Challenge": ("status",),
    "championships.Championship": ("status",),
    "club.Member": ("username", "email", "display_name", "city", "federation_rating", "password"),
}


@pytest.fixture
def one_connection():
    """Django closes a connection left inside a transaction when a request starts or
    ends; here the request shares the test's transaction, as the test client arranges."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def club(db, one_connection):
    """The member (anna), the rows her requests can reach, and her API token."""
    anna = make_member("anna", display_name="Anna Orlova", city="Tver")
    boris = make_member("boris", display_name="Boris Lebedev")
    organiser = make_member("grigory", "organiser", display_name="Grigory Organiser")
    game = start_game(white=anna, black=boris)
    open_challenge = game_services.challenge_create(
        challenger=anna, discipline="russian", colour="white", rated=False, time_control="d3"
    )
    direct = game_services.challenge_create(
        challenger=boris, opponent=anna, discipline="russian", colour="black", rated=False, time_control="d3"
    )
    championship = championship_services.championship_create(
        organiser=organiser, name="Club cup", discipline="russian", time_control="d3"
    )
    chief = make_member("valentin", "chief_arbiter", display_name="Valentin Chief")
    championship_services.arbiter_appoint(by=organiser, championship_id=championship.pk, member=chief, role="chief")
    championship_services.entries_open(by=organiser, championship_id=championship.pk)
    EXISTING_IDS[:] = sorted(
        {anna.pk, boris.pk, organiser.pk, chief.pk, game.pk, open_challenge.pk, direct.pk, championship.pk}
    )
    return {"member": anna, "token": obtain_token()}


def obtain_token() -> str:
    from werkzeug.test import Client

    response = Client(application).post(
        "/api/auth/token/",
        data=json.dumps({"username": "anna", "password": PASSWORD}),
        content_type="application/json",
        headers={"Host": "localhost"},
    )
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["token"]


# Loaded from the app's own /api/schema/ when the module is collected (drf-spectacular
# builds it without touching the database). schemathesis's lazy from_fixture loader does
# not run on pytest 9.2 (it sets Function._nodeid, which pytest no longer has).
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
# The ids of the rows ``club`` made for the running operation (sequences run on between
# operations); path ids are drawn from them when the example is drawn.
EXISTING_IDS: list[int] = []
existing_id = st.integers(min_value=0, max_value=7).map(lambda i: EXISTING_IDS[i % len(EXISTING_IDS)])


@schema.hook
def flatmap_path_parameters(context, path_parameters):
    if not path_parameters:
        return st.just(path_parameters)
    # An integer id is as often a row that exists, so the fuzzing gets past "not found".
    return st.fixed_dictionaries(
        {
            name: existing_id | st.just(value)
            if isinstance(value, int) and not isinstance(value, bool)
            else st.just(value)
            for name, value in path_parameters.items()
        }
    )


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    derandomize=DERANDOMIZE,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_server_error_and_rejections_change_nothing(case, club, django_capture_on_commit_callbacks):
    token = club["token"]
    before = club_snapshot(WATCHED_FIELDS)
    with django_capture_on_commit_callbacks(execute=True):
        response = case.call(headers={"Authorization": f"Token {token}"})
    # No 5xx, and every answer the schema describes (its status code) has the body the schema says.
    case.validate_response(response, checks=[not_a_server_error, response_schema_conformance])
    if 400 <= response.status_code < 500:
        assert club_snapshot(WATCHED_FIELDS) == before, (
            f"{case.method} {case.formatted_path} answered {response.status_code} but changed rows"
        )
    # A successful logout (or password change) revokes the token: take a new one.
    if not AuthToken.objects.filter(token_key=token[: CONSTANTS.TOKEN_KEY_LENGTH]).exists():
        club["token"] = api_token_issue(member=club["member"])[1]
