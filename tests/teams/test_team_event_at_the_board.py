"""A team event played at the board (003 1.14, ``games.venue``): the boards of its
matches wait for their results exactly as a championship's boards do — each player
reports his own board and it stands once his opponent confirms it; two reports that
disagree go to the arbiters; the desk, the boards page, the API and the arbiters'
inbox list the boards still without a result and name who is to act; a no-show is
the arbiter's (1.9.1, 1.9.2) and the signs − and + only mark games not played
(1.12.2); the round closes when each board has its result, and each match's result
is its boards' (1.14.6)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from club.arbiters import inbox
from club.championships import services
from club.championships.models import Decision, Round
from club.championships.selectors.board_results import boards_without_result, disputed_results
from club.notifications.models import Notification
from club.teams.models import BoardGame, Match
from foundation.refusals import Forbidden
from games.models import Game, Move
from ratings.services import game_is_rated
from tests.championships.conftest import T0, at
from tests.championships.test_pages import client_for

from .conftest import ok

pytestmark = pytest.mark.django_db

START = at(60)
AFTER = START + timedelta(minutes=30)


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks, eager_celery):
    """``with on_commit(): …`` runs the block's on-commit hooks (the boards' and matches' follow-ups) at once."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def team_night(make_event, staff, on_commit):
    """Four teams of four boards at the board, a 3+2 club night with a minute of allowed
    lateness; round 1 published: two matches, eight boards."""
    event = make_event(4, venue="board", time_control="180+2", lateness_minutes=1)
    with on_commit():
        services.round_pair(by=staff["arbiter"], championship_id=event.pk, now=T0)
        services.round_publish(by=staff["arbiter"], championship_id=event.pk, round_number=1, starts_at=START, now=T0)
    return event


def _boards(event, number=1) -> list[BoardGame]:
    return list(
        BoardGame.objects.filter(match__round__championship=event, match__round__number=number)
        .select_related("match", "white", "black")
        .order_by("match__number", "board")
    )


def _report(event, member, board, result, now=AFTER):
    return services.board_result_report(
        by=member, championship_id=event.pk, game_id=board.game_id, result=result, now=now
    )


def test_every_board_of_every_match_waits_for_its_result_in_match_and_board_order(team_night):
    waiting = boards_without_result(team_night)
    assert [(w.round.number, w.match.number, w.number) for w in waiting] == [
        (1, m, b) for m in (1, 2) for b in (1, 2, 3, 4)
    ]
    assert [w.board.pk for w in waiting] == [b.pk for b in _boards(team_night)]
    assert {w.game.venue for w in waiting} == {"board"}
    assert boards_without_result(team_night, round_number=2) == []


def test_a_board_result_stands_once_the_opponent_confirms_it(team_night, on_commit):
    board = _boards(team_night)[0]
    assert _report(team_night, board.white, board, "1-0") == "waiting"
    [waiting] = [w for w in boards_without_result(team_night) if w.board.pk == board.pk]
    assert waiting.state == "to-confirm" and str(board.black) in waiting.to_act  # the opponent is to act
    with on_commit():
        assert _report(team_night, board.black, board, "1-0") == "stands"
    assert BoardGame.objects.get(pk=board.pk).result == "1-0"
    assert board.pk not in [w.board.pk for w in boards_without_result(team_night)]
    # A game played at the board counts as played and is rated, with no move on the server.
    assert game_is_rated(Game.objects.get(pk=board.game_id))


def test_a_disputed_board_goes_to_the_arbiters_list_and_inbox_and_neither_report_stands(team_night, staff, on_commit):
    board = _boards(team_night)[5]  # match 2, board 2
    _report(team_night, board.white, board, "1-0")
    with on_commit():
        assert _report(team_night, board.black, board, "0-1") == "disputed"
    assert Game.objects.get(pk=board.game_id).status == Game.Status.ONGOING
    assert [w.board.pk for w in disputed_results(team_night)] == [board.pk]

    items = [i for i in inbox.inbox_of(staff["arbiter"]) if i.kind == "disputed-result"]
    assert [i.url for i in items] == [f"/championships/{team_night.pk}/boards/#board-1-2-2"]
    assert items[0].subject == f"{board.white} – {board.black}"
    notices = Notification.objects.filter(kind="arbiter", params__what="disputed")
    assert sorted(n.recipient_id for n in notices) == sorted([staff["chief"].pk, staff["arbiter"].pk])
    # Every board still waiting is in the inbox of each arbiter of the event (1.16).
    assert len([i for i in inbox.inbox_of(staff["chief"]) if i.kind == "no-result"]) == 7

    with on_commit():
        services.board_result_set(
            by=staff["arbiter"],
            championship_id=team_night.pk,
            game_id=board.game_id,
            result="1/2-1/2",
            reason="both score sheets end in a drawn position",
            now=AFTER,
        )
    assert BoardGame.objects.get(pk=board.pk).result == "1/2-1/2"
    assert disputed_results(team_night) == []


