"""An event's renju games as the RIF database's XML and as a RenLib library, downloaded from
the results page and the API and read back by the independent readers
(tests/rules/renju_exchange_readers.py): every stone, the players, the result."""

from datetime import timedelta

import pytest
from django.urls import reverse

from club.championships import demo, exports, services
from club.championships.models import Board
from club.championships.selectors import visibility
from games.services import game_move_make, game_resign
from tests.rules.renju_exchange_readers import read_renlib, read_rif, renlib_games

from .test_exports import T0, russian, stronger_wins_else_draw  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

BLACK_SCORE = {"0-1": "1", "1-0": "0", "1/2-1/2": "0.5"}  # the club stores white's score first


@pytest.fixture
def renju_cup(players, staff, on_commit):
    with on_commit():
        return demo.round_robin(
            **staff,
            players=players[:4],
            start=T0,
            decide=stronger_wins_else_draw,
            name="Renju cup",
            discipline="renju",
            time_control="d3",
        )


def _boards(championship):
    return list(
        Board.objects.filter(
            round__championship=championship, game__isnull=False, round__status__in=visibility.PUBLIC_ROUNDS
        ).order_by("round__number", "number")
    )


def _stones(board):
    return list(board.game.moves.order_by("ply").values_list("notation", flat=True))


def test_the_rif_database_holds_every_game_its_players_stones_and_result(renju_cup, client):
    response = client.get(reverse("championships:export", args=[renju_cup.pk, "games.rif"]))
    assert response.status_code == 200 and response["Content-Type"].startswith("application/xml")
    assert response["Content-Disposition"].endswith('.rif"')
    tournament, games = read_rif(response.content)
    boards = _boards(renju_cup)
    assert tournament == "Renju cup" and len(games) == len(boards) == 6
    for game, board in zip(games, boards):
        assert (game.black, game.white) == (board.black.name, board.white.name)
        assert game.moves == _stones(board)  # no opening rule: every action is a stone
        assert game.bresult == BLACK_SCORE[board.result]


def test_the_renlib_library_holds_every_game_as_a_path_commented_with_players_and_result(renju_cup, client):
    response = client.get(reverse("api-championship-export-games.lib", args=[renju_cup.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/octet-stream"
    library = renlib_games(read_renlib(response.content))
    renlib_result = {"0-1": "1-0", "1-0": "0-1", "1/2-1/2": "0.5-0.5"}
    expected = [(_stones(b), f"{b.black.name} - {b.white.name} {renlib_result[b.result]}") for b in _boards(renju_cup)]
    assert sorted(library) == sorted(expected)


def test_the_results_page_links_both_for_renju_and_a_draughts_event_has_neither(renju_cup, client, russian):
    page = client.get(reverse("championships:results", args=[renju_cup.pk])).content.decode()
    assert "/export/games.rif" in page and "/export/games.lib" in page
    page = client.get(reverse("championships:results", args=[russian.pk])).content.decode()
    assert "games.rif" not in page
    for kind in ("games.rif", "games.lib"):
        assert client.get(reverse("championships:export", args=[russian.pk, kind])).status_code == 404
        assert client.get(reverse(f"api-championship-export-{kind}", args=[russian.pk])).status_code == 404


def test_an_event_under_the_rif_opening_rule_keeps_the_swap_and_the_fifth_move_offers(players, staff, on_commit):
    # 002 §12: the tentative white swaps after the 3rd stone; black offers two 5th moves, white chooses one.
    actions = ["h8", "h9", "j10", "swap", "i7", "i9,k10", "k10", "g8", "i10"]
    with on_commit():
        championship = demo.create(
            **staff,
            players=players[:2],
            now=T0,
            name="RIF cup",
            system="round-robin",
            discipline="renju",
            time_control="d3",
            opening_rule="rif",
        )
        the_round = services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
        services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1, now=T0)
        game = the_round.boards.get().game
        for n, text in enumerate(actions, 1):
            game.refresh_from_db()
            mover = game.white if game.to_move == "white" else game.black
            game_move_make(
                game_id=game.pk, member=mover, text=text, expected_ply=game.ply, now=T0 + timedelta(minutes=n)
            )
        game.refresh_from_db()
        game_resign(game_id=game.pk, member=game.white, now=T0 + timedelta(hours=1))
        services.board_result_record(game_id=game.pk, now=T0 + timedelta(hours=2))
    game.refresh_from_db()
    _tournament, (read,) = read_rif(exports.export(championship, "games.rif").content)
    assert read.moves == ["h8", "h9", "j10", "i7", "k10", "g8", "i10"]
    assert read.alt == ["i9", "k10"] and read.swap == "R"
    assert (read.black, read.white, read.bresult) == (game.black.name, game.white.name, "1")
    assert read.opening == "3D"
    (path, comment) = renlib_games(read_renlib(exports.export(championship, "games.lib").content))[0]
    assert path == read.moves and comment == f"{game.black.name} - {game.white.name} 1-0"
