"""Staged (mixed) events (003 1.2): a Swiss or group stage qualifying into a
knockout or a final round robin, the entrants carried by place, each stage's
standings kept. Through the API on the test database (the PostgreSQL and
Celery run is in test_stages_postgres.py)."""

import pytest
from django.urls import reverse

from club.championships import services
from club.championships.models import Board, Championship, Decision, Standings
from games.services import game_resign
from tests.championships.calls import ok
from tests.conftest import make_member

pytestmark = pytest.mark.django_db


def create(api, staff, **body):
    organiser = api(staff["organiser"])
    body = {"discipline": "russian", "time_control": "d2", **body}
    url = "/api/championships/{}/".format(ok(organiser.post("/api/championships/", body), 201)["id"])
    ok(organiser.post(url + "arbiters/", {"member_id": staff["chief"].pk, "role": "chief"}))
    ok(organiser.post(url + "arbiters/", {"member_id": staff["arbiter"].pk, "role": "arbiter"}))
    return url


def pk_of(url):
    return int(url.rstrip("/").rsplit("/", 1)[1])


def test_a_swiss_qualifies_its_top_four_into_a_knockout_by_place(api, staff, on_commit):
    six = [make_member(f"st{i}", display_name=f"St {i}", federation_rating=1900 - 20 * i) for i in range(6)]
    organiser, arbiter = api(staff["organiser"]), api(staff["arbiter"])
    swiss = create(api, staff, name="Qualifier", system="swiss", swiss_system="buchholz", rounds_planned=3)
    final = create(api, staff, name="Final", system="knockout", games_per_pairing=2)
    # Chaining is the organiser's; a stage with more qualifiers than players is refused at the lot.
    assert api(six[0]).post(swiss + "stages/", {"next_stage_id": pk_of(final), "qualifiers": 4}).status_code == 403
    ok(organiser.post(swiss + "stages/", {"next_stage_id": pk_of(final), "qualifiers": 4}))
    assert ok(organiser.get(final))["previous_stages"] == [pk_of(swiss)]
    # Nobody enters the final by himself: its players qualify.
    response = organiser.post(final + "open/")
    assert response.status_code == 409 and response.json()["error"] == "entries-by-qualification"
    ok(organiser.post(swiss + "open/"))
    for member in six[:3]:
        ok(api(member).post(swiss + "entry/"), 201)
    response = organiser.post(swiss + "close/")
    assert response.status_code == 409 and response.json()["error"] == "too-many-qualifiers"
    assert Championship.objects.get(pk=pk_of(swiss)).status == "entries-open"
    for member in six[3:]:
        ok(api(member).post(swiss + "entry/"), 201)
    ok(organiser.post(swiss + "close/"))
    # Before the stage finishes nothing is carried.
    response = organiser.post(swiss + "advance/")
    assert response.status_code == 409 and response.json()["error"] == "stage-not-finished"

    for number in (1, 2, 3):
        ok(arbiter.post(swiss + "rounds/"), 201)
        ok(arbiter.post(swiss + f"rounds/{number}/publish/"))
        for board in Board.objects.filter(round__championship_id=pk_of(swiss), round__number=number):
            with on_commit():
                game_resign(game_id=board.game_id, member=board.black)
    assert ok(api(None).get(swiss))["status"] == "finished"
    # Finishing carried the top four of the Swiss's final standings, seeded by place.
    table = Standings.objects.get(championship_id=pk_of(swiss)).rows
    detail = ok(api(None).get(final))
    assert detail["status"] == "entries-closed"
    assert [(e["start_number"], e["member"]["id"]) for e in detail["entries"]] == [
        (place, row["id"]) for place, row in enumerate(table[:4], start=1)
    ]
    # Exactly once: asking again changes nothing.
    assert ok(organiser.post(swiss + "advance/"))["outcome"] == "already-carried"
    assert services.stage_advance(championship_id=pk_of(swiss)) == "already-carried"
    assert Championship.objects.get(pk=pk_of(final)).entries.count() == 4
    assert Decision.objects.filter(championship_id=pk_of(final), action="stage-carry").count() == 1
    # The pages link the stages.
    page = api(None).client.get(reverse("championships:detail", args=[pk_of(swiss)]))
    assert f'href="/championships/{pk_of(final)}/"'.encode() in page.content
    page = api(None).client.get(reverse("championships:detail", args=[pk_of(final)]))
    assert f'href="/championships/{pk_of(swiss)}/"'.encode() in page.content


def test_chaining_refusals_change_nothing(api, staff, players):
    organiser = api(staff["organiser"])
    group = create(api, staff, name="Group", system="round-robin")
    knockout = create(api, staff, name="KO", system="knockout")
    swiss = create(api, staff, name="Swiss", system="swiss", swiss_system="blind", rounds_planned=2)

    def refused(url, body, status, code):
        response = organiser.post(url + "stages/", body)
        assert response.status_code == status and response.json()["error"] == code, response.content

    refused(group, {"next_stage_id": pk_of(group), "qualifiers": 2}, 400, "bad-stage")
    refused(knockout, {"next_stage_id": pk_of(group), "qualifiers": 2}, 400, "bad-stage")  # a knockout does not feed
    refused(group, {"next_stage_id": pk_of(swiss), "qualifiers": 2}, 400, "bad-stage")  # nor does a Swiss follow
    refused(group, {"next_stage_id": pk_of(knockout), "qualifiers": 1}, 400, "bad-qualifiers")
    # The group stage's entries are closed with three players: four qualifiers are too many.
    ok(organiser.post(group + "open/"))
    for member in players[:3]:
        ok(api(member).post(group + "entry/"), 201)
    ok(organiser.post(group + "close/"))
    refused(group, {"next_stage_id": pk_of(knockout), "qualifiers": 4}, 400, "too-many-qualifiers")
    # A next stage already open for entries is refused.
    ok(organiser.post(swiss + "open/"))
    ok(organiser.post(knockout + "open/"))
    refused(swiss, {"next_stage_id": pk_of(knockout), "qualifiers": 2}, 409, "next-stage-open")
    assert not Championship.objects.exclude(next_stage=None).exists()
    assert not Decision.objects.filter(action="stage-link").exists()
