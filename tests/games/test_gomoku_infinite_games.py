"""Five in a row on the infinite field (004 «5 в ряд на бесконечном поле») as members play it:
a game grows past the 19×19 start, the game page draws the part of the field it has grown
to, and the game's record keeps the points beyond 19×19."""

import pytest
from django.test import Client

from games.models import Game
from games.records import game_record
from games.services import game_move_make
from tests.conftest import make_member
from tests.games_web.helpers import start_game

pytestmark = pytest.mark.django_db

# Black walks to the top-right corner and past it, white answers in the middle; black's five
# t20…x24 lies wholly outside the 19×19 square.
MOVES = ["s18", "h6", "t20", "h8", "u21", "h10", "v22", "h12", "w23", "h14", "x24"]


@pytest.fixture
def game(db):
    black, white = make_member("kazuo"), make_member("yuki")
    return start_game(white=white, black=black, discipline="gomoku-infinite")


def play(game, moves):
    for ply, text in enumerate(moves):
        mover = game.black if ply % 2 == 0 else game.white
        game_move_make(game_id=game.pk, member=mover, text=text, expected_ply=ply)
    game.refresh_from_db()
    return game


def test_a_five_beyond_the_19_by_19_square_wins_and_the_record_keeps_its_points(game):
    # 004: five or more in a row wins, wherever on the field.
    game = play(game, MOVES)
    assert (game.status, game.result, game.termination) == (Game.Status.FINISHED, "0-1", "five")
    record = game_record(game=game, format="renju")
    assert '[Variant "gomoku-infinite"]' in record
    assert " ".join(MOVES) in " ".join(record.split())


def test_a_stone_beyond_the_field_shown_is_refused_and_the_game_is_unchanged(game):
    from foundation.refusals import Refused

    play(game, ["j10"])
    with pytest.raises(Refused):
        game_move_make(game_id=game.pk, member=game.white, text="z26", expected_ply=1)
    game.refresh_from_db()
    assert game.ply == 1 and game.status == Game.Status.ONGOING


def test_the_game_page_draws_the_field_as_far_as_it_has_grown(game):
    browser = Client()
    browser.force_login(game.white)  # to move after black's third stone
    start = browser.get(f"/play/games/{game.pk}/state/").json()["board"]
    assert start == {"size": 19, "kind": "stones", "notation": "algebraic", "origin": [0, 0]}
    play(game, MOVES[:3])  # t20: beyond the start square
    grown = browser.get(f"/play/games/{game.pk}/state/").json()["board"]
    assert grown["origin"] == [0, 0] and grown["size"] == 20 + 4  # t20 is column 19, four free lines past it
    legal = {m["notation"]: m["path"] for m in browser.get(f"/play/games/{game.pk}/state/").json()["legal_moves"]}
    assert legal["x24"] == ["x24"] and "y25" not in legal  # the field reaches x24, not yet y25
