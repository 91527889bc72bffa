"""Two polls of one relay feed at the same moment, and a poll beside an operator entering the
same move, on PostgreSQL: they run one after the other under the event's lock, the second
reads the record the first left, and every move is stored exactly once."""

import pytest
from django.test import override_settings

from club.championships import services
from club.championships.models import Board, Round
from foundation.refusals import Conflict
from games.models import Move
from tests.concurrency import race, run_at_once
from tests.conftest import make_member

from .test_relay_feeds import PLAYING, START, Feed, pdn
from .test_services import pair_and_publish

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def relayed(make_championship, players, staff):
    """A round at the board relayed from a feed on 127.0.0.1 (a network the club allows here)."""
    championship = make_championship(players[:2], venue="board", time_control="180+2", lateness_minutes=1)
    pair_and_publish(championship, staff, starts_at=START)
    board = Board.objects.select_related("white", "black").get(round__championship=championship, game__isnull=False)
    feed = Feed()
    with override_settings(RELAY_FEED_PRIVATE_NETWORKS=["127.0.0.0/8"]):
        feed.files["/round.pdn"] = pdn(board, ["c3-d4", "f6-g5", "g3-f4"]).encode()
        services.relay_url_set(by=staff["organiser"], championship_id=championship.pk, url=feed.url(), now=START)
        yield championship, board
    feed.close()


def record(board):
    return list(Move.objects.filter(game_id=board.game_id).order_by("ply").values_list("notation", flat=True))


def poll(championship):
    round_id = Round.objects.get(championship=championship, number=1).pk
    return lambda: services.relay_poll(round_id=round_id, now=PLAYING)


def test_two_polls_at_once_store_each_move_once(relayed):
    championship, board = relayed
    race(poll(championship))
    assert record(board) == ["c3-d4", "f6-g5", "g3-f4"]
    assert championship.decisions.filter(action="relay").count() == 1


def test_a_poll_beside_an_operator_entering_the_first_move_stores_it_once(relayed, staff):
    championship, board = relayed
    operator = make_member("ruslan")
    services.board_operator_appoint(by=staff["chief"], championship_id=championship.pk, member=operator, now=START)

    def enter():
        try:
            services.score_sheet_enter(
                by=operator, championship_id=championship.pk, game_id=board.game_id, text="c3-d4", expected_ply=0
            )
        except Conflict:  # the feed entered it first: the record moved on
            return "stale"
        return "entered"

    run_at_once(poll(championship), enter)
    assert record(board) == ["c3-d4", "f6-g5", "g3-f4"]
