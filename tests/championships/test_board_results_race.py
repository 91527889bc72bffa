"""Two players' reports of one board sent at the same moment, on PostgreSQL: they
run one after the other under the championship's lock, the second reads the
first, and the result stands exactly once."""

import pytest

from club.championships import services
from club.championships.models import Board, BoardReport
from games.models import Game, GameEvent
from tests.concurrency import run_at_once

from .conftest import at
from .test_services import pair_and_publish

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_two_agreeing_reports_at_once_end_the_game_once(make_championship, players, staff):
    championship = make_championship(players[:2], venue="board", time_control="180+2", lateness_minutes=1)
    pair_and_publish(championship, staff, starts_at=at(60))
    board = Board.objects.get(round__championship=championship, game__isnull=False)

    def report(member):
        return lambda: services.board_result_report(
            by=member, championship_id=championship.pk, game_id=board.game_id, result="0-1", now=at(90)
        )

    outcomes = run_at_once(report(board.white), report(board.black))

    assert sorted(outcomes) == ["stands", "waiting"]
    game = Game.objects.get(pk=board.game_id)  # read back
    assert (game.status, game.result) == (Game.Status.FINISHED, "0-1")
    assert GameEvent.objects.filter(game=game, kind="finished").count() == 1
    assert BoardReport.objects.filter(game=game).count() == 2
