"""A move decided, and a game's timing: pure Python, no Django, no database.

The move service (games/services/play.py) reads the game, hands its state
here with the position, the mover, the instant and the players' vacations,
and stores what comes back (``move``):

* ``Moved``: the game's new state, the mover's clock, and the ``Ending`` if
  the move ends the game;
* ``Ended``: the game ends instead of the move (the mover's flag fell before
  it came, a player absent past the lateness, no first move within the
  grace), at the moment it ended; the mover is refused;
* ``Refusal``: nothing happens (the rules, the clock or the schedule say no).

The moments that decide a game by time (its flag, an absent player's
lateness, a first move's grace; ``deadline``: the first of them, which the
sweep watches) and how it ends then (``overdue_ending``) are judged here too,
for the move, the readers and the sweep alike: games/timing.py and
finish.py read a stored game into a ``GameState`` and ask.

Instants are datetimes; vacations ("pauses") are each player's
``(start_ms, end_ms)`` keyed by member id, as ``timing.players_pauses`` reads them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple, Protocol

from games import clock, results
from games.rules import IllegalMove, names
from games.rules.base import BLACK, WHITE, Result, opponent
from games.rules.words import N_

# A discipline of the rules module (``games.rules.variant``) and one of its positions: untyped there.
Rules = Any
Position = Any
Pauses = Mapping[int, Sequence[tuple[int, int]]]

FIVE_ROW = frozenset(names("renju"))


class VenueRules(Protocol):
    """What the game's venue lets the server do (``games.venue.VenueRules``)."""

    server_clock: bool
    first_move_period: bool
    flag_sweep: bool
    worker_forfeit: bool


class GameState(NamedTuple):
    """What decides a move and a game's timing, as the game row holds it.

    Immutable (a named tuple: ``_replace`` makes the changed copy); not a frozen
    dataclass, whose every construction sets each field through
    ``object.__setattr__``: the state is built and copied on every move."""

    discipline: str
    speed: str
    control: clock.TimeControl
    venue: VenueRules
    white_id: int
    black_id: int
    ply: int
    to_move: str
    white_ms: int
    black_ms: int
    white_moves: int
    black_moves: int
    turn_started_at: datetime | None
    started_at: datetime | None = None
    starts_at: datetime | None = None
    lateness_ms: int | None = None
    white_checked_in_at: datetime | None = None
    black_checked_in_at: datetime | None = None
    play_closes_at: datetime | None = None
    draw_after_moves: int | None = None
    draw_offer_by: str = ""
    draw_offer_ply: int | None = None
    draw_barred: str = ""
    first_move_seconds: int = 0  # the club's grace for a challenge's first move (settings)

    def member_of(self, colour: str) -> int:
        return self.white_id if colour == WHITE else self.black_id

    def left_of(self, colour: str) -> int:
        return self.white_ms if colour == WHITE else self.black_ms

    def moves_of(self, colour: str) -> int:
        return self.white_moves if colour == WHITE else self.black_moves

    def is_present(self, colour: str) -> bool:
        """Has the player of ``colour`` come to the game (moved or checked in, 1.9.1)?"""
        if colour == WHITE:
            return bool(self.white_moves or self.white_checked_in_at)
        return bool(self.black_moves or self.black_checked_in_at)


@dataclass(frozen=True)
class Ending:
    """``winner`` None: a draw, or with ``forfeit`` both players lost (-/-)."""

    winner: str | None
    reason: str
    clause: str = ""
    aborted: bool = False
    forfeit: bool = False  # unplayed: "+/-", "-/+" or "-/-" (1.9, 1.12.2), never rated
    both_lost: bool = False  # no winner, and not a draw: "0-0" (a sanction to both, 1.4)

    @property
    def result(self) -> str:
        """The result text it gives ("" for an aborted game)."""
        if self.aborted:
            return ""
        return results.for_winner(self.winner, forfeit=self.forfeit, both_lost=self.both_lost)


