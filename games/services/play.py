"""Game actions: moves, resignation, abort, draw offers, repetition claims.

Every action runs in one transaction holding SELECT … FOR UPDATE on the game
row (``guards.game_locked``); on SQLite the IMMEDIATE transaction mode serialises the
writers the same way. A move names the ply it expects to follow; anything
else is a stale or racing request and gets ``Conflict`` with nothing changed.

A move that only moves (it ends nothing: no result, no flag, no forfeit) on
PostgreSQL skips the transaction: it reads the game unlocked and writes move
and game in one autocommit statement, applied only if the game row is still
the version it read (its xmin). Any other write in between, even one that
changes nothing the move looked at, makes it start again on the locked path,
which then answers as if it had come first: two round trips and the row
lock's write less per move.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.members.models import Member
from club.platform import zones
from club.platform.sql import cursor as statement_cursor
from games import clock, events, results, sql
from games.models import BLACK, WHITE, Game, GameEvent, Move
from games.rules import IllegalMove
from games.rules.base import Result

from .arrival import first_arrival, second_mover_arrival
from .errors import Conflict, Invalid, NotFound, RuleRefusal
from .finish import Ending, absence_ending, flag_if_fallen, game_finish
from .guards import (
    game_locked,
    game_locked_with_vacations,
    game_unlocked,
    ongoing_required,
    online_play_required,
    player_colour,
)
from .positions import FIVE_ROW, game_position, remember_on_commit, rules_of
from .timing import (
    clocks_stopped,
    first_move_seconds,
    game_deadline,
    left_of,
    players_pauses,
    second_mover_awaited,
    thinking,
)


def other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


@dataclass
class MoveOutcome:
    move: Move
    game: Game
    replayed: bool = False  # True: an earlier request with the same idempotency key made it


def play_open_required(game: Game, now: datetime) -> None:
    """Refused once the competition's closing date has passed: its unfinished games are adjudicated."""
    if game.play_closes_at is not None and now >= game.play_closes_at:
        raise RuleRefusal(
            "play-closed",
            _(
                "Play in this event has closed: the chief arbiter adjudicates this game. You may still resign, or accept a draw offered before the close, until he rules."
            ),
        )


def _not_before_start(game: Game, now: datetime) -> None:
    if game.starts_at is not None and now < game.starts_at:
        raise RuleRefusal(
            "not-started",
            _("The game starts at %(start)s; no move before then (003 1.6.3).")
            % {"start": zones.shown(game.starts_at)},
        )


def game_move_make(
    *,
    game_id: int,
    member: Member,
    text: str,
    expected_ply: int,
    idempotency_key: str | None = None,
    offer_draw: bool = False,
    now: datetime | None = None,
) -> MoveOutcome:
    """Apply ``member``'s move ``text`` as ply ``expected_ply + 1``.

    1. Lock the game. A retried request (same idempotency key) gets the move
       it made the first time, unchanged.
    2. Check: a player, the game ongoing, ``expected_ply`` current, his turn.
    3. Clock: the server's time since his turn began. If his flag has fallen
       the move is refused and the game ends on time — unless the move itself
       leaves the opponent without pieces or blocked (1.7.12).
    4. Rules: ``play`` the text (renju fouls by the game's policy, 002 9.2).
    5. Append the Move (unique (game, ply)), update position, clocks, the
       deadline and draw offers; finish the game if the rules say it is over.
    """
    if not isinstance(text, str) or not text.strip():
        raise Invalid("empty-move", _("A move is a non-empty text."))
    text = _normalised(text)
    if len(text) > MOVE_TEXT_MAX:
        raise Invalid("move-too-long", _("A move is at most %(n)s characters.") % {"n": MOVE_TEXT_MAX})
    if idempotency_key is not None and (not isinstance(idempotency_key, str) or len(idempotency_key) > KEY_MAX):
        raise Invalid(
            "bad-idempotency-key",
            _("An idempotency key is a text of at most %(n)s characters.") % {"n": KEY_MAX},
        )
    attempt = functools.partial(
        _move,
        game_id=game_id,
        member=member,
        text=text,
        expected_ply=expected_ply,
        idempotency_key=idempotency_key,
        offer_draw=offer_draw,
        now=now,
    )
    try:
        # One cursor for the move's statements, the one the token check used
        # (club.platform.sql.cursor): making a cursor costs about as much as
        # running one of them.
        outcome = None
        if sql.reads_unlocked() and not connection.in_atomic_block:
            try:
                with statement_cursor() as cursor:
                    outcome = attempt(cursor, locked=False)
            except _LockNeeded:
                pass
        if outcome is None:
            with transaction.atomic(), statement_cursor() as cursor:
                outcome = attempt(cursor, locked=True)
    except IntegrityError as error:
        # A racing request took this ply (or key) between our check and insert.
        if "idempotency" in str(error):
            raise Conflict(
                "idempotency-key-reused", _("This idempotency key was already used for a different request.")
            ) from None
        raise Conflict("stale-ply", _("Another move was made at the same moment; reload the game.")) from None
    if outcome is _FLAG_FELL:
        # Raised only now, after the transaction that ended the game on time committed.
        raise RuleRefusal(
            "flag-fell", _("Your time ran out before the move arrived; the game ended on time (003 1.7.9).")
        )
    if isinstance(outcome, Ending):
        raise _absence_refusal(outcome)
    return outcome


