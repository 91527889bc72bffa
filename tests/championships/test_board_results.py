"""Results of a club night at the board: each player reports his own board from
his phone and it stands once the opponent confirms it or an arbiter decides;
disagreeing reports wait on the arbiters' list; a no-show is the arbiter's
decision, never before the event's allowed lateness has passed (1.9.1, 1.9.2);
the signs − and + are only for the games that did not take place (1.10.4, 1.12.2);
the round closes when every board has its result and the next is paired at once."""

from datetime import timedelta

import pytest

from club.championships import services
from club.championships.models import Board, BoardReport, Decision, Round
from club.championships.selectors.board_results import boards_without_result, disputed_results
from foundation.refusals import Conflict, Forbidden, Invalid, RuleRefusal
from games.models import Game
from ratings.models import RatingChange
from ratings.services import game_is_rated

from .conftest import at
from .test_services import pair_and_publish, refused

pytestmark = pytest.mark.django_db

START = at(60)
AFTER = START + timedelta(minutes=30)


@pytest.fixture
def club_night(make_championship, players, staff, on_commit):
    """A 3+2 Swiss of four at the board, one minute of allowed lateness, round 1 published."""
    championship = make_championship(
        players[:4],
        venue="board",
        time_control="180+2",
        system="swiss",
        swiss_system="buchholz",
        rounds_planned=3,
        lateness_minutes=1,
    )
    with on_commit():
        pair_and_publish(championship, staff, starts_at=START)
    return championship


def _boards(championship, number=1):
    return list(Board.objects.filter(round__championship=championship, round__number=number).order_by("number"))


def _report(championship, member, board, result, now=AFTER):
    return services.board_result_report(
        by=member, championship_id=championship.pk, game_id=board.game_id, result=result, now=now
    )


def test_a_result_stands_once_the_opponent_confirms_it(club_night, on_commit):
    board = _boards(club_night)[0]
    assert _report(club_night, board.white, board, "1-0") == "waiting"
    assert Game.objects.get(pk=board.game_id).status == Game.Status.ONGOING
    [waiting] = [w for w in boards_without_result(club_night) if w.board.pk == board.pk]
    assert str(board.black) in waiting.to_act  # the opponent is named as the one to act

    with on_commit():
        assert _report(club_night, board.black, board, "1-0") == "stands"

    game = Game.objects.get(pk=board.game_id)
    assert (game.result, game.termination) == ("1-0", "reported")
    assert Board.objects.get(pk=board.pk).result == "1-0"
    # A game played at the board counts as played and is rated as the event says, with no move on the server.
    assert game.white_moves == game.black_moves == 0 and game_is_rated(game)
    assert RatingChange.objects.filter(game=game).count() == 2


def test_two_reports_that_disagree_go_to_the_arbiters_list_and_neither_stands(club_night, staff, on_commit):
    board = _boards(club_night)[0]
    _report(club_night, board.white, board, "1-0")
    assert _report(club_night, board.black, board, "0-1") == "disputed"
    assert Game.objects.get(pk=board.game_id).status == Game.Status.ONGOING
    assert [w.board.pk for w in disputed_results(club_night)] == [board.pk]

    # Any appointed arbiter decides a board at the board (1.16), not only the chief.
    with on_commit():
        services.board_result_set(
            by=staff["arbiter"],
            championship_id=club_night.pk,
            game_id=board.game_id,
            result="1/2-1/2",
            reason="both score sheets end in a drawn position",
            now=AFTER,
        )
    assert Board.objects.get(pk=board.pk).result == "1/2-1/2"
    assert disputed_results(club_night) == []


def test_a_result_reported_by_someone_not_at_that_board_is_refused_and_changes_nothing(club_night, players):
    first, second = _boards(club_night)
    with refused(Forbidden, "not-at-this-board"):
        _report(club_night, second.white, first, "0-1")
    with refused(Invalid, "bad-report"):  # a forfeit is the arbiter's, never a player's
        _report(club_night, first.white, first, "+/-")
    with refused(RuleRefusal, "not-started"):
        _report(club_night, first.white, first, "1-0", now=START - timedelta(minutes=5))
    assert not BoardReport.objects.exists()
    assert not Decision.objects.filter(action="report").exists()


