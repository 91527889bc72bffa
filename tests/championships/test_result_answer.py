"""The arbiter's result answers with what is now stored (1.10.4): the results API
answers with the board holding the result just set, not the one it held before,
and the board holds it as soon as the call returns, before any follow-up runs."""

import pytest

from club.arbiters import services as arbiters
from club.championships import services
from club.championships.models import Board, Decision

from .conftest import T0, at
from .test_services import pair_and_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_on_real_boards(make_championship, players, staff, on_commit):
    """Round 1 of four, its games played on real boards: the chief arbiter stopped their clocks
    on the server, so their results are his to record (1.10.4)."""
    championship = make_championship(players[:4], time_control="2700")
    with on_commit():
        pair_and_publish(championship, staff, now=T0, starts_at=at(10))
    boards = list(Board.objects.filter(round__championship=championship).order_by("number"))
    for board in boards:
        arbiters.clocks_stop(by=staff["chief"], game_id=board.game_id, reason="played on real boards", now=at(11))
    return championship, boards


def test_the_results_api_answers_with_the_result_just_recorded(round_on_real_boards, staff, api):
    championship, boards = round_on_real_boards
    response = api(staff["chief"]).post(
        f"/api/championships/{championship.pk}/results/",
        {"game_id": boards[0].game_id, "result": "0-1", "reason": "the scoresheet says so"},
    )
    assert response.status_code == 200
    assert response.json()["result"] == "0-1"
    assert response.json()["game_id"] == boards[0].game_id


def test_a_correction_answers_with_the_corrected_result_not_the_one_it_replaced(round_on_real_boards, staff, api):
    # 2.1.10.4: a result of a running event may still be corrected; the answer shows the correction.
    championship, boards = round_on_real_boards
    url = f"/api/championships/{championship.pk}/results/"
    api(staff["chief"]).post(url, {"game_id": boards[0].game_id, "result": "1-0", "reason": "scoresheet"})
    response = api(staff["chief"]).post(
        url, {"game_id": boards[0].game_id, "result": "1/2-1/2", "reason": "the scoresheet was misread"}
    )
    assert response.status_code == 200 and response.json()["result"] == "1/2-1/2"


def test_the_board_holds_the_result_when_the_service_returns_before_any_follow_up(round_on_real_boards, staff):
    # No on-commit hook runs here: the board is read back straight after the write.
    championship, boards = round_on_real_boards
    pairing = services.board_result_set(
        by=staff["chief"], championship_id=championship.pk, game_id=boards[1].game_id, result="1-0", reason="sheet"
    )
    assert pairing.result == "1-0"
    assert Board.objects.get(pk=boards[1].pk).result == "1-0"
    assert Decision.objects.filter(championship=championship, action="result").count() == 1
