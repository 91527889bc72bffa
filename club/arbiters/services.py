"""Arbiters' powers (003 1.3, 1.4, 1.10, 1.16.6; 002 §17): sanctions with their
effects, protests that can reverse them, questions to the arbiter, and the
audit log every action here writes.

Who may do what:

* remark, warning, reprimand: any arbiter appointed to the championship the
  sanction concerns (directly or through its game); for a club game or the
  club, a member with the club's arbiter role;
* loss of the game (for one or both players) and exclusion: only the
  championship's chief arbiter or his deputy; for a club game, the club's
  chief arbiter; exclusion exists only in a championship (1.10);
* a protest is filed by the member a sanction concerns, and ruled by the
  chief arbiter (or deputy) of that championship, for the club by the club's
  chief arbiter, with reasons; an upheld protest reverses the sanction and
  its effect. When the organiser names a protest panel for the championship
  (1.3.1 "or the panel the championship names"), a member of the panel rules
  and the chief arbiter no longer does: the rules give the ruling to one or
  the other, and naming a panel is choosing it;

Effects go through the services that own them: a lost game through
``games.services.arbiter.game_result_change`` ("−/+", "+/−" or "−/−"), whose
hooks recompute ratings and the championship's standings once; an exclusion
through ``club.championships.services.player_leave`` (1.10). A refused
action raises before anything is written, inside one transaction.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.championships import selectors as championship_selectors
from club.championships.models import Appointment, Championship
from club.models import Member
from club.roles import Role, has_role
from games.models import Game
from games.services.errors import Conflict, Forbidden, Invalid, NotFound

from .models import Adjournment, AuditEntry, DrawClaim, Protest, ProtestPanelMember, Question, Sanction

LIGHT = (Sanction.Kind.REMARK, Sanction.Kind.WARNING, Sanction.Kind.REPRIMAND)
HEAVY = (Sanction.Kind.LOSS_OF_GAME, Sanction.Kind.EXCLUSION)
REASON_MAX = 2000


def audit(
    *,
    actor,
    action: str,
    reason: str = "",
    clause: str = "",
    championship=None,
    game=None,
    member=None,
    now: datetime | None = None,
    **data,
) -> AuditEntry:
    """Append one entry to the audit log (who, when, what, why, which clause)."""
    return AuditEntry.objects.create(
        actor=actor if getattr(actor, "pk", None) else None,
        at=now or timezone.now(),
        action=action,
        reason=reason,
        clause=clause,
        championship=championship,
        game=game,
        member=member,
        data=data,
    )


def championship_of(game: Game | None) -> Championship | None:
    if game is None:
        return None
    board = getattr(game, "championship_board", None) if _has_board(game) else None
    return board.round.championship if board is not None else None


def _has_board(game: Game) -> bool:
    from django.core.exceptions import ObjectDoesNotExist

    try:
        game.championship_board  # noqa: B018 (the reverse one-to-one raises when absent)
    except ObjectDoesNotExist:
        return False
    return True


def powers(member, *, championship: Championship | None) -> str | None:
    """ "chief", "arbiter" or None: what ``member`` may decide in ``championship``
    (by appointment, 002 §17) or, without one, in the club (by club role)."""
    if not getattr(member, "is_authenticated", False) or not member.is_active:
        return None
    if championship is not None:
        role = championship_selectors.appointment_role(championship, member)
        if role in (Appointment.Role.CHIEF, Appointment.Role.DEPUTY):
            return "chief"
        return "arbiter" if role == Appointment.Role.ARBITER else None
    if has_role(member, Role.CHIEF_ARBITER):
        return "chief"
    return "arbiter" if has_role(member, Role.ARBITER) else None


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise Invalid("no-reason", _("Say why: every arbiter's decision is recorded with its reason."))
    if len(reason) > REASON_MAX:
        raise Invalid("reason-too-long", _("A reason is at most %(n)s characters.") % {"n": REASON_MAX})
    return reason


def _locked_game(game_id: int) -> Game:
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        raise NotFound("no-such-game", _("There is no such game."))
    return game


def _sanction_result(game: Game) -> str | None:
    """The result the game's in-force losses by sanction give: "-/+", "+/-", "-/-", or None if none."""
    losers = set(
        Sanction.objects.filter(
            game=game, kind=Sanction.Kind.LOSS_OF_GAME, status=Sanction.Status.IN_FORCE
        ).values_list("member_id", flat=True)
    )
    white, black = game.white_id in losers, game.black_id in losers
    if white and black:
        return "-/-"
    if white:
        return "-/+"
    if black:
        return "+/-"
    return None