def test_a_report_on_a_board_already_decided_is_refused(club_night, on_commit):
    board = _boards(club_night)[0]
    with on_commit():
        _report(club_night, board.white, board, "1-0")
        _report(club_night, board.black, board, "1-0")
    with refused(Conflict, "board-decided"):
        _report(club_night, board.black, board, "0-1")
    assert Game.objects.get(pk=board.game_id).result == "1-0"
    assert BoardReport.objects.get(game_id=board.game_id, member=board.black).result == "1-0"


def test_the_arbiter_records_a_no_show_only_once_the_allowed_lateness_has_passed(club_night, staff, on_commit):
    # 1.9.1: one minute allowed; the player who did not come loses "−", his opponent "+".
    first, second = _boards(club_night)
    with refused(RuleRefusal, "lateness-not-passed"):
        services.board_no_show(
            by=staff["arbiter"], championship_id=club_night.pk, game_id=first.game_id, absent="black", now=START
        )
    assert Game.objects.get(pk=first.game_id).status == Game.Status.ONGOING

    with on_commit():
        services.board_no_show(
            by=staff["arbiter"],
            championship_id=club_night.pk,
            game_id=first.game_id,
            absent="black",
            now=START + timedelta(minutes=1),
        )
        # 1.9.2: neither came: both lose.
        services.board_no_show(
            by=staff["arbiter"], championship_id=club_night.pk, game_id=second.game_id, absent="both", now=AFTER
        )
    first_game, second_game = Game.objects.get(pk=first.game_id), Game.objects.get(pk=second.game_id)
    assert (first_game.result, first_game.termination_clause) == ("+/-", "1.9.1")
    assert (second_game.result, second_game.termination_clause) == ("-/-", "1.9.2")
    # 1.12.2: a game that did not take place is not rated.
    assert not game_is_rated(first_game) and not game_is_rated(second_game)
    assert not RatingChange.objects.exists()


def test_a_player_cannot_declare_his_opponent_absent(club_night):
    board = _boards(club_night)[0]
    with refused(Forbidden, "not-arbiter"):
        services.board_no_show(
            by=board.white, championship_id=club_night.pk, game_id=board.game_id, absent="black", now=AFTER
        )
    assert Game.objects.get(pk=board.game_id).status == Game.Status.ONGOING


def test_the_round_closes_when_every_board_has_its_result_and_the_next_is_paired_at_once(club_night, staff, on_commit):
    first, second = _boards(club_night)
    with on_commit():
        _report(club_night, first.white, first, "1-0")
        _report(club_night, first.black, first, "1-0")
    assert Round.objects.get(championship=club_night, number=1).status == Round.Status.PUBLISHED
    assert [w.board.pk for w in boards_without_result(club_night)] == [second.pk]
    with on_commit():
        _report(club_night, second.black, second, "1/2-1/2")
        _report(club_night, second.white, second, "1/2-1/2")
    assert Round.objects.get(championship=club_night, number=1).status == Round.Status.CLOSED
    assert boards_without_result(club_night) == []
    assert services.round_pair(by=staff["arbiter"], championship_id=club_night.pk, now=AFTER).number == 2


def test_from_the_boards_page_two_players_report_and_an_arbiter_records_a_no_show(club_night, staff, on_commit):
    from django.urls import reverse

    from .test_pages import client_for

    first, second = _boards(club_night)
    url = reverse("championships:boards", args=[club_night.pk])
    white = client_for(first.white)
    page = white.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Тур 1, стол 1" in page and str(first.black) in page and "за доской" in page  # the event's terms
    assert white.post(url, {"game": first.game_id, "action": "report", "result": "0-1"}).status_code == 302
    black_page = client_for(first.black).get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Confirm 0 – 1" in black_page
    with on_commit():
        client_for(first.black).post(url, {"game": first.game_id, "action": "report", "result": "0-1"})
    assert Game.objects.get(pk=first.game_id).result == "0-1"
    # A player of another board may not report this one: refused, nothing changed.
    assert white.post(url, {"game": second.game_id, "action": "report", "result": "1-0"}).status_code == 403
    with on_commit():
        answer = client_for(staff["arbiter"]).post(url, {"game": second.game_id, "action": "absent", "absent": "both"})
    assert answer.status_code == 302
    assert Game.objects.get(pk=second.game_id).result == "-/-"


