"""The arbiters' game desk: a game's result (1.4, 1.10.4, 2.1.10.4), clock
decisions (1.7.8, 5.3.1.5–5.3.1.6), adjournment and the sealed move
(5.3.3.2–5.3.3.3, 002 17.6), and the draws only an arbiter grants
(2.1.9.1.6, 1.16.7; 1.7.13, 1.16.8).

Who may decide is the authority's (``club.championships.authority``), asked
with the game itself: in an event its appointed arbiters, for a club game
the club's; never a player of the game. Every action is written to the
audit log; a result of an event's game goes through the event, which
records the decision in its log."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.championships import services as championships
from club.championships.authority import Action, require, result_still_open
from club.championships.decisions import reason_given
from club.championships.models import Championship
from club.championships.selectors import championship_of_game
from club.notifications.services import decision_notify
from foundation.refusals import Conflict, Forbidden, Invalid, NotFound, RuleRefusal
from games.models import BLACK, WHITE, Game, Move
from games.positions import game_position, rules_of
from games.pure_words import worded
from games.rules import IllegalMove, family
from games.rules.draughts import king_endgame
from games.services import game_check_in, game_move_make
from games.services.arbiter import (
    game_clock_correct,
    game_clocks_start,
    game_clocks_stop,
    game_result_change,
)
from games.services.guards import game_locked
from games.services.score_sheet import score_sheet_moves_apply
from games.timing import clocks_stopped
from games.venue import venue_rules

from ..models import Adjournment, DrawClaim
from ..selectors import adjournment_resumable
from .arrivals import claim_arrived
from .audit import audit


def _game_judged(by, game_id: int, action: Action) -> tuple[Game, Championship | None]:
    """The game (row locked) and its event, once the authority allows ``by`` the ``action`` on it."""
    game = game_locked(game_id)
    require(by, action, game)
    return game, championship_of_game(game)


# ---- the result (1.4, 1.10.4, 2.1.10.4) ------------------------------------------------------------------
def result_decide(
    *,
    by,
    game_id: int,
    result: str,
    reason: str,
    clause: str = "",
    grounds: str = "recording-error",
    now: datetime | None = None,
) -> Game:
    """An arbiter sets, corrects or annuls a game's result. An event's game:
    its chief arbiter or deputy, through the event (``board_result_set``: the
    decision is in its log, and its results final once it finishes). A club
    game: the club's chief arbiter, a finished one within the correction
    window. Never in his own game."""
    now = now or timezone.now()
    reason = reason_given(reason)
    with transaction.atomic():
        game, championship = _game_judged(by, game_id, Action.GAME_RESULT)
        if championship is not None:
            championships.board_result_set(
                by=by,
                championship_id=championship.pk,
                game_id=game_id,
                result=result,
                reason=reason,
                clause=clause or "1.10.4",
                grounds=grounds,
                now=now,
            )
            return Game.objects.get(pk=game_id)
        result_still_open(game, now).require()
        game = game_result_change(
            game_id=game_id, arbiter=by, result=result, reason=reason, clause=clause, grounds=grounds, now=now
        )
        audit(
            actor=by,
            action="result",
            reason=reason,
            clause=clause or "003 1.4",
            game=game,
            now=now,
            result=result,
            grounds=grounds,
        )
        return game


# ---- clock decisions (1.7.8, 5.3.1.5–5.3.1.6) --------------------------------------------------------


def clocks_stop(*, by, game_id: int, reason: str, now: datetime | None = None) -> Game:
    """An arbiter stops both clocks for an interruption (5.3.1.6, 000 9.3.1.4, 002 14.6)."""
    now = now or timezone.now()
    reason = reason_given(reason)
    with transaction.atomic():
        game, championship = _game_judged(by, game_id, Action.GAME_CLOCKS)
        game = game_clocks_stop(game_id=game_id, arbiter=by, reason=reason, now=now)
        audit(
            actor=by,
            action="clocks:stop",
            reason=reason,
            clause="003 5.3.1.6",
            championship=championship,
            game=game,
            now=now,
        )
        return game


def clocks_start(*, by, game_id: int, reason: str = "", now: datetime | None = None) -> Game:
    """An arbiter restarts the clocks he stopped (not an adjournment's: that resumes with its sealed move)."""
    now = now or timezone.now()
    with transaction.atomic():
        game, championship = _game_judged(by, game_id, Action.GAME_CLOCKS)
        if Adjournment.objects.filter(game=game, status=Adjournment.Status.SEALED).exists():
            raise Conflict("adjourned", _("The game is adjourned: it resumes with its sealed move."))
        game = game_clocks_start(game_id=game_id, arbiter=by, reason=reason, now=now)
        audit(
            actor=by,
            action="clocks:start",
            reason=reason,
            clause="003 5.3.1.6",
            championship=championship,
            game=game,
            now=now,
        )
        return game


def clock_correct(*, by, game_id: int, white_ms: int, black_ms: int, reason: str, now: datetime | None = None) -> Game:
    """An arbiter corrects a live game's clocks with a recorded reason (1.7.8, 5.3.1.5)."""
    now = now or timezone.now()
    reason = reason_given(reason)
    with transaction.atomic():
        game, championship = _game_judged(by, game_id, Action.GAME_CLOCKS)
        clause = "003 5.3.1.5" if family(game.discipline) == "renju" else "003 1.7.8"
        game = game_clock_correct(
            game_id=game_id, arbiter=by, white_ms=white_ms, black_ms=black_ms, reason=reason, clause=clause, now=now
        )
        audit(
            actor=by,
            action="clocks:correct",
            reason=reason,
            clause=clause,
            championship=championship,
            game=game,
            now=now,
            white_ms=white_ms,
            black_ms=black_ms,
        )
        return game


# ---- adjournment (5.3.3.2–5.3.3.3, 002 17.6) -----------------------------------------------------------
def adjournment_order(
    *, by, game_id: int, resume_at: datetime, reason: str, order: int = 1, now: datetime | None = None
) -> Adjournment:
    """The chief arbiter permits the game's adjournment: the player to move now seals his move."""
    now = now or timezone.now()
    reason = reason_given(reason)
    with transaction.atomic():
        game, championship = _game_judged(by, game_id, Action.GAME_ADJOURN)
        if game.is_over:
            raise Conflict("game-over", _("The game is over."))
        if resume_at <= now:
            raise Invalid("resume-in-the-past", _("The game resumes at a later time."))
        if Adjournment.objects.filter(game=game).exclude(status=Adjournment.Status.RESUMED).exists():
            raise Conflict("already-adjourned", _("The game is already adjourned."))
        adjournment = Adjournment.objects.create(
            game=game, ordered_by=by, ordered_at=now, reason=reason, resume_at=resume_at, order=order
        )
        decision_notify(
            recipients=[game.white, game.black],
            key=f"adjournment:{adjournment.pk}",
            params={"what": "adjournment", "resume_at": resume_at.isoformat()},
            url=f"/play/games/{game.pk}/",
            game_id=game.pk,
        )
        audit(
            actor=by,
            action="adjournment:order",
            reason=reason,
            clause="003 5.3.3.2",
            championship=championship,
            game=game,
            now=now,
            resume_at=resume_at.isoformat(),
            order=order,
        )
        return adjournment


# The game page's buttons say "Keep colours" and "Swap colours"; the rules write "stay" and
# "swap" (002 §12): a sealed move may be written in either words.
SEALED_WORDS = {"keep": "stay"}


def move_seal(*, member, game_id: int, move: str, expected_ply: int, now: datetime | None = None) -> Adjournment:
    """The player to move seals his move (5.3.3.3): checked against the rules,
    kept from the opponent and spectators; the clocks stop with his time."""
    now = now or timezone.now()
    move = (move or "").strip()
    move = SEALED_WORDS.get(move.lower(), move)
    if not move or len(move) > 120:
        raise Invalid("empty-move", _("A move is a non-empty text."))
    with transaction.atomic():
        game = game_locked(game_id)
        adjournment = (
            Adjournment.objects.select_for_update().filter(game=game, status=Adjournment.Status.ORDERED).first()
        )
        if adjournment is None:
            raise Conflict("not-adjourned", _("The chief arbiter has not adjourned this game."))
        if venue_rules(game).sealed_move_on_paper:
            raise RuleRefusal(
                "sealed-on-paper",
                _("At the board the sealed move is written on paper and handed to the arbiter, who records it."),
            )
        if game.colour_of(getattr(member, "pk", None)) != game.to_move:
            raise Forbidden("not-your-turn", _("Only the player to move seals the move."))
        if expected_ply != game.ply:
            raise Conflict("stale-ply", _("The game has moved on."))
        try:
            rules_of(game).play(game_position(game), move)
        except IllegalMove as refusal:
            raise RuleRefusal("illegal-move", worded(refusal)) from None
        if game.starts_at is not None and not game.is_present(game.to_move):
            game_check_in(game_id=game.pk, member=member, now=now)  # sealing at the board is being there (1.9.1)
        game = game_clocks_stop(
            game_id=game.pk,
            arbiter=member,
            reason=adjournment.reason,
            clause="003 5.3.3.3",
            adjourned=True,
            resume_at=adjournment.resume_at,
            now=now,
        )
        if game.is_over:  # his flag had fallen before he sealed
            adjournment.delete()
            return adjournment
        adjournment.status, adjournment.sealed_by, adjournment.sealed_move = Adjournment.Status.SEALED, member, move
        adjournment.sealed_ply, adjournment.sealed_at = game.ply, now
        adjournment.save(update_fields=["status", "sealed_by", "sealed_move", "sealed_ply", "sealed_at"])
        audit(
            actor=member,
            action="adjournment:seal",
            clause="003 5.3.3.3",
            championship=championship_of_game(game),
            game=game,
            member=member,
            now=now,
        )
        return adjournment


def sealed_move_record(*, by, game_id: int, move: str, expected_ply: int, now: datetime | None = None) -> Adjournment:
    """At the board (``games.venue``) the player to move writes his sealed move on paper and
    hands it to the arbiter in its envelope (5.3.3.3); the arbiter records it on the game:
    checked against the rules after the record typed so far (``expected_ply`` moves), kept
    from the opponent and the spectators, played into the record at the resumption."""
    now = now or timezone.now()
    move = SEALED_WORDS.get((move or "").strip().lower(), (move or "").strip())
    if not move or len(move) > 120:
        raise Invalid("empty-move", _("A move is a non-empty text."))
    with transaction.atomic():
        game, championship = _game_judged(by, game_id, Action.GAME_DESK)
        if not venue_rules(game).sealed_move_on_paper:
            raise RuleRefusal("sealed-online", _("In a game played online the player to move seals his move himself."))
        adjournment = (
            Adjournment.objects.select_for_update().filter(game=game, status=Adjournment.Status.ORDERED).first()
        )
        if adjournment is None:
            raise Conflict("not-adjourned", _("The chief arbiter has not adjourned this game."))
        if game.is_over:
            raise Conflict("game-over", _("The game is over."))
        if expected_ply != game.ply:
            raise Conflict(
                "stale-ply",
                _("The record has %(n)s moves: type the score sheet up to the adjournment first.") % {"n": game.ply},
            )
        position = game_position(game)
        try:
            rules_of(game).play(position, move)
        except IllegalMove as refusal:
            raise RuleRefusal("illegal-move", worded(refusal)) from None
        sealer = game.white if rules_of(game).turn(position) == WHITE else game.black
        adjournment.status, adjournment.sealed_by, adjournment.sealed_move = Adjournment.Status.SEALED, sealer, move
        adjournment.sealed_ply, adjournment.sealed_at = game.ply, now
        adjournment.save(update_fields=["status", "sealed_by", "sealed_move", "sealed_ply", "sealed_at"])
        audit(
            actor=by,
            action="adjournment:seal",
            clause="003 5.3.3.3",
            championship=championship,
            game=game,
            member=sealer,
            now=now,
        )
        return adjournment


def adjournment_resume(*, by, adjournment_id: int, now: datetime | None = None) -> Game:
    """At the set time an arbiter resumes the game: the clocks restart and the sealed move is played."""
    now = now or timezone.now()
    with transaction.atomic():
        adjournment = Adjournment.objects.select_for_update().filter(pk=adjournment_id).first()
        if adjournment is None:
            raise NotFound("no-adjournment", _("There is no such adjournment."))
        game, championship = _game_judged(by, adjournment.game_id, Action.GAME_DESK)
        if adjournment.status != Adjournment.Status.SEALED:
            raise Conflict("not-sealed", _("No move has been sealed in this game."))
        if not adjournment_resumable(adjournment, now):
            raise Conflict("too-early", _("The game resumes at the time the chief arbiter set."))
        if venue_rules(game).sealed_move_on_paper:  # no server clock: the sealed move continues the record
            score_sheet_moves_apply(
                game=game, moves=[adjournment.sealed_move], expected_ply=adjournment.sealed_ply, now=now
            )
        else:
            game_clocks_start(game_id=game.pk, arbiter=by, reason="adjournment resumed", now=now)
            game_move_make(
                game_id=game.pk,
                member=adjournment.sealed_by,
                text=adjournment.sealed_move,
                expected_ply=adjournment.sealed_ply,
                now=now,
            )
        adjournment.status, adjournment.resumed_at = Adjournment.Status.RESUMED, now
        adjournment.save(update_fields=["status", "resumed_at"])
        decision_notify(
            recipients=[game.white, game.black],
            key=f"resumption:{adjournment.pk}",
            params={"what": "resumption"},
            url=f"/play/games/{game.pk}/",
            game_id=game.pk,
        )
        audit(
            actor=by,
            action="adjournment:resume",
            clause="003 5.3.3.3",
            championship=championship,
            game=game,
            now=now,
            sealed_move=adjournment.sealed_move,
        )
        return Game.objects.get(pk=game.pk)


# ---- draws that need an arbiter (2.1.9.1.6, 1.16.7; 1.7.13, 1.16.8) ------------------------------------
def _sudden_death(game: Game) -> bool:
    tc = game.time_control
    return tc.timed and not tc.correspondence and tc.periods[-1].moves is None


def draw_claim(*, member, game_id: int, kind: str, now: datetime | None = None) -> DrawClaim:
    """A player asks the arbiter for a draw. ``stop-clocks`` (1.7.13, 1.16.8):
    the side to move, in a game played to the end with one control, stops
    both clocks, which fixes the draw if the arbiter confirms; the clocks stay
    stopped until he decides. ``five-moves`` (2.1.9.1.6): only in an endgame
    of kings («дамочные эндшпиля», ``draughts.king_endgame``); play goes on
    while the arbiter judges the position; he grants the draw only after the
    five moves (``five_moves_made``). Refused while the clocks are stopped (an
    adjournment, a game closed for adjudication): no claim then."""
    now = now or timezone.now()
    if kind not in DrawClaim.Kind.values:
        raise Invalid("bad-kind", _("A draw claim is one of: %(k)s.") % {"k": ", ".join(DrawClaim.Kind.values)})
    with transaction.atomic():
        game = game_locked(game_id)
        colour = game.colour_of(getattr(member, "pk", None))
        if colour is None:
            raise Forbidden("not-a-player", _("Only the players of the game may claim a draw."))
        if game.is_over:
            raise Conflict("game-over", _("The game is over."))
        if kind == DrawClaim.Kind.FIVE_MOVES and family(game.discipline) != "draughts":
            raise Invalid("not-draughts", _("The five-move rule is a rule of draughts (003 2.1.9.1.6)."))
        if clocks_stopped(game) is not None:
            raise Conflict("clocks-stopped", _("The clocks are stopped: no draw claim until play resumes."))
        if kind == DrawClaim.Kind.FIVE_MOVES and not king_endgame(game_position(game)):
            raise RuleRefusal(
                "not-a-king-endgame",
                _("The five-move rule is for clearly drawn endgames of kings: each side needs a king (003 2.1.9.1.6)."),
            )
        if DrawClaim.objects.filter(game=game, status=DrawClaim.Status.PENDING).exists():
            raise Conflict("claim-pending", _("A draw claim in this game is already waiting for the arbiter."))
        if kind == DrawClaim.Kind.STOP_CLOCKS:
            if not _sudden_death(game):
                raise Invalid(
                    "not-sudden-death",
                    _(
                        "Stopping the clocks fixes a draw only when the time control "
                        "runs to the end of the game (003 1.7.13)."
                    ),
                )
            if colour != game.to_move:
                raise Forbidden("not-your-turn", _("Only the player whose clock runs may stop the clocks."))
            game = game_clocks_stop(game_id=game.pk, arbiter=member, reason="draw claim", clause="003 1.7.13", now=now)
            if game.is_over:
                raise Conflict("game-over", _("The game is over."))
        claim = DrawClaim.objects.create(game=game, kind=kind, claimed_by=member, claimed_at=now, ply=game.ply)
        audit(
            actor=member,
            action=f"draw-claim:{kind}",
            championship=championship_of_game(game),
            game=game,
            member=member,
            now=now,
            clause="003 1.7.13" if kind == DrawClaim.Kind.STOP_CLOCKS else "003 2.1.9.1.6",
        )
        claim_arrived(claim)
        return claim


FIVE_MOVES = 5


def five_moves_made(game: Game, claim: DrawClaim) -> int:
    """The moves the side playing for the win (the claimant's opponent) has made since the
    claim (2.1.9.1.6, 1.16.7 •3, 4.2: «своим 5‑м ходом не сможет добиться выигранной
    позиции»). A capture or a promotion after the claim sets a new force ratio — a new
    position to judge — so the count starts again after the last one."""
    since = game.ply - claim.ply
    counted = min(since, getattr(game_position(game), "ratio_plies", since))
    strong = BLACK if game.colour_of(claim.claimed_by_id) == WHITE else WHITE
    return Move.objects.filter(game=game, ply__gt=game.ply - counted, colour=strong).count()


def draw_claim_decide(*, by, claim_id: int, grant: bool, reason: str, now: datetime | None = None) -> DrawClaim:
    """An arbiter of the game grants the draw or refuses it (the stopped clocks restart)."""
    now = now or timezone.now()
    reason = reason_given(reason)
    with transaction.atomic():
        claim = DrawClaim.objects.select_for_update().select_related("game").filter(pk=claim_id).first()
        if claim is None:
            raise NotFound("no-claim", _("There is no such claim."))
        game, championship = _game_judged(by, claim.game_id, Action.GAME_DESK)
        if claim.status != DrawClaim.Status.PENDING:
            raise Conflict("already-decided", _("This claim has already been decided."))
        if game.is_over:
            raise Conflict("game-over", _("The game is over."))
        stop = claim.kind == DrawClaim.Kind.STOP_CLOCKS
        rapid = game.speed in ("rapid", "blitz")
        clause = ("003 1.16.8" if rapid else "003 1.7.13") if stop else ("003 1.16.7" if rapid else "003 2.1.9.1.6")
        if grant and not stop and (made := five_moves_made(game, claim)) < FIVE_MOVES:
            raise Conflict(
                "five-moves-not-made",
                _(
                    "Not granted, and nothing recorded: the claim still waits. The draw is granted once the side "
                    "playing for the win has made 5 moves since the claim (since the last capture or promotion "
                    "after it): %(n)s so far (003 2.1.9.1.6, 1.16.7). Refuse it, or decide again after the moves."
                )
                % {"n": made},
            )
        if grant:
            game_result_change(game_id=game.pk, arbiter=by, result="1/2-1/2", reason=reason, clause=clause, now=now)
        elif stop and clocks_stopped(Game.objects.get(pk=game.pk)) is not None:
            game_clocks_start(game_id=game.pk, arbiter=by, reason="draw claim refused", now=now)
        claim.status = DrawClaim.Status.GRANTED if grant else DrawClaim.Status.REFUSED
        claim.decided_by, claim.decided_at, claim.reason = by, now, reason
        claim.save(update_fields=["status", "decided_by", "decided_at", "reason"])
        audit(
            actor=by,
            action=f"draw-claim:{claim.status}",
            reason=reason,
            clause=clause,
            championship=championship,
            game=game,
            member=claim.claimed_by,
            now=now,
            claim=claim.pk,
        )
        return claim
