"""A six-team event, four boards and a reserve, played to the end through the
API on PostgreSQL with a real Celery worker over Redis: board results reach
the matches, rounds close and the table is computed by the worker through
GAME_FINISHED_TASKS, exactly once. One match is lost under 1.14.4.

The results, by start number (L the lower, H the higher of a match):
  1–2: L wins boards 1, 2 and H boards 3, 4 (2 : 2, a drawn match)
  2–6: L wins all four boards (4 : 0)
  5–6: team 6 has one player of four present: it does not play, 0 : 4 (1.14.4)
  every other match: L wins boards 1–3, H board 4 (3 : 1)
Hand-computed table (match points 2/1/0, then board points, 1.14.6 and its note):
  team 2: 4 wins + 1 draw = 9, boards 2 + 3 + 3 + 3 + 4 = 15   → 1st
  team 1: 4 wins + 1 draw = 9, boards 2 + 3 + 3 + 3 + 3 = 14   → 2nd (fewer board points)
  team 3: 3 wins = 6,          boards 1 + 1 + 3 + 3 + 3 = 11   → 3rd
  team 4: 2 wins = 4,          boards 1 + 1 + 1 + 3 + 3 = 9    → 4th
  team 5: 1 win (forfeit) = 2, boards 1 + 1 + 1 + 1 + 4 = 8    → 5th
  team 6: 0,                   boards 1 + 0 + 1 + 1 + 0 = 3    → 6th
(60 board points in all: 15 matches of four boards.)
"""

import pytest
from rest_framework.test import APIClient

from club.championships import services
from club.championships.models import Championship, Round, Standings
from club.teams.models import BoardGame, Match
from games.models import Game
from games.services import game_resign
from tests.concurrency import race, wait_for

from .conftest import TEAM_NAMES

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def client(member):
    c = APIClient()
    c.force_authenticate(member)
    return c


def ok(response, status=200):
    assert response.status_code == status, response.content
    return response.json()


def winning_boards(low: int, high: int) -> set[int]:
    if (low, high) == (1, 2):
        return {1, 2}
    if (low, high) == (2, 6):
        return {1, 2, 3, 4}
    return {1, 2, 3}


