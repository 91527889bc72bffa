"""The API of the published results and the exports (issue 14: "the API for
all of it, in the OpenAPI schema")."""

import pytest
from django.urls import reverse

from club.championships import demo, exports
from club.championships.selectors import results as publish

from .conftest import T0

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(players, staff, on_commit):
    with on_commit():
        return demo.round_robin(**staff, players=players[:3], start=T0, decide=demo.by_rating, name="API cup")


def test_the_published_results_are_the_pages_figures_as_json(finished, client):
    response = client.get(reverse("api-championship-published", args=[finished.pk]))
    assert response.status_code == 200
    data = response.json()
    rows = publish.results(finished)["standings"]
    assert [(r["place"], r["player"]["id"], r["points"]) for r in data["standings"]] == [
        (r["place"], r["player"].id, r["raw"]["points"]) for r in rows
    ]
    assert data["chief_arbiter"] == "Valentin Chief"
    first = data["standings"][0]
    assert set(first["arithmetic"]) == set(first["coefficients"])
    assert data["crosstable"]["kind"] == "grid" and len(data["rounds"]) == 3


def test_each_export_is_served_as_its_file(finished, client):
    for kind, content_type in (
        ("games", "application/x-draughts-pdn"),
        ("standings.csv", "text/csv"),
        ("trf", "text/plain"),
    ):
        response = client.get(reverse("api-championship-export", args=[finished.pk, kind]))
        assert response.status_code == 200 and response["Content-Type"].startswith(content_type)
        assert response.content.decode() == exports.export(finished, kind).text
    assert client.get(reverse("api-championship-export", args=[finished.pk, "docx"])).status_code == 404


def test_the_schema_describes_them_without_warnings():
    from drf_spectacular.drainage import GENERATOR_STATS
    from drf_spectacular.generators import SchemaGenerator

    GENERATOR_STATS.reset()
    schema = SchemaGenerator().get_schema(request=None, public=True)
    export = schema["paths"]["/api/championships/{id}/export/{kind}/"]["get"]
    kinds = next(p for p in export["parameters"] if p["name"] == "kind")["schema"]["enum"]
    assert kinds == list(exports.EXPORTS)
    assert {"text/plain", "text/csv", "application/x-draughts-pdn"} <= set(export["responses"]["200"]["content"])
    assert "/api/championships/{id}/published/" in schema["paths"]
    ours = [
        w
        for w in list(GENERATOR_STATS._warn_cache) + list(GENERATOR_STATS._error_cache)
        if "PublishedResultsView" in w or "ExportView" in w
    ]
    assert ours == []
