"""Ending games: ``game_finish`` (the one way a game ends) and the adjudication sweep."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import connection, transaction
from django.utils import timezone

from games import clock, events
from games.models import BLACK, WHITE, Challenge, Game, GameEvent

from .positions import game_position, rules_of
from .timing import from_ms, game_deadline, to_ms

RESULT_TEXT = {WHITE: "1-0", BLACK: "0-1", None: "1/2-1/2"}


@dataclass(frozen=True)
class Ending:
    winner: str | None
    reason: str
    clause: str = ""
    aborted: bool = False


def game_finish(*, game: Game, ending: Ending, now: datetime | None = None) -> bool:
    """Record the end of ``game`` once and register its follow-up work.

    Call inside a transaction while holding SELECT … FOR UPDATE on the game.
    The update is conditional on the game still being ongoing, so of two
    writers that both believe they end it, exactly one row is updated and
    only that one records the ``finished`` event and enqueues the follow-up.
    Returns True if this call ended the game.
    """
    now = now or timezone.now()
    status = Game.Status.ABORTED if ending.aborted else Game.Status.FINISHED
    result = "" if ending.aborted else RESULT_TEXT[ending.winner]
    fields = dict(status=status, result=result, termination=ending.reason, termination_clause=ending.clause,
                  ended_at=now, deadline=None, draw_offer_by="", draw_offer_ply=None)
    updated = Game.objects.filter(pk=game.pk, status=Game.Status.ONGOING).update(**fields)
    if updated != 1:
        return False
    for name, value in fields.items():
        setattr(game, name, value)
    GameEvent.objects.create(game=game, kind="finished", ply=game.ply,
                             data={"result": result, "reason": ending.reason, "clause": ending.clause})
    events.game_finished_on_commit(game.pk)
    return True


def time_ending(game: Game, *, flagged: str) -> Ending:
    """How the game ends when ``flagged`` has run out of time (1.7.9, 2.1.9.1.2)."""
    v = rules_of(game)
    p = game_position(game)
    other = BLACK if flagged == WHITE else WHITE
    other_left = game.white_ms if other == WHITE else game.black_ms
    timed_live = clock.TimeControl.parse(game.time_control).days == 0
    verdict = clock.flag_fall_verdict(
        flagged=flagged,
        opponent_flag_down=timed_live and other_left <= 0,
        opponent_can_win=v.can_win(p, other),
    )
    return Ending(verdict.winner, verdict.reason, verdict.clause)


def game_adjudicate(*, game_id: int, now: datetime | None = None) -> bool:
    """End one overdue game if it is still overdue; True if this call ended it.

    1. Lock the row, skipping it if another sweeper holds it (PostgreSQL).
    2. Re-check under the lock: still ongoing, and the deadline — recomputed
       with the player's vacations as they are now — has passed.
    3. Finish through ``game_finish`` (a conditional update).
    """
    now = now or timezone.now()
    with transaction.atomic():
        locked = Game.objects.select_for_update(skip_locked=connection.features.has_select_for_update_skip_locked)
        game = locked.filter(pk=game_id, status=Game.Status.ONGOING).first()
        if game is None or game.deadline is None:
            return False
        deadline = game_deadline(game)
        if deadline is None or deadline > now:
            if deadline != game.deadline:  # a vacation moved it: keep the index honest
                Game.objects.filter(pk=game.pk, status=Game.Status.ONGOING).update(deadline=deadline)
            return False
        return game_finish(game=game, ending=time_ending(game, flagged=game.to_move), now=deadline)


def games_sweep(*, now: datetime | None = None, limit: int = 500) -> int:
    """End every overdue game (up to ``limit`` per call) and expire stale
    challenges. Safe to run in any number of workers at once. Returns the
    number of games this call ended."""
    now = now or timezone.now()
    Challenge.objects.filter(status=Challenge.Status.OPEN, expires_at__lte=now).update(
        status=Challenge.Status.EXPIRED)
    due = list(
        Game.objects.filter(status=Game.Status.ONGOING, deadline__lte=now)
        .order_by("deadline").values_list("pk", flat=True)[:limit]
    )
    return sum(1 for game_id in due if game_adjudicate(game_id=game_id, now=now))


__all__ = ["Ending", "game_finish", "game_adjudicate", "games_sweep", "time_ending", "from_ms", "to_ms"]
