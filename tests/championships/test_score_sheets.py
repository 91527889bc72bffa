"""Score sheets into records: after a game at the board, either player or an
arbiter types its moves in (the notation, or clicked on the board); every move
goes through the rules module and an illegal one is refused at once, naming it;
the record is attached to the board's game and published with the event. A
record whose final position contradicts the recorded result is refused unless
the result came by resignation, agreement, time or an arbiter; once the event is
finished only the chief arbiter corrects a record (2.1.10.4)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import translation

from club.championships import services
from club.championships.exports import export
from club.championships.models import Board, Championship, Decision
from foundation.refusals import Conflict, Forbidden, RuleRefusal
from games.models import Game, Move
from games.services.score_sheet import sheet_moves

from .conftest import at
from .test_pages import client_for
from .test_services import pair_and_publish, refused

pytestmark = pytest.mark.django_db

START = at(60)
AFTER = START + timedelta(minutes=40)
SHEET = "1. c3-d4 f6-e5 2. d4:f6 g7:e5"


@pytest.fixture
def night(make_championship, players, staff, on_commit):
    """Four players at the board, round 1 published, board 1's game reported 1-0 by both."""
    championship = make_championship(players[:4], venue="board", time_control="180+2", lateness_minutes=1)
    with on_commit():
        pair_and_publish(championship, staff, starts_at=START)
    board = Board.objects.filter(round__championship=championship, game__isnull=False).order_by("number").first()
    with on_commit():
        for member in (board.white, board.black):
            services.board_result_report(
                by=member, championship_id=championship.pk, game_id=board.game_id, result="1-0", now=AFTER
            )
    return championship, board


def _enter(championship, member, board, text, ply=0, **kwargs):
    return services.score_sheet_enter(
        by=member, championship_id=championship.pk, game_id=board.game_id, text=text, expected_ply=ply, **kwargs
    )


def test_a_sheet_typed_in_after_the_game_becomes_its_record_and_is_published(night, staff):
    championship, board = night
    assert sheet_moves(SHEET) == ["c3-d4", "f6-e5", "d4:f6", "g7:e5"]
    _enter(championship, board.black, board, SHEET)
    game = Game.objects.get(pk=board.game_id)
    assert list(game.moves.values_list("notation", flat=True)) == ["c3-d4", "f6-e5", "d4:f6", "g7:e5"]
    assert (game.result, game.ply, game.white_moves, game.black_moves) == ("1-0", 4, 2, 2)
    # An arbiter goes on from where the sheet stopped, one move (a click on the board) at a time.
    _enter(championship, staff["arbiter"], board, "b2-c3", ply=4)
    assert "1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. b2-c3" in export(championship, "games").content.decode()


def test_an_illegal_move_is_refused_at_once_naming_it_and_nothing_is_kept(night):
    championship, board = night
    with translation.override("en"), pytest.raises(RuleRefusal) as refusal:  # worded in the reader's language
        _enter(championship, board.white, board, "1. c3-d4 f6-e5 2. a1-b2")
    assert refusal.value.code == "illegal-move" and "Move 3 (a1-b2)" in refusal.value.detail
    assert not Move.objects.exists() and Game.objects.get(pk=board.game_id).ply == 0
    assert not Decision.objects.filter(action="score-sheet").exists()


def test_only_the_board_s_players_and_the_event_s_arbiters_type_its_sheet(night, players):
    championship, board = night
    with refused(Forbidden, "not-arbiter"):
        _enter(championship, players[5], board, SHEET)
    assert not Move.objects.exists()


def test_a_finished_event_s_records_are_corrected_only_by_the_chief_arbiter_with_a_reason(night, staff):
    # 2.1.10.4: once the results are final, the record is corrected only for a recording error.
    championship, board = night
    Championship.objects.filter(pk=championship.pk).update(status=Championship.Status.FINISHED)
    for someone in (board.white, staff["arbiter"]):
        with refused(Conflict, "results-final"):
            _enter(championship, someone, board, SHEET)
    assert not Move.objects.exists()
    _enter(championship, staff["chief"], board, SHEET, reason="the sheet was handed in after the prize-giving")
    assert Game.objects.get(pk=board.game_id).ply == 4
    assert Decision.objects.get(action="score-sheet").clause == "2.1.10.4"