def _set_result(*, by, game: Game, championship, result: str, reason: str, clause: str, now) -> None:
    from games.services.arbiter import game_result_change

    if championship is not None and championship.status == Championship.Status.FINISHED:
        raise Conflict("results-final", _("The championship's results are final (003 2.1.10.4)."))
    game_result_change(
        game_id=game.pk,
        arbiter=by,
        result=result,
        reason=reason,
        clause=clause,
        grounds="sanction",
        in_championship=championship is not None,
        authorised=True,
        now=now,
    )


def sanction_issue(
    *,
    by,
    member_id: int,
    kind: str,
    reason: str,
    clause: str = "003 1.4",
    game_id: int | None = None,
    championship_id: int | None = None,
    both: bool = False,
    now: datetime | None = None,
) -> list[Sanction]:
    """Record a sanction (1.4) and apply its effect; returns the sanctions made
    (two when the game is lost by both players)."""
    now = now or timezone.now()
    reason = _reason(reason)
    clause = (clause or "003 1.4").strip()[:40]
    if kind not in Sanction.Kind.values:
        raise Invalid("bad-kind", _("A sanction is one of: %(k)s.") % {"k": ", ".join(Sanction.Kind.values)})
    if both and kind != Sanction.Kind.LOSS_OF_GAME:
        raise Invalid("both-only-for-loss", _("Only the loss of the game can be given to both players (1.4)."))
    with transaction.atomic():
        game = _locked_game(game_id) if game_id is not None else None
        championship = championship_of(game)
        if championship_id is not None:
            given = Championship.objects.filter(pk=championship_id).first()
            if given is None:
                raise NotFound("no-championship", _("There is no such championship."))
            if championship is not None and championship.pk != given.pk:
                raise Invalid("game-not-in-championship", _("That game is not a game of this championship."))
            championship = given
        power = powers(by, championship=championship)
        if power is None:
            raise Forbidden("not-arbiter", _("Only an arbiter of this competition may sanction (003 1.4)."))
        if kind in HEAVY and power != "chief":
            raise Forbidden(
                "not-chief-arbiter",
                _("Only the chief arbiter or his deputy forfeits a game or excludes a player (003 1.4)."),
            )
        member = Member.objects.filter(pk=member_id).first()
        if member is None:
            raise NotFound("no-member", _("There is no such member."))
        if member.pk == by.pk:
            raise Forbidden("self-sanction", _("An arbiter cannot sanction themselves."))
        if game is not None and game.colour_of(member.pk) is None:
            raise Invalid("not-a-player", _("The member does not play in this game."))
        if kind == Sanction.Kind.LOSS_OF_GAME and game is None:
            raise Invalid("no-game", _("The loss of the game needs the game."))
        if kind == Sanction.Kind.EXCLUSION and championship is None:
            raise Invalid("no-championship", _("Exclusion is from a championship (003 1.10)."))
        if championship is not None and game is None and not championship.entries.filter(member=member).exists():
            raise Invalid("not-a-participant", _("The member does not play in this championship."))
        offenders = [member]
        if both:
            other_id = game.black_id if game.white_id == member.pk else game.white_id
            offenders.append(Member.objects.get(pk=other_id))
        made = [
            Sanction.objects.create(
                member=m,
                kind=kind,
                game=game,
                championship=championship,
                reason=reason,
                clause=clause,
                issued_by=by,
                issued_at=now,
            )
            for m in offenders
        ]
        if kind == Sanction.Kind.LOSS_OF_GAME:
            before = {"result_before": game.result, "status_before": game.status}
            _set_result(
                by=by,
                game=game,
                championship=championship,
                result=_sanction_result(game),
                reason=reason,
                clause=clause,
                now=now,
            )
            for sanction in made:
                sanction.effect = before
                sanction.save(update_fields=["effect"])
        elif kind == Sanction.Kind.EXCLUSION:
            from club.championships.services import player_leave

            player_leave(
                by=by, championship_id=championship.pk, member_id=member.pk, reason=reason, excluded=True, now=now
            )
            made[0].effect = {"excluded": True}
            made[0].save(update_fields=["effect"])
        for sanction in made:
            audit(
                actor=by,
                action=f"sanction:{kind}",
                reason=reason,
                clause=clause,
                championship=championship,
                game=game,
                member=sanction.member,
                now=now,
                sanction=sanction.pk,
            )
        return made


