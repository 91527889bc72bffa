"""Reads of the game layer: lists with filters, one game's state, its clocks now."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q, QuerySet
from django.utils import timezone

from games import clock
from games.models import Challenge, Game, Move
from games.services.timing import first_move_free, left_of, thinking


def game_list(
    *,
    member_id: int | None = None,
    status: str | None = None,
    discipline: str | None = None,
    rated: bool | None = None,
    speed: str | None = None,
    result: str | None = None,
    opponent_id: int | None = None,
    colour: str | None = None,
) -> QuerySet[Game]:
    games = Game.objects.select_related("white", "black")
    if member_id is not None:
        if colour == "white":
            games = games.filter(white_id=member_id)
        elif colour == "black":
            games = games.filter(black_id=member_id)
        else:
            games = games.filter(Q(white_id=member_id) | Q(black_id=member_id) | Q(imported_by_id=member_id))
    else:
        games = games.filter(imported_by__isnull=True)  # imported records stay in their importer's archive
    if opponent_id is not None:
        games = games.filter(Q(white_id=opponent_id) | Q(black_id=opponent_id))
    if status:
        games = games.filter(status=status)
    if discipline:
        games = games.filter(discipline=discipline)
    if rated is not None:
        games = games.filter(rated=rated)
    if speed:
        games = games.filter(speed=speed)
    if result:
        games = games.filter(result=result)
    return games.order_by("-created_at", "-id")


def game_moves(*, game_id: int, since: int = 0) -> QuerySet[Move]:
    return Move.objects.filter(game_id=game_id, ply__gt=since).order_by("ply")


def game_clocks(game: Game, *, now: datetime | None = None) -> dict:
    """What each clock shows now (ms) and whose is running; the server's view."""
    now = now or timezone.now()
    tc = clock.TimeControl.parse(game.time_control)
    # Not before a scheduled start, nor during a challenge's first moves (off the clock).
    running = (
        game.status == Game.Status.ONGOING
        and tc.timed
        and game.turn_started_at is not None
        and game.turn_started_at <= now
        and not first_move_free(game)
    )
    shown = {}
    for colour in ("white", "black"):
        left = left_of(game, colour)
        if running and colour == game.to_move:
            if tc.days and game.deadline is not None:
                # Correspondence: what is left until the deadline (which already
                # counts vacations; a lateness forfeit is its flag); no per-game query in lists.
                left = max(int((game.deadline - now).total_seconds() * 1000), 0)
            else:
                left = max(left - thinking(game, now), 0)
        shown[colour] = left
    return {
        "white_ms": shown["white"],
        "black_ms": shown["black"],
        "running": game.to_move if running else None,
        "deadline": game.deadline,
        "control": game.time_control,
        "kind": tc.kind,
    }


def challenge_list(*, member_id: int | None = None, status: str | None = "open") -> QuerySet[Challenge]:
    """Open challenges anyone may see, plus (for a member) those made by or to him."""
    challenges = Challenge.objects.select_related("challenger", "opponent")
    if status:
        challenges = challenges.filter(status=status)
    visible = Q(opponent__isnull=True)
    if member_id is not None:
        visible |= Q(challenger_id=member_id) | Q(opponent_id=member_id)
    return challenges.filter(visible).order_by("-created_at")
