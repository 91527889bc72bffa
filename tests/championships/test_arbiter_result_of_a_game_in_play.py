"""An arbiter's result does not stand in for a game (1.10.4, 1.12.2): a game its players are still
playing on the server ends on the board, by adjudication once play has closed, or by a sanction —
not through the results form or the results API; and an online game's result an arbiter records
is rated only if both sides moved."""

import pytest

from club.arbiters import services as arbiters
from club.championships import services
from club.championships.models import Board
from games.models import Game
from games.services import game_check_in, game_move_make
from games.services.errors import RuleRefusal
from ratings import services as ratings
from tests.snapshots import club_snapshot

from .conftest import T0, at
from .test_services import pair_and_publish, refused

pytestmark = pytest.mark.django_db
WATCHED = {
    "games.Game": ("status", "result", "termination", "ply"),
    "championships.Board": ("result",),
}


@pytest.fixture
def round_in_play(make_championship, players, staff):
    """A live round robin of four, rated, round 1 started at T0 + 10 minutes."""
    championship = make_championship(players[:4], rated=True, time_control="2700")
    pair_and_publish(championship, staff, now=T0, starts_at=at(10))
    return championship


def test_the_results_api_refuses_a_game_still_being_played_and_changes_nothing(round_in_play, staff, api):
    board = Board.objects.filter(round__championship=round_in_play).first()
    before = club_snapshot(WATCHED)
    response = api(staff["chief"]).post(
        f"/api/championships/{round_in_play.pk}/results/",
        {"game_id": board.game_id, "result": "1-0", "reason": "the scoresheet says so"},
    )
    assert response.status_code == 409 and response.json()["error"] == "still-playing"
    assert club_snapshot(WATCHED) == before


def test_the_whole_round_form_refuses_games_still_being_played_all_or_nothing(round_in_play, staff):
    boards = list(Board.objects.filter(round__championship=round_in_play).order_by("number"))
    arbiters.clocks_stop(by=staff["chief"], game_id=boards[0].game_id, reason="a ruling is asked for", now=at(20))
    before = club_snapshot(WATCHED)
    with refused(RuleRefusal, "still-playing"):
        services.round_results_set(
            by=staff["chief"], championship_id=round_in_play.pk, round_number=1,
            results={1: "1-0", 2: "0-1"}, reason="from the scoresheets",
        )  # fmt: skip
    assert club_snapshot(WATCHED) == before


def test_an_arbiters_result_for_a_game_with_no_move_is_not_rated(round_in_play, staff, on_commit):
    # 1.12.2: a game that did not take place earns no rating points, whoever records its result.
    unplayed, played = Board.objects.filter(round__championship=round_in_play).order_by("number")
    game = Game.objects.get(pk=played.game_id)
    for member in (game.white, game.black):  # 1.6.3: white moves once black is there
        game_check_in(game_id=game.pk, member=member, now=at(10))
    game_move_make(game_id=game.pk, member=game.white, text="c3-d4", expected_ply=0, now=at(11))
    game_move_make(game_id=game.pk, member=game.black, text="f6-g5", expected_ply=1, now=at(12))
    for board in (unplayed, played):
        arbiters.clocks_stop(by=staff["chief"], game_id=board.game_id, reason="the hall closes", now=at(20))
        with on_commit():
            services.board_result_set(
                by=staff["chief"], championship_id=round_in_play.pk, game_id=board.game_id, result="1-0",
                reason="adjudicated at the board",
            )  # fmt: skip
    assert ratings.game_is_rated(Game.objects.get(pk=unplayed.game_id)) is False
    assert ratings.game_is_rated(Game.objects.get(pk=played.game_id)) is True
