"""The championship page's actions, one table: each is a form that reads the POST, the service it
calls, who may take it (``authority.verdict``) and the event's state in which the page offers it.

The action view runs an action from its row: the form first (400), then the verdict (403), then
the service, whose refusal (409 for a state that no longer allows it) changes nothing. The page
shows the rows the viewer may take in the event's state now, and the template only loops over
them: what to show is decided here and in the authority, never by status names in a template.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from django import forms
from django.utils.translation import gettext as _

from foundation.refusals import Invalid
from members.models import Member

from .. import authority, services
from ..authority import Action, Verdict
from ..forms import (
    AbsenceForm,
    AdjudicationForm,
    AppointForm,
    DiscardForm,
    GroupForm,
    GuestForm,
    IneligibleForm,
    LeaveForm,
    LineupDecisionForm,
    LineupForm,
    MatchResultForm,
    MemberReasonForm,
    MergeGuestForm,
    NoInputForm,
    PairForm,
    PlayoffForm,
    ResultForm,
    RoundBoardArbitersForm,
    RoundOverrideForm,
    RoundPublishForm,
    StageForm,
    TeamPlayoffForm,
    TeamWithdrawForm,
)
from ..models import Championship, Round
from ..selectors.adjudication import games_awaiting_adjudication

Status = Championship.Status
TAKING_PART = (Status.ENTRIES_CLOSED, Status.RUNNING)  # the arbiters' part: after the lot, before the end


@dataclass(frozen=True)
class Page:
    """What the page knows besides the event: its rounds, the viewer's entry, the round in hand, and
    in a team event the coming round's line-ups (``selectors.teams.lineups_coming``: 1.14.2)."""

    rounds: list[Round]
    my_entry: object = None
    round: Round | None = None
    lineups: dict | None = None

    @property
    def round_unpublished(self) -> bool:
        # a round paired and not yet published is published first: no next round to pair (1.15)
        return any(r.status in (Round.Status.DRAFT, Round.Status.PAIRED) for r in self.rounds)


@dataclass(frozen=True)
class PageAction:
    name: str
    form: Callable[..., forms.Form]  # (championship, data or None) → the action's form
    run: Callable[[Member, Championship, dict], str]  # calls the service; returns what was done
    may: Callable[[Member, Championship], Verdict]  # who may (the authority)
    when: Callable[[Championship, Page], bool]  # the event's state in which the page offers it
    # where the page shows it: organiser, player, arbiter, absence, playoff, round; a team event's
    # captain, lineups and board (its round page); desk: not on the page
    section: str

    def template(self, championship: Championship) -> str:
        """Its form on the page of the event's kind: a team event's posts to its own address."""
        return f"{'teams' if championship.for_teams else 'championships'}/actions/{self.name}.html"


@dataclass
class Offered:
    """An action the page shows this viewer, with its form."""

    action: PageAction
    form: forms.Form
    template: str


@cache  # one function per action: the page asks each verdict once
def by(action: Action) -> Callable[[Member, Championship], Verdict]:
    return lambda member, championship: authority.verdict(member, action, championship)


def appointing(member, championship: Championship) -> Verdict:
    """The organiser's appointment, then the club chief arbiter's reappointment (002 §17)."""
    return authority.verdict(member, authority.appointing(championship), championship)


def as_player(member, championship: Championship) -> Verdict:
    """A member's own entry: anyone logged in who is none of the event's officials (002 §17)."""
    if not getattr(member, "is_authenticated", False):
        return Verdict(False, "not-logged-in", _("Log in first."))
    return authority.seat_verdict(championship, member.pk, authority.Seat.PLAYER)


def own_entry(member, championship: Championship) -> Verdict:
    if not getattr(member, "is_authenticated", False):
        return Verdict(False, "not-logged-in", _("Log in first."))
    return authority.ALLOWED


def captaining(member, championship: Championship) -> Verdict:
    """A team's line-up is its captain's to hand in (1.14.2, 1.14.7): the page offers it to the
    event's captains; the service checks the team is his."""
    if not getattr(member, "is_authenticated", False):
        return Verdict(False, "not-logged-in", _("Log in first."))
    if not championship.teams.filter(captain_id=member.pk).exists():
        return Verdict(False, "not-captain", _("Only a team's captain hands in its line-up (1.14.2)."))
    return authority.ALLOWED


def plain(form_class) -> Callable[..., forms.Form]:
    return lambda championship, data=None: form_class(data)


