"""Clock maths: pure Python, no Django, no ORM (003 §1.7, 1.16.7, 2.1.9.1.2).

The server's clock is the only clock. A game stores, with every move, the
server instant it was accepted and the mover's time left after it; the game
row keeps the current state (both players' time left, the instant the side
to move started thinking). Everything here is a function of those numbers:
times are integer milliseconds (instants are milliseconds since the epoch),
so nothing is rounded and a test can name the exact boundary.

Time controls (``TimeControl.parse`` / ``str``):

* ``"2700"``               sudden death: 45′ for the whole game.
* ``"1800+30"``            Fischer: 30′ plus 30″ after every move made.
* ``"7200/50,3600/25"``    periods by move count (3.6.1): 2 h for 50 moves,
                           then 1 h for every 25 moves; the last period
                           repeats while it has a move count, and unused
                           time is carried over ("ему добавляется его
                           неизрасходованное время").
* ``"2700/20,900"``        45′ for 20 moves, then 15′ to the end (2.2.3.1).
* ``"7200/50,3600/25+10"`` periods and an increment together.
* ``"d3"``                 correspondence: 3 days per move (a fresh
                           allowance for every move).
* ``"d135max21"``          correspondence time bank: 135 days for the game,
                           at most 21 days on any one move (the renju
                           correspondence world championship).
* ``"d30+3"``              a bank with 3 days added after every move; the
                           bank alone limits a move. ``"d135+1max21"``: both;
                           ``"d135+0"``: 135 days for the game.
* ``"d50/10"``             correspondence moves in days (ICCF): 50 days for
                           every 10 moves; further periods and carry-over as
                           the live periods (``"d50/10,30/10"``, ``"d50/10,30"``).
* ``"-"``                  untimed (archive games, imports).

Every correspondence control's text starts with ``d``; only this module reads
the text: the rest of the house holds a ``TimeControl`` (``games.model_fields``)
and asks it (``correspondence``, ``speed_in``). A player's correspondence time
does not run while he is on vacation.

The flag falls at the instant a player's time reaches zero: a move accepted
``elapsed`` ms after the turn began is in time only if ``elapsed <
allowance_ms(left)`` (1.7.9: expiry is fixed at the moment the flag falls);
the allowance is what he has left, but at most a bank's cap per move.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from games.rules import names
from games.rules.words import N_, WordedError

MS = 1000
DAY_S = 86_400
DAY_MS = DAY_S * MS
CORRESPONDENCE_DAYS = (1, 2, 3, 5, 7, 10, 14)

WHITE = "white"
BLACK = "black"


class BadTimeControl(WordedError):
    """A time control the club does not take (a template and its facts, ``games.rules.words``)."""


@dataclass(frozen=True, slots=True)
class Period:
    """``seconds`` for the next ``moves`` moves (``None``: to the end of the game)."""

    seconds: int
    moves: int | None = None


@dataclass(frozen=True, slots=True)
class TimeControl:
    periods: tuple[Period, ...] = ()
    increment: int = 0  # seconds added after every move (Fischer; a bank's days added)
    days: int = 0  # correspondence: days per move
    cap: int = 0  # a correspondence bank: at most these seconds on one move (0: no cap)
    in_days: bool = False  # a correspondence bank or moves in days: whole days in seconds

    # ---- text form ---------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read a control's text; ``BadTimeControl`` for anything malformed or
        beyond the absolute limits below (so no clock or deadline overflows).

        Each text is read once per process: a control is immutable, and a move,
        a clock correction or a sweep asks for its game's control many times."""
        return _parsed(text or "")

    @classmethod
    def _read(cls, text: str) -> TimeControl:
        text = text.strip().replace(" ", "")
        if len(text) > MAX_TEXT:
            raise BadTimeControl(N_("a time control is at most %(MAX_TEXT)s characters"), MAX_TEXT=MAX_TEXT)
        if text in ("", "-"):
            return cls()
        if text[0] in "dD":
            return _correspondence(text[1:])
        increment = 0
        if "+" in text:
            text, _, inc = text.rpartition("+")
            increment = _int(inc, "increment")
        periods = []
        for item in text.split(","):
            seconds, _, moves = item.partition("/")
            periods.append(Period(_int(seconds, "period time"), _int(moves, "move count") if moves else None))
        for i, period in enumerate(periods):
            if period.seconds <= 0 and not (increment and i == 0 and len(periods) == 1):
                raise BadTimeControl(N_("every period needs a positive number of seconds"))
            if period.moves is not None and period.moves <= 0:
                raise BadTimeControl(N_("a period's move count must be positive"))
            if period.moves is None and i != len(periods) - 1:
                raise BadTimeControl(N_("only the last period may run to the end of the game"))
        if increment < 0:
            raise BadTimeControl(N_("the increment cannot be negative"))
        if len(periods) > MAX_PERIODS:
            raise BadTimeControl(N_("at most %(MAX_PERIODS)s periods"), MAX_PERIODS=MAX_PERIODS)
        if any(p.seconds > MAX_PERIOD_SECONDS for p in periods) or increment > MAX_INCREMENT:
            raise BadTimeControl(
                N_("a period is at most %(MAX_PERIOD_SECONDS)s seconds and the increment at most %(MAX_INCREMENT)s"),
                MAX_PERIOD_SECONDS=MAX_PERIOD_SECONDS,
                MAX_INCREMENT=MAX_INCREMENT,
            )
        if any(p.moves is not None and p.moves > MAX_PERIOD_MOVES for p in periods):
            raise BadTimeControl(
                N_("a period is at most %(MAX_PERIOD_MOVES)s moves"), MAX_PERIOD_MOVES=MAX_PERIOD_MOVES
            )
        return cls(periods=tuple(periods), increment=increment)

    def __str__(self) -> str:
        if self.days:
            return f"d{self.days}"
        if not self.periods:
            return "-"
        if self.kind == "correspondence-bank":
            added = f"+{self.increment // DAY_S}" if self.increment or not self.cap else ""  # d135+0, not d135
            return f"d{self.periods[0].seconds // DAY_S}{added}" + (f"max{self.cap // DAY_S}" if self.cap else "")
        if self.kind == "correspondence-periods":
            return "d" + _periods_text(self.periods, DAY_S)
        text = _periods_text(self.periods, 1)
        return f"{text}+{self.increment}" if self.increment else text

    # ---- what kind -----------------------------------------------------------
    @property
    def kind(self) -> str:
        if self.days:
            return "correspondence"
        if self.in_days:
            return "correspondence-periods" if self.periods[0].moves else "correspondence-bank"
        if not self.periods:
            return "untimed"
        if len(self.periods) > 1 or self.periods[0].moves:
            return "periods"
        return "fischer" if self.increment else "sudden-death"

    @property
    def timed(self) -> bool:
        return bool(self.days or self.periods)

    @property
    def correspondence(self) -> bool:
        """Days per move, a bank or moves in days: vacations stop the clock."""
        return bool(self.days) or self.in_days

    @property
    def speed(self) -> str:
        """Speed class for ratings: the seeds' blitz (3–5′, 3′+2″, 2.1.11.3),
        rapid (10–30′, 8′+4″, 2.1.11.2, 3.6.2) and classical (45′ and up),
        judged on the expected time of a 40-move game per player."""
        if self.correspondence:
            return "correspondence"
        if not self.periods:
            return "untimed"
        expected = self.periods[0].seconds + 40 * self.increment
        if self.periods[0].moves and self.periods[0].moves < 40:
            expected += sum(p.seconds for p in self.periods[1:2])
        if expected < 600:
            return "blitz"
        if expected < 2400:
            return "rapid"
        return "classical"

    def initial_ms(self) -> int:
        """Each player's time at the start (days per move: the first move's
        allowance; a bank: the whole bank, which its cap may not let one move use)."""
        if self.days:
            return self.days * DAY_MS
        return self.periods[0].seconds * MS if self.periods else 0

    def allowance_ms(self, left_ms: int) -> int:
        """How long the side to move may think over this move, ``left_ms``
        being his time when his turn began: all of it, but at most a bank's
        cap per move. His flag falls when the allowance runs out."""
        return min(left_ms, self.cap * MS) if self.cap else left_ms

    def bonus_ms(self, moves_made: int) -> int:
        """Time added when a player completes his ``moves_made``-th move.

        The increment after every move, and a new period's time when the move
        ends a period (carried over onto what is left, 3.6.1).
        """
        if self.days or not self.periods:
            return 0
        added = self.increment * MS
        boundary = 0
        for i, period in enumerate(self.periods):
            if period.moves is None:
                return added
            boundary += period.moves
            if moves_made == boundary:
                following = self.periods[i + 1] if i + 1 < len(self.periods) else period
                return added + following.seconds * MS
            if moves_made < boundary:
                return added
        last = self.periods[-1]  # the last period repeats every ``last.moves`` moves
        if (moves_made - boundary) % last.moves == 0:
            return added + last.seconds * MS
        return added

    def speed_in(self, discipline: str) -> str:
        """The speed class by the discipline's own clauses.

        International draughts (3.6.2–3.6.3) counts the time for the first 60
        moves: 5 up to 15 minutes is blitz (its minimum Fischer 3′+2″), 15 to
        30 minutes rapid (its minimum Fischer 10′+5″ is 15 minutes on 60
        moves), above that classical (3.6.1). Russian, шашки-64, giveaway
        (2.1.11, 2.2.3, 4.3) and renju (000 9.4) keep ``speed``."""
        if discipline != "international" or self.correspondence or not self.periods:
            return self.speed
        first = self.periods[0]
        on_60 = first.seconds + 60 * self.increment
        if first.moves and first.moves < 60:
            on_60 += sum(p.seconds for p in self.periods[1:2])
        if on_60 < 900:
            return "blitz"
        if on_60 <= 1800:
            return "rapid"
        return "classical"