def test_a_six_team_event_is_played_to_the_end_by_the_worker(celery_worker_process, staff, rosters):
    organiser = client(staff["organiser"])
    event = ok(
        organiser.post(
            "/api/teams/",
            {"name": "Командный кубок", "discipline": "russian", "time_control": "d3", "boards": 4, "reserves": 1},
            format="json",
        ),
        201,
    )
    url = f"/api/teams/{event['id']}/"
    ok(organiser.post(url + "arbiters/", {"member_id": staff["chief"].pk, "role": "chief"}, format="json"))
    ok(organiser.post(url + "arbiters/", {"member_id": staff["arbiter"].pk, "role": "arbiter"}, format="json"))
    for name, roster in zip(TEAM_NAMES, rosters):
        body = {"name": name, "captain_id": roster[0].pk, "player_ids": [m.pk for m in roster]}
        registered = ok(client(roster[0]).post(url + "teams/", body, format="json"), 201)
        team = next(t for t in registered["teams"] if t["name"] == name)
        for player in roster[1:]:  # a place is an invitation until the player accepts it (1.14.2)
            ok(client(player).post(f"{url}teams/{team['id']}/answer/", {"accept": True}, format="json"))
    detail = ok(organiser.post(url + "close/", format="json"))
    number_of = {t["id"]: t["start_number"] for t in detail["teams"]}
    team_by_number = {t["start_number"]: t for t in detail["teams"]}
    roster_of = {t["id"]: [p["member"]["id"] for p in t["players"]] for t in detail["teams"]}
    captain_of = {t["id"]: next(r[0] for r in rosters if r[0].pk == t["captain"]["id"]) for t in detail["teams"]}
    members = {m.pk: m for roster in rosters for m in roster}

    # 1.14.2: team 3 hands in a line-up for round 1 only, its reserve on board 4; the
    # later rounds follow the first round's order.
    third = team_by_number[3]["id"]
    third_lineup = roster_of[third][:3] + [roster_of[third][4]]
    ok(
        client(captain_of[third]).post(
            url + "rounds/1/lineups/", {"team_id": third, "member_ids": third_lineup}, format="json"
        )
    )

    arbiter = client(staff["arbiter"])
    forfeited = 0
    for number in range(1, 6):
        paired = ok(arbiter.post(url + "rounds/", format="json"), 201)
        absent = []
        for match in paired["matches"]:
            if {number_of[match["home_id"]], number_of[match["away_id"]]} == {5, 6}:
                sixth = team_by_number[6]["id"]
                absent = roster_of[sixth][1:4]  # one of four present (1.14.4)
        published = ok(arbiter.post(url + f"rounds/{number}/publish/", {"absent_ids": absent}, format="json"))
        for match in published["matches"]:
            home_no, away_no = number_of[match["home_id"]], number_of[match["away_id"]]
            if not match["boards"]:
                forfeited += 1
                assert {home_no, away_no} == {5, 6} and "1.14.4" in match["forfeit_reason"]
                assert match["result"] == ("+/-" if home_no == 5 else "-/+")
                continue
            if third in (match["home_id"], match["away_id"]):
                home = match["home_id"] == third
                seated = [
                    b["white"]["id"] if (b["board"] % 2 == 1) == home else b["black"]["id"] for b in match["boards"]
                ]
                assert seated == third_lineup, f"round {number}"
            low_is_home = home_no < away_no
            wins = winning_boards(min(home_no, away_no), max(home_no, away_no))
            for board in match["boards"]:
                # 1.14.3: the home team is white on the odd boards.
                low_is_white = low_is_home == (board["board"] % 2 == 1)
                loser = board["black"] if (board["board"] in wins) == low_is_white else board["white"]
                game_resign(game_id=board["game_id"], member=members[loser["id"]])
        assert wait_for(
            lambda n=number: Round.objects.get(championship_id=event["id"], number=n).status == "closed", timeout=180
        ), f"round {number} was not closed by the worker"
    assert forfeited == 1
    assert wait_for(lambda: Championship.objects.get(pk=event["id"]).status == "finished", timeout=180)

    expected = [(2, "1", 9, 15), (1, "2", 9, 14), (3, "3", 6, 11), (4, "4", 4, 9), (5, "5", 2, 8), (6, "6", 0, 3)]

    def table():
        stored = Standings.objects.filter(championship_id=event["id"]).first()
        rows = stored.rows if stored else []
        return [(number_of[r["id"]], r["place"], r["match_points"], r["board_points"]) for r in rows]

    assert wait_for(lambda: table() == expected, timeout=60), table()
    standings = ok(client(staff["organiser"]).get(url + "standings/"))
    assert [
        (number_of[r["id"]], r["matches_won"], r["matches_drawn"], r["matches_lost"]) for r in standings["rows"]
    ] == [
        (2, 4, 1, 0),
        (1, 4, 1, 0),
        (3, 3, 0, 2),
        (4, 2, 0, 3),
        (5, 1, 0, 4),
        (6, 0, 0, 5),
    ]
    # The crosstable in table order (2, 1, 3, 4, 5, 6): board points, a forfeit "+"/"−".
    cells = {number_of[row["id"]]: row["cells"] for row in standings["crosstable"]}
    assert cells[2] == ["×", "2", "3", "3", "3", "4"]
    assert cells[5] == ["1", "1", "1", "1", "×", "+"]
    assert cells[6] == ["0", "1", "1", "1", "−", "×"]
    # Every board result recorded once: 14 matches over the board, 56 games.
    assert BoardGame.objects.filter(match__round__championship_id=event["id"]).exclude(game=None).count() == 56
    assert not BoardGame.objects.filter(match__round__championship_id=event["id"], result="").exists()
    assert Match.objects.filter(round__championship_id=event["id"], result="").count() == 0


def test_two_hooks_racing_record_a_board_result_once_and_leave_one_table(make_event, staff):
    event = make_event(2)
    services.round_pair(by=staff["arbiter"], championship_id=event.pk)
    services.round_publish(by=staff["arbiter"], championship_id=event.pk, round_number=1)
    board = BoardGame.objects.filter(match__round__championship=event, board=1).get()
    Game.objects.filter(pk=board.game_id).update(status=Game.Status.FINISHED, result="0-1")

    recorded = race(lambda: services.board_result_record(game_id=board.game_id))
    assert sorted(recorded) == ["recorded", "unchanged"]
    assert Match.objects.get(pk=board.match_id).away_points == 1
    written = race(lambda: services.standings_recompute(championship_id=event.pk))
    assert sorted(written) == [False, True]
