"""On PostgreSQL with a real Celery worker over Redis (the production path):
results flow from finished games to the boards and the standings through
GAME_FINISHED_TASKS, exactly once; racing recomputes leave one correct table."""

import pytest

from club.championships import services
from club.championships.models import Board, Championship, Round, Standings
from games.services import game_resign
from tests.concurrency import race, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_worker_records_results_closes_rounds_and_computes_standings(
    celery_worker_process, make_championship, players, staff
):
    championship = make_championship(players[:3])  # three rounds, one rest each
    for number in (1, 2, 3):
        services.round_pair(by=staff["arbiter"], championship_id=championship.pk)
        services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=number)
        board = Board.objects.get(round__championship=championship, round__number=number, black__isnull=False)
        game_resign(game_id=board.game_id, member=board.black)  # commits: the hook goes to the worker
        assert wait_for(lambda n=number: Round.objects.get(championship=championship, number=n).status == "closed"), (
            f"round {number} was not closed by the worker"
        )
        board.refresh_from_db()
        assert board.result == "1-0"
    assert wait_for(lambda: Championship.objects.get(pk=championship.pk).status == "finished")
    # The table follows the last result (its task may still be on its way).
    assert wait_for(lambda: sum(r["points"] for r in Standings.objects.get(championship=championship).rows) == 3)
    rows = Standings.objects.get(championship=championship).rows
    assert sorted(r["points"] for r in rows) == sorted(
        [
            sum(1 for b in Board.objects.filter(round__championship=championship, white_id=r["id"], result="1-0"))
            for r in rows
        ]
    )


def test_two_workers_racing_leave_one_table_and_record_a_result_once(make_championship, players, staff):
    championship = make_championship(players[:2])
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk)
    services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1)
    board = Board.objects.get(round__championship=championship)
    from games.models import Game

    Game.objects.filter(pk=board.game_id).update(status=Game.Status.FINISHED, result="0-1")

    recorded = race(lambda: services.board_result_record(game_id=board.game_id))
    assert sorted(recorded) == ["recorded", "unchanged"]
    written = race(lambda: services.standings_recompute(championship_id=championship.pk))
    assert sorted(written) == [False, True]
    stored = Standings.objects.get(championship=championship)
    assert [(r["id"], r["points"]) for r in stored.rows] == [(board.black_id, 1), (board.white_id, 0)]