@dataclass(frozen=True, slots=True)
class Refusal:
    """A move refused, nothing changed: a code a client switches on and the reason in
    English naming the rule; ``template`` and ``params`` keep its words and facts for
    the reader's language and zone (``games.pure_words.worded``)."""

    code: str
    reason: str
    params: dict = field(default_factory=dict, compare=False)
    template: str | None = field(default=None, compare=False)


def refused(code: str, template: str, **params) -> Refusal:
    """A refusal from its marked template (``N_``) and the facts it cites."""
    return Refusal(code, template % params if params else template, params, template)


@dataclass(frozen=True, slots=True)
class Ended:
    """The game ends instead of the move, at ``at``; the mover is told ``refusal``."""

    ending: Ending
    at: datetime
    refusal: Refusal


class Moved(NamedTuple):
    """The move made: the game after it, what the move's record keeps, and its ``ending`` if it ends the game.
    A named tuple, as ``GameState``: one is made on every move."""

    state: GameState
    position: Position
    fen: str
    colour: str
    notation: str
    elapsed_ms: int  # how long the mover thought
    clock_ms: int  # the mover's time left after it
    foul: str  # the renju foul the move made, if it lost the game for it (002 9.2)
    swapped: bool  # a renju (or Swap2) swap: the members exchanged colours and clocks
    deadline: datetime | None  # when the sweep must look at the game next
    turn_unannounced: bool  # a correspondence turn the notifications still announce
    ending: Ending | None


Decision = Moved | Ended | Refusal


# ---- the move -----------------------------------------------------------------------------------
def move(
    state: GameState,
    *,
    rules: Rules,
    position: Position,
    text: str,
    mover: str,
    now: datetime,
    pauses: Pauses | None = None,
    stopped: Mapping | None = None,
    offer_draw: bool = False,
) -> Decision:
    """What ``mover``'s move ``text`` does to the game in ``state`` at ``now``.

    ``stopped``: the arbiter's stop of the clocks in force (its event's data),
    if any. In order: the turn, the clocks, the schedule (play closed, not
    started), an absent player (his forfeit, or the abort, ends the game; the
    first mover waits for an absent second mover, 1.6.3), the rules, then the
    clock: a flag that fell before the move came ends the game on time
    (1.7.9) unless the move itself wins (1.7.12).
    """
    if rules.turn(position) != mover:
        turn = rules.turn(position)
        return refused("not-your-turn", N_("It is %(colour)s's turn to act."), colour=turn)
    if stopped is not None:
        if stopped.get("adjudication"):
            return refused(
                "awaiting-adjudication",
                N_(
                    "Play in this event has closed: the chief arbiter adjudicates this game. "
                    "You may still resign or agree a draw until he rules."
                ),
            )
        return refused(
            "clocks-stopped",
            N_("The arbiter has stopped the clocks; play resumes when the arbiter restarts them (003 5.3.1.6, 5.3.3)."),
        )
    closed = play_closed(state, now)
    if closed is not None:
        return closed
    if state.starts_at is not None and now < state.starts_at:
        return refused(
            "not-started", N_("The game starts at %(start)s; no move before then (003 1.6.3)."), start=state.starts_at
        )
    absent = absence_ending(state, now)
    if absent is not None:
        at, ending = absent
        return Ended(ending, at, _absence_refusal(state, ending))
    awaited = second_mover_awaited(state)
    if awaited is not None:
        return refused(
            "opponent-absent",
            N_(
                "Your opponent (%(awaited)s) has not come yet: his clock runs, and you make no move "
                "until he checks in (003 1.6.3)."
            ),
            awaited=awaited,
        )
    tc = state.control
    started = state.turn_started_at if tc.timed else None  # None: no clock runs
    elapsed = thinking(state, now, pauses) if started is not None else 0
    made = state.moves_of(mover) + 1
    try:
        new = rules.play(position, text)
    except IllegalMove as refusal:
        if started is not None and elapsed >= tc.allowance_ms(state.left_of(mover)):
            return _flag_fell(state, mover, started, pauses)
        return refused("illegal-move", N_("%(reason)s"), reason=refusal)
    result = rules.result(new) or move_limit_draw(state)
    ending = None if result is None else Ending(result.winner, result.reason, result.clause)
    if started is None:
        left = state.left_of(mover)
    else:
        try:
            left = clock.time_left_after_move(tc, left_ms=state.left_of(mover), elapsed_ms=elapsed, moves_made=made)
        except clock.FlagFell:
            # 1.7.12: the flag fell, but the move on the board has left the
            # opponent without pieces or blocked: the stronger side wins.
            if result is None or result.winner != mover:
                return _flag_fell(state, mover, started, pauses)
            left, ending = 0, Ending(result.winner, f"{result.reason}-after-flag", "003 1.7.12")
    after = _after(state, rules=rules, position=new, text=text, mover=mover, left=left, made=made, now=now, over=ending)
    if offer_draw and ending is None:
        after = draw_offer(after, mover, closed=False)
        if isinstance(after, Refusal):
            return after
    ongoing = ending is None
    return Moved(
        state=after,
        position=new,
        fen=rules.to_fen(new),
        colour=mover,
        notation=text,
        elapsed_ms=elapsed,
        clock_ms=left,
        foul=(result.reason.split(":", 1)[1] if result and result.reason.startswith("foul:") else ""),
        swapped=after.white_id != state.white_id,
        deadline=deadline(after, pauses) if ongoing else None,
        turn_unannounced=tc.correspondence and ongoing,
        ending=ending,
    )


