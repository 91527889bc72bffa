"""A championship game's start: its clock, its scheduled start and the
allowed lateness (1.6.3, 1.9.1), and the reproducible draws of the event
(ballots per game, 2.2.2): ``event_game_create``, the one way an event starts a game."""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace
from datetime import datetime

from games import clock
from games.models import Game
from games.rules import ballots64
from games.services.challenges import game_create
from games.services.start_rule import StartRule

from ..models import Championship

HOUR_MS = 3_600_000


def lateness_limit_ms(tc: clock.TimeControl) -> int | None:
    """1.9.1: the allowed lateness is at most the first control's base time and
    at most an hour; None for correspondence and untimed games (no lateness)."""
    if tc.correspondence or not tc.periods:
        return None
    return min(tc.periods[0].seconds * 1000, HOUR_MS)


def lateness_ms(championship: Championship) -> int | None:
    """The allowed lateness of the championship's games (1.9.1): as set, else the maximum."""
    limit = lateness_limit_ms(championship.time_control)
    if limit is None:
        return None
    if championship.lateness_minutes is None:
        return limit
    return min(championship.lateness_minutes * 60_000, limit)


def seed_int(seed: str, salt: int | str = 0) -> int:
    """A number drawn reproducibly from the event's lot seed and a salt (a board, a micro-match)."""
    return int(hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()[:15], 16)


def event_start_rule(championship: Championship) -> StartRule:
    """What every game the event starts carries: its discipline, clock, opening rule,
    ballot, foul policy and move limit (5.2.7.2), as the organiser set them."""
    return StartRule(
        discipline=championship.discipline,
        time_control=championship.time_control,
        opening_rule=championship.opening_rule,
        ballot=championship.ballot,
        foul_policy=championship.foul_policy,
        draw_after_moves=championship.draw_after_moves,
    )


def event_game_create(
    championship: Championship,
    *,
    white,
    black,
    round_label: str,
    now: datetime,
    starts_at: datetime | None = None,
    time_control: clock.TimeControl | None = None,
    ballot: str | None = None,
    clock_ms: tuple[int, int] | None = None,
    present: bool = False,
) -> Game:
    """The one way an event starts a game — a board, a micro-match's game, a team
    board, a play-off or tie-break game, a correspondence section's game: every
    start field comes from ``event_start_rule``, so no path can leave one out.

    ``starts_at``: the scheduled start (1.6.3); the event's allowed lateness
    applies (1.9.1). Without it the game starts ``now``: a correspondence game's
    first-move period that runs out is then a no-show forfeit (1.9.1), a live
    game's first moves are off the clock (a play-off played at once).
    ``time_control``: a tie-break's or play-off's own control instead of the event's.
    ``ballot``: the micro-match's drawn start (2.2.2); otherwise the event's, and
    a "random" one is drawn reproducibly from the lot's seed and ``round_label``.
    ``clock_ms``, ``present``: a series on one clock budget (3.6.4, ``game_create``)."""
    rule = event_start_rule(championship)
    if time_control is not None:
        rule = replace(rule, time_control=time_control)
    if ballot is not None:
        rule = replace(rule, ballot=ballot)
    elif rule.ballot == "random":
        rule = replace(rule, ballot=ballots64.draw(random.Random(seed_int(championship.lot_seed, round_label))))
    if starts_at is not None:
        allowed = lateness_ms(championship)
    elif rule.time_control.correspondence:
        starts_at, allowed = now, 0
    else:
        allowed = None
    return game_create(
        **rule.game_fields(),
        white=white,
        black=black,
        rated=championship.rated,
        competition=True,
        now=now,
        starts_at=starts_at,
        lateness_ms=allowed,
        clock_ms=clock_ms,
        present=present,
        venue=championship.venue,
        event=championship.name,
        round=round_label,
    )
