"""Glue between the pure clock maths and stored instants (datetimes ↔ ms)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.conf import settings

from games import clock, sql
from games.models import BLACK, WHITE, Game, GameEvent
from games.venue import venue_rules


def to_ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


def from_ms(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=UTC)


def players_pauses(game: Game, cursor=None, vacations: list | None = None) -> dict[int, list[tuple[int, int]]]:
    """Both players' vacations that matter to the current turn, in one query
    (on ``cursor`` if given; games/sql.py: it runs on every correspondence move);
    ``vacations``: those rows already read with the game's lock, to save it."""
    pauses: dict[int, list[tuple[int, int]]] = {game.white_id: [], game.black_id: []}
    if game.turn_started_at is None:
        return pauses
    if vacations is None:
        vacations = sql.vacations_ending_after((game.white_id, game.black_id), game.turn_started_at, cursor)
    for member_id, a, b in vacations:
        pauses.setdefault(member_id, []).append((to_ms(a), to_ms(b)))
    return pauses


def left_of(game: Game, colour: str) -> int:
    return game.white_ms if colour == WHITE else game.black_ms


def _mover_pauses(game: Game, tc: clock.TimeControl, pauses: dict | None) -> list[tuple[int, int]]:
    """The side to move's vacations since his turn began (none for a clock in
    minutes); ``pauses``: ``players_pauses`` already fetched, to save a query."""
    if not tc.correspondence:
        return []
    if pauses is None:
        pauses = players_pauses(game)
    since = to_ms(game.turn_started_at)
    return [(a, b) for a, b in pauses.get(game.member_of(game.to_move), ()) if b > since]


def lateness_at(game: Game) -> datetime | None:
    """When a player still absent from a scheduled live game forfeits (1.9.1):
    ``starts_at`` plus the allowed lateness, while one of them has not come.
    Correspondence games have none: their first-move period is the lateness;
    nor has a game at the board: there the arbiter decides a no-show."""
    if not venue_rules(game).worker_forfeit:
        return None
    if game.lateness_ms is None or game.starts_at is None or game.time_control.correspondence:
        return None
    if game.is_present(WHITE) and game.is_present(BLACK):
        return None
    return game.starts_at + timedelta(milliseconds=game.lateness_ms)


def second_mover_awaited(game: Game) -> str | None:
    """1.6.3: «Если отсутствует участник, играющий чёрными, то белые своего хода на доске не
    делают» — the colour of the second mover of a scheduled live game, before its first move,
    while he has not come: the first mover waits and makes no move. None otherwise."""
    if game.starts_at is None or game.white_moves or game.black_moves or not venue_rules(game).server_clock:
        return None  # a game at the board has its clocks on the table: the arbiter starts them there
    tc = game.time_control
    if tc.correspondence or not tc.timed:
        return None
    second = BLACK if game.to_move == WHITE else WHITE
    return None if game.is_present(second) else second


def clock_running(game: Game) -> str:
    """Whose clock runs while one does: the absent player's (1.6.3: «пуская … часы
    отсутствующего участника») — the second mover's while the first mover is there and he is
    not; the first mover's when both are away; else the side to move's."""
    awaited = second_mover_awaited(game)
    first = game.to_move
    if awaited is not None and game.is_present(first):
        return awaited
    return first


def first_move_seconds() -> int:
    return settings.GAMES_FIRST_MOVE_SECONDS


def first_move_free(game: Game) -> bool:
    """Is the side to move's first move off the clock? In a live game made
    without a scheduled start (a challenge) neither first move is charged: the
    clock must not run before a player could have opened the game."""
    if not venue_rules(game).first_move_period:
        return False
    if game.starts_at is not None or game.turn_started_at is None:
        return False
    tc = game.time_control
    if tc.correspondence or not tc.timed:
        return False
    return not (game.white_moves if game.to_move == WHITE else game.black_moves)


def first_move_grace_at(game: Game) -> datetime | None:
    """When the game is aborted for want of the side to move's first move."""
    if not first_move_free(game):
        return None
    return game.turn_started_at + timedelta(seconds=first_move_seconds())


def flag_deadline(game: Game, pauses: dict | None = None) -> datetime | None:
    """When the running clock's flag falls (``clock_running``: the side to move's,
    or an absent player's, 1.6.3), vacations counted, a bank's cap per move too
    (None: untimed, the clock is not running or not the server's)."""
    if not venue_rules(game).server_clock:
        return None
    tc = game.time_control
    if not tc.timed or game.turn_started_at is None or first_move_free(game):
        return None
    return from_ms(
        clock.deadline_ms(
            turn_started_ms=to_ms(game.turn_started_at),
            left_ms=tc.allowance_ms(left_of(game, clock_running(game))),
            pauses=_mover_pauses(game, tc, pauses),
        )
    )


def game_deadline(game: Game, pauses: dict | None = None) -> datetime | None:
    """The indexed moment the sweep must look at the game: the first of the
    lateness moment, the first-move grace and the flag fall; never for a game
    whose venue keeps the sweep away (at the board)."""
    if not venue_rules(game).flag_sweep:
        return None
    moments = [m for m in (lateness_at(game), first_move_grace_at(game), flag_deadline(game, pauses)) if m]
    return min(moments, default=None)


def thinking(game: Game, now: datetime, pauses: dict | None = None) -> int:
    """How long the side to move has used since his turn began (vacations excluded)."""
    if game.turn_started_at is None or first_move_free(game):
        return 0
    tc = game.time_control
    return clock.thinking_ms(
        turn_started_ms=to_ms(game.turn_started_at), now_ms=to_ms(now), pauses=_mover_pauses(game, tc, pauses)
    )


# An arbiter's stop of both clocks (games.services.arbiter) and their restart, as game events.
STOPPED, STARTED = "clocks-stopped", "clocks-started"


def clocks_stopped(game: Game) -> dict | None:
    """The arbiter's stop in force on ``game`` (its event data), or None. A
    timed, ongoing game whose turn has no start is stopped; only then is the
    event looked up, so a running game costs no query."""
    if game.status != Game.Status.ONGOING or game.turn_started_at is not None or not game.time_control.timed:
        return None
    event = GameEvent.objects.filter(game=game, kind__in=(STOPPED, STARTED)).order_by("-pk").first()
    return event.data if event is not None and event.kind == STOPPED else None


def clocks_stopped_of(games) -> dict[int, dict]:
    """``clocks_stopped`` of many games in one query (none when no game is stopped): each
    stopped game's id and its stop's event data."""
    stopped = [
        game.pk
        for game in games
        if game.status == Game.Status.ONGOING and game.turn_started_at is None and game.time_control.timed
    ]
    if not stopped:
        return {}
    latest: dict[int, tuple[str, dict]] = {}
    events = GameEvent.objects.filter(game_id__in=stopped, kind__in=(STOPPED, STARTED)).order_by("pk")
    for game_id, kind, data in events.values_list("game_id", "kind", "data"):
        latest[game_id] = (kind, data)
    return {game_id: data for game_id, (kind, data) in latest.items() if kind == STOPPED}
