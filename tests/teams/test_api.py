"""Team competitions through the API (003 1.14): line-ups, colours by board,
forfeits for too few players, withdrawals, protests and the table.

Refused input answers a clear error and changes nothing.
"""

import pytest
from django.db.models import Q

from club.arbiters.models import AuditEntry, Protest
from club.championships import services
from club.championships.models import Decision, Round
from club.teams.models import BoardGame, Lineup, Match, Team
from games.services import game_resign

from .conftest import ok

pytestmark = pytest.mark.django_db


def url(event, tail=""):
    return f"/api/teams/{event.pk}/{tail}"


def team_of(event, roster):
    return Team.objects.get(championship=event, captain=roster[0])


def pair(api, staff, event):
    return ok(api(staff["arbiter"]).post(url(event, "rounds/")), 201)


def publish(api, staff, event, number, **body):
    return ok(api(staff["arbiter"]).post(url(event, f"rounds/{number}/publish/"), body))


@pytest.fixture
def finish_match(django_capture_on_commit_callbacks, eager_celery):
    """``finish_match(match, home_wins_boards)``: the home team wins the listed boards,
    the away team the others (by resignation); the game hooks run as on commit."""

    def finish(match, home_wins_boards):
        for board in match.board_games.exclude(game=None):
            home_is_white = board.board % 2 == 1
            home_player, away_player = (board.white, board.black) if home_is_white else (board.black, board.white)
            loser = away_player if board.board in home_wins_boards else home_player
            with django_capture_on_commit_callbacks(execute=True):
                game_resign(game_id=board.game_id, member=loser)

    return finish


def test_a_team_is_registered_with_its_captain_players_in_board_order_and_reserves_1_14_2(api, staff, rosters):
    event = ok(
        api(staff["organiser"]).post(
            "/api/teams/", {"name": "Кубок", "discipline": "russian", "time_control": "d3", "boards": 4, "reserves": 1}
        ),
        201,
    )
    roster = rosters[0]
    body = {"name": "Ладья", "captain_id": roster[0].pk, "player_ids": [m.pk for m in roster]}
    detail = ok(api(roster[0]).post(f"/api/teams/{event['id']}/teams/", body), 201)
    team = detail["teams"][0]
    assert team["captain"]["id"] == roster[0].pk
    assert [(p["order"], p["member"]["id"], p["reserve"]) for p in team["players"]] == [
        (1, roster[0].pk, False),
        (2, roster[1].pk, False),
        (3, roster[2].pk, False),
        (4, roster[3].pk, False),
        (5, roster[4].pk, True),
    ]
    # 1.14.2: a place is an invitation; once accepted, no second team may field the member.
    assert [p["accepted"] for p in team["players"]] == [True, False, False, False, False]
    ok(api(roster[3]).post(f"/api/teams/{event['id']}/teams/{team['id']}/answer/", {"accept": True}))
    # A second team may not field a member of the first; a roster over boards + reserves is refused.
    other = rosters[1]
    taken = {
        "name": "Дамка",
        "captain_id": other[0].pk,
        "player_ids": [other[0].pk, other[1].pk, other[2].pk, roster[3].pk],
    }
    assert api(other[0]).post(f"/api/teams/{event['id']}/teams/", taken).json()["error"] == "in-another-team"
    too_many = {"name": "Дамка", "captain_id": other[0].pk, "player_ids": [m.pk for m in other] + [rosters[2][0].pk]}
    assert api(other[0]).post(f"/api/teams/{event['id']}/teams/", too_many).json()["error"] == "bad-roster"
    assert Team.objects.filter(championship_id=event["id"]).count() == 1


def test_a_line_up_with_a_player_of_another_team_is_refused_and_changes_nothing_1_14_2(api, staff, rosters, make_event):
    event = make_event(4)
    team = team_of(event, rosters[0])
    body = {"team_id": team.pk, "member_ids": [rosters[0][0].pk, rosters[0][1].pk, rosters[1][2].pk]}
    response = api(rosters[0][0]).post(url(event, "rounds/1/lineups/"), body)
    assert response.status_code == 400
    assert response.json()["error"] == "not-in-team"
    assert str(rosters[1][2]) in response.json()["detail"]
    assert not Lineup.objects.exists()


def test_only_the_captain_hands_in_the_line_up_1_14_2_1_14_7(api, staff, rosters, make_event):
    event = make_event(4)
    team = team_of(event, rosters[0])
    body = {"team_id": team.pk, "member_ids": [m.pk for m in rosters[0][:4]]}
    for intruder in (rosters[0][1], rosters[1][0], staff["chief"]):
        response = api(intruder).post(url(event, "rounds/1/lineups/"), body)
        assert response.status_code == 403
        assert response.json()["error"] == "not-captain"
    assert not Lineup.objects.exists()