def sanction_reverse(*, by, sanction: Sanction, reason: str, now: datetime) -> None:
    """Undo a sanction and its effect (an upheld protest). Call inside a transaction."""
    sanction.status = Sanction.Status.REVERSED
    sanction.save(update_fields=["status"])
    if sanction.kind == Sanction.Kind.LOSS_OF_GAME:
        game = _locked_game(sanction.game_id)
        result = _sanction_result(game)
        if result is None:
            before = sanction.effect.get("result_before") or ""
            # A game that was still being played when it was forfeited cannot be resumed here:
            # it is annulled, for the chief arbiter to have it replayed.
            result = before if before else "annulled"
        _set_result(
            by=by,
            game=game,
            championship=sanction.championship,
            result=result,
            reason=reason,
            clause="003 1.3.1",
            now=now,
        )
    elif sanction.kind == Sanction.Kind.EXCLUSION:
        _player_reinstate(
            by=by, championship_id=sanction.championship_id, member_id=sanction.member_id, reason=reason, now=now
        )


def _player_reinstate(*, by, championship_id: int, member_id: int, reason: str, now: datetime) -> None:
    """Undo an exclusion (1.10) after an upheld protest: the entry is active
    again and no longer struck; the standings recompute. Forfeits already
    recorded for the rounds he missed stay for the chief arbiter to decide.
    (Belongs in club.championships.services next to ``player_leave``.)"""
    from club.championships.models import Decision, Entry
    from club.championships.services import _enqueue_standings

    championship = Championship.objects.select_for_update().get(pk=championship_id)
    entry = championship.entries.filter(member_id=member_id).first()
    if entry is None or entry.status != Entry.Status.EXCLUDED:
        raise Conflict("not-excluded", _("This player is not excluded from the championship."))
    entry.status, entry.struck, entry.left_after_round, entry.left_reason = Entry.Status.ACTIVE, False, None, ""
    entry.save(update_fields=["status", "struck", "left_after_round", "left_reason"])
    Decision.objects.create(
        championship=championship,
        by=by,
        at=now,
        action="reinstate",
        reason=reason[:500],
        clause="003 1.3.1",
        data={"member": member_id},
    )
    transaction.on_commit(lambda: _enqueue_standings(championship.pk))


# ---- the ladder (1.16.6) --------------------------------------------------------------------------
LADDER = (Sanction.Kind.REMARK, Sanction.Kind.WARNING, Sanction.Kind.LOSS_OF_GAME)


# ---- protests (1.3.1, 1.14.7) -------------------------------------------------------------------------
def protest_file(
    *, member, text: str, sanction_id: int | None = None, game_id: int | None = None, now: datetime | None = None
) -> Protest:
    """A player protests in writing a sanction against him, or a decision in his game."""
    now = now or timezone.now()
    text = _reason(text)
    if not getattr(member, "is_authenticated", False):
        raise Forbidden("not-logged-in", _("Log in to protest."))
    with transaction.atomic():
        sanction = game = None
        if sanction_id is not None:
            sanction = Sanction.objects.select_for_update().filter(pk=sanction_id).first()
            if sanction is None:
                raise NotFound("no-sanction", _("There is no such sanction."))
            if sanction.member_id != member.pk:
                raise Forbidden("not-concerned", _("Only the member sanctioned may protest this sanction."))
            if sanction.status != Sanction.Status.IN_FORCE:
                raise Conflict("sanction-reversed", _("This sanction is no longer in force."))
            if sanction.protests.filter(status=Protest.Status.PENDING).exists():
                raise Conflict("protest-pending", _("A protest against this sanction is already waiting."))
            game = sanction.game
            championship = sanction.championship
        elif game_id is not None:
            game = Game.objects.filter(pk=game_id).first()
            if game is None:
                raise NotFound("no-such-game", _("There is no such game."))
            if game.colour_of(member.pk) is None:
                raise Forbidden("not-concerned", _("Only the players of the game may protest a decision in it."))
            championship = championship_of(game)
        else:
            raise Invalid("nothing-protested", _("Say which sanction or game the protest is about."))
        protest = Protest.objects.create(
            member=member, sanction=sanction, game=game, championship=championship, text=text, filed_at=now
        )
        audit(
            actor=member,
            action="protest:file",
            reason=text,
            clause="003 1.3.1",
            championship=championship,
            game=game,
            member=member,
            now=now,
            protest=protest.pk,
        )
        return protest


