"""What a game or a challenge means for notifications: read the game server's
rows, decide who is told what, call the services.

This is the one file of the app that knows the game server's models.
"""

from __future__ import annotations

from django.db.models import OuterRef, Subquery
from django.urls import reverse

from games.models import Challenge, Game, Move

from . import services
from .models import Notification


def _game(game_id: int):
    return Game.objects.select_related("white", "black").filter(id=game_id).first()


def _game_url(game_id: int) -> str:
    return reverse("games:game", args=[game_id])


def _member_to_move(game):
    """The member who must act next (the game row's side to move)."""
    return game.white if game.to_move == "white" else game.black


def _last_move(game):
    return game.moves.order_by("-ply").first()


def game_result_notify(*, game_id: int) -> None:
    """Tell both players how the game ended (services.notify_many: a fixed
    number of queries, but for one insert per notice to email now)."""
    game = _game(game_id)
    if game is None or not game.result:
        return
    services.notify_many(
        [
            Notification(
                recipient=member,
                kind=Notification.Kind.RESULT,
                key=f"result:{game.id}",
                params={
                    "opponent": str(opponent),
                    "discipline": game.discipline,
                    "result": game.result,
                    "termination": game.termination,
                    "colour": colour,
                    # An event's game: the event's name and its PDN round label (empty for a club game).
                    "event": game.event,
                    "round": game.round,
                },
                url=_game_url(game.id),
                game_id=game.id,
            )
            for member, opponent, colour in ((game.white, game.black, "white"), (game.black, game.white, "black"))
        ]
    )


def _of_last_move(field: str) -> Subquery:
    """``field`` of the game's last move, read in the games' own query."""
    return Subquery(Move.objects.filter(game=OuterRef("pk"), ply=OuterRef("ply")).values(field))


def game_turns_notify(*, game_ids: list[int]) -> int:
    """After correspondence games passed the turn: tell each member to move
    that the opponent has moved, and schedule the 80% reminder of that move.

    A constant number of queries for the whole batch, but for one insert per
    move notice to email now (services.notify_many). Idempotent. Returns how
    many of the games were ongoing correspondence games.
    """
    games = list(
        Game.objects.select_related("white", "black")
        .order_by()
        .filter(id__in=game_ids, speed="correspondence", status=Game.Status.ONGOING)
        .annotate(last_mover_id=_of_last_move("member_id"), last_notation=_of_last_move("notation"))
    )
    reminders, notices = [], []
    for game in games:
        to_move = _member_to_move(game)
        if game.deadline and game.turn_started_at:
            reminders.append(
                services.turn_reminder(
                    game_id=game.id,
                    ply=game.ply + 1,
                    member=to_move,
                    turn_started=game.turn_started_at,
                    deadline=game.deadline,
                )
            )
        # Renju's opening protocol lets one player act several times running:
        # only a move by the other member is news.
        if game.last_notation is None or game.last_mover_id == to_move.pk:
            continue
        opponent = game.black if to_move == game.white else game.white
        notices.append(
            Notification(
                recipient=to_move,
                kind=Notification.Kind.MOVE,
                key=f"move:{game.id}:{game.ply}",
                params={"opponent": str(opponent), "discipline": game.discipline, "move": game.last_notation},
                url=_game_url(game.id),
                game_id=game.id,
            )
        )
    services.turn_reminders_schedule(reminders)
    services.notify_many(notices)
    return len(games)


def turn_still_waiting(game_id: int, ply: int) -> dict | None:
    """Facts for a reminder when the game still waits for move ``ply``, else None."""
    game = _game(game_id)
    if game is None or game.status != Game.Status.ONGOING:
        return None
    last = _last_move(game)
    if (last.ply if last else 0) + 1 != ply:
        return None
    to_move = _member_to_move(game)
    opponent = game.black if to_move == game.white else game.white
    return {"opponent": str(opponent), "discipline": game.discipline, "url": _game_url(game.id)}


def challenge_notify(*, challenge_id: int) -> None:
    """A direct challenge: tell the member it is addressed to."""
    challenge = Challenge.objects.select_related("challenger", "opponent").filter(id=challenge_id).first()
    if challenge is None or challenge.opponent is None:
        return
    services.notify_many(
        [
            Notification(
                recipient=challenge.opponent,
                kind=Notification.Kind.CHALLENGE,
                key=f"challenge:{challenge.id}",
                params={"challenger": str(challenge.challenger), "discipline": challenge.discipline},
                url=reverse("games:lobby"),
                challenge_id=challenge.id,
            )
        ]
    )


def challenge_accepted_notify(*, challenge_id: int) -> None:
    """The challenge was accepted and its game has begun: tell the challenger,
    who may be waiting elsewhere (a live game's first move has a grace only)."""
    challenge = (
        Challenge.objects.select_related("challenger", "game__white", "game__black")
        .filter(id=challenge_id, game__isnull=False)
        .first()
    )
    if challenge is None:
        return
    game = challenge.game
    opponent = game.black if game.white_id == challenge.challenger_id else game.white
    services.notify_many(
        [
            Notification(
                recipient=challenge.challenger,
                kind=Notification.Kind.CHALLENGE,
                key=f"challenge-accepted:{challenge.id}",
                params={"accepted_by": str(opponent), "discipline": challenge.discipline},
                url=_game_url(game.id),
                challenge_id=challenge.id,
                game_id=game.id,
            )
        ]
    )
