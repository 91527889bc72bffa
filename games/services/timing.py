"""Glue between the pure clock maths and stored instants (datetimes ↔ ms)."""
from __future__ import annotations

from datetime import datetime, timezone as dt_timezone

from django.db import connection

from club import sql
from games import clock
from games.models import WHITE, Game, Vacation


def to_ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


def from_ms(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=dt_timezone.utc)


def players_pauses(game: Game, cursor=None) -> dict[int, list[tuple[int, int]]]:
    """Both players' vacations that matter to the current turn, in one query
    (on ``cursor`` if given)."""
    pauses: dict[int, list[tuple[int, int]]] = {game.white_id: [], game.black_id: []}
    if game.turn_started_at is None:
        return pauses
    statement, columns = _pauses_statement()
    rows = sql.fetch_all(statement, [game.white_id, game.black_id,
                                     connection.ops.adapt_datetimefield_value(game.turn_started_at)], cursor)
    for row in rows:
        member_id, a, b = columns.values(row)
        pauses.setdefault(member_id, []).append((to_ms(a), to_ms(b)))
    return pauses


@sql.per_vendor
def _pauses_statement() -> tuple[str, sql.Columns]:
    """Prepared once (club/sql.py): it runs on every correspondence move."""
    qn, meta = connection.ops.quote_name, Vacation._meta
    columns = sql.Columns(Vacation, [meta.get_field("member"), meta.get_field("starts_at"), meta.get_field("ends_at")])
    member, ends = qn(meta.get_field("member").column), qn(meta.get_field("ends_at").column)
    return (f"SELECT {columns.sql} FROM {qn(meta.db_table)} WHERE {member} IN (%s, %s) AND {ends} > %s", columns)


def left_of(game: Game, colour: str) -> int:
    return game.white_ms if colour == WHITE else game.black_ms


def _mover_pauses(game: Game, tc: clock.TimeControl, pauses: dict | None) -> list[tuple[int, int]]:
    """The side to move's vacations since his turn began (none for a clock in
    minutes); ``pauses``: ``players_pauses`` already fetched, to save a query."""
    if not tc.days:
        return []
    if pauses is None:
        pauses = players_pauses(game)
    since = to_ms(game.turn_started_at)
    return [(a, b) for a, b in pauses.get(game.member_of(game.to_move), ()) if b > since]


def game_deadline(game: Game, pauses: dict | None = None) -> datetime | None:
    """When the side to move's flag falls, vacations counted (None: untimed)."""
    tc = clock.TimeControl.parse(game.time_control)
    if not tc.timed or game.turn_started_at is None:
        return None
    return from_ms(clock.deadline_ms(turn_started_ms=to_ms(game.turn_started_at),
                                     left_ms=left_of(game, game.to_move), pauses=_mover_pauses(game, tc, pauses)))


def thinking(game: Game, now: datetime, pauses: dict | None = None) -> int:
    """How long the side to move has used since his turn began (vacations excluded)."""
    if game.turn_started_at is None:
        return 0
    tc = clock.TimeControl.parse(game.time_control)
    return clock.thinking_ms(turn_started_ms=to_ms(game.turn_started_at), now_ms=to_ms(now),
                             pauses=_mover_pauses(game, tc, pauses))