def protest_rule(*, by, protest_id: int, upheld: bool, ruling: str, now: datetime | None = None) -> Protest:
    """The chief arbiter (or deputy), or the championship's protest panel when
    it names one, rules on a protest with reasons (1.3.1); an upheld protest
    against a sanction reverses it and its effect."""
    now = now or timezone.now()
    ruling = _reason(ruling)
    with transaction.atomic():
        protest = Protest.objects.select_for_update().filter(pk=protest_id).first()
        if protest is None:
            raise NotFound("no-protest", _("There is no such protest."))
        judge = _protest_judge(by, protest)
        protest.rule(by=by, upheld=upheld, ruling=ruling, now=now)
        if upheld and protest.sanction is not None:
            sanction_reverse(by=by, sanction=protest.sanction, reason=ruling, now=now)
        audit(
            actor=by,
            action="protest:" + protest.status,
            reason=ruling,
            clause="003 1.3.1",
            championship=protest.championship,
            game=protest.game,
            member=protest.member,
            now=now,
            protest=protest.pk,
            sanction=protest.sanction_id,
            judge=judge,
        )
        return protest


def has_protest_panel(championship: Championship | None) -> bool:
    return championship is not None and ProtestPanelMember.objects.filter(championship=championship).exists()


def _protest_judge(by, protest: Protest) -> str:
    """Who rules on ``protest`` (1.3.1), as "panel" or "chief"; refuses anyone else."""
    if has_protest_panel(protest.championship):
        on_panel = (
            getattr(by, "is_authenticated", False)
            and by.is_active
            and ProtestPanelMember.objects.filter(championship=protest.championship, member_id=by.pk).exists()
        )
        if not on_panel:
            raise Forbidden("not-on-panel", _("The championship's protest panel rules on its protests (003 1.3.1)."))
        if protest.sanction is not None and protest.sanction.issued_by_id == by.pk:
            raise Forbidden("own-decision", _("A panel member does not rule on a protest against his own sanction."))
        return "panel"
    if powers(by, championship=protest.championship) != "chief":
        raise Forbidden("not-chief-arbiter", _("The chief arbiter or his deputy rules on protests (003 1.3.1)."))
    return "chief"


def protest_panel_set(*, by, championship_id: int, member_ids: list[int], now: datetime | None = None) -> list:
    """The organiser names the championship's protest panel (1.3.1); an empty
    list dissolves it and the chief arbiter rules again. Its players cannot sit
    on it: the panel rules on their protests."""
    now = now or timezone.now()
    member_ids = list(dict.fromkeys(member_ids))
    with transaction.atomic():
        championship = Championship.objects.select_for_update().filter(pk=championship_id).first()
        if championship is None:
            raise NotFound("no-championship", _("There is no such championship."))
        if not getattr(by, "is_authenticated", False) or championship.organiser_id != by.pk:
            raise Forbidden("not-organiser", _("The championship's organiser names its protest panel (003 1.3.1)."))
        if championship.status == Championship.Status.FINISHED:
            raise Conflict("results-final", _("The championship is finished."))
        members = list(Member.objects.filter(pk__in=member_ids, is_active=True))
        if len(members) != len(member_ids):
            raise NotFound("no-member", _("There is no such member."))
        if championship.entries.filter(member_id__in=member_ids).exists():
            raise Invalid("panel-member-plays", _("A player of the championship cannot sit on its protest panel."))
        ProtestPanelMember.objects.filter(championship=championship).exclude(member_id__in=member_ids).delete()
        seated = set(ProtestPanelMember.objects.filter(championship=championship).values_list("member_id", flat=True))
        ProtestPanelMember.objects.bulk_create(
            ProtestPanelMember(championship=championship, member=m, appointed_by=by, appointed_at=now)
            for m in members
            if m.pk not in seated
        )
        audit(
            actor=by,
            action="protest-panel:set",
            clause="003 1.3.1",
            championship=championship,
            now=now,
            members=sorted(member_ids),
        )
        return list(ProtestPanelMember.objects.filter(championship=championship).select_related("member"))