def _players(championship: Championship) -> list[Member]:
    return [e.member for e in championship.entries.select_related("member")]


def _always(championship, page) -> bool:
    return True


def _status(*statuses) -> Callable[[Championship, Page], bool]:
    return lambda championship, page: championship.status in statuses


# ---- the services, each with what it says once done ----------------------------------------------
def _enter(me, c, data):
    services.entry_create(championship_id=c.pk, member=me)
    return _("You have entered the championship.")


def _leave_entry(me, c, data):
    services.entry_withdraw(championship_id=c.pk, member=me)
    return _("Your entry is withdrawn.")


def _open(me, c, data):
    services.entries_open(by=me, championship_id=c.pk)
    return _("Entries are open.")


def _close(me, c, data):
    services.entries_close(by=me, championship_id=c.pk)
    return _("Entries are closed and the lot is drawn.")


def _appoint(me, c, data):
    services.arbiter_appoint(
        by=me, championship_id=c.pk, member=data["username"], role=data["role"], reason=data["reason"]
    )
    return _("Appointed.")


def _group(me, c, data):
    services.entry_group_set(by=me, championship_id=c.pk, member_id=data["username"].pk, group=data["group"])
    return _("The group is set.")


def _stage(me, c, data):
    services.stage_link(by=me, championship_id=c.pk, next_stage_id=data["next_stage"], qualifiers=data["qualifiers"])
    return _("The next stage is chained.")


def _add(me, c, data):
    services.entry_add(by=me, championship_id=c.pk, member=data["username"], reason=data["reason"])
    return _("%(member)s is entered.") % {"member": data["username"]}


def _guest(me, c, data):
    entry = services.guest_enter(by=me, championship_id=c.pk, **data)
    return _("The guest %(name)s is entered.") % {"name": entry.member}


def _merge_guest(me, c, data):
    services.guest_merge(by=me, championship_id=c.pk, guest_id=data["guest"], member=data["username"])
    return _("The guest's games and results are now %(member)s's.") % {"member": data["username"]}


def _invite(me, c, data):
    services.invitation_add(by=me, championship_id=c.pk, member=data["username"], reason=data["reason"])
    return _("Invited.")


def _pair(me, c, data):
    the_round = services.round_pair(by=me, championship_id=c.pk, starts_at=data["starts_at"])
    return _("Round %(n)s is paired: check it, then publish it.") % {"n": the_round.number}


def _publish(me, c, data):
    services.round_publish(
        by=me,
        championship_id=c.pk,
        round_number=data["round"],
        starts_at=data["starts_at"],
        absent=data["absent"],
        start_confirmed=data["confirm_start"],
    )
    return _("Round %(n)s is published: its games are created.") % {"n": data["round"]}


def _discard(me, c, data):
    services.round_discard(by=me, championship_id=c.pk, round_number=data["round"], reason=data["reason"])
    return _("The pairing of round %(n)s is withdrawn: pair it again.") % {"n": data["round"]}


def _override(me, c, data):
    services.board_override(
        by=me,
        championship_id=c.pk,
        round_number=data["round"],
        board_number=data["board"],
        white_id=data["white"].pk,
        black_id=data["black"].pk if data["black"] else None,
        reason=data["reason"],
    )
    return _("The pairing is changed and the decision recorded.")


def _board_arbiters(me, c, data):
    groups = [
        services.BoardGroup(arbiter_id=member.pk, first=first, last=last) for member, first, last in data["assignments"]
    ]
    services.board_arbiters_assign(by=me, championship_id=c.pk, round_number=data["round"], groups=groups)
    return _("Round %(n)s's arbiters are assigned to its boards (1.16.9).") % {"n": data["round"]}


def _result(me, c, data):
    services.board_result_set(
        by=me, championship_id=c.pk, game_id=data["game_id"], result=data["result"], reason=data["reason"]
    )
    return _("The result is set and the decision recorded.")


def _match_result(me, c, data):
    services.match_result_set(
        by=me, championship_id=c.pk, board_id=data["board"], result=data["result"], reason=data["reason"]
    )
    return _("The encounter is decided and the decision recorded (1.11).")


def _start(me, c, data):
    started = services.section_start(by=me, championship_id=c.pk)
    return _("The section has started: all its %(n)s rounds are published and every game has begun.") % {
        "n": len(started)
    }


def _adjudicate(me, c, data):
    services.game_adjudicate(
        by=me, championship_id=c.pk, game_id=data["game_id"], result=data["result"], reason=data["reason"]
    )
    return _("The game is adjudicated and the decision recorded.")


