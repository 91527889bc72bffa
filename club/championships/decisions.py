"""The decision log of an event: every organiser's and arbiter's action on a
championship or a team event, with who, when, why and the clause (append-only:
no service, page or admin deletes or edits a decision)."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from foundation.refusals import Invalid

from .models import Championship, Decision

REASON_MAX = 2000


def reason_given(reason: str) -> str:
    """The reason an arbiter's decision is recorded with: required, at most ``REASON_MAX`` characters."""
    reason = (reason or "").strip()
    if not reason:
        raise Invalid("no-reason", _("Say why: every arbiter's decision is recorded with its reason."))
    if len(reason) > REASON_MAX:
        raise Invalid("reason-too-long", _("A reason is at most %(n)s characters.") % {"n": REASON_MAX})
    return reason


def decision_record(
    championship: Championship, by, action: str, *, now: datetime, reason: str = "", clause: str = "", **data
) -> Decision:
    """Append the decision ``action`` to the championship's log (``by`` None: the club's workers)."""
    return Decision.objects.create(
        championship=championship,
        by=by if getattr(by, "pk", None) else None,
        at=now,
        action=action,
        reason=reason,
        clause=clause,
        data=data,
    )


# ---- who may protest a decision (1.3.1 «опротестовывать любые решения»): those it touches -----
PROTESTABLE = frozenset({"absence", "withdraw", "exclude", "override", "lineup-decided", "entry-late"})


def decision_concerns(decision: Decision) -> set[int]:
    """The members a decision of the event touches, who may protest it (1.3.1): the player
    marked absent, withdrawn or excluded; the players of the boards a pairing override changed;
    the captain of the team whose line-up the chief arbiter set (1.14.7: the captain protests);
    every other player of the event against a late entry. Empty for a decision nobody protests."""
    data = decision.data or {}
    if decision.action not in PROTESTABLE:
        return set()
    if decision.action in ("absence", "withdraw", "exclude"):
        return {data.get("member")}
    if decision.action == "override":
        return {pid for board in [*data.get("before", ()), *data.get("after", ())] for pid in board[1:] if pid}
    championship = decision.championship
    if decision.action == "lineup-decided":
        return set(championship.teams.filter(pk=data.get("team")).values_list("captain_id", flat=True))
    return set(championship.entries.exclude(member_id=data.get("member")).values_list("member_id", flat=True))


# ---- the log in words: what each action was, and who did it ----------------------------
ACTION_WORDS = {
    "create": gettext_lazy("championship created"),
    "entries-open": gettext_lazy("entries opened"),
    "entries-close": gettext_lazy("entries closed, the lot drawn"),
    "appoint": gettext_lazy("official appointed"),
    "reappoint": gettext_lazy("official's role changed"),
    "invite": gettext_lazy("member invited"),
    "entry-add": gettext_lazy("player entered by the organiser"),
    "entry-late": gettext_lazy("late entry admitted by the organiser"),
    "guest-merge": gettext_lazy("guest merged into a member"),
    "record": gettext_lazy("game record attached by the arbiter"),
    "group": gettext_lazy("group set"),
    "protest-panel": gettext_lazy("protest panel named"),
    "stage-link": gettext_lazy("next stage chained"),
    "stage-carry": gettext_lazy("qualifiers carried in from the previous stage"),
    "stage-advance": gettext_lazy("qualifiers sent to the next stage"),
    "pair": gettext_lazy("round paired"),
    "discard-pairing": gettext_lazy("pairing withdrawn"),
    "override": gettext_lazy("pair changed by the arbiter"),
    "publish": gettext_lazy("round published"),
    "result": gettext_lazy("result set by the arbiter"),
    "match-result": gettext_lazy("micro-match decided"),
    "withdraw": gettext_lazy("player withdrawn"),
    "exclude": gettext_lazy("player excluded"),
    "reinstate": gettext_lazy("player reinstated"),
    "board-arbiters": gettext_lazy("arbiters assigned to the round's boards"),
    "absence": gettext_lazy("player marked absent for a round (not paired, loses it)"),
    "finish": gettext_lazy("championship finished"),
    "playoff": gettext_lazy("play-off created for tied places"),
    "team-register": gettext_lazy("team registered"),
    "team-accept": gettext_lazy("place in a team accepted"),
    "team-decline": gettext_lazy("place in a team declined"),
    "team-board-ineligible": gettext_lazy("board game void (ineligible player)"),
    "team-withdrawn": gettext_lazy("team withdrawn"),
    "lineup-decided": gettext_lazy("line-up set by the arbiter"),
    "protest:file": gettext_lazy("protest filed"),
    "protest:upheld": gettext_lazy("protest upheld"),
    "protest:rejected": gettext_lazy("protest rejected"),
    "protest:pending": gettext_lazy("protest pending"),
    "question:answer": gettext_lazy("question answered"),
    "clocks:stop": gettext_lazy("clocks stopped"),
    "clocks:start": gettext_lazy("clocks started"),
    "clocks:correct": gettext_lazy("clocks corrected"),
    "adjournment:order": gettext_lazy("game adjourned"),
    "adjournment:seal": gettext_lazy("sealed move handed in"),
    "adjournment:resume": gettext_lazy("adjourned game resumed"),
    "draw-claim:five-moves": gettext_lazy("draw claimed (clearly drawn position, 5-move rule)"),
    "draw-claim:stop-clocks": gettext_lazy("draw claimed (the stronger side stops the clocks)"),
    "draw-claim:granted": gettext_lazy("draw claim granted"),
    "draw-claim:refused": gettext_lazy("draw claim refused"),
    "draw-claim:pending": gettext_lazy("draw claim pending"),
    "sanction:remark": gettext_lazy("sanction: remark"),
    "sanction:warning": gettext_lazy("sanction: warning"),
    "sanction:reprimand": gettext_lazy("sanction: reprimand"),
    "sanction:loss_of_game": gettext_lazy("sanction: loss of the game"),
    "sanction:exclusion": gettext_lazy("sanction: exclusion from the competition"),
    "sanction:reversed": gettext_lazy("sanction reversed on protest"),
    "play-closed": gettext_lazy("the closing date passed: the unfinished games stopped for adjudication"),
    "round-deadline": gettext_lazy("the round's deadline passed: its unfinished games stopped for adjudication"),
    "section-start": gettext_lazy("correspondence section started: every round published at once"),
    "section": gettext_lazy("players chosen for a section"),
    "operator": gettext_lazy("operator appointed"),
    "report": gettext_lazy("result reported at the board"),
    "score-sheet": gettext_lazy("score sheet typed in"),
    "score-sheet-take-back": gettext_lazy("typed score sheet withdrawn"),
}


def action_words(action: str) -> str:
    """What a logged action was, in words; an action this table does not know yet, as a decision
    of the event (the public page never shows the log's codes)."""
    words = ACTION_WORDS.get(action)
    return str(words) if words else str(_("decision of the event"))


def actor_words(by) -> str:
    """Who did it: the member, or — no member recorded — the club's own workers."""
    return str(by) if by else str(_("the club (automatically)"))
