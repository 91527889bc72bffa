"""Ending games: ``game_finish`` (the one way a game ends) and the adjudication sweep.

How and when a game is overdue is judged by games/decide.py; the sweep ends
its batch through the same write as ``game_finish`` (``_endings_record``) and
only sends the follow-ups its own way, a message per hundred games."""

from __future__ import annotations

import logging
from collections import defaultdict
from datetime import datetime
from functools import partial

from django.db import transaction
from django.db.models import Case, DateTimeField, Value, When
from django.utils import timezone

from foundation.task_registry import task_named
from games import decide, events
from games.decide import Ending
from games.models import Challenge, Game, GameEvent, Vacation
from games.timing import STATE_FIELDS, from_ms, game_deadline, pauses_of, state_of, to_ms

from .guards import games_locked

log = logging.getLogger(__name__)


def game_finish(*, game: Game, ending: Ending, now: datetime | None = None) -> bool:
    """Record the end of ``game`` once and register its follow-up work.

    Call inside a transaction while holding SELECT … FOR UPDATE on the game.
    The update is conditional on the game still being ongoing, so of two
    writers that both believe they end it, exactly one row is updated and
    only that one records the ``finished`` event and enqueues the follow-up.
    Returns True if this call ended the game.
    """
    ended = _endings_record([(game, ending, now or timezone.now())])
    for game_id in ended:
        events.game_finished_on_commit(game_id)
    return bool(ended)


def _endings_record(endings: list[tuple[Game, Ending, datetime]]) -> list[int]:
    """The one write of a game's end, for one game (``game_finish``) or a
    sweep's batch (``_sweep_batch``): per kind of ending one UPDATE of those
    games still ongoing, then their "finished" events (the outbox) in one
    INSERT. Call holding the games' row locks. Returns the ids of the games
    it ended; who sends their follow-ups is the caller's (one game at a time,
    or a message per hundred)."""
    by_kind: dict[tuple, list[tuple[Game, Ending, datetime]]] = defaultdict(list)
    for game, ending, at in endings:
        by_kind[tuple(_ending_fields(ending).items())].append((game, ending, at))
    finished: list[GameEvent] = []
    for kind, group in by_kind.items():
        ids = [game.pk for game, _, _ in group]
        moments = {at for _, _, at in group}
        ended_at = (
            Value(moments.pop(), output_field=DateTimeField())
            if len(moments) == 1
            else Case(*(When(pk=game.pk, then=Value(at)) for game, _, at in group), output_field=DateTimeField())
        )
        updated = Game.objects.filter(pk__in=ids, status=Game.Status.ONGOING).update(ended_at=ended_at, **dict(kind))
        if updated == 0:
            continue  # already ended: by an earlier writer, or earlier in this transaction
        if updated != len(ids):  # the rows are locked (or the SQLite write lock held): cannot happen
            raise RuntimeError(f"{len(ids) - updated} locked games changed under the lock")
        for game, ending, at in group:
            finished.append(_finished_event(game, ending))  # the game as it was, its draw offer kept
            for name, value in dict(kind, ended_at=at).items():
                setattr(game, name, value)
    GameEvent.objects.bulk_create(finished)
    return [event.game_id for event in finished]


def _ending_fields(ending: Ending) -> dict:
    """The columns an ending writes, but for ``ended_at``."""
    return dict(
        status=Game.Status.ABORTED if ending.aborted else Game.Status.FINISHED,
        result=ending.result,
        termination=ending.reason,
        termination_clause=ending.clause,
        deadline=None,
        draw_offer_by="",
        draw_offer_ply=None,
    )


def _finished_event(game: Game, ending: Ending) -> GameEvent:
    """The game's "finished" outbox row (unsaved), from the game as it was before it ended."""
    return GameEvent(
        game=game,
        kind="finished",
        ply=game.ply,
        # The offer is kept: an acceptance made before a flag fell stands (5.3.1.4).
        data={
            "result": ending.result,
            "reason": ending.reason,
            "clause": ending.clause,
            "draw_offer_by": game.draw_offer_by,
        },
    )


def time_ending(game: Game, *, flagged: str) -> Ending:
    """``decide.time_ending``: how the game ends when ``flagged`` has run out of time."""
    return decide.time_ending(state_of(game), flagged=flagged)


def absence_ending(game: Game, now: datetime) -> tuple[datetime, Ending] | None:
    """``decide.absence_ending``: the game's end for want of a player at ``now``, with its moment."""
    return decide.absence_ending(state_of(game), now)


def overdue_ending(game: Game, now: datetime, pauses: dict | None = None) -> tuple[datetime, Ending] | None:
    """``decide.overdue_ending``: how and when the game ends if it is overdue at
    ``now``; ``pauses``: the players' vacations already fetched (``timing.players_pauses``)."""
    return decide.overdue_ending(state_of(game), now, pauses_of(game, pauses))


def flag_if_fallen(game: Game, now: datetime) -> bool:
    """If the game is overdue (time up, a player absent past the lateness, no
    first move within the grace), end it so; True if it ended. Call holding the
    game's row lock."""
    if game.deadline is not None and game.deadline <= now:
        due = overdue_ending(game, now)
        if due is not None:
            at, ending = due
            return game_finish(game=game, ending=ending, now=at)
    return False


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
        locked = games_locked(Game.objects.filter(pk=game_id, status=Game.Status.ONGOING), skip_held=True)
        if not locked or locked[0].deadline is None:
            return False
        game = locked[0]
        due = overdue_ending(game, now)
        if due is None:
            deadline = game_deadline(game)
            if deadline != game.deadline:  # a vacation moved it: keep the index honest
                Game.objects.filter(pk=game.pk, status=Game.Status.ONGOING).update(deadline=deadline)
            return False
        at, ending = due
        return game_finish(game=game, ending=ending, now=at)