def _after(
    state: GameState,
    *,
    rules: Rules,
    position: Position,
    text: str,
    mover: str,
    left: int,
    made: int,
    now: datetime,
    over: Ending | None,
) -> GameState:
    """The game's state once ``mover``'s move is on the board."""
    changes: dict[str, Any] = (
        {"white_ms": left, "white_moves": made} if mover == WHITE else {"black_ms": left, "black_moves": made}
    )
    if state.draw_offer_by and state.draw_offer_by != mover:
        # 2.1.9.3: the opponent declines a draw offer by moving.
        changes.update(draw_barred=state.draw_offer_by, draw_offer_by="", draw_offer_ply=None)
    after = state._replace(
        ply=state.ply + 1,
        to_move=rules.turn(position) if over is None else opponent(mover),
        turn_started_at=now,
        started_at=state.started_at or now,
        **changes,
    )
    if state.discipline in FIVE_ROW and text == "swap":  # renju, and gomoku under Swap2
        # The rules keep the stones; the members exchange colours (and clocks).
        after = after._replace(
            white_id=after.black_id,
            black_id=after.white_id,
            white_ms=after.black_ms,
            black_ms=after.white_ms,
            white_moves=after.black_moves,
            black_moves=after.white_moves,
            white_checked_in_at=after.black_checked_in_at,
            black_checked_in_at=after.white_checked_in_at,
        )
    return after


def _flag_fell(state: GameState, mover: str, started: datetime, pauses: Pauses | None) -> Ended:
    """The mover's flag fell before his move came: the game ends on time, at the instant it fell (1.7.9)."""
    return Ended(
        time_ending(state, flagged=mover),
        _flag_at(state, mover, started, pauses),
        refused("flag-fell", N_("Your time ran out before the move arrived; the game ended on time (003 1.7.9).")),
    )


def _absence_refusal(state: GameState, ending: Ending) -> Refusal:
    if ending.aborted:
        return refused(
            "game-aborted",
            N_("The first move did not come within %(seconds)s seconds; the game was aborted."),
            seconds=state.first_move_seconds,
        )
    return refused(
        "forfeit",
        N_("The allowed lateness passed before you came to the game: it ended by forfeit (%(clause)s)."),
        clause=ending.clause,
    )


def play_closed(state: GameState, now: datetime) -> Refusal | None:
    """Refused once the competition's closing date has passed: its unfinished games are adjudicated."""
    if state.play_closes_at is not None and now >= state.play_closes_at:
        return refused(
            "play-closed",
            N_(
                "Play in this event has closed: the chief arbiter adjudicates this game. "
                "You may still resign, or accept a draw offered before the close, until he rules."
            ),
        )
    return None


