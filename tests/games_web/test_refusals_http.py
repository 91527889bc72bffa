"""One refusal type across the apps, mapped to HTTP in one place.

Every service says no with foundation.refusals.Refused (the games layer calls it
PlayRefused); the API's exception handler (foundation/api/errors.py,
REST_FRAMEWORK["EXCEPTION_HANDLER"]) alone turns its kind into a status:
400 invalid, 403 forbidden, 404 not found, 409 conflict or rule. No API view
catches or decorates anything for it.
"""

import inspect
from pathlib import Path

import pytest
from django.urls import include, path
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.test import APIClient

from club.arbiters import api as arbiters_api
from club.championships.api import teams as teams_api
from club.championships.api import views as championships_api
from foundation import refusals
from foundation.api import errors
from games.api import views as game_api
from games.services import PlayRefused
from games.services import errors as game_errors
from tests.games_web.helpers import start_game

STATUS = {"invalid": 400, "forbidden": 403, "not-found": 404, "conflict": 409, "rule": 409}
KINDS = {
    "invalid": refusals.Invalid,
    "forbidden": refusals.Forbidden,
    "not-found": refusals.NotFound,
    "conflict": refusals.Conflict,
    "rule": refusals.RuleRefusal,
}


@api_view(["POST"])
@permission_classes([AllowAny])
def _refuse(request, kind):
    raise KINDS[kind](f"a-{kind}", f"Refused: {kind}.")


urlpatterns = [path("api/test/refuse/<str:kind>/", _refuse), path("", include("club.site.urls"))]


@pytest.mark.urls(__name__)
@pytest.mark.parametrize("kind", sorted(STATUS))
def test_every_refusal_kind_raised_in_any_api_view_answers_its_status_and_the_json_shape(db, kind):
    answer = APIClient().post(f"/api/test/refuse/{kind}/")

    assert answer.status_code == STATUS[kind]
    assert answer.json() == {"error": f"a-{kind}", "detail": f"Refused: {kind}."}


def test_the_kinds_and_their_statuses_are_written_down_once():
    assert set(refusals.KINDS) == set(STATUS) == {cls.kind for cls in KINDS.values()}
    assert errors.REFUSAL_STATUS == STATUS
    # One type: the games layer's name, and the API's names, are the same classes.
    assert PlayRefused is refusals.Refused
    assert all(getattr(game_errors, cls.__name__) is cls for cls in KINDS.values())
    assert (errors.ApiError, errors.ApiConflict, errors.RuleRefused) == (
        refusals.Invalid,
        refusals.Conflict,
        refusals.RuleRefusal,
    )


@pytest.mark.parametrize("api", [game_api, arbiters_api, championships_api, teams_api], ids=lambda m: m.__name__)
def test_no_api_view_wraps_itself_to_map_refusals(api):
    views = [v for _, v in inspect.getmembers(api, inspect.isclass) if v.__module__ == api.__name__]
    handlers = [
        getattr(view, method)
        for view in views
        if hasattr(view, "as_view")
        for method in ("get", "post", "put", "patch", "delete")
        if method in vars(view)
    ]
    assert len(handlers) > 5
    assert [h.__qualname__ for h in handlers if hasattr(h, "__wrapped__") and not _documentation_copy(h)] == []


def _documentation_copy(handler) -> bool:
    """drf-spectacular's ``extend_schema_view`` gives a subclass its own wrapped copy of an
    inherited handler, so that its schema is documented apart from the parent's: no refusal mapping."""
    return Path(handler.__code__.co_filename).match("drf_spectacular/drainage.py")


# --- Through the real endpoints: one refusal of each kind from the services -------------------------


def _api(member=None):
    client = APIClient()
    if member is not None:
        client.force_authenticate(member)
    return client


def test_the_game_api_answers_each_service_refusal_with_its_status(anna, boris, django_user_model):
    chiara = django_user_model.objects.create_user("chiara", password="x")
    game = start_game(white=anna, black=boris, time_control="600+5")
    challenge = _api(anna).post(
        "/api/challenges/", {"discipline": "russian", "time_control": "600+5", "opponent_id": boris.pk}, format="json"
    )
    assert challenge.status_code == 201
    challenge_id = challenge.json()["id"]

    cases = {
        # invalid (400): accepting one's own challenge.
        "self-challenge": (_api(anna).post(f"/api/challenges/{challenge_id}/accept/"), 400),
        # forbidden (403): declining a challenge addressed to someone else.
        "not-your-challenge": (_api(chiara).post(f"/api/challenges/{challenge_id}/decline/"), 403),
        # not found (404): a challenge that does not exist.
        "no-such-challenge": (_api(boris).post(f"/api/challenges/{challenge_id + 1000}/accept/"), 404),
        # rule (409): an illegal move.
        "illegal-move": (
            _api(anna).post(f"/api/games/{game.id}/moves/", {"text": "a3-a4", "expected_ply": 0}, format="json"),
            409,
        ),
        # conflict (409): a stale ply.
        "stale-ply": (
            _api(anna).post(f"/api/games/{game.id}/moves/", {"text": "c3-d4", "expected_ply": 5}, format="json"),
            409,
        ),
    }
    got = {code: (answer.json().get("error"), answer.status_code) for code, (answer, _) in cases.items()}
    assert got == {code: (code, wanted) for code, (_, wanted) in cases.items()}