SWEEP_BATCH = 1000  # games locked, re-checked and ended per transaction
# What the re-check (``timing.state_of``) and the finished event read (a field
# left out would cost a query per game: tests/games/test_sweep_batch.py counts them). Loading the
# whole rows was a good part of a batch's time.
SWEEP_FIELDS = ("status", "deadline", *STATE_FIELDS)


def games_sweep(*, now: datetime | None = None, limit: int = 500) -> int:
    """End every overdue game (up to ``limit`` per call) and expire stale
    challenges. Safe to run in any number of workers at once: each batch
    locks its rows with SKIP LOCKED, so concurrent sweeps take disjoint
    batches. Returns the number of games this call ended."""
    now = now or timezone.now()
    Challenge.objects.filter(status=Challenge.Status.OPEN, expires_at__lte=now).update(status=Challenge.Status.EXPIRED)
    ended = 0
    while limit > 0:
        size = min(limit, SWEEP_BATCH)
        taken, finished = _sweep_batch(now, size)
        ended += finished
        limit -= taken
        if taken < size or not finished:  # none left, or only games a vacation moved (their deadline is fixed now)
            break
    return ended


def _sweep_batch(now: datetime, size: int) -> tuple[int, int]:
    """``game_adjudicate`` for up to ``size`` due games at once, in one transaction:

    1. lock the first due rows no other sweeper holds (one SELECT … FOR UPDATE SKIP LOCKED);
    2. re-check each under the lock, the players' vacations fetched in one query;
    3. end them through ``game_finish``'s own write (``_endings_record``: one
       conditional UPDATE per kind of ending, one INSERT of their "finished"
       events); move the deadlines a vacation moved;
    4. on commit, a message per ``FOLLOWUPS_PER_MESSAGE`` games hands their
       follow-ups and broadcasts to a worker. This is where the batch differs
       from ``game_finish``, which sends one game's follow-ups: each costs
       round trips to the broker, and one game at a time they were most of a
       sweep's time.

    Returns how many rows it locked and how many games it ended."""
    with transaction.atomic():
        due = Game.objects.filter(status=Game.Status.ONGOING, deadline__lte=now).only(*SWEEP_FIELDS)
        games = games_locked(due.order_by("deadline"), skip_held=True, limit=size)
        pauses = _batch_pauses(games)
        endings: list[tuple[Game, Ending, datetime]] = []
        for game in games:
            due = overdue_ending(game, now, pauses.get(game.pk))
            if due is None:
                deadline = game_deadline(game, pauses.get(game.pk))
                if deadline != game.deadline:  # a vacation moved it: keep the index honest
                    Game.objects.filter(pk=game.pk).update(deadline=deadline)
                continue
            at, ending = due
            endings.append((game, ending, at))
        ids = _endings_record(endings)
        if ids:
            # Not a message per game here: the follow-up task tells the watchers too.
            transaction.on_commit(partial(_followups_enqueue, ids))
    return len(games), len(ids)


def _batch_pauses(games: list[Game]) -> dict[int, dict[int, list[tuple[int, int]]]]:
    """``timing.players_pauses`` of each correspondence game of a batch, in one query."""
    turns = [g for g in games if g.turn_started_at is not None and g.time_control.correspondence]
    if not turns:
        return {}
    members = {m for g in turns for m in (g.white_id, g.black_id)}
    since = min(g.turn_started_at for g in turns)
    by_member: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for member_id, a, b in Vacation.objects.filter(member_id__in=members, ends_at__gt=since).values_list(
        "member_id", "starts_at", "ends_at"
    ):
        by_member[member_id].append((to_ms(a), to_ms(b)))
    return {g.pk: {g.white_id: by_member[g.white_id], g.black_id: by_member[g.black_id]} for g in turns}


# Games per follow-up message. Sending one game's follow-ups takes tens of ms
# (a broker round trip per task, the outbox update, the broadcast): small
# messages let a worker's other tasks run between them.
FOLLOWUPS_PER_MESSAGE = 100


# The task above this layer, found by the name games.tasks registers it under
# (foundation.task_registry), as games.events finds the follow-ups.
FOLLOWUPS_TASK = "games.tasks.games_followups_task"


def _followups_enqueue(game_ids: list[int]) -> None:
    for i in range(0, len(game_ids), FOLLOWUPS_PER_MESSAGE):
        chunk = game_ids[i : i + FOLLOWUPS_PER_MESSAGE]
        try:
            task_named(FOLLOWUPS_TASK).delay(chunk)
        except Exception:  # broker down: the events stay undispatched and the sweep enqueues them again
            log.exception("could not enqueue the follow-ups of %s games", len(chunk))


def games_followups_dispatch(game_ids: list[int]) -> int:
    """Enqueue the follow-ups of these ended games not enqueued yet, as
    ``game_finish`` does for one (a redelivered batch sends only what is left).
    Call outside a transaction: the "on commit" work then runs at once."""
    pending = GameEvent.objects.filter(game_id__in=game_ids, kind="finished", dispatched_at__isnull=True)
    game_ids = list(pending.values_list("game_id", flat=True))
    for game_id in game_ids:
        events.game_finished_on_commit(game_id)
    return len(game_ids)


__all__ = [
    "Ending",
    "flag_if_fallen",
    "game_finish",
    "game_adjudicate",
    "games_sweep",
    "games_followups_dispatch",
    "time_ending",
    "absence_ending",
    "overdue_ending",
    "from_ms",
    "to_ms",
]