def test_the_api_reports_lists_decides_a_no_show_and_takes_a_score_sheet(club_night, staff, api):
    first, second = _boards(club_night)
    base = f"/api/championships/{club_night.pk}/boards"
    answer = api(first.white).post(f"{base}/{first.game_id}/report/", {"result": "1-0"})
    assert answer.status_code == 200 and answer.json()["outcome"] == "waiting"
    assert api(second.white).post(f"{base}/{first.game_id}/report/", {"result": "0-1"}).status_code == 403
    waiting = api(staff["arbiter"]).get(f"{base}/").json()
    assert [(w["board"]["number"], w["state"]) for w in waiting] == [(1, "to-confirm"), (2, "no-report")]
    answer = api(first.black).post(f"{base}/{first.game_id}/report/", {"result": "1-0"})
    assert answer.json()["outcome"] == "stands" and answer.json()["board"]["result"] == "1-0"  # read back
    assert api(first.black).post(f"{base}/{first.game_id}/report/", {"result": "0-1"}).status_code == 409
    answer = api(staff["arbiter"]).post(f"{base}/{second.game_id}/no-show/", {"absent": "white"})
    assert answer.status_code == 200 and answer.json()["result"] == "-/+"
    sheet = api(first.white).post(f"{base}/{first.game_id}/score-sheet/", {"moves": "1. c3-d4 f6-e5", "ply": 0})
    assert sheet.status_code == 200 and sheet.json()["moves"] == ["c3-d4", "f6-e5"]
    refused_sheet = api(first.white).post(f"{base}/{first.game_id}/score-sheet/", {"moves": "a1-b2", "ply": 2})
    assert refused_sheet.status_code == 409 and "Move 3 (a1-b2)" in refused_sheet.json()["detail"]


def test_no_result_is_recorded_at_the_board_before_the_round_starts(club_night, staff):
    # The club night's bug: every result could be entered before the round's start, without a word.
    board = _boards(club_night)[0]
    with refused(RuleRefusal, "not-started"):
        services.board_result_set(
            by=staff["chief"],
            championship_id=club_night.pk,
            game_id=board.game_id,
            result="1-0",
            reason="entered in advance",
            now=START - timedelta(minutes=1),
        )
    assert Game.objects.get(pk=board.game_id).status == Game.Status.ONGOING
    assert not Decision.objects.filter(action="result").exists()


def test_a_micro_match_at_the_board_is_reported_game_by_game(make_championship, players, staff, on_commit):
    # 1.11: each game of the micro-match is played at the board and reported like a single game.
    championship = make_championship(
        players[:2], venue="board", time_control="180+2", lateness_minutes=1, games_per_pairing=2
    )
    with on_commit():
        pair_and_publish(championship, staff, starts_at=START)
    board = Board.objects.get(round__championship=championship, black__isnull=False)
    first = board.match_games.get(number=1).game
    with on_commit():
        for member in (first.white, first.black):
            services.board_result_report(
                by=member, championship_id=championship.pk, game_id=first.pk, result="1-0", now=AFTER
            )
    second = board.match_games.get(number=2).game
    assert second.venue == "board" and second.deadline is None and second.white_id == first.black_id
    assert [w.game.pk for w in boards_without_result(championship)] == [second.pk]  # the game now waiting
    with on_commit():
        for member in (second.white, second.black):
            services.board_result_report(
                by=member,
                championship_id=championship.pk,
                game_id=second.pk,
                result="1/2-1/2",
                now=AFTER + timedelta(hours=1),  # after the break between the games (1.11)
            )
    board.refresh_from_db()
    assert board.result == "1-0"  # 1½ – ½ for the board's white (1.11)
