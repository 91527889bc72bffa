"""An adjudication (a correspondence event after its closing date) takes the game's row
lock once in its transaction: the event's lock first, then the game's, handed on to the
result it sets — not taken again by each service it passes through."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from club.championships import services
from club.championships.models import Board
from games.models import Game
from tests.locks import game_row_reads

from .conftest import T0, at

pytestmark = pytest.mark.django_db
DAY = 24 * 60


def test_an_adjudication_reads_and_locks_the_game_once(make_championship, players, staff, on_commit):
    championship = make_championship(players[:2], play_mode="all-at-once", time_control="d3", closes_at=at(2 * DAY))
    services.section_start(by=staff["chief"], championship_id=championship.pk, now=T0)
    board = Board.objects.get(round__championship=championship)
    services.play_close_due(now=at(2 * DAY + 1))
    with CaptureQueriesContext(connection) as done:
        services.game_adjudicate(
            by=staff["chief"],
            championship_id=championship.pk,
            game_id=board.game_id,
            result="+/-",  # no move was made: the game did not take place (1.12.2)
            reason="black never moved",
            now=at(2 * DAY + 2),
        )
    assert len(game_row_reads(done.captured_queries, board.game_id)) == 1
    game = Game.objects.get(pk=board.game_id)
    assert (game.result, game.termination) == ("+/-", "forfeit")