def test_a_line_up_keeps_the_board_order_and_names_each_player_once_1_14_2(api, staff, rosters, make_event):
    event = make_event(4)
    team, r = team_of(event, rosters[0]), rosters[0]
    captain = api(r[0])
    swapped = {"team_id": team.pk, "member_ids": [r[1].pk, r[0].pk, r[2].pk, r[3].pk]}
    assert captain.post(url(event, "rounds/1/lineups/"), swapped).json()["error"] == "board-order"
    twice = {"team_id": team.pk, "member_ids": [r[0].pk, r[0].pk, r[2].pk]}
    assert captain.post(url(event, "rounds/1/lineups/"), twice).json()["error"] == "twice"
    five = {"team_id": team.pk, "member_ids": [m.pk for m in r]}
    assert captain.post(url(event, "rounds/1/lineups/"), five).json()["error"] == "bad-lineup"
    # The reserve replaces board 3, the fourth player moves up: allowed.
    moved = {"team_id": team.pk, "member_ids": [r[0].pk, r[1].pk, r[3].pk, r[4].pk]}
    assert ok(captain.post(url(event, "rounds/1/lineups/"), moved)) == {"round": 1, "member_ids": moved["member_ids"]}


def test_a_line_up_after_the_round_is_published_is_refused_1_14_2(api, staff, rosters, make_event):
    event = make_event(4)
    pair(api, staff, event)
    publish(api, staff, event, 1)
    team, r = team_of(event, rosters[0]), rosters[0]
    body = {"team_id": team.pk, "member_ids": [r[0].pk, r[1].pk, r[2].pk, r[4].pk]}
    response = api(r[0]).post(url(event, "rounds/1/lineups/"), body)
    assert response.status_code == 409
    assert response.json()["error"] == "round-published"
    assert not Lineup.objects.exists()
    boards = BoardGame.objects.filter(match__round__number=1)
    assert r[4].pk not in {b.white_id for b in boards} | {b.black_id for b in boards}


def test_without_a_line_up_a_team_plays_in_the_first_rounds_order_1_14_2(api, staff, rosters, make_event, finish_match):
    event = make_event(4)
    team, r = team_of(event, rosters[0]), rosters[0]
    round_one = [r[0].pk, r[1].pk, r[2].pk, r[4].pk]  # the reserve on board 4
    ok(api(r[0]).post(url(event, "rounds/1/lineups/"), {"team_id": team.pk, "member_ids": round_one}))
    for number in (1, 2):
        pair(api, staff, event)
        publish(api, staff, event, number)
        match = Match.objects.get(Q(home=team) | Q(away=team), round__number=number)
        home = match.home_id == team.pk
        seated = []
        for board in match.board_games.all():
            home_white = board.board % 2 == 1
            seated.append(board.white_id if home_white == home else board.black_id)
        assert seated == round_one, f"round {number}"
        for m in Match.objects.filter(round__number=number):
            finish_match(m, home_wins_boards={1, 2, 3, 4})


def test_the_team_with_white_on_board_one_has_white_on_the_odd_boards_1_14_3(api, staff, rosters, make_event):
    event = make_event(4)
    pair(api, staff, event)
    detail = publish(api, staff, event, 1)
    for match in detail["matches"]:
        home = (
            {p.pk for p in Team.objects.get(pk=match["home_id"]).players.all().values_list("member", flat=True)}
            if False
            else set(Team.objects.get(pk=match["home_id"]).players.values_list("member_id", flat=True))
        )
        for board in match["boards"]:
            white_is_home = board["white"]["id"] in home
            assert white_is_home is (board["board"] % 2 == 1), board
            assert board["game_id"] is not None


def test_a_team_with_fewer_than_half_its_boards_present_does_not_play_and_loses_1_14_4(api, staff, rosters, make_event):
    event = make_event(4)
    pair(api, staff, event)
    match = Match.objects.filter(round__number=1).first()
    away_players = list(match.away.players.order_by("order").values_list("member_id", flat=True))
    # Three of the away team's four stay away: one present (fewer than half of 4, and fewer than two).
    detail = publish(api, staff, event, 1, absent_ids=away_players[1:4])
    played = next(m for m in detail["matches"] if m["id"] == match.pk)
    assert played["result"] == "+/-"
    assert (played["home_points"], played["away_points"]) == (4, 0)
    assert played["boards"] == []  # no game is created for a match not played
    assert "1.14.4" in played["forfeit_reason"]
    other = next(m for m in detail["matches"] if m["id"] != match.pk)
    assert len(other["boards"]) == 4 and all(b["game_id"] for b in other["boards"])


