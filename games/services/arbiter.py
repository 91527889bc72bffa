"""The writes of an arbiter's decisions on a game: its result set, changed or
annulled (003 1.4, 1.12.2), and its clocks stopped, restarted or corrected.

Who may decide, and whether a result may still change, is the competition
layer's to say (``club.championships.authority``, from the game itself): its
services ask first and then call these. The games layer's own edges (API,
pages, admin) never call them (.importlinter). An ongoing game ends through
``game_finish`` (so its follow-up runs once); a finished game's changed or
annulled result is recorded as a ``GameEvent`` and announced with
``events.game_result_changed`` on commit, where ratings recompute from that
game on.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import events, results, selectors
from games.models import Game, GameEvent
from games.rules import family
from games.timing import STARTED, STOPPED, clock_running, clocks_stopped, game_deadline
from games.venue import venue_rules
from members.models import Member

from .errors import Conflict, Invalid, RuleRefusal
from .finish import Ending, flag_if_fallen, game_finish
from .guards import game_locked

# The six results of games/results.py, and "annulled": an arbiter's action that leaves no result.
ANNULLED = "annulled"
RESULTS = results.RESULTS + (ANNULLED,)
# Why a finished game's result may still change (2.1.10.4: no claim once the game is over):
# a recording error, a sanction (1.4), or an irregularity that annuls it (2.1.10.1–2.1.10.3);
# and an unfinished game's end by adjudication (a correspondence event's closing date).
GROUNDS = ("recording-error", "sanction", "irregularity", "adjudication")


def played_online(game: Game) -> bool:
    """Is ``game`` played on the server (online or by correspondence), where every move is the
    players' own? Not at a board (``games.venue``), nor with a guest, who has no account."""
    if venue_rules(game).results_reported:
        return False
    return not (game.white.is_guest or game.black.is_guest)


def correction_window() -> timedelta:
    """How long after a club game ends its result may be corrected (championship
    games: until the championship's results are final)."""
    return timedelta(days=settings.GAMES_RESULT_CORRECTION_DAYS)


def game_result_change(
    *,
    game_id: int,
    arbiter: Member,
    result: str,
    reason: str,
    clause: str = "",
    grounds: str = "recording-error",
    now: datetime | None = None,
) -> Game:
    """Set an ongoing game's result, or correct a finished one on ``GROUNDS``
    (2.1.10.4). Call once the authority allowed it (module docstring)."""
    with transaction.atomic():
        return game_result_apply(
            game=game_locked(game_id),
            arbiter=arbiter,
            result=result,
            reason=reason,
            clause=clause,
            grounds=grounds,
            now=now,
        )


def game_result_apply(
    *,
    game: Game,
    arbiter: Member,
    result: str,
    reason: str,
    clause: str = "",
    grounds: str = "recording-error",
    now: datetime | None = None,
) -> Game:
    """``game_result_change`` for a caller that holds the game's lock already
    (``guards.game_locked``, taken once in its transaction: an adjudication)."""
    if result not in RESULTS:
        raise Invalid("bad-result", _("A result is one of %(results)s.") % {"results": ", ".join(RESULTS)})
    if grounds not in GROUNDS:
        raise Invalid(
            "bad-grounds",
            _("A result is corrected on the grounds of %(grounds)s (003 2.1.10.4).") % {"grounds": ", ".join(GROUNDS)},
        )
    if not reason.strip():
        raise Invalid("no-reason", _("Say why: every arbiter's decision is recorded with its reason."))
    now = now or timezone.now()
    before = {"status": game.status, "result": game.result, "termination": game.termination}
    forfeit = results.is_forfeit(result)  # +/-, -/+, -/- (1.12.2)
    termination = "forfeit" if forfeit else ("adjudication" if grounds == "adjudication" else "arbiter")
    if game.status == Game.Status.ONGOING and result != ANNULLED:
        game_finish(
            game=game,
            ending=Ending(
                results.winner(result),
                termination,
                clause or "003 1.4",
                forfeit=forfeit,
                both_lost=result == results.BOTH_LOST,
            ),
            now=now,
        )
    else:
        game.status = Game.Status.ANNULLED if result == "annulled" else Game.Status.FINISHED
        game.result = "" if result == "annulled" else result
        game.termination, game.termination_clause = ("annulled" if result == "annulled" else termination), clause
        game.deadline = None
        game.ended_at = game.ended_at or now
        game.save(update_fields=["status", "result", "termination", "termination_clause", "deadline", "ended_at"])
        events.game_changed_on_commit(game.pk)
        if before["status"] != Game.Status.ONGOING:
            transaction.on_commit(lambda: events.game_result_changed(game.pk))
    GameEvent.objects.create(
        game=game,
        kind="result-set",
        ply=game.ply,
        data={
            "by": arbiter.pk,
            "before": before,
            "result": result,
            "reason": reason,
            "clause": clause,
            "grounds": grounds,
        },
    )
    return game


