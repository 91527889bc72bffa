"""What a game or a challenge means for notifications: read the game server's
rows, decide who is told what, call the services.

This is the one file of the app that knows the game server's models.
"""
from __future__ import annotations

from django.urls import reverse

from . import services
from .models import Notification


def _game(game_id: int):
    from games.models import Game

    return Game.objects.select_related("white", "black").filter(id=game_id).first()


def _game_url(game_id: int) -> str:
    return reverse("games:game", args=[game_id])


def _result_words(game) -> str:
    return game.result


def _member_to_move(game):
    """The member who must act next, or None when nobody must (game over)."""
    from games.rules import variant

    v = variant(game.discipline)
    position = v.from_fen(game.fen)
    if v.result(position) is not None:
        return None
    return game.white if v.turn(position) == "white" else game.black


def _last_move(game):
    return game.moves.order_by("-ply").first()


def game_result_notify(*, game_id: int) -> int:
    """Tell both players how the game ended; returns how many were told."""
    game = _game(game_id)
    if game is None or not game.result:
        return 0
    told = 0
    for member, opponent in ((game.white, game.black), (game.black, game.white)):
        if member is None:
            continue
        if services.notify(
            recipient=member, kind=Notification.Kind.RESULT, key=f"result:{game.id}",
            params={"opponent": str(opponent), "discipline": game.discipline, "result": _result_words(game),
                    "termination": game.termination},
            url=_game_url(game.id), game_id=game.id,
        ):
            told += 1
    return told


def game_turn_notify(*, game_id: int) -> bool:
    """After a change of a correspondence game: tell the member to move that the
    opponent has moved, and schedule the 80% reminder of that move."""
    game = _game(game_id)
    if game is None or game.speed != "correspondence" or game.status != "active":
        return False
    last = _last_move(game)
    to_move = _member_to_move(game)
    if last is None or to_move is None:
        return False
    opponent = game.black if to_move == game.white else game.white
    deadline = getattr(game, "deadline", None)
    if deadline:
        services.turn_reminder_schedule(
            game_id=game.id, ply=last.ply + 1, member=to_move, turn_started=last.created_at, deadline=deadline,
        )
    return services.notify(
        recipient=to_move, kind=Notification.Kind.MOVE, key=f"move:{game.id}:{last.ply}",
        params={"opponent": str(opponent), "discipline": game.discipline, "move": last.notation},
        url=_game_url(game.id), game_id=game.id,
    ) is not None


def turn_still_waiting(game_id: int, ply: int) -> dict | None:
    """Facts for a reminder when the game still waits for move ``ply``, else None."""
    game = _game(game_id)
    if game is None or game.status != "active":
        return None
    last = _last_move(game)
    if (last.ply if last else 0) + 1 != ply:
        return None
    to_move = _member_to_move(game)
    if to_move is None:
        return None
    opponent = game.black if to_move == game.white else game.white
    return {"opponent": str(opponent), "discipline": game.discipline, "url": _game_url(game.id)}


def challenge_notify(*, challenge_id: int) -> bool:
    """A direct challenge: tell the member it is addressed to."""
    from games.models import Challenge

    challenge = Challenge.objects.select_related("challenger", "opponent").filter(id=challenge_id).first()
    if challenge is None or challenge.opponent is None:
        return False
    return services.notify(
        recipient=challenge.opponent, kind=Notification.Kind.CHALLENGE, key=f"challenge:{challenge.id}",
        params={"challenger": str(challenge.challenger), "discipline": challenge.discipline},
        url=reverse("games:lobby"), challenge_id=challenge.id,
    ) is not None


