"""Protests (1.3.1, 1.14.7): a player protests in writing a sanction against him
or a decision in his game; a team's captain protests for his team. The chief
arbiter (or deputy) of the event rules with reasons — or its protest panel
when the organiser names one; for the club, the club's chief arbiter. An
upheld protest against a sanction reverses it and its effect."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.championships.authority import Action, has_panel, protest_filer, require
from club.championships.decisions import decision_concerns, reason_given
from club.championships.models import Decision
from club.championships.selectors import championship_of_game
from club.notifications.services import decision_notify
from club.teams.models import Match, Team
from foundation.refusals import Conflict, Forbidden, Invalid, NotFound
from games.models import Game

from ..models import Protest, Sanction
from .arrivals import protest_arrived
from .audit import audit
from .sanctions import sanction_reverse


def protest_file(
    *,
    member,
    text: str,
    sanction_id: int | None = None,
    game_id: int | None = None,
    team_id: int | None = None,
    match_id: int | None = None,
    decision_id: int | None = None,
    now: datetime | None = None,
) -> Protest:
    """A player protests in writing a sanction against him, a decision in his
    game, or any decision of the event that touches him (1.3.1: an absence
    mark, a withdrawal, a pairing changed, a late entry —
    ``decisions.decision_concerns``); in a team event only a team's captain
    protests, for his team: about the event, one of its matches, a game of its
    players, a sanction against one of them or its line-up set by the chief
    arbiter (1.14.7: only the captain, and in writing)."""
    now = now or timezone.now()
    text = reason_given(text)
    if not getattr(member, "is_authenticated", False):
        raise Forbidden("not-logged-in", _("Log in to protest."))
    with transaction.atomic():
        sanction = game = team = match = decision = None
        if decision_id is not None:
            decision, championship, team = _decision_protested(member, decision_id)
        elif team_id is not None:
            team = Team.objects.select_related("championship").filter(pk=team_id).first()
            if team is None:
                raise NotFound("no-such-team", _("There is no team %(id)s.") % {"id": team_id})
            if team.captain_id != member.pk:
                raise Forbidden("not-captain", _("Only the captain of %(team)s may protest (1.14.7).") % {"team": team})
            championship = team.championship
            if match_id is not None:
                match = Match.objects.filter(pk=match_id, round__championship=championship).first()
                if match is None:
                    raise NotFound("no-such-match", _("There is no such match in this event."))
        elif sanction_id is not None:
            sanction = Sanction.objects.select_for_update().filter(pk=sanction_id).first()
            if sanction is None:
                raise NotFound("no-sanction", _("There is no such sanction."))
            team = protest_filer(member, sanction)
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
            team = protest_filer(member, game)
            championship = championship_of_game(game)
        else:
            raise Invalid("nothing-protested", _("Say which sanction or game the protest is about."))
        clause = "003 1.14.7" if team is not None else "003 1.3.1"
        protest = Protest.objects.create(
            member=member,
            sanction=sanction,
            game=game,
            championship=championship,
            team=team,
            match=match,
            decision=decision,
            text=text,
            filed_at=now,
        )
        audit(
            actor=member,
            action="protest:file",
            reason=text,
            clause=clause,
            championship=championship,
            game=game,
            member=member,
            now=now,
            protest=protest.pk,
        )
        protest_arrived(protest)
        return protest


def _decision_protested(member, decision_id: int):
    """The decision ``member`` protests, its event, and the team he protests for (1.3.1, 1.14.7)."""
    decision = Decision.objects.select_related("championship").filter(pk=decision_id).first()
    if decision is None:
        raise NotFound("no-decision", _("There is no such decision."))
    if member.pk not in decision_concerns(decision):
        raise Forbidden(
            "not-concerned", _("Only those a decision touches protest it (003 1.3.1); this one does not touch you.")
        )
    if decision.protests.filter(member=member, status=Protest.Status.PENDING).exists():
        raise Conflict("protest-pending", _("Your protest against this decision is already waiting."))
    championship = decision.championship
    team = None
    if decision.action == "lineup-decided":
        team = championship.teams.get(pk=decision.data["team"])
    return decision, championship, team


def protest_rule(*, by, protest_id: int, upheld: bool, ruling: str, now: datetime | None = None) -> Protest:
    """The chief arbiter (or deputy), or the championship's protest panel when
    it names one, rules on a protest with reasons (1.3.1); an upheld protest
    against a sanction reverses it and its effect."""
    now = now or timezone.now()
    ruling = reason_given(ruling)
    with transaction.atomic():
        protest = Protest.objects.select_for_update().filter(pk=protest_id).first()
        if protest is None:
            raise NotFound("no-protest", _("There is no such protest."))
        require(by, Action.PROTEST_RULE, protest)
        judge = "panel" if has_panel(protest.championship) else "chief"
        if protest.status != Protest.Status.PENDING:
            raise Conflict("already-ruled", _("This protest has already been ruled on."))
        protest.status = Protest.Status.UPHELD if upheld else Protest.Status.REJECTED
        protest.ruled_by, protest.ruled_at, protest.ruling = by, now, ruling
        protest.save(update_fields=["status", "ruled_by", "ruled_at", "ruling"])
        if upheld and protest.sanction is not None:
            sanction_reverse(by=by, sanction=protest.sanction, reason=ruling, now=now)
        audit(
            actor=by,
            action="protest:" + protest.status,
            reason=ruling,
            clause="003 1.14.7" if protest.team_id else "003 1.3.1",
            championship=protest.championship,
            game=protest.game,
            member=protest.member,
            now=now,
            protest=protest.pk,
            sanction=protest.sanction_id,
            upheld=upheld,
            judge=judge,
        )
        decision_notify(
            recipients=[protest.member],
            key=f"ruling:{protest.pk}",
            params={"what": "ruling", "upheld": upheld, "ruling": ruling},
            url=f"/championships/{protest.championship_id}/desk/" if protest.championship_id else "/arbiters/mine/",
            game_id=protest.game_id,
        )
        return protest
