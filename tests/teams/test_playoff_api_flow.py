"""A tie for first in a team event settled by a play-off match, through the API only
(003 1.13.2, 1.14.6): four teams play a round robin, two finish level on match points, the
chief arbiter creates the play-off, its board games are played, and the final standings
show the play-off's winner first."""

import pytest

from .conftest import TEAM_NAMES, TIED_AT_THE_TOP, ok

pytestmark = pytest.mark.django_db

A, B, C, D = TEAM_NAMES[:4]
FLIP = {"1": "0", "0": "1"}


def home_side(home: str, away: str) -> str:
    if (home, away) in TIED_AT_THE_TOP:
        return TIED_AT_THE_TOP[home, away]
    return "".join(FLIP[c] for c in TIED_AT_THE_TOP[away, home])


def resign(api, game_id, loser_id, members):
    ok(api(members[loser_id]).post(f"/api/games/{game_id}/resign/"))


def standings(api, event_id):
    return ok(api(None).get(f"/api/teams/{event_id}/standings/"))


def test_a_tie_for_first_is_settled_by_a_play_off_match_and_the_final_standings_show_it(api, staff, rosters):
    organiser, chief, arbiter = staff["organiser"], staff["chief"], staff["arbiter"]
    event = ok(
        api(organiser).post(
            "/api/teams/",
            {
                "name": "Кубок",
                "discipline": "russian",
                "time_control": "d3",
                "boards": 4,
                "reserves": 1,
                "scoring": "match-points",  # the note to 1.14.6: level on match points, then a play-off
            },
        ),
        201,
    )
    url = f"/api/teams/{event['id']}/"
    for member, role in ((chief, "chief"), (arbiter, "arbiter")):
        ok(api(organiser).post(url + "arbiters/", {"member_id": member.pk, "role": role}))
    members = {m.pk: m for roster in rosters for m in roster}
    for name, roster in zip(TEAM_NAMES[:4], rosters):
        body = {"name": name, "captain_id": roster[0].pk, "player_ids": [m.pk for m in roster]}
        detail = ok(api(roster[0]).post(url + "teams/", body), 201)
        team_id = next(t["id"] for t in detail["teams"] if t["name"] == name)
        for player in roster[1:]:
            ok(api(player).post(url + f"teams/{team_id}/answer/", {"accept": True}))
    detail = ok(api(organiser).post(url + "close/", {"seed": "lot"}))
    names = {t["id"]: t["name"] for t in detail["teams"]}

    for number in (1, 2, 3):
        ok(api(arbiter).post(url + "rounds/"), 201)
        played = ok(api(arbiter).post(url + f"rounds/{number}/publish/", {}))
        for match in played["matches"]:
            if match["away_id"] is None:
                continue
            results = home_side(names[match["home_id"]], names[match["away_id"]])
            for board in match["boards"]:
                home_white = board["board"] % 2 == 1
                home, away = (board["white"], board["black"]) if home_white else (board["black"], board["white"])
                loser = away if results[board["board"] - 1] == "1" else home
                resign(api, board["game_id"], loser["id"], members)
    assert ok(api(None).get(url))["status"] == "finished"

    rows = {names[r["id"]]: r for r in standings(api, event["id"])["rows"]}
    assert rows[A]["match_points"] == rows[B]["match_points"] == 5
    assert (rows[B]["place"], rows[A]["place"]) == ("1", "2")  # by board points, before the play-off
    ids = {name: tid for tid, name in names.items()}

    # 1.13.2: only the chief arbiter, only exactly the tied teams.
    body = {"team_ids": [ids[A], ids[B]], "time_control": "600+5", "reason": "the title"}
    assert api(arbiter).post(url + "playoffs/", body).status_code == 403
    assert api(chief).post(url + "playoffs/", {**body, "team_ids": [ids[A], ids[C]]}).json()["error"] == "not-tied"
    playoff = ok(api(chief).post(url + "playoffs/", body), 201)
    assert playoff["teams"] == [ids[B], ids[A]] and playoff["state"] == "pending"
    assert [g["board"] for g in playoff["games"]] == [1, 2, 3, 4]

    # Ladya wins the play-off 3–1: Damka (home, white on board 1) wins board 1 only.
    for game in playoff["games"]:
        seen = ok(api(None).get(f"/api/games/{game['game_id']}/"))
        home_white = game["board"] % 2 == 1
        white, black = seen["white"]["id"], seen["black"]["id"]
        home, away = (white, black) if home_white else (black, white)
        resign(api, game["game_id"], away if game["board"] == 1 else home, members)

    final = standings(api, event["id"])
    rows = {names[r["id"]]: r for r in final["rows"]}
    assert (rows[A]["place"], rows[B]["place"]) == ("1", "2")
    assert rows[A]["playoff"] and rows[B]["playoff"]
    assert (rows[A]["match_points"], rows[A]["board_points"]) == (5, 8)  # the event's points stand
    assert [p["state"] for p in final["playoffs"]] == ["decided"]
    assert [p["state"] for p in ok(api(None).get(url + "playoffs/"))] == ["decided"]