# ---- clock decisions (1.7.8, 5.3.1.5–5.3.1.6, 000 9.3.1.4, 002 14.6; adjournment 5.3.3.2) --------------


def correction_floor_ms(discipline: str) -> int:
    """A correction that shortens a player's time leaves him at least 15
    minutes in draughts (1.7.8), 5 in renju and its family (5.3.1.5)."""
    return (5 if family(discipline) == "renju" else 15) * 60_000


def _timed_ongoing(game: Game) -> None:
    if game.status != Game.Status.ONGOING:
        raise Conflict("game-over", _("The game is over."))
    tc = game.time_control
    if not tc.timed or tc.correspondence:
        raise RuleRefusal("not-live", _("Only a live game's clocks are stopped or corrected."))


def game_clocks_stop(
    *,
    game_id: int,
    arbiter: Member,
    reason: str,
    clause: str = "003 5.3.1.6",
    adjourned: bool = False,
    resume_at: datetime | None = None,
    now: datetime | None = None,
) -> Game:
    """Stop both clocks (an interruption, or an adjournment until ``resume_at``): the
    side to move keeps what he had left at ``now``; no move is accepted until they
    restart. If his flag had already fallen, the game ends on time instead."""
    if not reason.strip():
        raise Invalid("no-reason", _("Say why: every arbiter's decision is recorded with its reason."))
    now = now or timezone.now()
    with transaction.atomic():
        game = game_locked(game_id)
        _timed_ongoing(game)
        if clocks_stopped(game) is not None:
            raise Conflict("clocks-stopped", _("The clocks are already stopped."))
        if flag_if_fallen(game, now):
            return game
        field = "white_ms" if clock_running(game) == "white" else "black_ms"
        setattr(game, field, selectors.game_clocks(game, now=now)[field])
        game.turn_started_at = None
        game.deadline = game_deadline(game)
        game.save(update_fields=["white_ms", "black_ms", "turn_started_at", "deadline"])
        GameEvent.objects.create(
            game=game,
            kind=STOPPED,
            ply=game.ply,
            data={
                "by": arbiter.pk,
                "reason": reason,
                "clause": clause,
                "adjourned": adjourned,
                "at": now.isoformat(),
                **({"resume_at": resume_at.isoformat()} if resume_at else {}),
            },
        )
        events.game_changed_on_commit(game.pk)
        return game