# ---- questions to the arbiter (1.3.1) ---------------------------------------------------------------
def question_ask(*, member, game_id: int, text: str, now: datetime | None = None) -> Question:
    now = now or timezone.now()
    text = _reason(text)
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound("no-such-game", _("There is no such game."))
    if not getattr(member, "is_authenticated", False) or game.colour_of(member.pk) is None:
        raise Forbidden("not-a-player", _("Only the players of the game may ask its arbiter."))
    return Question.objects.create(game=game, asked_by=member, asked_at=now, text=text)


def question_answer(*, by, question_id: int, answer: str, now: datetime | None = None) -> Question:
    now = now or timezone.now()
    answer = _reason(answer)
    with transaction.atomic():
        question = Question.objects.select_for_update().select_related("game").filter(pk=question_id).first()
        if question is None:
            raise NotFound("no-question", _("There is no such question."))
        championship = championship_of(question.game)
        if powers(by, championship=championship) is None:
            raise Forbidden("not-arbiter", _("Only an arbiter of this game answers its players."))
        if question.answered_at is not None:
            raise Conflict("already-answered", _("This question has already been answered."))
        question.answer, question.answered_by, question.answered_at = answer, by, now
        question.save(update_fields=["answer", "answered_by", "answered_at"])
        audit(
            actor=by,
            action="question:answer",
            reason=answer,
            clause="003 1.3.1",
            championship=championship,
            game=question.game,
            member=question.asked_by,
            now=now,
            question=question.pk,
        )
        return question


# ---- clock decisions (1.7.8, 5.3.1.5–5.3.1.6) --------------------------------------------------------
def _game_power(by, game_id: int, *, chief: bool = False) -> tuple[Game, Championship | None]:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound("no-such-game", _("There is no such game."))
    championship = championship_of(game)
    power = powers(by, championship=championship)
    if power is None or (chief and power != "chief"):
        if chief:
            raise Forbidden("not-chief-arbiter", _("Only the chief arbiter or his deputy may do this."))
        raise Forbidden("not-arbiter", _("Only an arbiter of this game may do this."))
    return game, championship