_FLAG_FELL = object()


class _LockNeeded(Exception):
    """The unlocked move met what only the locked path does (an ending, or a
    game row changed since it was read); nothing has been written."""


MOVE_TEXT_MAX = Move._meta.get_field("notation").max_length
KEY_MAX = Move._meta.get_field("idempotency_key").max_length


def _normalised(text: str) -> str:
    """A move as stored: single spaces, none around commas ("i9 , k10" → "i9,k10")."""
    return re.sub(r" ?, ?", ",", " ".join(text.split()))


def _absence_refusal(ending: Ending) -> RuleRefusal:
    if ending.aborted:
        return RuleRefusal(
            "game-aborted",
            _("The first move did not come within %(seconds)s seconds; the game was aborted.")
            % {"seconds": first_move_seconds()},
        )
    return RuleRefusal(
        "forfeit",
        _("The allowed lateness passed before you came to the game: it ended by forfeit (%(clause)s).")
        % {"clause": ending.clause},
    )


def _move(
    cursor,
    *,
    locked: bool,
    game_id: int,
    member: Member,
    text: str,
    expected_ply: int,
    idempotency_key: str | None,
    offer_draw: bool,
    now: datetime | None,
) -> MoveOutcome | Ending | object:
    """``game_move_make`` holding the game's lock inside its transaction, or
    (``locked=False``) unlocked in autocommit, raising ``_LockNeeded`` for what
    must be done locked: the outcome, the ``Ending`` of an absent player's
    forfeit, or ``_FLAG_FELL``."""
    if locked:
        (game, vacations), version = game_locked_with_vacations(game_id, cursor), None
    else:
        game, vacations, version = game_unlocked(game_id, cursor)
    if idempotency_key and (expected_ply != game.ply or game.is_over):
        # A retry of a request that succeeded finds the game past its ply; a
        # fresh request needs no look-up (the unique key constraint guards it).
        prior = Move.objects.filter(game=game, idempotency_key=idempotency_key).first()
        if prior is not None:
            if prior.member_id != member.pk or prior.notation != text or prior.ply != expected_ply + 1:
                raise Conflict(
                    "idempotency-key-reused", _("This idempotency key was already used for a different request.")
                )
            return MoveOutcome(prior, game, replayed=True)
    colour = player_colour(game, member)
    online_play_required(game)
    ongoing_required(game)
    if expected_ply != game.ply:
        raise Conflict(
            "stale-ply",
            _("The game has moved on: it is at ply %(ply)s, not %(expected_ply)s.")
            % {"ply": game.ply, "expected_ply": expected_ply},
        )
    v = rules_of(game)
    p = game_position(game)
    if v.turn(p) != colour:
        raise RuleRefusal("not-your-turn", _("It is %(colour)s's turn to act.") % {"colour": v.turn(p)})
    stopped = clocks_stopped(game) if game.turn_started_at is None else None
    if stopped is not None and stopped.get("adjudication"):
        raise RuleRefusal(
            "awaiting-adjudication",
            _(
                "Play in this event has closed: the chief arbiter adjudicates this game. You may still resign or agree a draw until he rules."
            ),
        )
    if stopped is not None:
        raise RuleRefusal(
            "clocks-stopped",
            _("The arbiter has stopped the clocks; play resumes when he restarts them (003 5.3.1.6, 5.3.3)."),
        )
    now = now or timezone.now()
    play_open_required(game, now)
    _not_before_start(game, now)
    absent = absence_ending(game, now)
    if absent is not None:
        _locked_only(version)
        at, ending = absent
        game_finish(game=game, ending=ending, now=at)
        return ending
    awaited = second_mover_awaited(game)
    if awaited is not None:
        raise RuleRefusal(
            "opponent-absent",
            _(
                "Your opponent (%(awaited)s) has not come yet: his clock runs, and you make no move until he checks in (003 1.6.3)."
            )
            % {"awaited": awaited},
        )
    tc = game.time_control
    running = tc.timed and game.turn_started_at is not None
    pauses = players_pauses(game, cursor, vacations) if tc.correspondence else None
    elapsed = thinking(game, now, pauses) if running else 0
    made = (game.white_moves if colour == WHITE else game.black_moves) + 1
    try:
        new = v.play(p, text)
    except IllegalMove as refusal:
        if running and elapsed >= tc.allowance_ms(left_of(game, colour)):
            _locked_only(version)
            flag_if_fallen(game, now)
            return _FLAG_FELL
        raise RuleRefusal("illegal-move", str(refusal)) from None
    result = v.result(new) or _move_limit_draw(game)
    late_win = False
    if not running:
        left = left_of(game, colour)
    else:
        try:
            left = clock.time_left_after_move(tc, left_ms=left_of(game, colour), elapsed_ms=elapsed, moves_made=made)
        except clock.FlagFell:
            # 1.7.12: the flag fell, but the move on the board has left the
            # opponent without pieces or blocked: the stronger side wins.
            if result is None or result.winner != colour:
                _locked_only(version)
                flag_if_fallen(game, now)
                return _FLAG_FELL
            left, late_win = 0, True
    if result is not None:
        _locked_only(version)  # the game ends: game_finish holds the lock
    return _apply(
        cursor,
        game=game,
        member=member,
        colour=colour,
        text=text,
        new=new,
        result=result,
        left=left,
        elapsed=elapsed,
        made=made,
        now=now,
        idempotency_key=idempotency_key,
        offer_draw=offer_draw,
        late_win=late_win,
        v=v,
        pauses=pauses,
        version=version,
    )


