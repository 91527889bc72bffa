"""Sanctions (003 1.4, 1.16.6): remark, warning, reprimand, loss of the game
(for one or both players), exclusion — recorded with who, when, why and the
clause, their effect applied through the services that own it, reversed by
an upheld protest (1.3.1).

Who may sanction: any arbiter appointed to the championship the sanction
concerns (directly or through its game); for a club game or the club, a
member with the club's arbiter role. Loss of the game and exclusion: only the
championship's chief arbiter or his deputy; for a club game, the club's
chief arbiter; exclusion exists only in a championship (1.10).

Effects: a lost game through ``games.services.arbiter.game_result_apply``
("0-1", "1-0" or "0-0" in a game played; "−/+", "+/−" or "−/−" in one not
played, 1.12.2), whose hooks recompute ratings and the standings
once; an exclusion through ``club.championships.services.player_leave``.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from club.championships.authority import Action, result_still_open, verdict
from club.championships.decisions import reason_given
from club.championships.models import Championship
from club.championships.selectors import championship_of_game
from club.championships.selectors.events import is_participant
from club.championships.services import player_leave, player_reinstate
from club.notifications.services import decision_notify
from foundation.refusals import Forbidden, Invalid, NotFound
from games import results
from games.models import Game
from games.services.arbiter import game_result_apply
from games.services.guards import game_locked
from members.models import Member

from ..models import Sanction
from .audit import audit

LIGHT = (Sanction.Kind.REMARK, Sanction.Kind.WARNING, Sanction.Kind.REPRIMAND)
HEAVY = (Sanction.Kind.LOSS_OF_GAME, Sanction.Kind.EXCLUSION)


def _sanction_result(game: Game) -> str | None:
    """The result the game's in-force losses by sanction give, or None if none.

    In a game that was played (a move was made, even by one side only, 1.10.4;
    or it already has a result of play, such as one recorded from a real board) the loser scores 0: "0-1",
    "1-0", "0-0" for both — rated, its colours counting (1.4, 1.15.2). The
    forfeit signs "-/+", "+/-", "-/-" are for games not played (1.12.2).
    """
    losers = set(
        Sanction.objects.filter(
            game=game, kind=Sanction.Kind.LOSS_OF_GAME, status=Sanction.Status.IN_FORCE
        ).values_list("member_id", flat=True)
    )
    white, black = game.white_id in losers, game.black_id in losers
    if not (white or black):
        return None
    played = game.took_place or (game.status == Game.Status.FINISHED and results.is_played(game.result))
    winner = None if white and black else (results.BLACK if white else results.WHITE)
    return results.for_winner(winner, forfeit=not played, both_lost=True)


def _set_result(*, by, game: Game, result: str, reason: str, clause: str, now) -> None:
    """The sanction's result on ``game``, whose lock the caller holds (``game_locked``)."""
    result_still_open(game, now).require()
    game_result_apply(game=game, arbiter=by, result=result, reason=reason, clause=clause, grounds="sanction", now=now)


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
    reason = reason_given(reason)
    clause = (clause or "003 1.4").strip()[:40]
    if kind not in Sanction.Kind.values:
        raise Invalid("bad-kind", _("A sanction is one of: %(k)s.") % {"k": ", ".join(Sanction.Kind.values)})
    if both and kind != Sanction.Kind.LOSS_OF_GAME:
        raise Invalid("both-only-for-loss", _("Only the loss of the game can be given to both players (1.4)."))
    with transaction.atomic():
        game = game_locked(game_id) if game_id is not None else None
        # The scope is the object's own: a game's event (none for a club game), else the championship named.
        championship = championship_of_game(game)
        if championship_id is not None:
            given = Championship.objects.filter(pk=championship_id).first()
            if given is None:
                raise NotFound("no-championship", _("There is no such championship."))
            if game is not None and (championship is None or championship.pk != given.pk):
                raise Invalid("game-not-in-championship", _("That game is not a game of this championship."))
            championship = given
        allowed = verdict(by, Action.SANCTION_HEAVY if kind in HEAVY else Action.SANCTION, game or championship)
        if allowed.code in ("", "own-game") and member_id == getattr(by, "pk", None):
            raise Forbidden("self-sanction", _("An arbiter cannot sanction themselves."))
        allowed.require()
        member = Member.objects.filter(pk=member_id).first()
        if member is None:
            raise NotFound("no-member", _("There is no such member."))
        if game is not None and game.colour_of(member.pk) is None:
            raise Invalid("not-a-player", _("The member does not play in this game."))
        if kind == Sanction.Kind.LOSS_OF_GAME and game is None:
            raise Invalid("no-game", _("The loss of the game needs the game."))
        if kind == Sanction.Kind.EXCLUSION and championship is None:
            raise Invalid("no-championship", _("Exclusion is from a championship (003 1.10)."))
        if championship is not None and game is None and not is_participant(championship, member.pk):
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
                result=_sanction_result(game),
                reason=reason,
                clause=clause,
                now=now,
            )
            for sanction in made:
                sanction.effect = before
                sanction.save(update_fields=["effect"])
        elif kind == Sanction.Kind.EXCLUSION:
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
            with translation.override(sanction.member.language):  # the kind's name in his words
                kind_words = str(sanction.get_kind_display())
            decision_notify(
                recipients=[sanction.member],
                key=f"sanction:{sanction.pk}",
                params={
                    "what": "sanction",
                    "event": championship.name if championship else "",
                    "kind": kind_words,
                    "clause": clause,
                    "reason": reason,
                },
                url="/arbiters/mine/",
                game_id=game.pk if game else None,
            )
        return made


def sanction_reverse(*, by, sanction: Sanction, reason: str, now: datetime) -> None:
    """Undo a sanction and its effect (an upheld protest). Call inside a transaction."""
    sanction.status = Sanction.Status.REVERSED
    sanction.save(update_fields=["status"])
    if sanction.kind == Sanction.Kind.LOSS_OF_GAME:
        game = game_locked(sanction.game_id)
        result = _sanction_result(game)
        if result is None:
            before = sanction.effect.get("result_before") or ""
            # A game that was still being played when it was forfeited cannot be resumed here:
            # it is annulled, for the chief arbiter to have it replayed.
            result = before if before else "annulled"
        _set_result(
            by=by,
            game=game,
            result=result,
            reason=reason,
            clause="003 1.3.1",
            now=now,
        )
    elif sanction.kind == Sanction.Kind.EXCLUSION:
        player_reinstate(
            by=by, championship_id=sanction.championship_id, member_id=sanction.member_id, reason=reason, now=now
        )
