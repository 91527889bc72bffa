"""Every layer that reads a result agrees with games/results.py, for each of the
seven results (1.12.1; 0-0 1.4; forfeits 1.12.2; -/- 1.9.2) from each side: the API, the
game page's result text, my games and the archive (its row and its
``?outcome=`` filter: a forfeit win is a win), the ratings' "is it rated", the
result notification and a championship board's score.

The game's result is written straight into its row: these tests check the
readers, not the writers (tests/games/test_arbiter_results.py).
"""

import pytest
from django.urls import reverse

# The site's own words, read in the active language; called by another name than ``_`` so that
# ``makemessages`` does not take this test for a place that defines them (games/presentation.py does).
from django.utils.translation import gettext as translated

from club.notifications.game_notices import game_result_notify
from club.notifications.models import Notification
from club.notifications.texts import notification_text
from games import live, results
from games.models import Game
from ratings import services as rating_services
from ratings import standings

from .conftest import at

OUTCOME_WORDS = {"win": "won", "loss": "lost", "draw": "drawn"}  # msgids, read through gettext


@pytest.fixture
def finished(new_game):
    def make(result: str) -> Game:
        game = new_game(time_control="300")  # blitz: a rated speed class
        Game.objects.filter(pk=game.pk).update(
            status=Game.Status.FINISHED,
            result=result,
            termination="arbiter",
            termination_clause="003 1.4",
            ended_at=at(60),
            deadline=None,
            white_moves=1,  # both sides moved: the game was played, whatever its result (1.12.2)
            black_moves=1,
        )
        game.refresh_from_db()
        return game

    return make


def _member(game: Game, colour: str):
    return game.white if colour == results.WHITE else game.black


def _winner_text(game: Game) -> str:
    forfeit = results.is_forfeit(game.result)
    if game.result == results.BOTH_LOST:
        return translated("Both players lose")
    return {
        (results.WHITE, False): translated("White wins"),
        (results.BLACK, False): translated("Black wins"),
        (None, False): translated("Draw"),
        (results.WHITE, True): translated("White wins by forfeit"),
        (results.BLACK, True): translated("Black wins by forfeit"),
        (None, True): translated("Both players lose by forfeit"),
    }[results.winner(game.result), forfeit]


@pytest.mark.parametrize("colour", [results.WHITE, results.BLACK])
@pytest.mark.parametrize("result", results.RESULTS)
def test_every_layer_reads_the_result_alike(client, finished, result, colour):
    game = finished(result)
    me = _member(game, colour)
    expected = results.outcome(result, colour)
    client.force_login(me)

    # The API gives the stored result itself.
    api = client.get(reverse("api-game-detail", args=[game.pk])).json()
    assert (api["status"], api["result"]) == ("finished", result)
    assert results.outcome(api["result"], colour) == expected

    # The game page: the result and whose point it was, by play or forfeit.
    status_text = live.game_state(game.pk, me)["status_text"]
    assert status_text.startswith(f"{results.shown(result)} · {_winner_text(game)}")

    # My games and the archive: the row's outcome …
    mine = client.get(reverse("games:my-games")).context["finished"]
    assert [(g.pk, g.outcome) for g in mine] == [(game.pk, expected)]
    archive = client.get(reverse("games:archive", args=[me.username])).context["page"].object_list
    assert [(g.pk, g.outcome) for g in archive] == [(game.pk, expected)]
    # … and the filter that finds it: exactly the one of win / loss / draw it shows.
    found = {
        wanted
        for wanted in ("win", "loss", "draw")
        if game.pk
        in [
            g.pk
            for g in client.get(reverse("games:archive", args=[me.username]), {"outcome": wanted})
            .context["page"]
            .object_list
        ]
    }
    assert found == {expected}

    # Ratings: only a game played over the board is rated (1.12.2), whatever its termination.
    assert rating_services.game_is_rated(game) is results.is_played(result)
    assert rating_services.rated_games().filter(pk=game.pk).exists() is results.is_played(result)

    # The result notification tells the reader what it was for him.
    game_result_notify(game_id=game.pk)
    notice = Notification.objects.get(recipient=me, kind="result")
    assert f"{results.shown(result)} · {translated(OUTCOME_WORDS[expected])}" in notification_text(notice)

    # A championship board: game points and the crosstable mark (1.12.1, 1.12.2).
    players = [
        {"id": 1, "rating": None, "withdrawn_after_round": None},
        {"id": 2, "rating": None, "withdrawn_after_round": None},
    ]
    rounds = [[{"white": 1, "black": 2, "result": result}]]
    mine_id = 1 if colour == results.WHITE else 2
    row = {r["id"]: r for r in standings.table(players, rounds)}[mine_id]
    assert row["points"] == {"win": 1.0, "draw": 0.5, "loss": 0.0}[expected]
    mark = standings.crosstable(players, rounds)["rounds"][mine_id][0]["mark"]
    assert mark == results.mark(result, colour)
    assert mark in (
        {"win": "+", "loss": "−"}[expected]
        if results.is_forfeit(result)
        else {"win": "1", "draw": "½", "loss": "0"}[expected]
    )


@pytest.mark.parametrize("result", results.RESULTS)
def test_the_arbiter_writes_each_result_through_the_api_as_it_is_read(client, new_game, result):
    from django.contrib.auth.models import Group

    from games.models import GameEvent
    from members.models import Member
    from members.roles import Role

    irina = Member.objects.create_user("irina", password="x")
    irina.groups.add(Group.objects.get_or_create(name=Role.CHIEF_ARBITER)[0])
    game = new_game(time_control="300")
    client.force_login(irina)
    answer = client.post(
        reverse("api-game-result", args=[game.pk]),
        {"result": result, "reason": "decided (1.4)"},
        content_type="application/json",
    )
    assert answer.status_code < 300
    game.refresh_from_db()
    assert (game.status, game.result) == ("finished", result)
    assert game.termination == ("forfeit" if results.is_forfeit(result) else "arbiter")
    # The game's own "finished" event names the same result (no rewrite after it).
    assert GameEvent.objects.get(game=game, kind="finished").data["result"] == result