def _locked_only(version: str | None) -> None:
    if version is not None:
        raise _LockNeeded


def _move_limit_draw(game: Game) -> Result | None:
    """The event's draw condition (003 5.2.7.2, 000 9.2.7.2): drawn with the move that reaches its limit."""
    if game.draw_after_moves and game.ply + 1 >= game.draw_after_moves:
        return Result(None, "move-limit", "003 5.2.7.2")
    return None


def _apply(
    cursor,
    *,
    game: Game,
    member: Member,
    colour: str,
    text: str,
    new,
    result,
    left: int,
    elapsed: int,
    made: int,
    now: datetime,
    idempotency_key: str | None,
    offer_draw: bool,
    late_win: bool,
    v,
    pauses: dict | None = None,
    version: str | None = None,
) -> MoveOutcome:
    game.ply += 1
    move = Move(
        game=game,
        ply=game.ply,
        notation=text,
        colour=colour,
        member=member,
        played_at=now,
        elapsed_ms=elapsed,
        clock_ms=left,
        idempotency_key=idempotency_key or None,
        foul=(result.reason.split(":", 1)[1] if result and result.reason.startswith("foul:") else ""),
    )
    if colour == WHITE:
        game.white_ms, game.white_moves = left, made
    else:
        game.black_ms, game.black_moves = left, made
    if game.discipline in FIVE_ROW and text == "swap":  # renju, and gomoku under Swap2
        # The rules keep the stones; the members exchange colours (and clocks).
        game.white_id, game.black_id = game.black_id, game.white_id
        game.white_ms, game.black_ms = game.black_ms, game.white_ms
        game.white_moves, game.black_moves = game.black_moves, game.white_moves
        game.white_checked_in_at, game.black_checked_in_at = game.black_checked_in_at, game.white_checked_in_at
    game.to_move = v.turn(new) if result is None else other(colour)
    game.fen = v.to_fen(new)
    game.turn_started_at = now
    # 2.1.9.3: the opponent declines a draw offer by moving.
    if game.draw_offer_by and game.draw_offer_by != colour:
        game.draw_barred = game.draw_offer_by
        game.draw_offer_by, game.draw_offer_ply = "", None
    if game.started_at is None:
        game.started_at = now
    game.deadline = game_deadline(game, pauses) if result is None else None
    game.turn_unannounced = game.time_control.correspondence and result is None
    if offer_draw and result is None:
        _offer_made(game, colour)  # written with the move
    _store(cursor, move, game, version)
    remember_on_commit(game, new)
    if result is not None:
        reason, clause = result.reason, result.clause
        if late_win:
            reason, clause = f"{result.reason}-after-flag", "003 1.7.12"
        game_finish(game=game, ending=Ending(result.winner, reason, clause), now=now)
    else:
        events.game_changed_on_commit(game.pk)
    return MoveOutcome(move, game)


