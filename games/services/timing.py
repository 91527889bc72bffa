"""Glue between the pure clock maths and stored instants (datetimes ↔ ms)."""
from __future__ import annotations

from datetime import datetime, timezone as dt_timezone

from games import clock
from games.models import WHITE, Game, Vacation


def to_ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


def from_ms(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=dt_timezone.utc)


def pauses_ms(member_id: int, *, since: datetime) -> list[tuple[int, int]]:
    """The member's vacations that end after ``since``, as (start, end) ms."""
    return [(to_ms(a), to_ms(b)) for a, b in
            Vacation.objects.filter(member_id=member_id, ends_at__gt=since).values_list("starts_at", "ends_at")]


def left_of(game: Game, colour: str) -> int:
    return game.white_ms if colour == WHITE else game.black_ms


def game_deadline(game: Game) -> datetime | None:
    """When the side to move's flag falls, vacations counted (None: untimed)."""
    tc = clock.TimeControl.parse(game.time_control)
    if not tc.timed or game.turn_started_at is None:
        return None
    pauses = pauses_ms(game.member_of(game.to_move), since=game.turn_started_at) if tc.days else ()
    return from_ms(clock.deadline_ms(turn_started_ms=to_ms(game.turn_started_at),
                                     left_ms=left_of(game, game.to_move), pauses=pauses))


def thinking(game: Game, now: datetime) -> int:
    """How long the side to move has used since his turn began (vacations excluded)."""
    tc = clock.TimeControl.parse(game.time_control)
    if game.turn_started_at is None:
        return 0
    pauses = pauses_ms(game.member_of(game.to_move), since=game.turn_started_at) if tc.days else ()
    return clock.thinking_ms(turn_started_ms=to_ms(game.turn_started_at), now_ms=to_ms(now), pauses=pauses)
