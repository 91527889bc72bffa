"""A championship game's start: its clock, its scheduled start and the
allowed lateness (1.6.3, 1.9.1), and the reproducible draws of the event
(ballots per game, 2.2.2), through the game layer's ``game_create``."""

from __future__ import annotations

import hashlib
import random

from games import clock
from games.models import Game
from games.rules import ballots64
from games.services.challenges import game_create

from ..models import Board, Championship, Round

HOUR_MS = 3_600_000


def lateness_limit_ms(tc: clock.TimeControl) -> int | None:
    """1.9.1: the allowed lateness is at most the first control's base time and
    at most an hour; None for correspondence and untimed games (no lateness)."""
    if tc.correspondence or not tc.periods:
        return None
    return min(tc.periods[0].seconds * 1000, HOUR_MS)


def lateness_ms(championship: Championship) -> int | None:
    """The allowed lateness of the championship's games (1.9.1): as set, else the maximum."""
    limit = lateness_limit_ms(clock.TimeControl.parse(championship.time_control))
    if limit is None:
        return None
    if championship.lateness_minutes is None:
        return limit
    return min(championship.lateness_minutes * 60_000, limit)


def seed_int(seed: str, salt: int | str = 0) -> int:
    """A number drawn reproducibly from the event's lot seed and a salt (a board, a micro-match)."""
    return int(hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()[:15], 16)


def board_game_create(
    championship: Championship, the_round: Round, board: Board, *, starts_at, now, rng: random.Random | None = None
) -> Game:
    """The game of a board of a single-game pairing, with the championship's start rule and clock.

    Correspondence: the round opens now; a first-move period that runs out is
    a no-show forfeit, not a time loss (1.9.1; games.services.finish)."""
    ballot = championship.ballot
    if ballot == "random":
        ballot = ballots64.draw(rng or random.Random(seed_int(championship.lot_seed, board.pk)))
    if starts_at is None:
        starts_at, allowed = now, 0
    else:
        allowed = lateness_ms(championship)
    return game_create(
        discipline=championship.discipline,
        white=board.white,
        black=board.black,
        time_control=championship.time_control,
        rated=championship.rated,
        competition=True,
        opening_rule=championship.opening_rule,
        ballot=ballot,
        foul_policy=championship.foul_policy,
        now=now,
        starts_at=starts_at,
        lateness_ms=allowed,
        draw_after_moves=championship.draw_after_moves,
        play_closes_at=championship.closes_at,
        event=championship.name,
        round=f"{the_round.number}.{board.number}",
    )