def test_a_team_with_half_its_boards_present_plays_and_loses_only_the_empty_boards_1_14_4(
    api, staff, rosters, make_event, finish_match
):
    event = make_event(4)
    pair(api, staff, event)
    match = Match.objects.filter(round__number=1).first()
    away_players = list(match.away.players.order_by("order").values_list("member_id", flat=True))
    detail = publish(api, staff, event, 1, absent_ids=away_players[2:4])  # two of four: exactly half
    played = next(m for m in detail["matches"] if m["id"] == match.pk)
    boards = {b["board"]: b for b in played["boards"]}
    assert boards[1]["game_id"] and boards[2]["game_id"]
    # Boards 3 and 4 have an empty away chair: board 3 the away side is black, board 4 white.
    assert (boards[3]["result"], boards[3]["game_id"]) == ("+/-", None)
    assert (boards[4]["result"], boards[4]["game_id"]) == ("-/+", None)
    assert (played["home_points"], played["away_points"]) == (2, 0)
    assert played["result"] == ""  # boards 1 and 2 still to play
    finish_match(Match.objects.get(pk=match.pk), home_wins_boards=set())
    assert Match.objects.get(pk=match.pk).result == "1/2-1/2"  # 2 : 2


def test_a_board_played_by_a_player_without_the_right_is_lost_by_his_team_1_14_4(api, staff, rosters, make_event):
    event = make_event(4)
    pair(api, staff, event)
    publish(api, staff, event, 1)
    board = BoardGame.objects.filter(match__round__number=1, board=1).first()
    game_resign(game_id=board.game_id, member=board.black)  # white won over the board
    services.board_result_record(game_id=board.game_id)
    body = {"member_id": board.white_id, "reason": "He was not on the team's roster for this board."}
    assert api(staff["arbiter"]).post(url(event, f"boards/{board.pk}/ineligible/"), body).status_code == 403
    answer = ok(api(staff["chief"]).post(url(event, f"boards/{board.pk}/ineligible/"), body))
    assert answer["result"] == "-/+"
    # The game's own result arriving again does not undo the decision.
    assert services.board_result_record(game_id=board.game_id) == "unchanged"
    assert BoardGame.objects.get(pk=board.pk).result == "-/+"


def test_a_game_result_is_recorded_on_its_board_once(api, staff, rosters, make_event):
    event = make_event(4)
    pair(api, staff, event)
    publish(api, staff, event, 1)
    board = BoardGame.objects.filter(match__round__number=1, board=2).first()
    game_resign(game_id=board.game_id, member=board.white)
    assert services.board_result_record(game_id=board.game_id) in ("recorded", "unchanged")
    assert services.board_result_record(game_id=board.game_id) == "unchanged"
    assert BoardGame.objects.get(pk=board.pk).result == "0-1"


def test_a_withdrawn_team_loses_its_remaining_matches_or_has_them_all_annulled_1_14_5(
    api, staff, rosters, make_event, finish_match
):
    event = make_event(4)
    pair(api, staff, event)
    publish(api, staff, event, 1)
    for m in Match.objects.filter(round__number=1):
        finish_match(m, home_wins_boards={1, 2, 3})  # every home team wins 3 : 1
    leaving = Match.objects.get(round__number=1, number=1).home
    body = {"after_round": 1, "treatment": "forfeit", "reason": "The team's club withdrew it."}
    assert api(staff["arbiter"]).post(url(event, f"teams/{leaving.pk}/withdraw/"), body).status_code == 403
    assert not Decision.objects.filter(action="team-withdrawn").exists()  # the refused call left no trace
    ok(api(staff["chief"]).post(url(event, f"teams/{leaving.pk}/withdraw/"), body))
    # 1.4: the chief arbiter's decision is in the event's append-only log, with its reason and clause.
    entry = Decision.objects.get(action="team-withdrawn")
    assert (entry.championship, entry.by, entry.reason, entry.clause) == (
        event,
        staff["chief"],
        body["reason"],
        "1.14.5",
    )
    assert entry.data == {"team": leaving.pk, "after_round": 1, "treatment": "forfeit"}
    pair(api, staff, event)
    detail = publish(api, staff, event, 2)
    lost = next(m for m in detail["matches"] if leaving.pk in (m["home_id"], m["away_id"]))
    assert lost["boards"] == [] and "1.14.5" in lost["forfeit_reason"]
    winner_points = lost["away_points"] if lost["home_id"] == leaving.pk else lost["home_points"]
    assert winner_points == 4
    rows = {r["id"]: r for r in ok(api(None).get(url(event, "standings/")))["rows"]}
    assert rows[leaving.pk]["match_points"] == 2  # its round-1 win stands
    assert rows[leaving.pk]["matches_lost"] == 1

    # Annulled instead: every match of the team leaves the table.
    Team.objects.filter(pk=leaving.pk).update(withdrawal="annul")
    services.standings_recompute(championship_id=event.pk)
    rows = ok(api(None).get(url(event, "standings/")))["rows"]
    assert rows[-1]["id"] == leaving.pk and rows[-1]["annulled"] and rows[-1]["place"] == ""
    beaten = Match.objects.get(round__number=1, number=1).away_id
    assert next(r for r in rows if r["id"] == beaten)["matches_lost"] == 0


