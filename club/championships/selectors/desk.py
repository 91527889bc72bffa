"""The organiser's and arbiters' desk: the event's next step and who
takes it, read from the event's state and the authority's table (``RULES``), so
the desk names the office the services will ask for — never a guess."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Game
from games.venue import rules_of

from ..authority import RULES, Action, Power
from ..models import Appointment, Board, Championship, Round
from .adjudication import games_awaiting_adjudication
from .board_results import DISPUTED, boards_without_result
from .events import is_live, rounds_total
from .results import players
from .working import Named, working_shown

Status = Championship.Status

# Which appointments hold each power inside an event (club.championships.authority).
HOLDERS = {
    Power.CHIEF: (Appointment.Role.CHIEF, Appointment.Role.DEPUTY),
    Power.ARBITER: (Appointment.Role.CHIEF, Appointment.Role.DEPUTY, Appointment.Role.ARBITER),
    Power.PANEL: (Appointment.Role.PANEL,),
}


@dataclass(frozen=True)
class NextStep:
    """What the event waits for: ``action`` (a ``championship_action`` name, "" when nobody acts
    at the desk), the ``text`` naming who takes it, and the members who may."""

    action: str
    text: str
    by: tuple = ()


def _office(power: Power) -> str:
    return {
        Power.ORGANISER: _("the organiser"),
        Power.CHIEF: _("the chief arbiter"),
        Power.ARBITER: _("an arbiter of the event"),
        Power.PANEL: _("the protest panel"),
    }[power]


def _who(championship: Championship, action: Action) -> tuple[str, tuple]:
    """The office that may take ``action`` here (the narrowest of the rule's powers) and its holders."""
    powers = RULES[action].in_event
    power = next(p for p in (Power.ORGANISER, Power.CHIEF, Power.ARBITER, Power.PANEL) if p in powers)
    if power == Power.ORGANISER:
        return _office(power), (championship.organiser,)
    holders = championship.appointments.filter(role__in=HOLDERS[power]).select_related("member")
    return _office(power), tuple(a.member for a in holders)


def _step(championship: Championship, action: str, rule: Action, text: str, **params) -> NextStep:
    office, by = _who(championship, rule)
    names = ", ".join(str(m) for m in by)
    who = f"{office} ({names})" if names else office
    text = text % {"who": who, **params}
    return NextStep(action, text[:1].upper() + text[1:], by)


def next_step(championship: Championship) -> NextStep:
    """The event's next step and who takes it: "the chief arbiter pairs round 3"."""
    status = championship.status
    if status == Status.DRAFT:
        if not championship.appointments.filter(role=Appointment.Role.CHIEF).exists():
            return _step(championship, "appoint", Action.EVENT_APPOINT, _("%(who)s appoints the chief arbiter."))
        return _step(championship, "open", Action.EVENT_ORGANISE, _("%(who)s opens the entries."))
    if status == Status.ENTRIES_OPEN:
        if not championship.entries.exists() and not championship.teams.exists():
            return _step(
                championship,
                "add",
                Action.EVENT_ORGANISE,
                _("Nobody has entered yet: members enter on the championship's page, or %(who)s adds players."),
            )
        return _step(championship, "close", Action.EVENT_ORGANISE, _("%(who)s closes the entries and draws the lot."))
    if status == Status.FINISHED:
        return NextStep("", _("The championship is over: its results are final."))
    if status not in (Status.ENTRIES_CLOSED, Status.RUNNING):
        return NextStep("", championship.get_status_display())
    if waiting := adjudications_due(championship):
        return _step(
            championship,
            "adjudicate",
            Action.EVENT_DECIDE,
            ngettext(
                "Play has closed: %(who)s adjudicates the %(n)s unfinished game.",
                "Play has closed: %(who)s adjudicates the %(n)s unfinished games.",
                len(waiting),
            ),
            n=len(waiting),
        )
    if championship.all_at_once and not championship.is_knockout:
        if status == Status.ENTRIES_CLOSED:
            return _step(championship, "start", Action.EVENT_DECIDE, _("%(who)s starts the section."))
        return NextStep("", _("The section is being played: every game has begun."))
    last = championship.rounds.order_by("-number").first()
    if last is not None and last.status == Round.Status.PAIRED:
        return _step(
            championship,
            "publish",
            Action.EVENT_PAIR,
            _("%(who)s checks and publishes round %(n)s."),
            n=last.number,
        )
    if last is not None and last.status == Round.Status.PUBLISHED and _games_going(championship, last):
        at_the_board = rules_of(championship.venue).results_reported
        if at_the_board and (waiting := boards_without_result(championship, last.number)):
            return _boards_step(championship, last, waiting)
        return NextStep(
            "", _("Round %(n)s is being played; its results come in as its games end.") % {"n": last.number}
        )
    number = (last.number if last else 0) + 1
    total = rounds_total(championship)
    if total is not None and number > total:
        return NextStep("", _("The last round is closing."))
    return _step(championship, "pair", Action.EVENT_PAIR, _("%(who)s pairs round %(n)s."), n=number)


def _boards_step(championship: Championship, the_round: Round, waiting: list) -> NextStep:
    """At the board nothing on the server ends a game: the round waits for each board's result
    (``waiting``), from its players' reports or an arbiter's decision; a dispute is the arbiters' alone."""
    disputed = sum(w.state == DISPUTED for w in waiting)
    if disputed:
        return _step(
            championship,
            "",
            Action.BOARD_RESULT,
            ngettext(
                "Round %(n)s: the players' reports disagree on %(d)s board: %(who)s decides it.",
                "Round %(n)s: the players' reports disagree on %(d)s boards: %(who)s decides them.",
                disputed,
            ),
            n=the_round.number,
            d=disputed,
        )
    return _step(
        championship,
        "",
        Action.BOARD_RESULT,
        ngettext(
            "Round %(n)s is being played at the board: %(k)s board waits for its result, "
            "which its players report or %(who)s records.",
            "Round %(n)s is being played at the board: %(k)s boards wait for their results, "
            "which their players report or %(who)s records.",
            len(waiting),
        ),
        n=the_round.number,
        k=len(waiting),
    )


def adjudications_due(championship: Championship) -> list:
    """The games awaiting adjudication, once play has closed in the event or in a round."""
    if not championship.decisions.filter(action__in=("play-closed", "round-deadline")).exists():
        return []
    return games_awaiting_adjudication(championship)


def _games_going(championship: Championship, the_round: Round) -> bool:
    """Is a game of the round still being played? Once all have ended the next round may be
    paired at once, its last results recorded on the way (services.results.round_results_catch_up)."""
    if championship.for_teams:
        return the_round.matches.filter(away__isnull=False, result="").exists()
    return (
        Game.objects.filter(status=Game.Status.ONGOING)
        .filter(Q(championship_board__round=the_round) | Q(championship_match_game__board__round=the_round))
        .exists()
    )


def matches_to_decide(championship: Championship) -> list[Board]:
    """A knockout's encounters whose games are all over and still undecided — a tie drawn after
    its further micro-matches, which the chief arbiter decides (1.11). Elsewhere a drawn
    encounter is a result of its own."""
    if not championship.is_knockout:
        return []
    return list(
        Board.objects.filter(round__championship=championship, black__isnull=False, result="")
        .filter(match_games__isnull=False)
        .exclude(match_games__game__status=Game.Status.ONGOING)
        .select_related("round", "white", "black")
        .distinct()
        .order_by("round__number", "number")
    )


def publish_check(championship: Championship, the_round: Round) -> dict:
    """What the arbiter checks beside the Publish button of a paired round: the
    classification the pairing was made from (a Swiss round's stored working, 1.15), whether
    the round needs a start time (1.6.3), and whether publishing it starts the event."""
    if championship.for_teams:
        entrants = {t.pk: Named(t.name, t.start_number) for t in championship.teams.all()}
    else:
        entrants = players(championship)
    overrides = [(b.number, b.override_reason) for b in the_round.boards.exclude(override_reason="")]
    return {
        "working": working_shown(the_round.working, entrants, overrides),
        "live": is_live(championship),
        "starts_event": championship.status == Status.ENTRIES_CLOSED,
    }