@pytest.fixture
def renju_night(make_championship, players, staff, on_commit):
    championship = make_championship(
        players[:4], discipline="renju", venue="board", time_control="900+5", lateness_minutes=1
    )
    with on_commit():
        pair_and_publish(championship, staff, starts_at=START)
    boards = Board.objects.filter(round__championship=championship, game__isnull=False).order_by("number")
    return championship, boards.first()


FIVE_FOR_BLACK = "h8 a1 h9 a2 h10 a3 h11 a4 h12"  # black's five in a column: black won (0-1 from white's side)


def test_a_record_whose_final_position_contradicts_a_reported_result_is_refused(renju_night, on_commit):
    championship, board = renju_night
    with on_commit():
        for member in (board.white, board.black):
            services.board_result_report(
                by=member, championship_id=championship.pk, game_id=board.game_id, result="1-0", now=AFTER
            )
    with pytest.raises(RuleRefusal) as refusal:
        _enter(championship, board.white, board, FIVE_FOR_BLACK)
    assert refusal.value.code == "record-contradicts-result"
    assert not Move.objects.exists()


def test_an_arbiter_s_result_stands_whatever_the_final_position_shows(renju_night, staff, on_commit):
    championship, board = renju_night
    with on_commit():
        services.board_result_set(
            by=staff["arbiter"],
            championship_id=championship.pk,
            game_id=board.game_id,
            result="1-0",
            reason="black exceeded the time on the clock on the table",
            now=AFTER,
        )
    _enter(championship, board.white, board, FIVE_FOR_BLACK)
    assert Game.objects.get(pk=board.game_id).ply == 9


def test_the_score_sheet_page_takes_typed_moves_and_names_an_illegal_one(night):
    championship, board = night
    url = reverse("championships:score-sheet", args=[championship.pk, board.game_id])
    page = client_for(board.white)
    shown = page.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="sheet-board"' in shown and "c3-d4" in shown  # the legal moves to click
    assert page.post(url, {"moves": "1. c3-d4 f6-e5", "ply": 0}).status_code == 302
    refused_page = page.post(url, {"moves": "b6-a5", "ply": 2}, HTTP_ACCEPT_LANGUAGE="en")
    assert refused_page.status_code == 422 or refused_page.status_code == 409
    assert "Move 3 (b6-a5)" in refused_page.content.decode()
    assert Game.objects.get(pk=board.game_id).ply == 2
    viewer = client_for(board.black).get(reverse("games:game", args=[board.game_id])).content.decode()
    assert "f6-e5" in viewer


def test_a_pdn_uploaded_with_the_round_s_results_is_a_score_sheet_like_a_typed_one(renju_night, staff, on_commit):
    # The whole-round form's file goes through the same rules: a record that contradicts
    # the reported result is refused, and nothing of the round is kept.
    championship, board = renju_night
    with on_commit():
        for member in (board.white, board.black):
            services.board_result_report(
                by=member, championship_id=championship.pk, game_id=board.game_id, result="1-0", now=AFTER
            )
    record = (
        f'[Event "x"]\n[Round "1.{board.number}"]\n[Black "{board.black}"]\n[White "{board.white}"]\n'
        f'[Rule "none"]\n[Result "*"]\n\n1. h8 2. a1 3. h9 4. a2 5. h10 6. a3 7. h11 8. a4 9. h12 *\n'
    )
    with pytest.raises(RuleRefusal) as refusal:
        services.round_results_set(
            by=staff["arbiter"], championship_id=championship.pk, round_number=1, results={}, reason="x", records=record
        )
    assert refusal.value.code == "record-contradicts-result" and not Move.objects.exists()