def clocks_stop(*, by, game_id: int, reason: str, now: datetime | None = None) -> Game:
    """An arbiter stops both clocks for an interruption (5.3.1.6, 000 9.3.1.4, 002 14.6)."""
    from games.services.arbiter import game_clocks_stop

    now = now or timezone.now()
    reason = _reason(reason)
    with transaction.atomic():
        game, championship = _game_power(by, game_id)
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
    from games.services.arbiter import game_clocks_start

    now = now or timezone.now()
    with transaction.atomic():
        game, championship = _game_power(by, game_id)
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
    from games.services.arbiter import game_clock_correct

    now = now or timezone.now()
    reason = _reason(reason)
    with transaction.atomic():
        game, championship = _game_power(by, game_id)
        clause = (
            "003 5.3.1.5"
            if game.discipline in ("renju", "gomoku", "gomoku-standard", "renju-free", "connect6")
            else "003 1.7.8"
        )
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
    reason = _reason(reason)
    with transaction.atomic():
        game, championship = _game_power(by, game_id, chief=True)
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.is_over:
            raise Conflict("game-over", _("The game is over."))
        if resume_at <= now:
            raise Invalid("resume-in-the-past", _("The game resumes at a later time."))
        if Adjournment.objects.filter(game=game).exclude(status=Adjournment.Status.RESUMED).exists():
            raise Conflict("already-adjourned", _("The game is already adjourned."))
        adjournment = Adjournment.objects.create(
            game=game, ordered_by=by, ordered_at=now, reason=reason, resume_at=resume_at, order=order
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


def move_seal(*, member, game_id: int, move: str, expected_ply: int, now: datetime | None = None) -> Adjournment:
    """The player to move seals his move (5.3.3.3): checked against the rules,
    kept from the opponent and spectators; the clocks stop with his time."""
    from games.rules import IllegalMove
    from games.services.arbiter import game_clocks_stop
    from games.services.errors import RuleRefusal
    from games.services.positions import game_position, rules_of

    now = now or timezone.now()
    move = (move or "").strip()
    if not move or len(move) > 120:
        raise Invalid("empty-move", _("A move is a non-empty text."))
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            raise NotFound("no-such-game", _("There is no such game."))
        adjournment = (
            Adjournment.objects.select_for_update().filter(game=game, status=Adjournment.Status.ORDERED).first()
        )
        if adjournment is None:
            raise Conflict("not-adjourned", _("The chief arbiter has not adjourned this game."))
        if game.colour_of(getattr(member, "pk", None)) != game.to_move:
            raise Forbidden("not-your-turn", _("Only the player to move seals the move."))
        if expected_ply != game.ply:
            raise Conflict("stale-ply", _("The game has moved on."))
        try:
            rules_of(game).play(game_position(game), move)
        except IllegalMove as refusal:
            raise RuleRefusal("illegal-move", str(refusal)) from None
        if game.starts_at is not None and not game.is_present(game.to_move):
            from games.services import game_check_in

            game_check_in(game_id=game.pk, member=member, now=now)  # sealing at the board is being there (1.9.1)
        game = game_clocks_stop(
            game_id=game.pk, arbiter=member, reason=adjournment.reason, clause="003 5.3.3.3", adjourned=True, now=now
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
            championship=championship_of(game),
            game=game,
            member=member,
            now=now,
        )
        return adjournment


def adjournment_resume(*, by, adjournment_id: int, now: datetime | None = None) -> Game:
    """At the set time an arbiter resumes the game: the clocks restart and the sealed move is played."""
    from games.services import game_move_make
    from games.services.arbiter import game_clocks_start

    now = now or timezone.now()
    with transaction.atomic():
        adjournment = Adjournment.objects.select_for_update().filter(pk=adjournment_id).first()
        if adjournment is None:
            raise NotFound("no-adjournment", _("There is no such adjournment."))
        game, championship = _game_power(by, adjournment.game_id)
        if adjournment.status != Adjournment.Status.SEALED:
            raise Conflict("not-sealed", _("No move has been sealed in this game."))
        if now < adjournment.resume_at:
            raise Conflict("too-early", _("The game resumes at the time the chief arbiter set."))
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
    from games.clock import TimeControl

    tc = TimeControl.parse(game.time_control)
    return tc.timed and not tc.days and tc.periods[-1].moves is None


def draw_claim(*, member, game_id: int, kind: str, now: datetime | None = None) -> DrawClaim:
    """A player asks the arbiter for a draw. ``stop-clocks`` (1.7.13, 1.16.8):
    the side to move, in a game played to the end with one control, stops
    both clocks, which fixes the draw if the arbiter confirms; the clocks stay
    stopped until he decides. ``five-moves`` (2.1.9.1.6): play goes on while
    the arbiter judges the position."""
    from games.services.arbiter import game_clocks_stop

    now = now or timezone.now()
    if kind not in DrawClaim.Kind.values:
        raise Invalid("bad-kind", _("A draw claim is one of: %(k)s.") % {"k": ", ".join(DrawClaim.Kind.values)})
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            raise NotFound("no-such-game", _("There is no such game."))
        colour = game.colour_of(getattr(member, "pk", None))
        if colour is None:
            raise Forbidden("not-a-player", _("Only the players of the game may claim a draw."))
        if game.is_over:
            raise Conflict("game-over", _("The game is over."))
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
            championship=championship_of(game),
            game=game,
            member=member,
            now=now,
            clause="003 1.7.13" if kind == DrawClaim.Kind.STOP_CLOCKS else "003 2.1.9.1.6",
        )
        return claim


def draw_claim_decide(*, by, claim_id: int, grant: bool, reason: str, now: datetime | None = None) -> DrawClaim:
    """An arbiter of the game grants the draw or refuses it (the stopped clocks restart)."""
    from games.services.arbiter import clocks_stopped, game_clocks_start, game_result_change

    now = now or timezone.now()
    reason = _reason(reason)
    with transaction.atomic():
        claim = DrawClaim.objects.select_for_update().select_related("game").filter(pk=claim_id).first()
        if claim is None:
            raise NotFound("no-claim", _("There is no such claim."))
        game, championship = _game_power(by, claim.game_id)
        if claim.status != DrawClaim.Status.PENDING:
            raise Conflict("already-decided", _("This claim has already been decided."))
        if game.is_over:
            raise Conflict("game-over", _("The game is over."))
        stop = claim.kind == DrawClaim.Kind.STOP_CLOCKS
        rapid = game.speed in ("rapid", "blitz")
        clause = ("003 1.16.8" if rapid else "003 1.7.13") if stop else ("003 1.16.7" if rapid else "003 2.1.9.1.6")
        if grant:
            game_result_change(
                game_id=game.pk,
                arbiter=by,
                result="1/2-1/2",
                reason=reason,
                clause=clause,
                authorised=True,
                in_championship=championship is not None,
                now=now,
            )
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
