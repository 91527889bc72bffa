"""Board operators: the chief arbiter appoints members who enter the moves of
the games at the board live, at the tables (the games' broadcast, 002 §17).
Every move goes through the rules module (games.services.score_sheet); a member
not appointed is refused, and so is a move on a board already decided; a
refusal changes nothing."""

from datetime import timedelta

import pytest
from django.urls import reverse

from club.championships import services
from club.championships.models import Appointment, Board
from foundation.refusals import Conflict, Forbidden, Invalid
from games.models import Game, Move
from tests.conftest import make_member

from .conftest import at
from .test_services import pair_and_publish

pytestmark = pytest.mark.django_db

START = at(60)
PLAYING = START + timedelta(minutes=5)


@pytest.fixture
def night(make_championship, players, staff, on_commit):
    """Four players at the board, round 1 published and being played."""
    championship = make_championship(players[:4], venue="board", time_control="180+2", lateness_minutes=1)
    with on_commit():
        pair_and_publish(championship, staff, starts_at=START)
    board = Board.objects.filter(round__championship=championship, game__isnull=False).order_by("number").first()
    return championship, board


@pytest.fixture
def operator(night, staff):
    championship, _board = night
    member = make_member("ruslan", display_name="Ruslan")
    services.board_operator_appoint(by=staff["chief"], championship_id=championship.pk, member=member, now=START)
    return member


def enter(championship, member, board, text, ply=0):
    return services.score_sheet_enter(
        by=member, championship_id=championship.pk, game_id=board.game_id, text=text, expected_ply=ply, now=PLAYING
    )


def nothing_entered(board) -> bool:
    return Game.objects.get(pk=board.game_id).ply == 0 and not Move.objects.filter(game_id=board.game_id).exists()


def test_the_chief_arbiter_appoints_a_board_operator_and_nobody_else_does(night, staff, players):
    championship, _board = night
    member = make_member("ruslan")
    for by in (staff["arbiter"], staff["organiser"], players[0]):
        with pytest.raises(Forbidden):
            services.board_operator_appoint(by=by, championship_id=championship.pk, member=member, now=START)
    assert not championship.appointments.filter(member=member).exists()
    with pytest.raises(Invalid):  # a player of the event enters no moves of its games
        services.board_operator_appoint(
            by=staff["chief"], championship_id=championship.pk, member=players[1], now=START
        )
    services.board_operator_appoint(by=staff["chief"], championship_id=championship.pk, member=member, now=START)
    assert championship.appointments.get(member=member).role == Appointment.Role.OPERATOR


def test_an_appointed_operator_enters_the_moves_as_they_are_made(night, operator):
    championship, board = night
    enter(championship, operator, board, "c3-d4")
    enter(championship, operator, board, "f6-g5", ply=1)
    game = Game.objects.get(pk=board.game_id)
    assert (game.ply, game.status) == (2, Game.Status.ONGOING)
    assert list(game.moves.values_list("notation", flat=True)) == ["c3-d4", "f6-g5"]


def test_a_member_not_appointed_enters_no_move(night, operator):
    championship, board = night
    with pytest.raises(Forbidden):
        enter(championship, make_member("passer-by"), board, "c3-d4")
    assert nothing_entered(board)


def test_an_operator_enters_no_move_on_a_decided_board(night, operator, on_commit):
    championship, board = night
    with on_commit():
        for member in (board.white, board.black):
            services.board_result_report(
                by=member, championship_id=championship.pk, game_id=board.game_id, result="1-0", now=PLAYING
            )
    with pytest.raises(Conflict) as refusal:
        enter(championship, operator, board, "c3-d4")
    assert refusal.value.code == "board-decided"
    assert nothing_entered(board)


def test_an_operator_records_no_result(night, operator):
    championship, board = night
    with pytest.raises(Forbidden):
        services.board_result_report(
            by=operator, championship_id=championship.pk, game_id=board.game_id, result="1-0", now=PLAYING
        )
    assert Game.objects.get(pk=board.game_id).status == Game.Status.ONGOING


def test_the_chief_appoints_through_the_api_and_the_operator_enters_a_move_on_the_score_sheet_page(
    night, staff, client
):
    championship, board = night
    member = make_member("ruslan")
    client.force_login(staff["chief"])
    answer = client.post(
        reverse("api-championship-operators", args=[championship.pk]),
        {"member_id": member.pk},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    client.force_login(member)
    page = reverse("championships:score-sheet", args=[championship.pk, board.game_id])
    assert client.post(page, {"moves": "c3-d4", "ply": 0}).status_code == 302
    assert list(Move.objects.filter(game_id=board.game_id).values_list("notation", flat=True)) == ["c3-d4"]
    client.force_login(make_member("passer-by"))
    refused = client.post(page, {"moves": "f6-g5", "ply": 1})
    assert refused.status_code == 403 and Game.objects.get(pk=board.game_id).ply == 1