def _withdraw(me, c, data):
    services.player_leave(
        by=me,
        championship_id=c.pk,
        member_id=data["username"].pk,
        reason=data["reason"],
        excluded=data["excluded"],
    )
    return _("The withdrawal is recorded.")


def _absence(me, c, data):
    services.absence_mark(
        by=me, championship_id=c.pk, member_id=data["username"].pk, round_number=data["round"], reason=data["reason"]
    )
    return _("The absence is recorded: he is not paired in round %(n)s and loses it.") % {"n": data["round"]}


def _playoff(me, c, data):
    playoff = services.playoff_create(
        by=me,
        championship_id=c.pk,
        member_ids=[member.pk for member in data["usernames"]],
        time_control=data["time_control"],
        games_per_pair=data["games_per_pair"],
        reason=data["reason"],
    )
    return _("The play-off is created: %(n)s games (1.13.2).") % {"n": playoff.games.count()}


def _lineup_of(data) -> dict:
    """The line-up form's team, round and players board by board (1.14.2)."""
    boards = sorted((name for name in data if name.startswith("board")), key=lambda name: int(name[5:]))
    return {"team_id": data["team_id"], "round_number": data["round"], "members": [data[b] for b in boards]}


def _lineup(me, c, data):
    services.lineup_submit(by=me, championship_id=c.pk, **_lineup_of(data))
    return _("The line-up is handed in.")


def _lineup_decision(me, c, data):
    services.lineup_decide(by=me, championship_id=c.pk, reason=data["reason"], **_lineup_of(data))
    return _("The line-up is set by the chief arbiter's decision (1.14.2).")


def _team_playoff(me, c, data):
    playoff = services.team_playoff_create(
        by=me,
        championship_id=c.pk,
        team_ids=data["team_ids"],
        time_control=data["time_control"],
        matches_per_pair=data["matches_per_pair"] or 1,
        reason=data["reason"],
    )
    return _("The play-off is created: %(n)s games (1.13.2, 1.14.6).") % {"n": playoff.games.count()}


def _team_withdraw(me, c, data):
    team = services.team_withdraw(
        by=me,
        championship_id=c.pk,
        team_id=data["team_id"],
        after_round=data["after_round"],
        treatment=data["treatment"],
        reason=data["reason"],
    )
    return _("%(team)s has withdrawn (1.14.5).") % {"team": team}


def _ineligible(me, c, data):
    board = services.board_ineligible(
        by=me, championship_id=c.pk, board_id=data["board_id"], member_id=data["member_id"], reason=data["reason"]
    )
    return _("The game on board %(n)s does not count: the board is lost (1.14.4).") % {"n": board.board}


def lineup_form(form_class) -> Callable[..., forms.Form]:
    """A line-up names one player a board: as many fields as the event has boards (1.14.2)."""
    return lambda championship, data=None: form_class(data, boards=championship.boards)


# ---- when the page offers each -------------------------------------------------------------------
def _section_at_once(c: Championship) -> bool:
    """A correspondence section played all at once starts in one go instead of round by round."""
    return c.all_at_once and not c.is_knockout


def _may_chain(c, page) -> bool:
    return c.status in (Status.DRAFT, Status.ENTRIES_OPEN, Status.ENTRIES_CLOSED) and not (
        c.next_stage_id or page.rounds
    )


def _may_start(c, page) -> bool:
    return _section_at_once(c) and c.status == Status.ENTRIES_CLOSED


def _may_pair(c, page) -> bool:
    return c.status in TAKING_PART and not _section_at_once(c) and not page.round_unpublished


def _may_adjudicate(c, page) -> bool:
    # 1.10.4: after the closing date of a correspondence event, or a round's days
    return c.status in TAKING_PART and (c.status == Status.RUNNING and bool(c.closes_at) or bool(c.round_days))


def _may_mark_absence(c, page) -> bool:
    # 1.15.2: only the Swiss system pairs round by round from who will play
    return c.is_swiss and not c.for_teams and c.status in (Status.ENTRIES_OPEN, *TAKING_PART)


def _round_open(c, page) -> bool:
    return page.round is not None and page.round.status != Round.Status.CLOSED


def _round_paired(c, page) -> bool:
    return page.round is not None and page.round.status == Round.Status.PAIRED


