"""Game actions: moves, resignation, abort, draw offers, repetition claims.

Every action runs in one transaction holding SELECT … FOR UPDATE on the game
row (``guards.game_locked``); on SQLite the IMMEDIATE transaction mode serialises the
writers the same way. A move names the ply it expects to follow; anything
else is a stale or racing request and gets ``Conflict`` with nothing changed.

A move is decided by games/decide.py (pure: the rules, the clock, the
schedule); here it is read, handed there, and what comes back is stored and
announced. A move that only moves (the decision is ``Moved`` and ends
nothing) on PostgreSQL skips the transaction: it reads the game unlocked and
writes move and game in one autocommit statement, applied only if the game
row is still the version it read (its xmin). Any other write in between,
even one that changes nothing the move looked at, makes it start again on
the locked path, which then answers as if it had come first: two round trips
and the row lock's write less per move.
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from foundation import zones
from foundation.sql import cursor as statement_cursor
from games import decide, events, results, sql
from games.decide import Ended, Moved, Refusal
from games.models import BLACK, WHITE, Game, GameEvent, Move
from games.positions import FIVE_ROW, game_position, remember_on_commit, rules_of
from games.pure_words import worded
from games.rules import IllegalMove
from games.timing import clocks_stopped, game_deadline, players_pauses, state_of
from members.models import Member

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
from .refusal_words import refused


def other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


@dataclass
class MoveOutcome:
    move: Move
    game: Game
    replayed: bool = False  # True: an earlier request with the same idempotency key made it


@dataclass(frozen=True, slots=True)
class MoveRequest:
    """A member's move as he sent it, checked for form (``game_move_make``)."""

    game_id: int
    member: Member
    text: str
    expected_ply: int
    idempotency_key: str | None
    offer_draw: bool
    now: datetime  # when the move came, not when the lock was won


