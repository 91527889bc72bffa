"""The API of the published results and the exports ("the API for
all of it, in the OpenAPI schema"; "a championship's whole result set
is one JSON document for other sites to embed"; drafts do not leak)."""

import pytest
from django.urls import reverse

from club.championships import demo, exports, services
from club.championships.models import Board
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


def test_the_document_holds_the_starting_list_the_pairings_and_the_standings(finished, client):
    data = client.get(reverse("api-championship-published", args=[finished.pk])).json()
    entries = list(finished.entries.select_related("member").order_by("start_number"))
    assert [(e["id"], e["start_number"], e["name"]) for e in data["entrants"]] == [
        (e.member_id, e.start_number, e.member.name) for e in entries
    ]
    assert data["championship"]["rounds_total"] == 3 and data["championship"]["time_control"] == "d3"
    recorded = sorted(
        (b.round.number, b.white_id, b.black_id, b.result, b.game_id)
        for b in Board.objects.filter(round__championship=finished)
    )
    written = sorted(
        (r["number"], b["white_id"], b["black_id"], b["result"], b["game_id"])
        for r in data["rounds"]
        for b in r["boards"]
    )
    assert written == recorded
    assert all(set(row["coefficients"]) >= {"buchholz", "berger", "shmulyan"} for row in data["standings"])


def test_other_sites_may_fetch_it_and_keep_it_for_a_minute(finished, client, staff):
    url = reverse("api-championship-published", args=[finished.pk])
    response = client.get(url, HTTP_ORIGIN="https://federation.example")
    assert response["Access-Control-Allow-Origin"] == "*"
    assert set(response["Cache-Control"].split(", ")) == {"public", "max-age=60"}
    again = client.get(url, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304 and again["ETag"] == response["ETag"] and not again.content
    client.force_login(staff["organiser"])  # no credentials are read: everyone gets the public document
    assert client.get(url).content == response.content


def test_a_draft_is_not_in_the_public_document_even_for_its_organiser(staff, client):
    draft = services.championship_create(
        organiser=staff["organiser"], name="Secret", discipline="russian", time_control="d3"
    )
    url = reverse("api-championship-published", args=[draft.pk])
    assert client.get(url).status_code == 404
    client.force_login(staff["organiser"])
    assert client.get(url).status_code == 404


@pytest.mark.parametrize(
    "name", ["api-championship-decisions", "api-championship-standings", "api-championship-crosstable"]
)
def test_a_drafts_decisions_standings_and_crosstable_are_hidden_like_its_page(name, staff, anna, client):
    """These used to answer 200 while the draft's detail answered 404."""
    draft = services.championship_create(
        organiser=staff["organiser"], name="Secret", discipline="russian", time_control="d3"
    )
    url = reverse(name, args=[draft.pk])
    assert client.get(url).status_code == 404
    client.force_login(anna)
    assert client.get(url).status_code == 404
    assert client.get(reverse("api-championship-detail", args=[draft.pk])).status_code == 404
    client.force_login(staff["organiser"])
    assert client.get(url).status_code == 200


def test_the_results_page_links_the_document(finished, client):
    page = client.get(reverse("championships:results", args=[finished.pk])).content.decode()
    assert f'href="{reverse("api-championship-published", args=[finished.pk])}"' in page


def test_each_export_is_served_as_its_file(finished, client):
    for kind, content_type in (
        ("games", "application/x-draughts-pdn"),
        ("games.zip", "application/zip"),
        ("standings.csv", "text/csv"),
        ("trf", "text/plain"),
    ):
        response = client.get(reverse("api-championship-export", args=[finished.pk, kind]))
        assert response.status_code == 200 and response["Content-Type"].startswith(content_type)
        assert response.content == exports.export(finished, kind).content
    assert client.get(reverse("api-championship-export", args=[finished.pk, "docx"])).status_code == 404


def test_the_schema_describes_them_without_warnings():
    from drf_spectacular.drainage import GENERATOR_STATS
    from drf_spectacular.generators import SchemaGenerator

    GENERATOR_STATS.reset()
    schema = SchemaGenerator().get_schema(request=None, public=True)
    # Each export its own operation, declaring its content types as text or bytes.
    declared = {
        kind: schema["paths"][f"/api/championships/{{id}}/export/{kind}/"]["get"]["responses"]["200"]["content"]
        for kind in exports.EXPORTS
    }
    assert "/api/championships/{id}/export/{kind}/" not in schema["paths"]
    assert declared == {
        "games": {
            "application/x-draughts-pdn": {"schema": {"type": "string"}},
            "text/x-renju": {"schema": {"type": "string"}},
        },
        "games.zip": {"application/zip": {"schema": {"type": "string", "format": "binary"}}},
        # Renju: the RIF database is XML text, a RenLib library bytes.
        "games.rif": {"application/xml": {"schema": {"type": "string"}}},
        "games.lib": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}},
        "standings.csv": {"text/csv": {"schema": {"type": "string"}}},
        "trf": {"text/plain": {"schema": {"type": "string"}}},
    }
    assert "/api/championships/{id}/published/" in schema["paths"]
    ours = [
        w
        for w in list(GENERATOR_STATS._warn_cache) + list(GENERATOR_STATS._error_cache)
        if "PublishedResultsView" in w or "Export" in w
    ]
    assert ours == []
