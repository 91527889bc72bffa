"""The REST API: token and session auth, members, the schema, and one error shape for everything."""

import pytest
from django.core.cache import cache
from django.urls import include, path
from rest_framework import exceptions
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from club.site import urls as club_urls
from foundation.api.errors import ApiConflict, RuleRefused, exception_handler
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def test_a_member_trades_username_and_password_for_a_token_and_uses_it(api, anna):
    token = api.post("/api/auth/token/", {"username": "anna", "password": PASSWORD}).json()["token"]

    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/members/me/").json()["username"] == "anna"


def test_a_wrong_password_gets_no_token(api, anna):
    response = api.post("/api/auth/token/", {"username": "anna", "password": "guess"})

    assert response.status_code == 400
    assert response.json()["error"] == "invalid"


def test_a_bad_token_is_a_401(api):
    api.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")

    response = api.get("/api/members/me/")

    assert response.status_code == 401
    assert response.json()["error"] == "authentication-failed"
    assert response["WWW-Authenticate"] == "Token"


def test_the_session_of_the_website_works_for_the_api_too(client, anna):
    client.force_login(anna)

    assert client.get("/api/members/me/").json()["email"] == "anna@club.test"


def test_anyone_reads_the_member_list_and_a_profile_without_emails(api, anna, boris):
    listing = api.get("/api/members/").json()
    assert [m["username"] for m in listing["results"]] == ["anna", "boris"]
    assert all("email" not in m for m in listing["results"])

    anna_json = api.get(f"/api/members/{anna.pk}/").json()
    assert anna_json["federation_rating"] == 2150
    assert anna_json["roles"] == ["member"]


def test_the_member_list_is_searchable(api, anna, boris):
    assert [m["username"] for m in api.get("/api/members/", {"q": "tver"}).json()["results"]] == ["anna"]


def test_a_member_patches_their_own_profile(api, anna):
    api.force_authenticate(anna)

    response = api.patch("/api/members/me/", {"city": "Samara", "federation_rating": 2200}, format="json")

    assert response.status_code == 200
    anna.refresh_from_db()
    assert (anna.city, anna.federation_rating) == ("Samara", 2200)


def test_the_username_and_roles_are_not_writable_through_the_profile(api, anna):
    api.force_authenticate(anna)

    api.patch("/api/members/me/", {"username": "queen", "roles": ["admin"]}, format="json")

    anna.refresh_from_db()
    assert anna.username == "anna"
    assert api.get("/api/members/me/").json()["roles"] == ["member"]


def test_an_invalid_profile_value_is_a_400_naming_the_field(api, anna):
    api.force_authenticate(anna)

    response = api.patch("/api/members/me/", {"federation_rating": -5}, format="json")

    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "invalid"
    assert body["detail"].startswith("federation_rating:")
    assert "federation_rating" in body["fields"]


def test_the_own_profile_needs_a_login(api):
    response = api.get("/api/members/me/")

    assert response.status_code == 401
    assert response.json()["error"] == "not-authenticated"


def test_an_unknown_member_is_a_json_404(api):
    response = api.get("/api/members/999999/")

    assert response.status_code == 404
    assert response.json() == {"error": "not-found", "detail": response.json()["detail"]}


def test_an_unknown_api_path_is_a_json_404_too(client):
    response = client.get("/api/no/such/thing/")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"] == "not-found"


def test_a_wrong_method_is_a_405(api, anna):
    response = api.delete(f"/api/members/{anna.pk}/")

    assert response.status_code in (401, 405)  # anonymous: refused before the method is looked at
    api.force_authenticate(anna)
    response = api.delete(f"/api/members/{anna.pk}/")
    assert response.status_code == 405
    assert response.json()["error"] == "method-not-allowed"


def test_malformed_json_is_a_400_parse_error(api, anna):
    api.force_authenticate(anna)

    response = api.generic("PATCH", "/api/members/me/", "{not json", content_type="application/json")

    assert response.status_code == 400
    assert response.json()["error"] == "parse-error"


def test_the_openapi_schema_describes_the_club_endpoints(api):
    response = api.get("/api/schema/", {"format": "json"})

    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    for endpoint in ("/api/members/", "/api/members/me/", "/api/sanctions/", "/api/auth/token/"):
        assert endpoint in schema["paths"]


@pytest.mark.parametrize("page", ["/api/docs/", "/api/redoc/"])
def test_the_browsable_docs_are_served_from_our_own_static_files(client, page):
    response = client.get(page)

    assert response.status_code == 200
    assert "drf_spectacular_sidecar" in response.text
    assert "cdn" not in response.text.lower()


# --- Errors raised by other apps' views -------------------------------------------------


@api_view(["POST"])
@permission_classes([AllowAny])
def _move(request):
    raise RuleRefused("illegal-move", "A capture is compulsory (rule 2.4).")


@api_view(["POST"])
@permission_classes([AllowAny])
def _stale(request):
    raise ApiConflict("stale-ply", "The game has moved on.")


@api_view(["GET"])
@permission_classes([AllowAny])
def _crash(request):
    raise ZeroDivisionError


# An urlconf of its own needs the club's handler to keep a crash JSON.
handler500 = club_urls.handler500
urlpatterns = [
    path("api/test/move/", _move),
    path("api/test/stale/", _stale),
    path("api/test/crash/", _crash),
    path("", include("club.site.urls")),
]


@pytest.mark.urls(__name__)
class TestErrorsRaisedByOtherApps:
    def test_a_rule_refusal_is_a_409_with_its_code_and_the_rule(self, api):
        response = api.post("/api/test/move/")

        assert response.status_code == 409
        assert response.json() == {"error": "illegal-move", "detail": "A capture is compulsory (rule 2.4)."}

    def test_a_conflict_is_a_409(self, api):
        response = api.post("/api/test/stale/")

        assert response.status_code == 409
        assert response.json()["error"] == "stale-ply"

    def test_a_crash_is_a_json_500(self):
        crashing = APIClient(raise_request_exception=False)

        response = crashing.get("/api/test/crash/")

        assert response.status_code == 500
        assert response.json()["error"] == "server-error"


@pytest.fixture
def strict_login_throttle(monkeypatch):
    """Two token requests a minute from one address, with a clean count before and after."""
    key = ScopedRateThrottle.cache_format % {"scope": "auth", "ident": "127.0.0.1"}
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"auth": "2/min"})
    cache.delete(key)
    yield
    cache.delete(key)


def test_password_guessing_for_a_token_is_throttled_with_a_429(api, anna, strict_login_throttle):
    for _ in range(2):
        assert api.post("/api/auth/token/", {"username": "anna", "password": "guess"}).status_code == 400

    response = api.post("/api/auth/token/", {"username": "anna", "password": PASSWORD})

    assert response.status_code == 429
    assert response.json()["error"] == "throttled"
    assert int(response["Retry-After"]) > 0


def test_a_throttled_error_carries_the_wait_in_retry_after():
    response = exception_handler(exceptions.Throttled(wait=12), {})

    assert response.status_code == 429
    assert response.headers["Retry-After"] == "12"