def play_open_required(game: Game, now: datetime) -> None:
    """Refused once the competition's closing date has passed: its unfinished games are adjudicated."""
    closed = decide.play_closed(state_of(game), now)
    if closed is not None:
        raise refused(closed)


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

    1. Read the game (``_move_unlocked``, else ``_move_locked``). A retried
       request (same idempotency key) gets the move it made the first time,
       unchanged.
    2. Check: a player, the game online and ongoing, ``expected_ply`` current.
    3. Decide (``decide.move``): the turn, the clock, the schedule, the rules.
    4. Store what it decided: the Move (unique (game, ply)) and the game's
       new state; or the game's end (``game_finish``), after which the mover is
       refused; or refuse with nothing changed.
    """
    if not isinstance(text, str) or not text.strip():
        raise Invalid("empty-move", _("A move is a non-empty text."))
    text = _normalised(text)
    if len(text) > MOVE_TEXT_MAX:
        raise Invalid("move-too-long", _("A move is at most %(n)s characters.") % {"n": MOVE_TEXT_MAX})
    if idempotency_key is not None and (not isinstance(idempotency_key, str) or len(idempotency_key) > KEY_MAX):
        raise Invalid(
            "bad-idempotency-key", _("An idempotency key is a text of at most %(n)s characters.") % {"n": KEY_MAX}
        )
    request = MoveRequest(game_id, member, text, expected_ply, idempotency_key, offer_draw, now or timezone.now())
    try:
        # One cursor for the move's statements, the one the token check used
        # (foundation.sql.cursor): making a cursor costs about as much as
        # running one of them.
        outcome: MoveOutcome | Ended | None = None
        if sql.reads_unlocked() and not connection.in_atomic_block:
            with statement_cursor() as cursor:
                outcome = _move_unlocked(cursor, request)
        if outcome is None:
            with transaction.atomic(), statement_cursor() as cursor:
                outcome = _move_locked(cursor, request)
    except IntegrityError as error:
        # A racing request took this ply (or key) between our check and insert.
        if "idempotency" in str(error):
            raise Conflict(
                "idempotency-key-reused", _("This idempotency key was already used for a different request.")
            ) from None
        raise Conflict("stale-ply", _("Another move was made at the same moment; reload the game.")) from None
    if isinstance(outcome, Ended):
        # Refused only now, after the transaction that ended the game committed.
        raise refused(outcome.refusal)
    return outcome


MOVE_TEXT_MAX = Move._meta.get_field("notation").max_length
KEY_MAX = Move._meta.get_field("idempotency_key").max_length


def _normalised(text: str) -> str:
    """A move as stored: single spaces, none around commas ("i9 , k10" → "i9,k10")."""
    return re.sub(r" ?, ?", ",", " ".join(text.split()))


def _move_unlocked(cursor, request: MoveRequest) -> MoveOutcome | None:
    """The move without the lock, in autocommit (PostgreSQL). None: nothing
    was written, and the move is to be made on the locked path — it ends the
    game (``game_finish`` holds the lock), or the game row changed since it
    was read."""
    game, vacations, version = game_unlocked(request.game_id, cursor)
    replayed = _replayed(game, request)
    if replayed is not None:
        return replayed
    decision = _decided(cursor, game, vacations, request)
    if not isinstance(decision, Moved) or decision.ending is not None:
        return None
    move = _stored_state(game, decision, request)
    if not sql.move_store_if_unchanged(cursor, move, game, version):
        return None
    return _announced(game, move, decision)


def _move_locked(cursor, request: MoveRequest) -> MoveOutcome | Ended:
    """The move holding the game's lock inside the caller's transaction:
    the move stored (and the game ended if it ends it), or the game ended
    instead of the move (``Ended``: the caller refuses the mover once it has
    committed)."""
    game, vacations = game_locked_with_vacations(request.game_id, cursor)
    return _move_holding_lock(cursor, game, vacations, request)


def _move_holding_lock(cursor, game: Game, vacations: list | None, request: MoveRequest) -> MoveOutcome | Ended:
    """``_move_locked`` on ``game``, locked by the caller in this transaction
    (``vacations``: its players' vacations read with the lock, or None)."""
    replayed = _replayed(game, request)
    if replayed is not None:
        return replayed
    decision = _decided(cursor, game, vacations, request)
    if isinstance(decision, Ended):
        game_finish(game=game, ending=decision.ending, now=decision.at)
        return decision
    move = _stored_state(game, decision, request)
    if not sql.move_store(cursor, move, game):
        raise NotFound("no-such-game", _("There is no game %(pk)s.") % {"pk": game.pk})
    return _announced(game, move, decision)


def _replayed(game: Game, request: MoveRequest) -> MoveOutcome | None:
    """The move an earlier request with the same idempotency key made, if this is its retry."""
    key = request.idempotency_key
    if not key or (request.expected_ply == game.ply and not game.is_over):
        # A retry of a request that succeeded finds the game past its ply; a
        # fresh request needs no look-up (the unique key constraint guards it).
        return None
    prior = Move.objects.filter(game=game, idempotency_key=key).first()
    if prior is None:
        return None
    if prior.member_id != request.member.pk or prior.notation != request.text or prior.ply != request.expected_ply + 1:
        raise Conflict("idempotency-key-reused", _("This idempotency key was already used for a different request."))
    return MoveOutcome(prior, game, replayed=True)


def _decided(cursor, game: Game, vacations: list | None, request: MoveRequest) -> Moved | Ended:
    """Check the request against the game, read what the decision needs and
    ask ``decide.move``; its refusal is raised here, nothing changed."""
    colour = player_colour(game, request.member)
    online_play_required(game)
    ongoing_required(game)
    if request.expected_ply != game.ply:
        raise Conflict(
            "stale-ply",
            _("The game has moved on: it is at ply %(ply)s, not %(expected_ply)s.")
            % {"ply": game.ply, "expected_ply": request.expected_ply},
        )
    decision = decide.move(
        state_of(game),
        rules=rules_of(game),
        position=game_position(game),
        text=request.text,
        mover=colour,
        now=request.now,
        # A stopped clock leaves the turn without a start: only then is the stop looked up.
        stopped=clocks_stopped(game) if game.turn_started_at is None else None,
        pauses=players_pauses(game, cursor, vacations) if game.time_control.correspondence else None,
        offer_draw=request.offer_draw,
    )
    if isinstance(decision, Refusal):
        raise refused(decision)
    return decision


def _stored_state(game: Game, moved: Moved, request: MoveRequest) -> Move:
    """Put the decided state on ``game`` (unsaved) and make the move's row (unsaved)."""
    after = moved.state
    # Plain columns (no descriptor of their own takes the value): written in one update.
    vars(game).update(zip(MOVED_FIELDS, _moved_values(after), strict=True))
    if moved.swapped:
        game.white_id, game.black_id = after.white_id, after.black_id
    game.fen, game.deadline, game.turn_unannounced = moved.fen, moved.deadline, moved.turn_unannounced
    return Move(
        # By id: no caller reads the move's game or member through it, and setting a related
        # object asks the database routers about the relation.
        game_id=game.pk,
        ply=after.ply,
        notation=moved.notation,
        colour=moved.colour,
        member_id=request.member.pk,
        played_at=request.now,
        elapsed_ms=moved.elapsed_ms,
        clock_ms=moved.clock_ms,
        idempotency_key=request.idempotency_key or None,
        foul=moved.foul,
    )


# What a move changes of ``decide.GameState``: the game's columns a move writes but the
# fen, the deadline and the announcement, which the service sets itself, and the players,
# who change only with a swap (each is a foreign key: setting it checks the cached member).
MOVED_FIELDS = tuple(
    f for f in sql.MOVE_GAME_FIELDS if f not in {"fen", "deadline", "turn_unannounced", "white_id", "black_id"}
)
_moved_values = operator.attrgetter(*MOVED_FIELDS)


def _announced(game: Game, move: Move, moved: Moved) -> MoveOutcome:
    """After the move's write: remember its position once committed; end the
    game if the move ends it (the lock is held: the unlocked path ends none),
    else tell the watchers."""
    remember_on_commit(game, moved.position)
    if moved.ending is not None:
        game_finish(game=game, ending=moved.ending, now=move.played_at)
    else:
        events.game_changed_on_commit(game.pk)
    return MoveOutcome(move, game)


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
    """Put ``colour``'s draw offer on the table of ``game`` (saved), or refuse it."""
    # Once play has closed for adjudication no move can be made, so either side may offer.
    closed = game.turn_started_at is None and bool((clocks_stopped(game) or {}).get("adjudication"))
    offered = decide.draw_offer(state_of(game), colour, closed=closed)
    if isinstance(offered, Refusal):
        raise refused(offered)
    game.draw_offer_by, game.draw_offer_ply, game.draw_barred = (
        offered.draw_offer_by,
        offered.draw_offer_ply,
        offered.draw_barred,
    )
    game.save(update_fields=["draw_offer_by", "draw_offer_ply", "draw_barred"])


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
    with transaction.atomic(), statement_cursor() as cursor:
        game = game_locked(game_id, cursor)
        if _repetition_claim_upheld(game, member=member, expected_ply=expected_ply, move=move, now=now):
            return game
        GameEvent.objects.create(
            game=game,
            kind="repetition-claim-refused",
            ply=game.ply,
            data={"move": move.strip(), "clause": "003 2.1.9.2"},
        )
        # The written move is made through the one move path (clock, deadline, hooks), under this lock.
        request = MoveRequest(game_id, member, _normalised(move), expected_ply, None, False, now)
        made = _move_holding_lock(cursor, game, None, request)
        if isinstance(made, Ended):
            raise refused(made.refusal)
    return game


def _repetition_claim_upheld(game: Game, *, member: Member, expected_ply: int, move: str, now: datetime) -> bool:
    """Judge the claim on the locked ``game``: True if the game has ended (drawn
    by the claim, or on a flag that fell first); False if the claim is false
    and its written move stands; refused with nothing changed otherwise."""
    colour = player_colour(game, member)
    online_play_required(game)
    ongoing_required(game)
    if expected_ply != game.ply:
        raise Conflict(
            "stale-ply",
            _("The game has moved on: it is at ply %(ply)s, not %(expected_ply)s.")
            % {"ply": game.ply, "expected_ply": expected_ply},
        )
    if flag_if_fallen(game, now):
        return True
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
            raise RuleRefusal("illegal-move", worded(refusal)) from None
    if not v.can_claim_repetition(target):
        if move:
            return False
        raise RuleRefusal("claim-refused", _("The position has not occurred three times (003 2.1.9.1.9)."))
    game_finish(game=game, ending=Ending(None, "repetition", "003 2.1.9.2"), now=now)
    return True


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