def test_only_the_captain_protests_in_writing_and_the_chief_arbiter_rules_with_reasons_1_14_7(
    api, staff, rosters, make_event
):
    event = make_event(4)
    team, r = team_of(event, rosters[0]), rosters[0]
    text = {"team_id": team.pk, "text": "Соперник на 2-й доске не значится в заявке."}
    assert api(r[1]).post(url(event, "protests/"), text).json()["error"] == "not-captain"
    assert api(r[0]).post(url(event, "protests/"), {"team_id": team.pk, "text": "  "}).status_code == 400
    assert not Protest.objects.exists()
    protest = ok(api(r[0]).post(url(event, "protests/"), text), 201)
    assert protest["status"] == "pending"
    assert (
        api(rosters[1][0])
        .post(url(event, f"protests/{protest['id']}/rule/"), {"upheld": True, "ruling": "x"})
        .status_code
        == 403
    )
    # 1.3.1: the chief arbiter (or the event's protest panel) rules, as in every championship.
    ruling = {"upheld": False, "ruling": "Игрок заявлен до тура."}
    assert api(staff["arbiter"]).post(url(event, f"protests/{protest['id']}/rule/"), ruling).status_code == 403
    ruled = ok(api(staff["chief"]).post(url(event, f"protests/{protest['id']}/rule/"), ruling))
    assert (ruled["status"], ruled["ruled_by"]["id"]) == ("rejected", staff["chief"].pk)
    entry = AuditEntry.objects.get(action="protest:rejected")
    assert (entry.actor, entry.reason, entry.clause, entry.data["upheld"], entry.championship) == (
        staff["chief"],
        "Игрок заявлен до тура.",
        "003 1.14.7",
        False,
        event,
    )
    again = api(staff["chief"]).post(url(event, f"protests/{protest['id']}/rule/"), {"upheld": True, "ruling": "y"})
    assert again.status_code == 409


def test_the_pages_show_the_teams_line_ups_matches_boards_and_table(
    client, api, staff, rosters, make_event, finish_match
):
    event = make_event(4)
    pair(api, staff, event)
    publish(api, staff, event, 1)
    for m in Match.objects.filter(round__number=1):
        finish_match(m, home_wins_boards={1, 3})
    assert Round.objects.get(championship=event, number=1).status == "closed"
    page = client.get(f"/teams/{event.pk}/").content.decode()
    assert "Ладья" in page and str(rosters[0][4]) in page
    page = client.get(f"/teams/{event.pk}/rounds/1/").content.decode()
    assert "/play/games/" in page and "Дамка" in page
    page = client.get(f"/teams/{event.pk}/standings/").content.decode()
    assert "Шашист" in page
    assert client.get("/teams/").status_code == 200


def test_an_absent_player_who_is_in_no_line_up_of_the_round_is_refused_and_nothing_is_published(
    api, staff, rosters, make_event
):
    event = make_event(4)
    pair(api, staff, event)
    reserve = rosters[0][4]  # not in the default line-up (the first four boards)
    response = api(staff["arbiter"]).post(url(event, "rounds/1/publish/"), {"absent_ids": [reserve.pk]})
    assert response.status_code == 400
    assert response.json()["error"] == "not-in-round" and str(reserve) in response.json()["detail"]
    assert Round.objects.get(championship=event, number=1).status == "paired"
    assert not BoardGame.objects.exists()