def move_limit_draw(state: GameState) -> Result | None:
    """The event's draw condition (003 5.2.7.2, 000 9.2.7.2): drawn with the move that reaches its limit."""
    if state.draw_after_moves and state.ply + 1 >= state.draw_after_moves:
        return Result(None, "move-limit", "003 5.2.7.2")
    return None


def draw_offer(state: GameState, colour: str, *, closed: bool) -> GameState | Refusal:
    """``colour``'s draw offer put on the table (2.1.9.3–2.1.9.4), or refused.
    ``closed``: play has closed for adjudication, so either side may offer."""
    if state.draw_offer_by:
        return refused("draw-already-offered", N_("A draw offer is already on the table."))
    if not closed and (state.ply == 0 or state.to_move == colour):
        return refused(
            "draw-offer-not-now", N_("A player may offer a draw only right after making his move (003 2.1.9.3).")
        )
    if state.draw_barred == colour:
        return refused(
            "draw-offer-used",
            N_(
                "Your offer was declined: you may offer again only after your opponent has used "
                "his right to offer (003 2.1.9.4)."
            ),
        )
    # Once the opponent has used his right, the other may offer again.
    barred = "" if state.draw_barred and state.draw_barred != colour else state.draw_barred
    return state._replace(draw_offer_by=colour, draw_offer_ply=state.ply, draw_barred=barred)


# ---- the game's timing ----------------------------------------------------------------------------
def _ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


def _at(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=UTC)


def _mover_pauses(state: GameState, pauses: Pauses | None) -> list[tuple[int, int]]:
    """The side to move's vacations since his turn began (none for a clock in minutes)."""
    if not state.control.correspondence or not pauses or state.turn_started_at is None:
        return []
    since = _ms(state.turn_started_at)
    return [(a, b) for a, b in pauses.get(state.member_of(state.to_move), ()) if b > since]


def lateness_at(state: GameState) -> datetime | None:
    """When a player still absent from a scheduled live game forfeits (1.9.1):
    ``starts_at`` plus the allowed lateness, while one of them has not come.
    Correspondence games have none: their first-move period is the lateness;
    nor has a game at the board: there the arbiter decides a no-show."""
    if not state.venue.worker_forfeit:
        return None
    if state.lateness_ms is None or state.starts_at is None or state.control.correspondence:
        return None
    if state.is_present(WHITE) and state.is_present(BLACK):
        return None
    return state.starts_at + timedelta(milliseconds=state.lateness_ms)


def second_mover_awaited(state: GameState) -> str | None:
    """1.6.3: «Если отсутствует участник, играющий чёрными, то белые своего хода на доске не
    делают» — the colour of the second mover of a scheduled live game, before its first move,
    while he has not come: the first mover waits and makes no move. None otherwise."""
    if state.starts_at is not None and not state.white_moves and not state.black_moves:
        tc = state.control
        # A game at the board has its clocks on the table: the arbiter starts them there.
        if state.venue.server_clock and tc.timed and not tc.correspondence:
            second = opponent(state.to_move)
            return None if state.is_present(second) else second
    return None


def clock_running(state: GameState) -> str:
    """Whose clock runs while one does: the absent player's (1.6.3: «пуская … часы
    отсутствующего участника») — the second mover's while the first mover is there and he is
    not; the first mover's when both are away; else the side to move's."""
    awaited = second_mover_awaited(state)
    if awaited is not None and state.is_present(state.to_move):
        return awaited
    return state.to_move


def first_move_free(state: GameState) -> bool:
    """Is the side to move's first move off the clock? In a live game made
    without a scheduled start (a challenge) neither first move is charged: the
    clock must not run before a player could have opened the game."""
    if not state.venue.first_move_period:
        return False
    if state.starts_at is not None or state.turn_started_at is None:
        return False
    tc = state.control
    if tc.correspondence or not tc.timed:
        return False
    return not state.moves_of(state.to_move)


def first_move_grace_at(state: GameState) -> datetime | None:
    """When the game is aborted for want of the side to move's first move."""
    if state.turn_started_at is None or not first_move_free(state):
        return None
    return state.turn_started_at + timedelta(seconds=state.first_move_seconds)