def games_stop_for_adjudication(*, game_ids, reason: str, clause: str, now: datetime) -> list[int]:
    """Stop the clocks of the ongoing games among ``game_ids`` for adjudication
    (a correspondence event's closing date, or its round's deadline): no move
    is accepted after; the players may still resign or agree a draw until the
    arbiter rules. A game whose flag had already fallen ends on time instead.
    Idempotent. Returns the ids of the games stopped now."""
    stopped = []
    for game_id in sorted(game_ids):  # in id order: two sweeps never deadlock
        with transaction.atomic():
            game = game_locked(game_id)
            if game.status != Game.Status.ONGOING or clocks_stopped(game) is not None or flag_if_fallen(game, now):
                continue
            if game.turn_started_at is not None:
                field = "white_ms" if clock_running(game) == "white" else "black_ms"
                setattr(game, field, selectors.game_clocks(game, now=now)[field])
            game.turn_started_at, game.deadline = None, None
            game.save(update_fields=["white_ms", "black_ms", "turn_started_at", "deadline"])
            GameEvent.objects.create(
                game=game,
                kind=STOPPED,
                ply=game.ply,
                data={"by": None, "reason": reason, "clause": clause, "adjudication": True, "at": now.isoformat()},
            )
            events.game_changed_on_commit(game.pk)
            stopped.append(game.pk)
    return stopped


def game_clocks_start(*, game_id: int, arbiter: Member, reason: str = "", now: datetime | None = None) -> Game:
    """Restart the clocks the arbiter stopped: the side to move's clock runs from ``now``."""
    now = now or timezone.now()
    with transaction.atomic():
        game = game_locked(game_id)
        if clocks_stopped(game) is None:
            raise Conflict("clocks-running", _("The clocks are not stopped."))
        game.turn_started_at = now
        game.deadline = game_deadline(game)
        game.save(update_fields=["turn_started_at", "deadline"])
        GameEvent.objects.create(
            game=game, kind=STARTED, ply=game.ply, data={"by": arbiter.pk, "reason": reason, "at": now.isoformat()}
        )
        events.game_changed_on_commit(game.pk)
        return game


def game_clock_correct(
    *,
    game_id: int,
    arbiter: Member,
    white_ms: int,
    black_ms: int,
    reason: str,
    clause: str = "003 1.7.8",
    now: datetime | None = None,
) -> Game:
    """Set both players' time left (a defective clock, 1.7.8, 5.3.1.5). A
    shortened time never goes below ``correction_floor_ms``; a longer one is
    always allowed. The side to move's clock restarts from ``now``."""
    if not reason.strip():
        raise Invalid("no-reason", _("Say why: every arbiter's decision is recorded with its reason."))
    if min(white_ms, black_ms) <= 0 or max(white_ms, black_ms) > 86_400_000:
        raise Invalid("bad-time", _("A time left is more than zero and at most a day."))
    now = now or timezone.now()
    with transaction.atomic():
        game = game_locked(game_id)
        _timed_ongoing(game)
        stopped = clocks_stopped(game) is not None
        if not stopped and flag_if_fallen(game, now):
            return game
        clocks = selectors.game_clocks(game, now=now)  # a stopped clock does not run
        shown = {colour: clocks[f"{colour}_ms"] for colour in ("white", "black")}
        floor = correction_floor_ms(game.discipline)
        for colour, new in (("white", white_ms), ("black", black_ms)):
            if new < shown[colour] and new < floor:
                raise RuleRefusal(
                    "below-minimum",
                    _("A shortened time must leave at least %(minutes)s minutes (%(clause)s).")
                    % {"minutes": floor // 60000, "clause": "003 5.3.1.5" if floor == 300000 else "003 1.7.8"},
                )
        game.white_ms, game.black_ms = white_ms, black_ms
        if not stopped:
            game.turn_started_at = now
        game.deadline = game_deadline(game)
        game.save(update_fields=["white_ms", "black_ms", "turn_started_at", "deadline"])
        GameEvent.objects.create(
            game=game,
            kind="clock-corrected",
            ply=game.ply,
            data={
                "by": arbiter.pk,
                "before": shown,
                "white_ms": white_ms,
                "black_ms": black_ms,
                "reason": reason,
                "clause": clause,
            },
        )
        events.game_changed_on_commit(game.pk)
        return game
