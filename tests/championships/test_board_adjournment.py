"""Adjournment at the board (1.7, 5.3.3): the chief arbiter adjourns a game; the
player to move writes his sealed move on paper and the arbiter records it on the
board's game, checked by the rules and hidden from the opponent; at the
resumption the sealed move continues the same record."""

from datetime import timedelta

import pytest
from django.urls import reverse

from club.arbiters import services as desk
from club.arbiters.models import Adjournment
from club.championships import services
from club.championships.models import Board
from foundation.refusals import RuleRefusal
from games.models import Game

from .conftest import at
from .test_pages import client_for
from .test_services import pair_and_publish, refused

pytestmark = pytest.mark.django_db

START = at(60)


@pytest.fixture
def adjourned(make_championship, players, staff, on_commit):
    championship = make_championship(players[:4], venue="board", time_control="180+2", lateness_minutes=1)
    with on_commit():
        pair_and_publish(championship, staff, starts_at=START)
    board = Board.objects.filter(round__championship=championship, game__isnull=False).order_by("number").first()
    services.score_sheet_enter(
        by=staff["arbiter"],
        championship_id=championship.pk,
        game_id=board.game_id,
        text="1. c3-d4 f6-e5",
        expected_ply=0,
        now=START + timedelta(minutes=50),
    )
    adjournment = desk.adjournment_order(
        by=staff["chief"],
        game_id=board.game_id,
        resume_at=START + timedelta(days=1),
        reason="the hall closes at ten",
        now=START + timedelta(minutes=55),
    )
    return championship, board, adjournment


def test_the_arbiter_records_the_sealed_move_hidden_and_the_resumption_continues_the_record(adjourned, staff):
    championship, board, adjournment = adjourned
    # 5.3.3.3: the sealed move is on paper; a player cannot seal on the site at the board.
    with refused(RuleRefusal, "sealed-on-paper"):
        desk.move_seal(member=board.white, game_id=board.game_id, move="d4:f6", expected_ply=2)
    with refused(RuleRefusal, "illegal-move"):
        desk.sealed_move_record(by=staff["arbiter"], game_id=board.game_id, move="a1-b2", expected_ply=2)

    desk.sealed_move_record(by=staff["arbiter"], game_id=board.game_id, move="d4:f6", expected_ply=2)

    adjournment.refresh_from_db()
    assert (adjournment.status, adjournment.sealed_by_id) == (Adjournment.Status.SEALED, board.white_id)
    assert Game.objects.get(pk=board.game_id).ply == 2  # not in the record yet
    opponent_sees = client_for(board.black).get(reverse("games:game", args=[board.game_id])).content.decode()
    assert "d4:f6" not in opponent_sees
    arbiter_sees = client_for(staff["arbiter"]).get(reverse("arbiters:game", args=[board.game_id])).content.decode()
    assert "d4:f6" in arbiter_sees

    desk.adjournment_resume(by=staff["arbiter"], adjournment_id=adjournment.pk, now=START + timedelta(days=1))

    game = Game.objects.get(pk=board.game_id)
    assert list(game.moves.values_list("notation", flat=True)) == ["c3-d4", "f6-e5", "d4:f6"]
    assert game.status == Game.Status.ONGOING  # the game goes on at the board; the record goes on with it
    services.score_sheet_enter(
        by=board.black, championship_id=championship.pk, game_id=board.game_id, text="g7:e5", expected_ply=3
    )
    assert Game.objects.get(pk=board.game_id).ply == 4
