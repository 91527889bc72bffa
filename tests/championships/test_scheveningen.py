"""Scheveningen (003 1.2, "схевенингенская"): two groups of equal size, every
member of one plays every member of the other, colours alternating; the
standings of the players and the match score of the groups. Through the API
on the test database (the PostgreSQL and Celery run is in test_stages_postgres.py)."""

import pytest
from django.urls import reverse

from club.championships.models import Board, Championship, Entry
from games.models import Game
from games.services import game_resign
from tests.championships.calls import ok
from tests.conftest import make_member

pytestmark = pytest.mark.django_db


def open_scheveningen(api, staff, entrants, **options):
    organiser = api(staff["organiser"])
    body = {"name": "Match A–B", "discipline": "russian", "time_control": "d2", "system": "scheveningen", **options}
    url = "/api/championships/{}/".format(ok(organiser.post("/api/championships/", body), 201)["id"])
    ok(organiser.post(url + "arbiters/", {"member_id": staff["chief"].pk, "role": "chief"}))
    ok(organiser.post(url + "arbiters/", {"member_id": staff["arbiter"].pk, "role": "arbiter"}))
    ok(organiser.post(url + "open/"))
    for member in entrants:
        ok(api(member).post(url + "entry/"), 201)
    return url


def eight():
    return [make_member(f"sch{i}", display_name=f"Sch {i}", federation_rating=2100 - 10 * i) for i in range(8)]


def test_groups_by_the_organiser_and_by_rating_snake_then_four_rounds_each_against_each(api, staff, on_commit):
    players = eight()
    url = open_scheveningen(api, staff, players)
    organiser = api(staff["organiser"])
    # The organiser puts the two strongest in group B; the rest are spread by a rating snake.
    ok(organiser.post(url + "groups/", {"member_id": players[0].pk, "group": "B"}))
    ok(organiser.post(url + "groups/", {"member_id": players[1].pk, "group": "B"}))
    assert api(players[2]).post(url + "groups/", {"member_id": players[2].pk, "group": "A"}).status_code == 403
    ok(organiser.post(url + "close/"))
    group = {e.member_id: e.group for e in Entry.objects.filter(championship__name="Match A–B")}
    assert group[players[0].pk] == group[players[1].pk] == "B"
    assert sorted(group.values()) == ["A"] * 4 + ["B"] * 4
    # Snake over the rest (2, 3, 4, …): A, B, B → B is full → A, …
    assert [group[p.pk] for p in players[2:]] == ["A", "B", "B", "A", "A", "A"]

    arbiter = api(staff["arbiter"])
    team_a = {m for m, g in group.items() if g == "A"}
    colours = {m: [] for m in group}
    for number in (1, 2, 3, 4):
        ok(arbiter.post(url + "rounds/"), 201)
        ok(arbiter.post(url + f"rounds/{number}/publish/"))
        boards = list(Board.objects.filter(round__number=number, round__championship__name="Match A–B"))
        assert len(boards) == 4 and all((b.white_id in team_a) != (b.black_id in team_a) for b in boards)
        for board in boards:
            colours[board.white_id].append("w")
            colours[board.black_id].append("b")
            # Group A wins every game with white; group B draws nothing: black resigns.
            with on_commit():
                game_resign(game_id=board.game_id, member=board.black)
    assert arbiter.post(url + "rounds/").status_code == 409  # finished: no fifth round
    games = {frozenset((b.white_id, b.black_id)) for b in Board.objects.filter(round__championship__name="Match A–B")}
    assert len(games) == 16  # every member of A met every member of B, once
    assert all(c == ["w", "b", "w", "b"] or c == ["b", "w", "b", "w"] for c in colours.values())
    detail = ok(api(None).get(url))
    assert detail["status"] == "finished"
    table = ok(api(None).get(url + "scheveningen/"))
    # Whites win every game: each player won his two whites; the groups share the match 8–8.
    assert table["score"] == {"A": 8.0, "B": 8.0, "games": 16, "pending": 0}
    assert all(row["points"] == 2.0 for row in table["rows"]) and table["b_points"] == [2.0] * 4
    assert all(len(row["cells"]) == 4 and all(len(c) == 1 for c in row["cells"]) for row in table["rows"])
    standings = ok(api(None).get(url + "standings/"))["rows"]
    assert len(standings) == 8 and sum(r["points"] for r in standings) == 16
    page = api(None).client.get(reverse("championships:detail", args=[detail["id"]]))
    assert page.status_code == 200 and b"match-score" in page.content and b"A 8" in page.content
    assert Game.objects.filter(event="Match A–B").count() == 16
    # The published results and the exports take a Scheveningen like a Swiss: rows per round.
    published = ok(api(None).get(url + "published/"))
    assert published["crosstable"]["kind"] == "rounds" and len(published["rounds"]) == 4
    for kind in ("games", "standings.csv", "trf"):
        assert api(None).get(url + f"export/{kind}/").status_code == 200


def test_groups_that_cannot_be_equal_are_refused_and_change_nothing(api, staff):
    players = eight()
    # Seven players do not split into two equal groups.
    url = open_scheveningen(api, staff, players[:7])
    response = api(staff["organiser"]).post(url + "close/")
    assert response.status_code == 409 and response.json()["error"] == "unequal-groups"
    championship = Championship.objects.get(pk=int(url.rstrip("/").rsplit("/", 1)[1]))
    assert championship.status == "entries-open" and not championship.lot_seed
    assert not championship.entries.exclude(start_number=None).exists()
    # Eight, but the organiser put five in group A.
    url = open_scheveningen(api, staff, players, name="Match 2")
    organiser = api(staff["organiser"])
    for member in players[:5]:
        ok(organiser.post(url + "groups/", {"member_id": member.pk, "group": "A"}))
    response = organiser.post(url + "close/")
    assert response.status_code == 409 and response.json()["error"] == "unequal-groups"
    assert " A " in response.json()["detail"] and "(1.2)" in response.json()["detail"]  # names the group
    second = Championship.objects.get(name="Match 2")
    assert second.status == "entries-open" and second.entries.filter(group="").count() == 3
    # A group other than A or B is refused; a group in a round robin is refused.
    assert organiser.post(url + "groups/", {"member_id": players[0].pk, "group": "C"}).status_code == 400
    rr = open_scheveningen(api, staff, [], name="Round robin", system="round-robin")
    response = organiser.post(rr + "groups/", {"member_id": players[0].pk, "group": "A"})
    assert response.status_code == 400 and response.json()["error"] == "not-scheveningen"