ACTIONS: dict[str, PageAction] = {
    a.name: a
    for a in (
        # the organiser's, in the order the page shows them
        PageAction("appoint", plain(AppointForm), _appoint, appointing, _always, "organiser"),
        PageAction(
            "add", plain(MemberReasonForm), _add, by(Action.EVENT_ORGANISE), _status(Status.ENTRIES_OPEN), "organiser"
        ),
        PageAction(
            "guest", plain(GuestForm), _guest, by(Action.EVENT_ORGANISE), _status(Status.ENTRIES_OPEN), "organiser"
        ),
        PageAction("merge-guest", plain(MergeGuestForm), _merge_guest, by(Action.EVENT_ORGANISE), _always, "organiser"),
        PageAction(
            "invite",
            plain(MemberReasonForm),
            _invite,
            by(Action.EVENT_ORGANISE),
            lambda c, page: c.invitation_only,
            "organiser",
        ),
        PageAction("stage", plain(StageForm), _stage, by(Action.EVENT_ORGANISE), _may_chain, "organiser"),
        PageAction("open", plain(NoInputForm), _open, by(Action.EVENT_ORGANISE), _status(Status.DRAFT), "organiser"),
        PageAction(
            "group",
            plain(GroupForm),
            _group,
            by(Action.EVENT_ORGANISE),
            lambda c, page: c.status == Status.ENTRIES_OPEN and c.is_scheveningen,
            "organiser",
        ),
        PageAction(
            "close", plain(NoInputForm), _close, by(Action.EVENT_ORGANISE), _status(Status.ENTRIES_OPEN), "organiser"
        ),
        # the member's own entry
        PageAction(
            "leave-entry",
            plain(NoInputForm),
            _leave_entry,
            own_entry,
            lambda c, page: c.status == Status.ENTRIES_OPEN and page.my_entry is not None,
            "player",
        ),
        PageAction(
            "enter",
            plain(NoInputForm),
            _enter,
            as_player,
            lambda c, page: c.status == Status.ENTRIES_OPEN and page.my_entry is None,
            "player",
        ),
        # the arbiters'
        PageAction("start", plain(NoInputForm), _start, by(Action.EVENT_DECIDE), _may_start, "arbiter"),
        PageAction("pair", plain(PairForm), _pair, by(Action.EVENT_PAIR), _may_pair, "arbiter"),
        PageAction(
            "adjudicate",
            lambda c, data=None: AdjudicationForm(data, games=games_awaiting_adjudication(c)),
            _adjudicate,
            by(Action.EVENT_DECIDE),
            _may_adjudicate,
            "arbiter",
        ),
        PageAction("result", plain(ResultForm), _result, by(Action.EVENT_DECIDE), _status(*TAKING_PART), "arbiter"),
        PageAction("withdraw", plain(LeaveForm), _withdraw, by(Action.EVENT_DECIDE), _status(*TAKING_PART), "arbiter"),
        PageAction("absence", plain(AbsenceForm), _absence, by(Action.EVENT_ABSENCE), _may_mark_absence, "absence"),
        PageAction(
            "playoff",
            plain(PlayoffForm),
            _playoff,
            by(Action.EVENT_DECIDE),
            lambda c, page: c.status == Status.FINISHED and not c.for_teams,
            "playoff",
        ),
        # a round's, shown with each round
        PageAction(
            "board-arbiters",
            plain(RoundBoardArbitersForm),
            _board_arbiters,
            by(Action.EVENT_BOARDS),
            _round_open,
            "round",
        ),
        PageAction("publish", plain(RoundPublishForm), _publish, by(Action.EVENT_PAIR), _round_paired, "round"),
        PageAction(
            "override",
            lambda c, data=None: RoundOverrideForm(data, players=_players(c)),
            _override,
            by(Action.EVENT_DECIDE),
            _round_paired,
            "round",
        ),
        PageAction("discard", plain(DiscardForm), _discard, by(Action.EVENT_DECIDE), _round_paired, "round"),
        # the desk's: a knockout encounter left drawn is decided from its list there (1.11)
        PageAction("match-result", plain(MatchResultForm), _match_result, by(Action.EVENT_DECIDE), _always, "desk"),
    )
}


def _lineups_open(c, page) -> bool:
    # 1.14.2: until the line-ups are due; after that the line-up on record stands
    return page.lineups is not None and not page.lineups["late"]


def _board_shown(c, page) -> bool:
    return page.round is not None