def _flag_at(state: GameState, colour: str, started: datetime, pauses: Pauses | None) -> datetime:
    """When ``colour``'s flag falls, his clock running since ``started`` (a bank's cap per move counted)."""
    return _at(
        clock.deadline_ms(
            turn_started_ms=_ms(started),
            left_ms=state.control.allowance_ms(state.left_of(colour)),
            pauses=_mover_pauses(state, pauses),
        )
    )


def flag_deadline(state: GameState, pauses: Pauses | None = None) -> datetime | None:
    """When the running clock's flag falls (``clock_running``: the side to move's,
    or an absent player's, 1.6.3), vacations counted, a bank's cap per move too
    (None: untimed, the clock is not running or not the server's)."""
    if not state.venue.server_clock:
        return None
    if not state.control.timed or state.turn_started_at is None or first_move_free(state):
        return None
    return _flag_at(state, clock_running(state), state.turn_started_at, pauses)


def deadline(state: GameState, pauses: Pauses | None = None) -> datetime | None:
    """The moment the sweep must look at the game: the first of the lateness
    moment, the first-move grace and the flag fall; never for a game whose
    venue keeps the sweep away (at the board)."""
    if not state.venue.flag_sweep:
        return None
    moments = [m for m in (lateness_at(state), first_move_grace_at(state), flag_deadline(state, pauses)) if m]
    return min(moments, default=None)


def thinking(state: GameState, now: datetime, pauses: Pauses | None = None) -> int:
    """How long the side to move has used since his turn began (vacations excluded)."""
    if state.turn_started_at is None or first_move_free(state):
        return 0
    return clock.thinking_ms(
        turn_started_ms=_ms(state.turn_started_at), now_ms=_ms(now), pauses=_mover_pauses(state, pauses)
    )


def time_ending(state: GameState, *, flagged: str) -> Ending:
    """How the game ends when ``flagged`` has run out of time (1.7.9, 1.16.8,
    5.2.6.4, 2.1.9.1.2): a loss even if the opponent could not possibly win.

    A correspondence game with an allowed lateness (a championship's) treats a
    first-move period that ran out without the first move as a no-show: a
    forfeit, not a time loss (1.9.1)."""
    other = opponent(flagged)
    tc = state.control
    if tc.correspondence and state.lateness_ms is not None and not state.moves_of(flagged):
        return Ending(other, "forfeit", "003 1.9.1", forfeit=True)
    verdict = clock.flag_fall_verdict(
        flagged=flagged,
        opponent_flag_down=not tc.correspondence and state.left_of(other) <= 0,
        clause=clock.flag_fall_clause(discipline=state.discipline, speed=state.speed),
    )
    return Ending(verdict.winner, verdict.reason, verdict.clause)


def absence_ending(state: GameState, now: datetime) -> tuple[datetime, Ending] | None:
    """The game's end for want of a player at ``now``, with its moment, if due:

    * the allowed lateness has passed with a player absent (1.9.1): he loses
      by forfeit; both absent, both lose (1.9.2);
    * a challenge's live game whose side to move has not made his first move
      within the grace: aborted, no result.
    """
    late = lateness_at(state)
    if late is not None and late <= now:
        white_here, black_here = state.is_present(WHITE), state.is_present(BLACK)
        if not white_here and not black_here:
            return late, Ending(None, "forfeit", "003 1.9.2", forfeit=True)
        return late, Ending(WHITE if white_here else BLACK, "forfeit", "003 1.9.1", forfeit=True)
    grace = first_move_grace_at(state)
    if grace is not None and grace <= now:
        return grace, Ending(None, "no-first-move", aborted=True)
    return None


def overdue_ending(state: GameState, now: datetime, pauses: Pauses | None = None) -> tuple[datetime, Ending] | None:
    """How and when the game ends if it is overdue at ``now`` (absence first,
    then the flag, vacations as they are now); None if it is not."""
    absent = absence_ending(state, now)
    if absent is not None:
        return absent
    flag = flag_deadline(state, pauses)
    if flag is not None and flag <= now:
        return flag, time_ending(state, flagged=clock_running(state))
    return None