@lru_cache(maxsize=512)
def _parsed(text: str) -> TimeControl:
    return TimeControl._read(text)


def _int(text: str, what: str) -> int:
    if not text.isascii() or not text.isdigit():  # no "1_000", "٣", "-5" or "+5" here
        raise BadTimeControl(N_("bad %(what)s: %(text)r"), what=what, text=text)
    return int(text)


def _periods_text(periods: tuple[Period, ...], unit_s: int) -> str:
    return ",".join(f"{p.seconds // unit_s}/{p.moves}" if p.moves else str(p.seconds // unit_s) for p in periods)


_CORRESPONDENCE_FORMS = (
    "write d<days> for days per move (d3), d<days>+<days a move>max<days> for a time bank "
    "(d135max21, d30+3, d135+1max21) or d<days>/<moves> for moves in days (d50/10)"
)


def _correspondence(body: str) -> TimeControl:
    """A correspondence control's text after its ``d``."""
    try:
        days = int(body)  # d<days> reads exactly as it always has (int() takes "+3" and "03" too)
    except ValueError:
        pass
    else:
        if days not in CORRESPONDENCE_DAYS:
            raise BadTimeControl(
                N_("correspondence allows %(allowed)s days per move, not %(days)s"),
                allowed=", ".join(map(str, CORRESPONDENCE_DAYS)),
                days=days,
            )
        return TimeControl(days=days)
    body = body.lower()
    if "/" in body:
        return _moves_in_days(body)
    if "+" in body or "max" in body:
        return _bank(body)
    raise BadTimeControl(
        N_("correspondence time control %(text)r: %(CORRESPONDENCE_FORMS)s"),
        text="d" + body,
        CORRESPONDENCE_FORMS=_CORRESPONDENCE_FORMS,
    )


def _bank(body: str) -> TimeControl:
    """``<days>[+<days added a move>][max<days a move at most>]``."""
    before_cap, has_cap, cap_text = body.partition("max")
    bank_text, has_added, added_text = before_cap.partition("+")
    bank = _int(bank_text, "time bank (days)")
    added = _int(added_text, "days added a move") if has_added else 0
    cap = _int(cap_text, "cap per move (days)") if has_cap else 0
    if not 1 <= bank <= MAX_DAYS:
        raise BadTimeControl(N_("a time bank is 1 to %(MAX_DAYS)s days, not %(bank)s"), MAX_DAYS=MAX_DAYS, bank=bank)
    if added > MAX_DAYS_A_MOVE:
        raise BadTimeControl(
            N_("at most %(MAX_DAYS_A_MOVE)s days are added a move, not %(added)s"),
            MAX_DAYS_A_MOVE=MAX_DAYS_A_MOVE,
            added=added,
        )
    if has_cap and cap < 1:
        raise BadTimeControl(N_("the cap per move is at least 1 day"))
    if cap > bank:
        raise BadTimeControl(
            N_("the cap per move (%(cap)s days) cannot be larger than the time bank (%(bank)s days)"),
            cap=cap,
            bank=bank,
        )
    return TimeControl(periods=(Period(bank * DAY_S),), increment=added * DAY_S, cap=cap * DAY_S, in_days=True)


def _moves_in_days(body: str) -> TimeControl:
    """``<days>/<moves>[,<days>/<moves>…][,<days>]``, as the live periods."""
    if "+" in body or "max" in body:
        raise BadTimeControl(N_("moves in days take no days added or cap per move: write d<days>/<moves>, e.g. d50/10"))
    items = body.split(",")
    if len(items) > MAX_PERIODS:
        raise BadTimeControl(N_("at most %(MAX_PERIODS)s periods"), MAX_PERIODS=MAX_PERIODS)
    periods = []
    for i, item in enumerate(items):
        days_text, by_moves, moves_text = item.partition("/")
        days = _int(days_text, "period (days)")
        moves = _int(moves_text, "move count") if by_moves else None
        if moves is None and i != len(items) - 1:
            raise BadTimeControl(N_("only the last period may run to the end of the game"))
        if moves is not None and not 1 <= moves <= MAX_PERIOD_MOVES:
            raise BadTimeControl(
                N_("a period counts 1 to %(MAX_PERIOD_MOVES)s moves, not %(moves)s"),
                MAX_PERIOD_MOVES=MAX_PERIOD_MOVES,
                moves=moves,
            )
        if not 1 <= days <= MAX_DAYS:
            raise BadTimeControl(N_("a period is 1 to %(MAX_DAYS)s days, not %(days)s"), MAX_DAYS=MAX_DAYS, days=days)
        if moves is not None and days > MAX_DAYS_A_MOVE * moves:
            raise BadTimeControl(
                N_("a period gives at most %(MAX_DAYS_A_MOVE)s days a move: %(days)s days for %(moves)s"),
                MAX_DAYS_A_MOVE=MAX_DAYS_A_MOVE,
                days=days,
                moves=moves,
            )
        periods.append(Period(days * DAY_S, moves))
    return TimeControl(periods=tuple(periods), in_days=True)


# Absolute limits of any control the club stores.
MAX_TEXT = 64
MAX_PERIODS = 4
MAX_PERIOD_SECONDS = 86_400
MAX_INCREMENT = 3_600
MAX_PERIOD_MOVES = 1_000
# Correspondence: a bank, its cap and a period are at most a year, and no
# control gives more than 30 days a move (added, or a period's days over its
# moves), so a deadline stays inside the calendar (datetime ends in 9999) for
# over 90,000 moves a player: far beyond any game of the club's disciplines.
MAX_DAYS = 365
MAX_DAYS_A_MOVE = 30

# What a member may offer in a challenge (a championship sets its own control):
# the seeds' range, from the fastest blitz (3′, 3′+2″: 2.1.11.3, 3.6.3) to the
# longest first control (2 h: 3.6.1, 000 9.4.1), at most a minute's increment
# (3.6.1) and periods of 10 to 100 moves (20–60 in 2.2.3.1, 3.6.1).
LIVE_FIRST_SECONDS = (180, 7_200)
LIVE_LATER_SECONDS = (300, 7_200)
LIVE_INCREMENT = (0, 60)
LIVE_PERIOD_MOVES = (10, 100)
FIVE_IN_A_ROW = tuple(names("renju"))  # renju and its relatives, as the rules module names them


def check_allowed(tc: TimeControl, discipline: str) -> None:
    """Refuse (``BadTimeControl``, saying why) a control outside what the club
    offers for ``discipline``; correspondence and untimed controls pass."""
    if tc.correspondence or not tc.periods:
        return
    if discipline in FIVE_IN_A_ROW and tc.kind == "periods":
        raise BadTimeControl(
            N_(
                "renju and its family are played with a time for the whole game, with or without an increment (000 9.4.1), not with periods by moves"
            )
        )
    first, *later = tc.periods
    low, high = LIVE_FIRST_SECONDS
    if not low <= first.seconds <= high:
        raise BadTimeControl(
            N_("the time for the game (or its first period) is %(low)s to %(high)s minutes (003 2.1.11, 3.6.1)"),
            low=low // 60,
            high=high // 60,
        )
    low, high = LIVE_LATER_SECONDS
    if any(not low <= p.seconds <= high for p in later):
        raise BadTimeControl(N_("a later period is %(low)s to %(high)s minutes"), low=low // 60, high=high // 60)
    low, high = LIVE_INCREMENT
    if not low <= tc.increment <= high:
        raise BadTimeControl(N_("the increment is at most %(high)s seconds a move (003 3.6.1)"), high=high)
    low, high = LIVE_PERIOD_MOVES
    if any(p.moves is not None and not low <= p.moves <= high for p in tc.periods):
        raise BadTimeControl(N_("a period by moves counts %(low)s to %(high)s moves"), low=low, high=high)


# ---- presets the seeds list per discipline ----------------------------------------
@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    control: str  # as written (a form's choice); ``time_control`` is its value
    clause: str

    @property
    def time_control(self) -> TimeControl:
        return TimeControl.parse(self.control)


_RUSSIAN = (
    Preset("classical 45′", "2700", "003 2.1.11.1"),
    Preset("classical 30′+30″", "1800+30", "003 2.1.11.1"),
    Preset("classical 40′+5″", "2400+5", "003 2.1.11.1"),
    Preset("rapid 15′", "900", "003 2.1.11.2"),
    Preset("rapid 8′+4″", "480+4", "003 2.1.11.2"),
    Preset("blitz 5′", "300", "003 2.1.11.3"),
    Preset("blitz 3′+2″", "180+2", "003 2.1.11.3"),
)
# Correspondence is not in the seeds: the club's days per move, and the controls real events use.
_CORRESPONDENCE = tuple(Preset(f"correspondence {d} d/move", f"d{d}", "club") for d in CORRESPONDENCE_DAYS) + (
    Preset("correspondence 10 moves in 50 days", "d50/10", "ICCF"),
)
PRESETS: dict[str, tuple[Preset, ...]] = {
    "russian": _RUSSIAN,
    "russian-64": (
        Preset("classical 45′/20 then 15′", "2700/20,900", "003 2.2.3.1"),
        Preset("classical 45′+30″", "2700+30", "003 2.2.3.1"),
        Preset("rapid 15′", "900", "003 2.2.3.2"),
        Preset("rapid 8′+4″", "480+4", "003 2.2.3.2"),
        Preset("blitz 5′", "300", "003 2.2.3.3"),
        Preset("blitz 3′+2″", "180+2", "003 2.2.3.3"),
    ),
    "international": (
        Preset("classical 2 h/50 then 1 h/25", "7200/50,3600/25", "003 3.6.1"),
        Preset("classical 2 h/50 then 1 h", "7200/50,3600", "003 3.6.1"),
        Preset("classical 2 h/50 then 30′", "7200/50,1800", "003 3.6.1"),
        Preset("classical 1 h 30′/40 then 1 h", "5400/40,3600", "003 3.6.1"),
        Preset("classical 1 h 20′+1′", "4800+60", "003 3.6.1"),
        Preset("rapid 20′", "1200", "003 3.6.2"),
        Preset("rapid 10′+5″", "600+5", "003 3.6.2"),
        Preset("blitz 5′", "300", "003 3.6.3"),
        Preset("blitz 5′+3″ (Lehmann–Georgiev)", "300+3", "003 3.6.4"),
    ),
    "giveaway": (
        Preset("classical 45′", "2700", "003 4.3.1"),
        Preset("classical 30′+30″", "1800+30", "003 4.3.1"),
        Preset("classical 40′+5″", "2400+5", "003 4.3.1"),
    ),
    "renju": (
        Preset("classical 120′+30″", "7200+30", "000 9.4.1"),
        Preset("classical 90′+30″", "5400+30", "000 9.4.1"),
        Preset("classical 90′", "5400", "000 9.4.1"),
        Preset("classical 45′+10″", "2700+10", "000 9.4.1"),
        Preset("correspondence 135 d, at most 21 d/move", "d135max21", "RIF correspondence world championship"),
        Preset("correspondence 135 d/game", "d135+0", "world correspondence gomoku championship"),
    ),
}


def presets(discipline: str) -> tuple[Preset, ...]:
    base = PRESETS.get(discipline, PRESETS["renju"] if discipline in FIVE_IN_A_ROW else ())
    return base + _CORRESPONDENCE


# ---- the running clock ------------------------------------------------------------------
def both_absent_charges(elapsed_ms: int, *, one_clock_for_both: bool) -> tuple[int, int]:
    """What the time from the start until the first player arrives, both absent, costs the
    first mover and his opponent, in that order. 003 1.6.3: «судья делит пополам истёкшее
    время, устанавливает это время на обоих часах»; 002 §15 (renju): «одни часы должны быть
    запущены. Время на этих часах течет для обоих игроков» — each loses all of it."""
    if one_clock_for_both:
        return elapsed_ms, elapsed_ms
    half = elapsed_ms // 2
    return elapsed_ms - half, half


class FlagFell(Exception):
    """The mover's time ran out before his move arrived (1.7.9)."""

    def __init__(self, overdue_ms: int):
        super().__init__(f"time ran out {overdue_ms} ms before the move")
        self.overdue_ms = overdue_ms


def time_left_after_move(tc: TimeControl, *, left_ms: int, elapsed_ms: int, moves_made: int) -> int:
    """The mover's time left after his move, which is his ``moves_made``-th.

    ``left_ms`` is what he had when his turn began, ``elapsed_ms`` how long the
    server saw him think. Raises ``FlagFell`` if the move came at or after the
    instant his allowance (``TimeControl.allowance_ms``) ran out. Days per
    move: the allowance is fresh for every move, so what is left is the next
    move's allowance. A bank: what is left of the bank, plus the days added.
    """
    if not tc.timed:
        return 0
    if elapsed_ms < 0:
        elapsed_ms = 0  # two server clocks a hair apart; never give time back
    allowed = tc.allowance_ms(left_ms)
    if elapsed_ms >= allowed:
        raise FlagFell(elapsed_ms - allowed)
    if tc.days:
        return tc.days * DAY_MS
    return left_ms - elapsed_ms + tc.bonus_ms(moves_made)


def paused_ms(start_ms: int, end_ms: int, pauses: Iterable[tuple[int, int]]) -> int:
    """How much of [start, end) falls inside the (possibly overlapping) pauses."""
    total = 0
    cursor = start_ms
    for a, b in sorted(pauses):
        a, b = max(a, cursor), min(b, end_ms)
        if b > a:
            total += b - a
            cursor = b
    return total


def deadline_ms(*, turn_started_ms: int, left_ms: int, pauses: Iterable[tuple[int, int]] = ()) -> int:
    """The instant the side to move's flag falls, ``left_ms`` being his
    allowance for the move (``TimeControl.allowance_ms``).

    ``pauses`` are that player's vacations (correspondence only): time inside
    them does not count, so the deadline moves out by every paused stretch it
    would otherwise have crossed.
    """
    deadline = turn_started_ms + left_ms
    for a, b in sorted(pauses):
        if b <= turn_started_ms or a >= deadline:
            continue
        a = max(a, turn_started_ms)
        deadline += b - a
    return deadline


def thinking_ms(*, turn_started_ms: int, now_ms: int, pauses: Iterable[tuple[int, int]] = ()) -> int:
    """Time the side to move has used since his turn began, vacations excluded."""
    return max(now_ms - turn_started_ms - paused_ms(turn_started_ms, now_ms, pauses), 0)


def clocks_now(
    *, white_ms: int, black_ms: int, to_move: str, now_ms: int, flag_ms: int | None, flag_fell: bool = False
) -> dict[str, int]:
    """What each clock shows at ``now_ms``: the one clock-now every reader uses
    (the game page, the API, an arbiter stopping or correcting the clocks).

    ``white_ms``/``black_ms`` are the stored times (what each had when his last
    turn began). While the side to move's clock runs, ``flag_ms`` is the
    instant his flag falls (``deadline_ms``: vacations counted), and his clock
    shows the time until then, never below zero; ``None`` while it does not run
    (untimed, stopped, before a scheduled start, a first move off the clock).
    ``flag_fell``: the game ended on his flag (1.7.9, 2.1.9.1.2), so his clock
    shows zero rather than what he had when the turn began.
    """
    left = {WHITE: white_ms, BLACK: black_ms}
    if flag_ms is not None:
        left[to_move] = max(flag_ms - now_ms, 0)
    if flag_fell:
        left[to_move] = 0
    return left


@dataclass(frozen=True, slots=True)
class TimeVerdict:
    winner: str | None
    reason: str
    clause: str


def flag_fall_verdict(*, flagged: str, opponent_flag_down: bool, clause: str = "003 1.7.9") -> TimeVerdict:
    """How a game ends when ``flagged``'s time has run out.

    * both flags down: draw (2.1.9.1.2, 1.16.7) — on the server this happens
      only when the other clock was already at zero (an arbiter's correction
      or an imported clock state), since one clock runs at a time;
    * otherwise the opponent wins on time, even when he could not possibly
      win on the board: the seeds know no "insufficient material" draw
      (1.7.9, 1.16.8 "даже в теоретически выигранной им позиции"; renju
      003 5.2.6.4, 000 9.2.6.4). ``clause`` names the discipline's clause.
      The one exception, 1.7.12 (the flag-falling move itself left the
      opponent no piece or no move), is judged where the move is made.
    """
    other = BLACK if flagged == WHITE else WHITE
    if opponent_flag_down:
        return TimeVerdict(None, "both-flags", "003 2.1.9.1.2")
    return TimeVerdict(other, "time", clause)


def flag_fall_clause(*, discipline: str, speed: str) -> str:
    """The clause a time loss cites: renju and its family 003 5.2.6.4 (000
    9.2.6.4), draughts rapid and blitz 003 1.16.8, otherwise 003 1.7.9."""
    if discipline in FIVE_IN_A_ROW:
        return "003 5.2.6.4"
    if speed in ("rapid", "blitz"):
        return "003 1.16.8"
    return "003 1.7.9"


def replay_clock(tc: TimeControl, *, start_ms: int, move_instants: list[int], first: str = WHITE) -> dict:
    """The clock state after a list of accepted move instants:
    ``{"white": left, "black": left}``, ``time_left_after_move`` applied move
    by move (no vacations: correspondence pauses are not replayed). The server
    does not call it; tests/games/test_clock.py checks the clock maths with it.
    Raises ``FlagFell`` if a move in the list was late."""
    left = {WHITE: tc.initial_ms(), BLACK: tc.initial_ms()}
    made = {WHITE: 0, BLACK: 0}
    side, since = first, start_ms
    for at in move_instants:
        made[side] += 1
        left[side] = time_left_after_move(tc, left_ms=left[side], elapsed_ms=at - since, moves_made=made[side])
        side, since = (BLACK if side == WHITE else WHITE), at
    return left