def test_a_corrected_game_result_reaches_its_board_and_match(
    api, staff, rosters, make_event, django_capture_on_commit_callbacks
):
    from club.arbiters.services import result_decide

    event = make_event(4)
    pair(api, staff, event)
    publish(api, staff, event, 1)
    board = BoardGame.objects.filter(match__round__number=1, board=1).first()
    with django_capture_on_commit_callbacks(execute=True):
        game_resign(game_id=board.game_id, member=board.black)
    assert BoardGame.objects.get(pk=board.pk).result == "1-0"
    with django_capture_on_commit_callbacks(execute=True):
        result_decide(by=staff["chief"], game_id=board.game_id, result="1/2-1/2", reason="Записан неверно.")
    assert BoardGame.objects.get(pk=board.pk).result == "1/2-1/2"
    assert Match.objects.get(pk=board.match_id).home_points == 0.5


def test_a_live_round_needs_its_start_and_its_games_begin_then_1_6_3(api, staff, rosters, make_event):
    from datetime import timedelta

    from django.utils import timezone

    event = make_event(2, time_control="900")
    pair(api, staff, event)
    response = api(staff["arbiter"]).post(url(event, "rounds/1/publish/"))
    assert (response.status_code, response.json()["error"]) == (400, "no-start-time")
    assert not BoardGame.objects.exists()
    starts = (timezone.now() + timedelta(hours=2)).replace(microsecond=0)
    publish(api, staff, event, 1, starts_at=starts.isoformat())
    games = [b.game for b in BoardGame.objects.select_related("game")]
    assert len(games) == 4 and {g.starts_at for g in games} == {starts}


def test_an_absent_players_board_stays_empty_and_the_players_below_do_not_move_up_1_14_2(
    api, staff, rosters, make_event
):
    event = make_event(4)
    pair(api, staff, event)
    match = Match.objects.filter(round__number=1).first()
    home_players = list(match.home.players.order_by("order").values_list("member_id", flat=True))
    detail = publish(api, staff, event, 1, absent_ids=[home_players[1]])  # board 2 (home is black there)
    boards = {b["board"]: b for b in next(m for m in detail["matches"] if m["id"] == match.pk)["boards"]}
    assert (boards[2]["black"], boards[2]["result"], boards[2]["game_id"]) == (None, "+/-", None)
    assert boards[3]["white"]["id"] == home_players[2] and boards[4]["black"]["id"] == home_players[3]
    assert all(boards[n]["game_id"] for n in (1, 3, 4))


def test_in_a_team_event_only_the_captain_protests_a_game_or_a_sanction_for_his_team_1_14_7(
    api, staff, rosters, make_event
):
    # 1.14.7: «Только капитан … может направлять протесты» — the board players may not, on a
    # game or on a sanction; the captain does, for the team of the player concerned.
    from club.arbiters import services as arbiters
    from foundation.refusals import Forbidden

    event = make_event(4)
    pair(api, staff, event)
    publish(api, staff, event, 1)
    board = BoardGame.objects.filter(match__round__number=1, board=2).select_related("match").first()
    (sanction,) = arbiters.sanction_issue(
        by=staff["arbiter"], member_id=board.white_id, kind="warning", reason="talking", game_id=board.game_id
    )
    for player in (board.white, board.black):
        with pytest.raises(Forbidden) as refused:
            arbiters.protest_file(member=player, game_id=board.game_id, text="The arbiter was wrong.")
        assert refused.value.code == "not-captain"
    with pytest.raises(Forbidden) as refused:
        arbiters.protest_file(member=board.white, sanction_id=sanction.pk, text="I was silent.")
    assert refused.value.code == "not-captain"
    outsider_captain = (
        Team.objects.filter(championship=event)
        .exclude(pk__in=[board.match.home_id, board.match.away_id])
        .first()
        .captain
    )
    with pytest.raises(Forbidden):  # a captain whose team is not in this game
        arbiters.protest_file(member=outsider_captain, game_id=board.game_id, text="Not my match.")
    assert not Protest.objects.exists()

    white_team = Team.objects.get(championship=event, players__member=board.white)
    black_team = Team.objects.get(championship=event, players__member=board.black)
    on_game = arbiters.protest_file(member=black_team.captain, game_id=board.game_id, text="The clock was wrong.")
    on_sanction = arbiters.protest_file(member=white_team.captain, sanction_id=sanction.pk, text="He was silent.")
    assert (on_game.team, on_game.game_id, on_game.championship_id) == (black_team, board.game_id, event.pk)
    assert (on_sanction.team, on_sanction.sanction_id) == (white_team, sanction.pk)
    with pytest.raises(Forbidden):  # the other captain may not protest a sanction of this team's player
        arbiters.protest_file(member=black_team.captain, sanction_id=sanction.pk, text="Not his player.")
    assert AuditEntry.objects.filter(action="protest:file", clause="003 1.14.7").count() == 2
