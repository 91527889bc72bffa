"""Arrivals at a scheduled live game (003 1.6.3; 002 §15 for renju and the
five-in-a-row family): the absent player's clock runs.

Both missed the start: only the first mover's clock has run, from the start.
When one of them checks in, the time elapsed is shared as
``clock.both_absent_charges`` says (halved, or "for both"), and from that
instant the clock of the one still away runs (``timing.clock_running``).

The second mover away while the first mover is there: his clock runs and the
first mover makes no move (``timing.second_mover_awaited``). When he checks
in, the time since the clock started is his, and the first mover's clock
starts."""

from __future__ import annotations

from datetime import datetime

from games import clock
from games.models import BLACK, WHITE, Game
from games.positions import FIVE_ROW
from games.timing import clock_running, second_mover_awaited, to_ms


def first_arrival(game: Game, now: datetime) -> list[str]:
    """Charge both clocks for the time both players were absent from ``game``'s start, if
    ``now`` is the first arrival after it; the fields changed (none when it does not apply:
    not a scheduled live game, a player already there, the clocks touched since the start)."""
    if game.starts_at is None or now <= game.starts_at or game.ply or game.turn_started_at != game.starts_at:
        return []
    if game.is_present(WHITE) or game.is_present(BLACK):
        return []
    tc = game.time_control
    if tc.correspondence or not tc.timed:
        return []
    first_charge, other_charge = clock.both_absent_charges(
        to_ms(now) - to_ms(game.starts_at), one_clock_for_both=game.discipline in FIVE_ROW
    )
    charge = {game.to_move: first_charge, (BLACK if game.to_move == WHITE else WHITE): other_charge}
    game.white_ms = max(0, game.white_ms - charge[WHITE])
    game.black_ms = max(0, game.black_ms - charge[BLACK])
    game.turn_started_at = now
    return ["white_ms", "black_ms", "turn_started_at"]


def second_mover_arrival(game: Game, colour: str, now: datetime) -> list[str]:
    """``colour`` checks in at ``now``: if he is the awaited second mover, charge his
    clock the time it ran and start the first mover's; the fields changed (none otherwise)."""
    if second_mover_awaited(game) != colour or clock_running(game) != colour or game.turn_started_at is None:
        return []
    if now <= game.turn_started_at:
        return []
    field = "white_ms" if colour == WHITE else "black_ms"
    setattr(game, field, max(0, getattr(game, field) - (to_ms(now) - to_ms(game.turn_started_at))))
    game.turn_started_at = now
    return [field, "turn_started_at"]
