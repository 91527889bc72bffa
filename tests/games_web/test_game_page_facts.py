"""What the game page says about the game: the
шашки-64 ballot, help for the discipline on the board, a flagged clock at zero."""

import datetime as dt

import pytest
from django.utils import timezone

from games import live, services
from games.services import games_sweep
from tests.games_web.helpers import start_game

pytestmark = pytest.mark.django_db


def _page(client, member, game) -> str:
    client.force_login(member)
    return client.get(f"/play/games/{game.id}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_a_shashki_64_game_names_its_ballot_with_the_opening_moves(client, anna, boris):
    # 003 2.2.2: both games of the micro-match start from the drawn cell.
    game = start_game(white=anna, black=boris, ballot="fmjd:32-II")
    assert "fmjd 32-II: 1. ab4 bc5 2. ba5 cb4" in _page(client, anna, game)


def test_a_game_stored_with_an_old_ballot_key_names_the_same_cell(client, anna, boris):
    game = start_game(white=anna, black=boris)
    game.ballot = "VI/24"  # stored before the tables shipped
    game.save(update_fields=["ballot"])
    assert "idf 10-II: a1-b4 a7-a5" in _page(client, anna, game)


def test_a_game_from_the_normal_start_has_no_ballot_line(client, anna, boris):
    assert 'class="ballot"' not in _page(client, anna, start_game(white=anna, black=boris))


@pytest.mark.parametrize(
    "discipline, says, never",
    [
        ("russian", "Click or tap a piece, then its landing squares", "stone"),
        ("international", "Click or tap a piece, then its landing squares", "stone"),
        ("renju", "Click or tap an empty point to place your stone", "piece"),
        ("gomoku", "Click or tap an empty point to place your stone", "piece"),
        ("connect6", "Click or tap two empty points for your two stones", "piece"),
    ],
)
def test_the_help_under_the_board_speaks_of_the_disciplines_own_pieces(client, anna, boris, discipline, says, never):
    page = _page(client, anna, start_game(white=anna, black=boris, discipline=discipline))
    help_text = page.split('class="board-help">', 1)[1].split("</p>", 1)[0]
    assert says in help_text and never not in help_text


def test_after_a_loss_on_time_the_flagged_clock_shows_zero(anna, boris):
    # 1.7.9: the side to move ran out; its stored time is from the start of its turn.
    game = start_game(white=anna, black=boris, time_control="300")
    services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    services.game_move_make(game_id=game.id, member=boris, text="f6-g5", expected_ply=1)
    assert games_sweep(now=timezone.now() + dt.timedelta(hours=1)) == 1
    game.refresh_from_db()
    assert (game.result, game.termination) == ("0-1", "time") and game.white_ms > 0
    clock = live.game_state(game.id)["clock"]
    assert clock["white_ms"] == 0 and clock["black_ms"] == game.black_ms > 0 and clock["running"] is None


def test_the_pdn_download_carries_the_ballot_key_and_its_opening(client, anna, boris):
    game = start_game(white=anna, black=boris, ballot="idf:2-III")
    client.force_login(anna)
    pdn = client.get(f"/play/games/{game.id}/download/?format=pdn").content.decode()
    assert '[Ballot "idf:2-III"]' in pdn and '[Opening "idf 2-III: 1. ab4 bc5 2. ba5 cb4"]' in pdn
