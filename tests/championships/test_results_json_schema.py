"""The published results have a JSON Schema of their own: served at a versioned address, named by each
document's ``$schema``, and every demo event's document validates against it (jsonschema, draft 2020-12,
formats checked). A key the schema does not name fails it."""

import copy
import json
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.urls import reverse
from jsonschema import Draft202012Validator

from club.championships.models import Championship
from club.site import demo as club_demo

pytestmark = pytest.mark.django_db


@pytest.fixture
def documents(client):
    club_demo.load_demo()
    championships = list(Championship.objects.exclude(status=Championship.Status.DRAFT))
    assert len(championships) >= 3  # the finished round robin, the Swiss in progress, the section
    return [client.get(reverse("api-championship-published", args=[c.pk])).json() for c in championships]


def validator_from(client, address: str) -> Draft202012Validator:
    assert address.startswith(settings.SITE_URL + "/api/")
    response = client.get(urlsplit(address).path)
    assert response.status_code == 200 and response["Content-Type"] == "application/schema+json"
    assert response["Access-Control-Allow-Origin"] == "*"
    schema = json.loads(response.content)
    assert schema["$id"] == address
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def test_every_demo_events_document_validates_against_the_schema_it_names(documents, client):
    addresses = {document["$schema"] for document in documents}
    assert addresses == {settings.SITE_URL + "/api/championships/schemas/results-v1.json"}
    validator = validator_from(client, addresses.pop())
    for document in documents:
        assert list(validator.iter_errors(document)) == [], document["championship"]["name"]
    # the running ones are provisional, with what each player may still reach
    running = [d for d in documents if d["championship"]["status"] == "running"]
    assert running and all(d["provisional"] and "games_left" in d["standings"][0] for d in running)


def test_an_undocumented_key_or_a_wrong_type_fails_the_schema(documents, client):
    validator = validator_from(client, documents[0]["$schema"])
    extra = copy.deepcopy(documents[0])
    extra["standings"][0]["secret"] = 1
    wrong = copy.deepcopy(documents[0])
    wrong["championship"]["started_at"] = "yesterday"
    missing = {key: value for key, value in documents[0].items() if key != "provisional"}
    for bad in (extra, wrong, missing):
        assert not validator.is_valid(bad)
