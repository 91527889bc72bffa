"""The OpenAPI document at /api/schema/ as software nobody here wrote reads it: openapi-spec-validator
accepts it, every operation names the error statuses it answers with the one envelope, request bodies are
JSON, read-only fields are not asked for, anonymous operations say so, the token scheme is one generators
send, and a nullable reference takes a null under OpenAPI 3.0's own rules. The API itself answers in
English unless asked, takes JSON bodies only and a token as ``Bearer`` too."""

import pytest
import yaml
from django.test import Client
from openapi_schema_validator import OAS30Validator
from openapi_spec_validator import OpenAPIV30SpecValidator
from rest_framework.test import APIClient

from members.tokens import api_token_issue
from tests.conftest import make_member
from tests.snapshots import club_snapshot

ERROR_REF = {"$ref": "#/components/schemas/Error"}


@pytest.fixture(scope="module")
def document():
    response = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi")
    assert response.status_code == 200
    return yaml.safe_load(response.content)


def operations(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method != "parameters":
                yield path, method, operation


def test_the_document_is_valid_openapi_30(document):
    assert document["openapi"].startswith("3.0.")
    assert list(OpenAPIV30SpecValidator(document).iter_errors()) == []


def test_every_operation_documents_its_errors_in_the_one_envelope(document):
    envelope = document["components"]["schemas"]["Error"]
    assert envelope["required"] == ["error", "detail"] and set(envelope["properties"]) == {"error", "detail", "fields"}
    for path, method, operation in operations(document):
        responses = operation["responses"]
        errors = {status for status in responses if status.startswith(("4", "5"))}
        # only a fixed document anyone reads, with no parameter and no credentials, cannot go wrong
        assert errors or (not operation.get("parameters") and operation["security"] == [{}]), (method, path)
        for status in errors:
            assert responses[status]["content"] == {"application/json": {"schema": ERROR_REF}}, (method, path, status)
        if "{" in path:
            assert "404" in responses, (method, path)
        if method in ("post", "put", "patch", "delete"):
            assert {"400", "403", "409"} <= errors, (method, path)
        if {} not in operation["security"]:
            assert "403" in responses, (method, path)
    # throttled operations say so, and only they
    assert "429" in document["paths"]["/api/auth/token/"]["post"]["responses"]
    assert "429" not in document["paths"]["/api/games/{id}/"]["get"]["responses"]


def test_request_bodies_are_json_only_and_leave_out_read_only_fields(document):
    for path, method, operation in operations(document):
        if "requestBody" in operation:
            assert list(operation["requestBody"]["content"]) == ["application/json"], (method, path)
    login = document["components"]["schemas"]["AuthTokenRequest"]
    assert "token" not in login["properties"] and sorted(login["required"]) == ["password", "username"]


def test_anonymous_operations_are_marked_and_the_others_are_not(document):
    paths = document["paths"]
    assert {} in paths["/api/games/{id}/"]["get"]["security"]
    assert {} in paths["/api/championships/{id}/playoffs/"]["get"]["security"]  # its permissions: none for GET
    assert {} in paths["/api/auth/token/"]["post"]["security"]
    assert {} not in paths["/api/members/me/"]["get"]["security"]
    assert {} not in paths["/api/championships/{id}/playoffs/"]["post"]["security"]


def test_the_token_scheme_is_one_a_generator_sends(document):
    schemes = document["components"]["securitySchemes"]
    assert schemes["bearerAuth"] == {
        "type": "http",
        "scheme": "bearer",
        "description": schemes["bearerAuth"]["description"],
    }
    assert schemes["tokenAuth"]["in"] == "header" and schemes["tokenAuth"]["name"] == "Authorization"
    assert "`Authorization: Token <key>`" in schemes["tokenAuth"]["description"]
    assert {"bearerAuth": []} in document["paths"]["/api/members/me/"]["get"]["security"]


def test_a_nullable_reference_takes_a_null_under_openapi_30(document):
    schemas = document["components"]["schemas"]
    opponent = schemas["Challenge"]["properties"]["opponent"]
    resolved = {**opponent, "components": document["components"]}
    validator = OAS30Validator(resolved)
    assert validator.is_valid(None)
    assert validator.is_valid({"id": 1, "username": "anna", "name": "Anna"})
    assert not validator.is_valid({"id": 1}) and not validator.is_valid("anna")


def test_the_document_is_in_english_whatever_the_request_asks():
    english = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi").content
    asked_russian = (
        Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi", HTTP_ACCEPT_LANGUAGE="ru").content
    )
    assert english == asked_russian and "Пароль".encode() not in english


@pytest.mark.django_db
def test_the_api_answers_in_english_unless_asked():
    english = APIClient().get("/api/members/me/")
    assert english.status_code == 401 and english["Content-Language"] == "en"
    assert english.json()["detail"] == "Authentication credentials were not provided."
    russian = APIClient().get("/api/members/me/", HTTP_ACCEPT_LANGUAGE="ru")
    assert russian["Content-Language"] == "ru" and russian.json()["detail"] != english.json()["detail"]
    # the pages keep the club's default language for a visitor who says nothing
    assert Client().get("/")["Content-Language"] == "ru"


@pytest.mark.django_db
def test_a_token_is_taken_as_bearer_too_and_a_wrong_one_is_refused():
    member = make_member("anna")
    _, key = api_token_issue(member=member)
    for prefix in ("Token", "Bearer"):
        me = Client().get("/api/members/me/", HTTP_AUTHORIZATION=f"{prefix} {key}")
        assert me.status_code == 200 and me.json()["username"] == "anna"
    wrong = Client().get("/api/members/me/", HTTP_AUTHORIZATION="Bearer not-a-key")
    assert wrong.status_code == 401 and wrong.json()["error"] == "authentication-failed"


@pytest.mark.django_db
def test_a_form_encoded_body_is_refused_and_changes_nothing():
    member = make_member("anna")
    _, key = api_token_issue(member=member)
    before = club_snapshot({"games.Challenge": ("status",)})
    answer = Client().post(
        "/api/challenges/",
        {"discipline": "russian", "time_control": "d3"},
        HTTP_AUTHORIZATION=f"Token {key}",
    )
    assert answer.status_code == 415 and answer.json()["error"] == "unsupported-media-type"
    assert club_snapshot({"games.Challenge": ("status",)}) == before
