"""The stored game read for the pure judge of its timing (games/decide.py), and its vacations and clock stops read from the database."""

from __future__ import annotations

from datetime import UTC, datetime

from django.conf import settings

from games import decide, sql
from games.models import WHITE, Game, GameEvent
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


def state_of(game: Game) -> decide.GameState:
    """What the pure judge of moves and timing (games/decide.py) reads of the stored game."""
    return decide.GameState(
        discipline=game.discipline,
        speed=game.speed,
        control=game.time_control,
        venue=venue_rules(game),
        white_id=game.white_id,
        black_id=game.black_id,
        ply=game.ply,
        to_move=game.to_move,
        white_ms=game.white_ms,
        black_ms=game.black_ms,
        white_moves=game.white_moves,
        black_moves=game.black_moves,
        turn_started_at=game.turn_started_at,
        started_at=game.started_at,
        starts_at=game.starts_at,
        lateness_ms=game.lateness_ms,
        white_checked_in_at=game.white_checked_in_at,
        black_checked_in_at=game.black_checked_in_at,
        play_closes_at=game.play_closes_at,
        draw_after_moves=game.draw_after_moves,
        draw_offer_by=game.draw_offer_by,
        draw_offer_ply=game.draw_offer_ply,
        draw_barred=game.draw_barred,
        first_move_seconds=first_move_seconds(),
    )


# The columns of ``state_of`` besides the clock's: what a reader of the timing
# must load (the sweep's batch loads no more than it needs).
STATE_FIELDS = (
    "discipline",
    "speed",
    "time_control",
    "venue",
    "white",
    "black",
    "ply",
    "to_move",
    "white_ms",
    "black_ms",
    "white_moves",
    "black_moves",
    "turn_started_at",
    "started_at",
    "starts_at",
    "lateness_ms",
    "white_checked_in_at",
    "black_checked_in_at",
    "play_closes_at",
    "draw_after_moves",
    "draw_offer_by",
    "draw_offer_ply",
    "draw_barred",
)


def pauses_of(game: Game, pauses: dict | None) -> dict | None:
    """``pauses`` (``players_pauses`` already read), or read now if the game's
    running clock counts them: a correspondence turn on the server's clock."""
    if (
        pauses is None
        and game.time_control.correspondence
        and game.turn_started_at is not None
        and venue_rules(game).server_clock
    ):
        return players_pauses(game)
    return pauses


def lateness_at(game: Game) -> datetime | None:
    """``decide.lateness_at``: when a player still absent forfeits (1.9.1)."""
    return decide.lateness_at(state_of(game))


def second_mover_awaited(game: Game) -> str | None:
    """``decide.second_mover_awaited``: the absent second mover the first waits for (1.6.3)."""
    return decide.second_mover_awaited(state_of(game))


def clock_running(game: Game) -> str:
    """``decide.clock_running``: whose clock runs (an absent player's, 1.6.3)."""
    return decide.clock_running(state_of(game))


def first_move_seconds() -> int:
    return settings.GAMES_FIRST_MOVE_SECONDS


def first_move_free(game: Game) -> bool:
    """``decide.first_move_free``: a challenge's live first move, off the clock."""
    return decide.first_move_free(state_of(game))


def first_move_grace_at(game: Game) -> datetime | None:
    """``decide.first_move_grace_at``: when the game is aborted for want of a first move."""
    return decide.first_move_grace_at(state_of(game))


def flag_deadline(game: Game, pauses: dict | None = None) -> datetime | None:
    """``decide.flag_deadline``: when the running clock's flag falls, vacations counted."""
    return decide.flag_deadline(state_of(game), pauses_of(game, pauses))


def game_deadline(game: Game, pauses: dict | None = None) -> datetime | None:
    """``decide.deadline``: the indexed moment the sweep must look at the game."""
    if not venue_rules(game).flag_sweep:
        return None
    return decide.deadline(state_of(game), pauses_of(game, pauses))


def thinking(game: Game, now: datetime, pauses: dict | None = None) -> int:
    """``decide.thinking``: how long the side to move has used since his turn began."""
    return decide.thinking(state_of(game), now, pauses_of(game, pauses))


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