# A team event (1.14) is the same engine with teams for entrants: its rounds are paired and
# published by the same rows; its own are the line-ups, a team's withdrawal, a void board and the
# teams' play-off, each offered like the championship's from who may and the event's state.
TEAM_ACTIONS: dict[str, PageAction] = {
    a.name: a
    for a in (
        ACTIONS["pair"],
        ACTIONS["publish"],
        PageAction("lineup", lineup_form(LineupForm), _lineup, captaining, _lineups_open, "captain"),
        PageAction(
            "lineup-decision",
            lineup_form(LineupDecisionForm),
            _lineup_decision,
            by(Action.EVENT_DECIDE),
            _lineups_open,
            "lineups",
        ),
        PageAction(
            "playoff",
            plain(TeamPlayoffForm),
            _team_playoff,
            by(Action.EVENT_DECIDE),
            _status(Status.FINISHED),
            "playoff",
        ),
        PageAction(
            "withdraw",
            plain(TeamWithdrawForm),
            _team_withdraw,
            by(Action.EVENT_DECIDE),
            _status(*TAKING_PART),
            "arbiter",
        ),
        PageAction("ineligible", plain(IneligibleForm), _ineligible, by(Action.EVENT_DECIDE), _board_shown, "board"),
    )
}


def actions_of(championship: Championship) -> dict[str, PageAction]:
    """The actions of the event's kind of entrant: players, or teams (1.14)."""
    return TEAM_ACTIONS if championship.for_teams else ACTIONS


def run(request, championship: Championship, name: str) -> str:
    """Take the action ``name``: the input, then who may, then the service. Returns what was done;
    a refusal (``Forbidden``, ``Invalid``, the service's own) is raised, nothing changed."""
    action = actions_of(championship)[name]
    data = valid(action.form(championship, request.POST))
    action.may(request.user, championship).require()
    return action.run(request.user, championship, data)


def valid(form) -> dict:
    """The form's values, or a 400 naming the first wrong field by its label and why."""
    if not form.is_valid():
        name, errors = next(iter(form.errors.items()))
        label = form.fields[name].label if name in form.fields else name
        raise Invalid(
            "invalid", _("%(field)s: %(error)s") % {"field": label, "error": errors[0]} if label else str(errors[0])
        )
    return form.cleaned_data


def offered(member, championship: Championship, page: Page) -> dict[str, list[Offered]]:
    """The actions the page shows ``member``, section by section, each with its form; a round's are
    under ``"round"`` and are asked round by round with ``round_offered``."""
    verdicts: dict[object, bool] = {}
    shown: dict[str, list[Offered]] = {}
    for action in actions_of(championship).values():
        if action.section in ("round", "desk") or not action.when(championship, page):
            continue
        if _allowed(action, member, championship, verdicts):
            offer = Offered(action, action.form(championship), action.template(championship))
            shown.setdefault(action.section, []).append(offer)
    return shown


def round_offered(member, championship: Championship, page: Page) -> dict[int, list[Offered]]:
    """Each round's actions the page shows ``member``, by round number; a form is built once."""
    verdicts: dict[object, bool] = {}
    built: dict[str, forms.Form] = {}
    shown: dict[int, list[Offered]] = {}
    for the_round in page.rounds:
        here = Page(page.rounds, page.my_entry, the_round, page.lineups)
        for action in actions_of(championship).values():
            if action.section != "round" or not action.when(championship, here):
                continue
            if _allowed(action, member, championship, verdicts):
                form = built.get(action.name) or built.setdefault(action.name, action.form(championship))
                offer = Offered(action, form, action.template(championship))
                shown.setdefault(the_round.number, []).append(offer)
    return shown


def _allowed(action: PageAction, member, championship: Championship, verdicts: dict) -> bool:
    """The verdict, asked once a page per rule (many actions share one)."""
    if action.may not in verdicts:
        verdicts[action.may] = action.may(member, championship).allowed
    return verdicts[action.may]


def step_offered(member, championship: Championship, page: Page, names, templates: dict) -> list[Offered]:
    """The forms of the desk's next step (``selectors.desk.next_step``): of the rows ``names``, in
    their order, those the viewer may take now, asked as the event's page asks them; ``templates``
    names the desk's own form of a row where it shows more than the page's (a step's context)."""
    rows = [*offered(member, championship, page).values(), *round_offered(member, championship, page).values()]
    shown = {offer.action.name: offer for offers in rows for offer in offers}
    return [
        Offered(shown[name].action, shown[name].form, templates.get(name, shown[name].template))
        for name in names
        if name in shown
    ]