def _step(page) -> str:
    return page.content.decode().split('<p class="step"', 1)[1].split("</p>", 1)[0]


def test_the_desk_lists_the_boards_without_a_result_and_names_who_is_to_act(team_night, staff):
    desk = reverse("championship-desk", args=[team_night.pk])
    step = _step(client_for(staff["chief"]).get(desk, HTTP_ACCEPT_LANGUAGE="en"))
    assert "Round 1 is being played at the board: 8 boards wait for their results" in step
    assert "which their players report or an arbiter of the event (" in step and str(staff["arbiter"]) in step
    first, second = _boards(team_night)[:2]
    _report(team_night, first.white, first, "0-1")
    _report(team_night, second.white, second, "1-0")
    _report(team_night, second.black, second, "0-1")
    page = client_for(staff["arbiter"]).get(
        reverse("championship-desk", args=[team_night.pk]), HTTP_ACCEPT_LANGUAGE="en"
    )
    text = page.content.decode()
    match = first.match
    assert f"Round 1, match 1 ({match.home} – {match.away}), board 1" in text
    assert f"{first.black} confirms, or an arbiter decides" in text
    assert "the players report the result, or an arbiter records it" in text
    assert 'class="board-state-disputed"' in text
    # The next step names the arbiters who decide the dispute (1.16).
    step = _step(page)
    assert "Round 1: the players&#x27; reports disagree on 1 board: an arbiter of the event (" in step
    assert str(staff["chief"]) in step and str(staff["arbiter"]) in step
    russian = client_for(staff["arbiter"]).get(
        reverse("championship-desk", args=[team_night.pk]), HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert "Тур 1, матч 1" in russian.content.decode()


def test_the_boards_page_lets_a_player_report_and_his_opponent_confirm(team_night, on_commit):
    board = _boards(team_night)[3]
    url = reverse("championships:boards", args=[team_night.pk])
    white, black = client_for(board.white), client_for(board.black)
    page = white.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="board-1-1-4"' in page and page.count('class="board-waiting') == 8
    # Each match board's score sheet is typed in through the same page as a players' board's.
    sheet = reverse("championships:score-sheet", args=[team_night.pk, board.game_id])
    assert page.count("Type in the score sheet") == 8 and f'href="{sheet}"' in page
    assert white.post(url, {"game": board.game_id, "action": "report", "result": "0-1"}).status_code == 302
    assert "Confirm 0 – 1" in black.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    with on_commit():
        black.post(url, {"game": board.game_id, "action": "report", "result": "0-1"})
    assert BoardGame.objects.get(pk=board.pk).result == "0-1"
    assert page.count('class="board-waiting') - 1 == black.get(url).content.decode().count('class="board-waiting')
    # The team event's page leads to the boards page.
    assert url in white.get(reverse("teams:detail", args=[team_night.pk])).content.decode()


SHEET = "1. c3-d4 f6-e5 2. d4:f6 g7:e5"


def _both_report(event, board, result, on_commit):
    with on_commit():
        for member in (board.white, board.black):
            _report(event, member, board, result)


def test_a_player_types_his_match_board_s_score_sheet_and_it_is_the_game_s_record(team_night, on_commit):
    # After the game a player copies his score sheet (1.14: a match board is a game like any
    # other); every move goes through the rules module, and the record is published with the event.
    board = _boards(team_night)[6]  # match 2, board 3
    _both_report(team_night, board, "1-0", on_commit)
    url = reverse("championships:score-sheet", args=[team_night.pk, board.game_id])
    player = client_for(board.black)
    shown = player.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    match = board.match
    assert f"Round 1, match 2 ({match.home} – {match.away}), board 3" in shown
    assert 'id="sheet-board"' in shown and reverse("teams:detail", args=[team_night.pk]) in shown
    assert player.post(url, {"moves": SHEET, "ply": 0}).status_code == 302
    game = Game.objects.get(pk=board.game_id)
    assert list(game.moves.values_list("notation", flat=True)) == ["c3-d4", "f6-e5", "d4:f6", "g7:e5"]
    assert (game.result, game.ply) == ("1-0", 4)
    assert Decision.objects.get(action="score-sheet").data["game"] == game.pk
    viewer = client_for(board.white).get(reverse("games:game", args=[game.pk])).content.decode()
    assert "d4:f6" in viewer
    pdn = client_for(board.white).get(reverse("championships:export", args=[team_night.pk, "games"])).content.decode()
    assert "1. c3-d4 f6-e5 2. d4:f6 g7:e5" in pdn and pdn.count("[Event ") == 8  # every board of both matches
    # The event's pages lead to it; a players' table (CSV, TRF) is not a team event's (1.14.6).
    detail = client_for(board.white).get(reverse("teams:detail", args=[team_night.pk])).content.decode()
    assert reverse("championships:export", args=[team_night.pk, "games"]) in detail
    csv = reverse("championships:export", args=[team_night.pk, "standings.csv"])
    assert client_for(board.white).get(csv).status_code == 404


def test_an_illegal_move_on_a_match_board_s_sheet_is_refused_by_name_and_nothing_is_kept(team_night, on_commit):
    board = _boards(team_night)[1]
    _both_report(team_night, board, "1/2-1/2", on_commit)
    url = reverse("championships:score-sheet", args=[team_night.pk, board.game_id])
    refused_page = client_for(board.white).post(
        url, {"moves": "1. c3-d4 f6-e5 2. a1-b2", "ply": 0}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert refused_page.status_code == 409  # a rule refusal
    assert "Move 3 (a1-b2) is illegal here" in refused_page.content.decode()
    assert Game.objects.get(pk=board.game_id).ply == 0 and not Move.objects.exists()
    assert not Decision.objects.filter(action="score-sheet").exists()


def test_only_the_board_s_players_and_the_event_s_arbiters_type_a_match_board_s_sheet(team_night, staff, on_commit):
    board, other = _boards(team_night)[:2]
    _both_report(team_night, board, "1-0", on_commit)
    # A player of another board of the same match is not one of this board's players.
    with pytest.raises(Forbidden):
        services.score_sheet_enter(
            by=other.white, championship_id=team_night.pk, game_id=board.game_id, text=SHEET, expected_ply=0
        )
    assert not Move.objects.exists()
    services.score_sheet_enter(
        by=staff["arbiter"], championship_id=team_night.pk, game_id=board.game_id, text=SHEET, expected_ply=0
    )
    assert Game.objects.get(pk=board.game_id).ply == 4


def test_the_desk_links_each_match_board_to_its_arbiter_page(team_night, staff):
    page = client_for(staff["arbiter"]).get(
        reverse("championship-desk", args=[team_night.pk]), HTTP_ACCEPT_LANGUAGE="en"
    )
    text = page.content.decode()
    for board in _boards(team_night):
        match = board.match
        assert reverse("arbiters:game", args=[board.game_id]) in text
        assert f"Round 1, match {match.number} ({match.home} – {match.away}), board {board.board}: sanctions" in text


def test_a_spectator_learns_a_match_board_s_result_and_its_match_s_only_the_delay_after_it(
    team_night, staff, on_commit
):
    # The broadcast delay (0-30 min): its spectators see each result that long after it;
    # the players of the board and the event's arbiters at once. A match's result waits
    # for its last board's (1.14.6).
    services.broadcast_delay_set(by=staff["organiser"], championship_id=team_night.pk, minutes=15)
    match_boards = _boards(team_night)[:4]  # match 1: white wins every board
    now = timezone.now()
    with on_commit():
        for board in match_boards:
            for member in (board.white, board.black):
                _report(team_night, member, board, "1-0", now=now)
    match = Match.objects.get(pk=match_boards[0].match_id)
    assert (match.result, match.home_points) != ("", 0)  # decided and stored
    round_page = reverse("teams:round", args=[team_night.pk, 1])
    standings = reverse("teams:standings", args=[team_night.pk])
    spectator, arbiter = Client(), client_for(staff["arbiter"])
    player = client_for(match_boards[1].black)  # a player of the match

    def shown(client):
        [first, _second] = client.get(round_page).context["round"].match_list
        rows = client.get(standings).context["rows"]
        return first.result, [b.result for b in first.board_list], max(r["match_points"] for r in rows)

    assert shown(arbiter) == (match.result, ["1-0"] * 4, 1)  # 2 : 2 in board points (colours by board, 1.14.3)
    assert shown(spectator) == ("", [""] * 4, 0)
    # A player sees his own board at once; the others', and the match, the delay later.
    assert shown(player) == ("", ["", "1-0", "", ""], 0)
    crosstable = spectator.get(standings).context["crosstable"]["rows"]
    assert all(cell in ("", "×") for row in crosstable for cell in row["cells"])
    card = reverse("teams:team", args=[team_night.pk, match.home_id])
    for client, shown_results in ((arbiter, ["1-0"] * 4), (spectator, [""] * 4)):
        [row] = [m for m in client.get(card).context["matches"] if m["match_id"] == match.pk]
        assert (bool(row["result"]), [b["result"] for b in row["boards"]]) == (client is arbiter, shown_results)
    api = ok(APIClient().get(f"/api/teams/{team_night.pk}/rounds/1/"))["matches"][0]
    assert (api["result"], api["home_points"], [b["result"] for b in api["boards"]]) == ("", 0, [""] * 4)


def test_the_api_lists_the_match_boards_waiting(team_night, api):
    board = _boards(team_night)[4]
    ok(api(board.white).post(f"/api/championships/{team_night.pk}/boards/{board.game_id}/report/", {"result": "1-0"}))
    waiting = ok(api(board.white).get(f"/api/championships/{team_night.pk}/boards/"))
    assert [(w["round"], w["match"], w["number"]) for w in waiting][3:6] == [(1, 1, 4), (1, 2, 1), (1, 2, 2)]
    mine = next(w for w in waiting if w["game_id"] == board.game_id)
    assert mine["state"] == "to-confirm" and mine["board"] is None and str(board.black) in mine["to_act"]


def test_the_round_closes_when_each_board_has_its_result_and_the_matches_count_them(team_night, staff, on_commit):
    boards = _boards(team_night)
    absent_board, played = boards[0], boards[1:]
    # 1.9.1: the arbiter records a no-show, never before the allowed lateness has passed.
    with on_commit():
        services.board_no_show(
            by=staff["arbiter"],
            championship_id=team_night.pk,
            game_id=absent_board.game_id,
            absent="black",
            now=START + timedelta(minutes=1),
        )
        for board in played[:-1]:
            for member in (board.white, board.black):
                _report(team_night, member, board, "1/2-1/2")
    last = played[-1]
    assert [w.board.pk for w in boards_without_result(team_night)] == [last.pk]
    assert Round.objects.get(championship=team_night, number=1).status == Round.Status.PUBLISHED
    with on_commit():
        _report(team_night, last.white, last, "1-0")
        _report(team_night, last.black, last, "1-0")

    assert Round.objects.get(championship=team_night, number=1).status == Round.Status.CLOSED
    assert boards_without_result(team_night) == []
    absent_game = Game.objects.get(pk=absent_board.game_id)
    assert (absent_game.result, absent_game.termination_clause) == ("+/-", "1.9.1")
    assert not game_is_rated(absent_game)  # 1.12.2: a game not played is not rated
    # 1.14.6: each match's result is its boards' (board 1's white is the home team's, 1.14.3).
    first, second = Match.objects.filter(round__championship=team_night, round__number=1).order_by("number")
    assert (first.home_points, first.away_points) == (2.5, 1.5)
    assert second.home_points + second.away_points == 4
    assert services.round_pair(by=staff["arbiter"], championship_id=team_night.pk, now=AFTER).number == 2
