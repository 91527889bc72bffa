"""The regulations' own draw conditions for renju (003 5.2.7.2, 000 9.2.7.2:
«Регламентом соревнования могут быть оговорены другие условия заключения
ничьей»): a move limit, as the correspondence world championship's draw after
150 moves, set on the event and applied to each of its games."""

import pytest

from club.championships import services
from club.championships.models import Board
from foundation.refusals import Invalid
from games.models import Game
from games.services import game_move_make

from .conftest import T0, at

pytestmark = pytest.mark.django_db

# Fourteen stones, no five and no foul (checked by the rules module as they are played).
STONES = ["h8", "a1", "h10", "a3", "h12", "a5", "j8", "a7", "l8", "a9", "n8", "a11", "c14", "o15"]


def renju(make_championship, entrants, **options):
    return make_championship(entrants, discipline="renju", opening_rule="none", time_control="d3", **options)


def first_game(championship, arbiter) -> Game:
    services.round_pair(by=arbiter, championship_id=championship.pk, now=T0)
    services.round_publish(by=arbiter, championship_id=championship.pk, round_number=1, now=T0)
    return Board.objects.filter(round__championship=championship, game__isnull=False).first().game


def play(game, stones):
    for i, text in enumerate(stones):
        game.refresh_from_db()
        mover = game.white if game.to_move == "white" else game.black
        game_move_make(game_id=game.pk, member=mover, text=text, expected_ply=game.ply, now=at(i + 1))
    game.refresh_from_db()
    return game


def test_a_renju_event_s_games_are_drawn_with_the_move_that_reaches_its_limit(make_championship, players, staff):
    # 5.2.7.2: the event sets a draw after 12 moves; the 12th stone draws the game.
    championship = renju(make_championship, players[:2], draw_after_moves=12)
    game = first_game(championship, staff["arbiter"])
    assert game.draw_after_moves == 12
    game = play(game, STONES[:11])
    assert game.status == "active"
    game = play(game, STONES[11:12])
    assert (game.status, game.result, game.termination, game.termination_clause) == (
        "finished",
        "1/2-1/2",
        "move-limit",
        "003 5.2.7.2",
    )


def test_without_a_limit_play_goes_on(make_championship, players, staff):
    # 5.2.7.2 is the regulations' option: an event without it keeps 5.2.7.1 only.
    game = play(first_game(renju(make_championship, players[:2]), staff["arbiter"]), STONES)
    assert (game.status, game.draw_after_moves, game.ply) == ("active", None, 14)


def test_the_limit_is_renju_s_and_within_the_board(organiser):
    # 5.2.7.2 is a renju clause; the 15×15 board holds 225 stones.
    base = {"organiser": organiser, "name": "Cup", "time_control": "d3", "now": T0}
    with pytest.raises(Invalid) as refused:
        services.championship_create(discipline="russian", draw_after_moves=150, **base)
    assert refused.value.code == "draw-after-moves-not-renju"
    with pytest.raises(Invalid) as refused:
        services.championship_create(discipline="renju", opening_rule="none", draw_after_moves=300, **base)
    assert refused.value.code == "bad-draw-after-moves"


def test_the_api_sets_the_correspondence_world_championship_s_150(api, organiser):
    # 000 9.2.7.2 through the API: 150 moves.
    body = {"name": "ICCF-style", "discipline": "renju", "opening_rule": "none", "time_control": "d3"}
    created = api(organiser).post("/api/championships/", {**body, "draw_after_moves": 150})
    assert created.status_code == 201, created.content
    assert created.json()["draw_after_moves"] == 150