def _store(cursor, move: Move, game: Game, version: str | None) -> None:
    """Insert the move and write the game's new state (games/sql.py). The
    unique (game, ply) and (game, idempotency_key) constraints refuse a
    duplicate move with IntegrityError (see ``game_move_make``). Locked, the
    game row is ours; unlocked, both are written only if the row is still at
    ``version``, else nothing is and the move starts again locked."""
    if version is not None:
        if not sql.move_store_if_unchanged(cursor, move, game, version):
            raise _LockNeeded
    elif not sql.move_store(cursor, move, game):
        raise NotFound("no-such-game", _("There is no game %(pk)s.") % {"pk": game.pk})


# ---- resign, abort ------------------------------------------------------------------------
def _acting(
    game: Game, member: Member, now: datetime | None, *, unnoticed_flag_counts: bool = True
) -> tuple[str, datetime, bool]:
    """Call holding ``game``'s lock (``game_locked``, taken once by the action): the
    acting player's colour, the action's time, and whether the game had just become
    overdue (it has then ended so and the action does nothing).

    ``unnoticed_flag_counts=False`` for a resignation or a draw agreement: a
    flag counts once it is established — by the arbiter, the club's sweep or
    the opponent's claim (5.3.1.3) — and one nobody has established yet leaves
    the resignation or agreement standing (5.3.1.4, 000 9.3.1.3). A player
    absent past the lateness has still lost by forfeit (1.9.1)."""
    now = now or timezone.now()  # when the action was made, not when the lock was won
    colour = player_colour(game, member)
    online_play_required(game)
    ongoing_required(game)
    if unnoticed_flag_counts:
        return colour, now, flag_if_fallen(game, now)
    absent = absence_ending(game, now)
    if absent is not None:
        at, ending = absent
        return colour, now, game_finish(game=game, ending=ending, now=at)
    return colour, now, False


FLAG_ENDINGS = ("time", "both-flags")


def _made_before_the_flag(game: Game, member: Member, now: datetime) -> str | None:
    """If ``game`` ended on the flag *after* ``now``, the instant the action
    was made, the acting player's colour: his resignation or draw agreement
    was made before the flag fell and stands (003 5.3.1.4, 000 9.3.1.3).
    Otherwise None (and the usual refusals apply). Call holding the lock."""
    if (
        now is None
        or game.status != Game.Status.FINISHED
        or game.termination not in FLAG_ENDINGS
        or game.ended_at is None
        or now >= game.ended_at
    ):
        return None
    return player_colour(game, member)


def _supersede_flag(game: Game, *, winner: str | None, reason: str, clause: str, now: datetime) -> Game:
    """Replace a flag result with an ending made before the flag fell; the
    result-change hook recomputes ratings (and standings) from this game."""
    before = {"result": game.result, "termination": game.termination}
    game.result = results.for_winner(winner)
    game.termination, game.termination_clause, game.ended_at = reason, clause, now
    game.save(update_fields=["result", "termination", "termination_clause", "ended_at"])
    GameEvent.objects.create(
        game=game,
        kind="result-set",
        ply=game.ply,
        data={"before": before, "result": game.result, "reason": reason, "clause": clause, "made_at": now.isoformat()},
    )
    events.game_changed_on_commit(game.pk)
    transaction.on_commit(lambda: events.game_result_changed(game.pk))
    return game


