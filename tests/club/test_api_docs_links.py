"""The API documentation is one click from every page, and the schema link opens in a browser."""

import json

import pytest
import yaml
from django.test import Client

pytestmark = pytest.mark.django_db

BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


def test_every_page_links_the_api_documentation_and_a_readable_schema():
    page = Client().get("/", HTTP_ACCEPT_LANGUAGE="en").text

    assert '<a href="/api/docs/">API documentation</a>' in page
    assert 'href="/api/redoc/"' in page
    assert 'href="/api/schema/?format=json"' in page


def test_a_browser_opening_the_schema_gets_json_it_can_show_not_a_yaml_download():
    response = Client().get("/api/schema/", HTTP_ACCEPT=BROWSER_ACCEPT)

    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" not in response.get("Content-Disposition", "")
    assert json.loads(response.content)["openapi"].startswith("3.")
    assert "Accept" in response["Vary"]


def test_api_clients_still_get_yaml_by_default_and_what_they_ask_for():
    default = Client().get("/api/schema/")
    assert default["Content-Type"].startswith("application/vnd.oai.openapi")
    assert yaml.safe_load(default.content)["openapi"].startswith("3.")

    asked_yaml = Client().get("/api/schema/", HTTP_ACCEPT="application/yaml")
    assert asked_yaml["Content-Type"].startswith("application/yaml")

    browser_asking_yaml = Client().get("/api/schema/?format=yaml", HTTP_ACCEPT=BROWSER_ACCEPT)
    assert browser_asking_yaml["Content-Type"].startswith("application/vnd.oai.openapi")
    assert yaml.safe_load(browser_asking_yaml.content)["openapi"].startswith("3.")
