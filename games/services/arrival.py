"""The first player to arrive at a scheduled live game both missed at its start
(003 1.6.3; 002 §15 for renju and the five-in-a-row family).

Until then only the first mover's clock has run, from the start. When one of
them arrives — he checks in, or the first mover makes his move — the time
elapsed is shared as ``clock.both_absent_charges`` says (halved, or "for both"),
and the first mover's turn starts again from that instant."""

from __future__ import annotations

from datetime import datetime

from games import clock
from games.models import BLACK, WHITE, Game

from .positions import FIVE_ROW
from .timing import to_ms


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