def game_resign(*, game_id: int, member: Member, now: datetime | None = None) -> Game:
    """The member resigns: the opponent wins (2.1.8, 1.7.11). A resignation
    stands if a flag is found to have fallen later: one nobody had established
    when he resigned, or one processed after a resignation made before it
    (003 5.3.1.4, 000 9.3.1.3)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = game_locked(game_id)
        colour = _made_before_the_flag(game, member, now)
        if colour is not None:
            return _supersede_flag(game, winner=other(colour), reason="resign", clause="003 5.3.1.4", now=now)
        colour, now, ended = _acting(game, member, now, unnoticed_flag_counts=False)
        if not ended:
            game_finish(game=game, ending=Ending(other(colour), "resign", "003 2.1.8"), now=now)
        return game


def game_abort(*, game_id: int, member: Member, now: datetime | None = None) -> Game:
    """Call the game off before both sides have moved: no result, not rated."""
    with transaction.atomic():
        game = game_locked(game_id)
        player_colour(game, member)
        online_play_required(game)
        ongoing_required(game)
        if game.starts_at is not None:
            # A scheduled (championship) game is played or forfeited (1.9), never called off by a player.
            raise RuleRefusal("abort-scheduled", _("A scheduled game cannot be aborted; resign or ask the arbiter."))
        if game.white_moves and game.black_moves:
            raise RuleRefusal("abort-too-late", _("A game can be aborted only before both sides have moved."))
        game_finish(game=game, ending=Ending(None, "aborted", aborted=True), now=now)
        return game


# ---- check-in (1.9.1) ---------------------------------------------------------------------------
def check_in_window() -> timedelta:
    return timedelta(minutes=settings.GAMES_CHECK_IN_MINUTES)


def game_check_in(*, game_id: int, member: Member, now: datetime | None = None) -> Game:
    """The player says he is at the board of a scheduled game ("I am here"):
    from then on he is present and cannot forfeit for lateness (1.9.1).
    Idempotent; open from ``GAMES_CHECK_IN_MINUTES`` before the start."""
    with transaction.atomic():
        game = game_locked(game_id)
        colour, now, ended = _acting(game, member, now)
        if ended:
            return game
        if game.starts_at is None:
            raise RuleRefusal("no-check-in", _("Only a game with a scheduled start takes a check-in."))
        if now < game.starts_at - check_in_window():
            raise RuleRefusal(
                "check-in-not-open",
                _("Check-in opens %(minutes)s minutes before the start (%(start)s).")
                % {"minutes": check_in_window().seconds // 60, "start": zones.shown(game.starts_at)},
            )
        field = "white_checked_in_at" if colour == WHITE else "black_checked_in_at"
        if getattr(game, field) is None:
            # The first of two absent players (1.6.3, 002 §15), or the awaited second mover.
            shared = first_arrival(game, now) or second_mover_arrival(game, colour, now)
            setattr(game, field, now)
            game.deadline = game_deadline(game)  # both here: the lateness no longer applies
            game.save(update_fields=[field, "deadline", *shared])
            events.game_changed_on_commit(game.pk)
        return game


# ---- draw offers (2.1.9.3–2.1.9.4) -----------------------------------------------------------------
def _offer(game: Game, colour: str) -> None:
    _offer_made(game, colour)
    game.save(update_fields=["draw_offer_by", "draw_offer_ply", "draw_barred"])


def _offer_made(game: Game, colour: str) -> None:
    """Put ``colour``'s draw offer on the table of ``game`` (unsaved), or refuse it."""
    if game.draw_offer_by:
        raise RuleRefusal("draw-already-offered", _("A draw offer is already on the table."))
    # Once play has closed for adjudication no move can be made, so either side may offer.
    closed = game.turn_started_at is None and (clocks_stopped(game) or {}).get("adjudication")
    if not closed and (game.ply == 0 or game.to_move == colour):
        raise RuleRefusal(
            "draw-offer-not-now", _("A player may offer a draw only right after making his move (003 2.1.9.3).")
        )
    if game.draw_barred == colour:
        raise RuleRefusal(
            "draw-offer-used",
            _(
                "Your offer was declined: you may offer again only after your opponent has used his right to offer (003 2.1.9.4)."
            ),
        )
    game.draw_offer_by, game.draw_offer_ply = colour, game.ply
    if game.draw_barred and game.draw_barred != colour:
        game.draw_barred = ""  # the opponent has now used his right: the other may offer again


def game_draw_offer(*, game_id: int, member: Member, now: datetime | None = None) -> Game:
    with transaction.atomic():
        game = game_locked(game_id)
        colour, now, flag_fell = _acting(game, member, now)
        if not flag_fell:
            play_open_required(game, now)
            _offer(game, colour)
            events.game_changed_on_commit(game.pk)
        return game


