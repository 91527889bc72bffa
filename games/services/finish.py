"""Ending games: ``game_finish`` (the one way a game ends) and the adjudication sweep."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import connection, transaction
from django.utils import timezone

from games import clock, events, results
from games.models import BLACK, WHITE, Challenge, Game, GameEvent

from .timing import first_move_grace_at, flag_deadline, from_ms, game_deadline, lateness_at, to_ms


@dataclass(frozen=True)
class Ending:
    """``winner`` None: a draw, or with ``forfeit`` both players lost (-/-)."""

    winner: str | None
    reason: str
    clause: str = ""
    aborted: bool = False
    forfeit: bool = False  # unplayed: "+/-", "-/+" or "-/-" (1.9, 1.12.2), never rated


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
    result = "" if ending.aborted else results.for_winner(ending.winner, forfeit=ending.forfeit)
    fields = dict(
        status=status,
        result=result,
        termination=ending.reason,
        termination_clause=ending.clause,
        ended_at=now,
        deadline=None,
        draw_offer_by="",
        draw_offer_ply=None,
    )
    updated = Game.objects.filter(pk=game.pk, status=Game.Status.ONGOING).update(**fields)
    if updated != 1:
        return False
    offer = game.draw_offer_by  # kept: an acceptance made before a flag fell stands (5.3.1.4)
    for name, value in fields.items():
        setattr(game, name, value)
    GameEvent.objects.create(
        game=game,
        kind="finished",
        ply=game.ply,
        data={"result": result, "reason": ending.reason, "clause": ending.clause, "draw_offer_by": offer},
    )
    events.game_finished_on_commit(game.pk)
    return True


def time_ending(game: Game, *, flagged: str) -> Ending:
    """How the game ends when ``flagged`` has run out of time (1.7.9, 1.16.8,
    5.2.6.4, 2.1.9.1.2): a loss even if the opponent could not possibly win.

    A correspondence game with an allowed lateness (a championship's) treats a
    first-move period that ran out without the first move as a no-show: a
    forfeit, not a time loss (1.9.1)."""
    other = BLACK if flagged == WHITE else WHITE
    tc = clock.TimeControl.parse(game.time_control)
    if tc.days and game.lateness_ms is not None and not (game.white_moves if flagged == WHITE else game.black_moves):
        return Ending(other, "forfeit", "003 1.9.1", forfeit=True)
    other_left = game.white_ms if other == WHITE else game.black_ms
    verdict = clock.flag_fall_verdict(
        flagged=flagged,
        opponent_flag_down=tc.days == 0 and other_left <= 0,
        clause=clock.flag_fall_clause(discipline=game.discipline, speed=game.speed),
    )
    return Ending(verdict.winner, verdict.reason, verdict.clause)


def absence_ending(game: Game, now: datetime) -> tuple[datetime, Ending] | None:
    """The game's end for want of a player at ``now``, with its moment, if due:

    * the allowed lateness has passed with a player absent (1.9.1): he loses
      by forfeit; both absent, both lose (1.9.2);
    * a challenge's live game whose side to move has not made his first move
      within the grace: aborted, no result.
    """
    late = lateness_at(game)
    if late is not None and late <= now:
        white_here, black_here = game.is_present(WHITE), game.is_present(BLACK)
        if not white_here and not black_here:
            return late, Ending(None, "forfeit", "003 1.9.2", forfeit=True)
        return late, Ending(WHITE if white_here else BLACK, "forfeit", "003 1.9.1", forfeit=True)
    grace = first_move_grace_at(game)
    if grace is not None and grace <= now:
        return grace, Ending(None, "no-first-move", aborted=True)
    return None


def overdue_ending(game: Game, now: datetime) -> tuple[datetime, Ending] | None:
    """How and when the game ends if it is overdue at ``now`` (absence first,
    then the flag, vacations as they are now); None if it is not."""
    absent = absence_ending(game, now)
    if absent is not None:
        return absent
    flag = flag_deadline(game)
    if flag is not None and flag <= now:
        return flag, time_ending(game, flagged=game.to_move)
    return None


def game_adjudicate(*, game_id: int, now: datetime | None = None) -> bool:
    """End one overdue game if it is still overdue; True if this call ended it.

    1. Lock the row, skipping it if another sweeper holds it (PostgreSQL).
    2. Re-check under the lock: still ongoing, and overdue — a player absent
       past the lateness, no first move within the grace, or the flag fallen
       (recomputed with the player's vacations as they are now).
    3. Finish through ``game_finish`` (a conditional update).
    """
    now = now or timezone.now()
    with transaction.atomic():
        locked = Game.objects.select_for_update(skip_locked=connection.features.has_select_for_update_skip_locked)
        game = locked.filter(pk=game_id, status=Game.Status.ONGOING).first()
        if game is None or game.deadline is None:
            return False
        due = overdue_ending(game, now)
        if due is None:
            deadline = game_deadline(game)
            if deadline != game.deadline:  # a vacation moved it: keep the index honest
                Game.objects.filter(pk=game.pk, status=Game.Status.ONGOING).update(deadline=deadline)
            return False
        at, ending = due
        return game_finish(game=game, ending=ending, now=at)


def games_sweep(*, now: datetime | None = None, limit: int = 500) -> int:
    """End every overdue game (up to ``limit`` per call) and expire stale
    challenges. Safe to run in any number of workers at once. Returns the
    number of games this call ended."""
    now = now or timezone.now()
    Challenge.objects.filter(status=Challenge.Status.OPEN, expires_at__lte=now).update(status=Challenge.Status.EXPIRED)
    due = list(
        Game.objects.filter(status=Game.Status.ONGOING, deadline__lte=now)
        .order_by("deadline")
        .values_list("pk", flat=True)[:limit]
    )
    return sum(1 for game_id in due if game_adjudicate(game_id=game_id, now=now))


__all__ = [
    "Ending",
    "game_finish",
    "game_adjudicate",
    "games_sweep",
    "time_ending",
    "absence_ending",
    "overdue_ending",
    "from_ms",
    "to_ms",
]
