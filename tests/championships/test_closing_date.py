"""The closing date holds at once (003 1.6; the closing date of a correspondence event): from it on
no move, no draw offer and no round's publication is accepted, whether or not the beat has yet
stopped the games for adjudication. A resignation, or a draw agreed on an offer made before it,
still stands until the chief arbiter rules."""

import pytest

from club.championships import services
from club.championships.models import Board
from games.models import Game, Move
from games.services import game_draw_answer, game_draw_offer, game_move_make, game_resign
from games.services.errors import Conflict, RuleRefusal

from .conftest import T0, at
from .test_services import refused

pytestmark = pytest.mark.django_db
DAY = 24 * 60


@pytest.fixture
def closing(make_championship, players, staff):
    """A correspondence round robin of four, round 1 published, closing two days after T0."""
    championship = make_championship(players[:4], time_control="d3", closes_at=at(2 * DAY))
    the_round = services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=the_round.number, now=T0)
    return championship


def _game(championship, number=1) -> Game:
    board = Board.objects.get(round__championship=championship, round__number=1, number=number)
    return Game.objects.get(pk=board.game_id)


def test_a_move_after_the_closing_date_is_refused_before_the_beat_has_run(closing):
    game = _game(closing)
    game_move_make(game_id=game.pk, member=game.white, text="c3-d4", expected_ply=0, now=at(60))
    with refused(RuleRefusal, "play-closed"):
        game_move_make(game_id=game.pk, member=game.black, text="f6-g5", expected_ply=1, now=at(2 * DAY))
    game.refresh_from_db()
    assert (game.ply, game.status, Move.objects.filter(game=game).count()) == (1, Game.Status.ONGOING, 1)


def test_a_draw_offer_after_the_closing_date_is_refused_and_one_made_before_may_still_be_accepted(closing):
    late, early = _game(closing, 1), _game(closing, 2)
    game_move_make(game_id=late.pk, member=late.white, text="c3-d4", expected_ply=0, now=at(60))
    game_move_make(game_id=early.pk, member=early.white, text="c3-d4", expected_ply=0, now=at(60))
    game_draw_offer(game_id=early.pk, member=early.white, now=at(61))

    with refused(RuleRefusal, "play-closed"):
        game_draw_offer(game_id=late.pk, member=late.white, now=at(2 * DAY + 1))
    with refused(RuleRefusal, "play-closed"):  # an offer made with a move is a move
        game_move_make(
            game_id=late.pk, member=late.black, text="f6-g5", expected_ply=1, offer_draw=True, now=at(2 * DAY + 1)
        )
    late.refresh_from_db()
    assert (late.draw_offer_by, late.ply) == ("", 1)
    assert game_draw_answer(game_id=early.pk, member=early.black, accept=True, now=at(2 * DAY + 2)).result == "1/2-1/2"
    assert game_resign(game_id=late.pk, member=late.black, now=at(2 * DAY + 3)).result == "1-0"


def test_no_round_is_published_after_the_closing_date(make_championship, players, staff):
    championship = make_championship(players[:4], time_control="d3", closes_at=at(2 * DAY))
    the_round = services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=at(2 * DAY - 1))
    with refused(Conflict, "play-closed"):
        services.round_publish(
            by=staff["arbiter"], championship_id=championship.pk, round_number=the_round.number, now=at(2 * DAY)
        )
    the_round.refresh_from_db()
    assert the_round.status == the_round.Status.PAIRED
    assert not Game.objects.filter(championship_board__round=the_round).exists()