def game_draw_answer(*, game_id: int, member: Member, accept: bool, now: datetime | None = None) -> Game:
    """Accept (draw by agreement, 2.1.9.1.1) or decline the opponent's offer.
    An agreement stands if a flag is found to have fallen later: one nobody had
    established when it was made, or one processed after an acceptance made
    before it (003 5.3.1.4, 000 9.3.1.3)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = game_locked(game_id)
        colour = _made_before_the_flag(game, member, now) if accept else None
        if colour is not None:
            offer = _offer_at_flag(game)
            if offer and offer != colour:
                return _supersede_flag(game, winner=None, reason="agreement", clause="003 5.3.1.4", now=now)
        colour, now, ended = _acting(game, member, now, unnoticed_flag_counts=not accept)
        if ended:
            return game
        if not game.draw_offer_by or game.draw_offer_by == colour:
            raise RuleRefusal("no-draw-offer", _("Your opponent has not offered a draw."))
        if accept:
            game_finish(game=game, ending=Ending(None, "agreement", "003 2.1.9.1.1"), now=now)
        else:
            game.draw_barred, game.draw_offer_by, game.draw_offer_ply = game.draw_offer_by, "", None
            game.save(update_fields=["draw_barred", "draw_offer_by", "draw_offer_ply"])
            events.game_changed_on_commit(game.pk)
        return game


def _offer_at_flag(game: Game) -> str:
    """The draw offer on the table when the game ended (``game_finish`` keeps it in the event)."""
    event = GameEvent.objects.filter(game=game, kind="finished").order_by("-pk").first()
    return (event.data or {}).get("draw_offer_by", "") if event else ""


# ---- threefold repetition (2.1.9.1.9, procedure 2.1.9.2) ------------------------------------------
def game_repetition_claim(
    *, game_id: int, member: Member, expected_ply: int, move: str = "", now: datetime | None = None
) -> Game:
    """The side to move claims a draw by threefold repetition (2.1.9.2).

    Without ``move``: the opponent's last move repeated the position a third
    time. With ``move``: the claimant's intended move would; it is written
    down, not played. A true claim ends the game drawn. A false claim without
    a move is refused with nothing changed; a false claim with a written
    (legal) move is refused and the written move counts as made: it is
    played on the claimant's clock and the game goes on (003 2.1.9.2). The
    refusal is recorded as a ``repetition-claim-refused`` event.
    """
    now = now or timezone.now()
    with transaction.atomic():
        try:
            return _repetition_claim_locked(
                game_id=game_id, member=member, expected_ply=expected_ply, move=move, now=now
            )
        except _WrittenMoveStands:
            pass
        game = game_locked(game_id)
        GameEvent.objects.create(
            game=game,
            kind="repetition-claim-refused",
            ply=game.ply,
            data={"move": move.strip(), "clause": "003 2.1.9.2"},
        )
        # The written move is made through the one move path (clock, deadline, hooks), in this transaction.
        game_move_make(game_id=game_id, member=member, text=move.strip(), expected_ply=expected_ply, now=now)
    return Game.objects.get(pk=game_id)


class _WrittenMoveStands(Exception):
    pass


def _repetition_claim_locked(*, game_id: int, member: Member, expected_ply: int, move: str, now: datetime) -> Game:
    game = game_locked(game_id)
    colour = player_colour(game, member)
    online_play_required(game)
    ongoing_required(game)
    if expected_ply != game.ply:
        raise Conflict(
            "stale-ply",
            _("The game has moved on: it is at ply %(ply)s, not %(expected_ply)s.")
            % {"ply": game.ply, "expected_ply": expected_ply},
        )
    now = now or timezone.now()
    if flag_if_fallen(game, now):
        return game
    v = rules_of(game)
    if not hasattr(v, "can_claim_repetition"):
        raise RuleRefusal(
            "no-repetition-rule", _("%(discipline)s has no repetition claim.") % {"discipline": game.discipline}
        )
    p = game_position(game)
    if v.turn(p) != colour:
        raise RuleRefusal("not-your-turn", _("Only the side to move may claim a repetition (003 2.1.9.2)."))
    target = p
    if move:
        try:
            target = v.play(p, move.strip())
        except IllegalMove as refusal:
            raise RuleRefusal("illegal-move", str(refusal)) from None
    if not v.can_claim_repetition(target):
        if move:
            raise _WrittenMoveStands()
        raise RuleRefusal("claim-refused", _("The position has not occurred three times (003 2.1.9.1.9)."))
    game_finish(game=game, ending=Ending(None, "repetition", "003 2.1.9.2"), now=now)
    return game


__all__ = [
    "MoveOutcome",
    "game_move_make",
    "game_resign",
    "game_abort",
    "game_draw_offer",
    "game_draw_answer",
    "game_repetition_claim",
    "game_check_in",
    "FIVE_ROW",
]
