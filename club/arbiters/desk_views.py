"""The event's desk: one page per championship for its organiser and
arbiters — the next step and who takes it, the step's own form, the protests to
rule on, the sanctions and adjourned games — and for a player his own part of
it: his sanctions (with a protest form), his protests and questions with their
answers. The forms post to the same actions and services as everywhere else;
the services (club.championships.authority) decide who may."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.championships import selectors as championships
from club.championships import services as championship_services
from club.championships.authority import Action, verdict
from club.championships.forms import AdjudicationForm, MatchResultForm, RelayFeedForm
from club.championships.models import Round
from club.championships.selectors.board_results import boards_without_result, seats_of_rounds
from club.championships.selectors.desk import adjudications_due, matches_to_decide, next_step, publish_check
from club.championships.selectors.events import is_participant
from club.championships.selectors.relay import relay_desk
from club.championships.views import actions
from foundation.api.params import posted_int
from foundation.refusals import Refused
from games.venue import rules_of

from . import selectors, services
from .forms import EventSanctionForm, MyGameForm

# The page's actions each next step brings to the desk (the step names the first): while nobody has
# entered, the organiser adds players and guests, and he still may when he closes the entries.
STEP_FORMS = {
    "appoint": ("appoint",),
    "open": ("open",),
    "add": ("add", "guest"),
    "close": ("add", "guest", "close"),
    "start": ("start",),
    "pair": ("pair",),
    "publish": ("publish",),
    "adjudicate": ("adjudicate",),
}
# Where the desk shows a step's form with more than the page does: the pairs beside Publish, and
# the games to adjudicate below, each with its own form.
DESK_TEMPLATES = {"publish": "arbiters/desk/publish.html", "adjudicate": "arbiters/desk/adjudicate.html"}


def _event_or_404(pk: int):
    championship = championships.championship_get(pk)
    if championship is None:
        raise Http404
    return championship


@login_required
def championship_desk(request, pk: int):
    championship = _event_or_404(pk)
    me = request.user
    official = verdict(me, Action.EVENT_READ, championship).allowed  # its organiser and officials
    playing = is_participant(championship, me.pk)
    if not (official or playing):
        if championship.status == championship.Status.DRAFT:
            raise Http404  # to whoever may not see it, a draft does not exist, at every address
        raise PermissionDenied
    context = {
        "championship": championship,
        "official": official,
        "organises": verdict(me, Action.EVENT_ORGANISE, championship).allowed,
        **selectors.event_part_of(me, championship),
    }
    if rules_of(championship.venue).results_reported:  # at the board: what each board waits for, and from whom
        context["boards_waiting"] = boards_without_result(championship)
    if official and not rules_of(championship.venue).moves_online:  # at the board: its relay feeds
        context.update(
            relay=relay_desk(championship),
            may_relay=verdict(me, Action.EVENT_RELAY, championship).allowed,
            relay_form=RelayFeedForm(initial={"url": championship.relay_url}),
        )
    context.update(
        question_form=MyGameForm(games=context["my_games"], auto_id="id_question_%s"),
        game_protest_form=MyGameForm(games=context["my_games"], auto_id="id_game_protest_%s"),
    )
    if official:
        step = next_step(championship)
        rounds = list(championship.rounds.all())
        last = rounds[-1] if rounds else None
        context.update(
            step=step,
            # the step's forms the authority lets this viewer take now, as the event's page offers them
            step_offered=actions.step_offered(
                me, championship, actions.Page(rounds), STEP_FORMS.get(step.action, ()), DESK_TEMPLATES
            ),
            last_round=last,
            round_played=last if last and last.status == Round.Status.PUBLISHED else None,
            # the boards' arbiter pages, a team match's boards too: every round's when all
            # are played at once, else the last round's
            desk_seats=seats_of_rounds(championship, rounds if championship.all_at_once else [last] if last else []),
            # beside the Publish button: the classification the pairing was made from
            publish=publish_check(championship, last) if step.action == "publish" else None,
            # the games awaiting adjudication, each with its position and its own form
            adjudications=[
                (waiting, AdjudicationForm(games=[waiting], auto_id=f"id_adjudicate_{waiting.game.pk}_%s"))
                for waiting in adjudications_due(championship)
            ],
            may_adjudicate=verdict(me, Action.EVENT_DECIDE, championship).allowed,
            **selectors.event_desk(championship, me),
        )
        context.update(
            sanction_form=EventSanctionForm(players=context["players"], auto_id="id_sanction_%s"),
            may_sanction=verdict(me, Action.SANCTION, championship).allowed,
            matches=[
                (board, MatchResultForm(initial={"board": board.pk}, auto_id=f"id_match_{board.pk}_%s"))
                for board in matches_to_decide(championship)
            ],
        )
    return render(request, "arbiters/desk.html", context)


def _refused(request, form) -> None:
    field, errors = next(iter(form.errors.items()))
    messages.error(request, f"{form.fields[field].label if field in form.fields else field}: {errors[0]}")


def _back_to_desk(request, pk: int, decide, done: str):
    """Runs the service call ``decide``; its refusal, or ``done``, is the desk's message."""
    try:
        decide()
    except Refused as refusal:
        messages.error(request, refusal.detail)
    else:
        messages.success(request, done)
    return redirect("championship-desk", pk)


@login_required
@require_POST
def desk_protest(request, pk: int):
    """A player protests in writing, from the desk, a sanction against him or a decision
    in his game (1.3.1)."""
    _event_or_404(pk)

    def decide():
        sanction, decision = posted_int(request.POST, "sanction"), posted_int(request.POST, "decision")
        services.protest_file(
            member=request.user,
            sanction_id=sanction,
            decision_id=decision,
            game_id=None
            if sanction is not None or decision is not None
            else posted_int(request.POST, "game", default=0),
            text=request.POST.get("text", ""),
        )

    return _back_to_desk(request, pk, decide, _("The protest is handed to the arbiters."))


@login_required
@require_POST
def desk_ruling(request, pk: int, protest_id: int):
    """The chief arbiter, or the event's protest panel, rules on a protest with its reasons (1.3.1)."""
    _event_or_404(pk)
    upheld = request.POST.get("upheld")
    if upheld not in ("yes", "no"):
        messages.error(request, _("Say whether the protest is upheld or rejected."))
        return redirect("championship-desk", pk)
    return _back_to_desk(
        request,
        pk,
        lambda: services.protest_rule(
            by=request.user, protest_id=protest_id, upheld=upheld == "yes", ruling=request.POST.get("ruling", "")
        ),
        _("The ruling is recorded."),
    )


@login_required
@require_POST
def desk_sanction(request, pk: int):
    """An arbiter of the event sanctions one of its players outside any one game (1.4);
    its chief arbiter or deputy may exclude him (1.10). The service decides who may."""
    championship = _event_or_404(pk)
    players = [e.member for e in championship.entries.select_related("member")]
    form = EventSanctionForm(request.POST, players=players)
    if not form.is_valid():
        _refused(request, form)
        return redirect("championship-desk", pk)
    return _back_to_desk(
        request,
        pk,
        lambda: services.sanction_issue(
            by=request.user,
            member_id=form.cleaned_data["member"],
            kind=form.cleaned_data["kind"],
            reason=form.cleaned_data["reason"],
            championship_id=pk,
        ),
        _("The sanction is recorded."),
    )


@login_required
@require_POST
def desk_ask_organisers(request, pk: int):
    """A player asks the event's organising committee (1.3.1)."""
    _event_or_404(pk)
    return _back_to_desk(
        request,
        pk,
        lambda: services.question_to_organisers(
            member=request.user, championship_id=pk, text=request.POST.get("text", "")
        ),
        _("The question is sent to the organising committee."),
    )


@login_required
@require_POST
def desk_answer(request, pk: int, question_id: int):
    """The organiser answers a question to the organising committee (1.3.1)."""
    _event_or_404(pk)
    return _back_to_desk(
        request,
        pk,
        lambda: services.question_answer(
            by=request.user, question_id=question_id, answer=request.POST.get("answer", "")
        ),
        _("The answer is sent."),
    )


@login_required
@require_POST
def desk_question(request, pk: int):
    """A player asks the arbiter of one of his games in the event (1.3.1)."""
    _event_or_404(pk)
    return _back_to_desk(
        request,
        pk,
        lambda: services.question_ask(
            member=request.user,
            game_id=posted_int(request.POST, "game", default=0),
            text=request.POST.get("text", ""),
        ),
        _("The question is sent to the arbiter."),
    )


@login_required
@require_POST
def desk_relay(request, pk: int):
    """The organiser or the chief arbiter names the relay feed of the event or of one round;
    a feed that cannot be read is refused, with the reason, and nothing changes."""
    _event_or_404(pk)
    form = RelayFeedForm(request.POST)
    if not form.is_valid():
        _refused(request, form)
        return redirect("championship-desk", pk)
    return _back_to_desk(
        request,
        pk,
        lambda: championship_services.relay_url_set(
            by=request.user, championship_id=pk, url=form.cleaned_data["url"], round_number=form.cleaned_data["round"]
        ),
        _("The relay feed is saved."),
    )


@login_required
@require_POST
def desk_relay_take_over(request, pk: int, game_id: int):
    """An arbiter of the board stops relaying it: its moves are entered by hand from now on."""
    _event_or_404(pk)
    return _back_to_desk(
        request,
        pk,
        lambda: championship_services.relay_board_take_over(by=request.user, championship_id=pk, game_id=game_id),
        _("The board is taken over: enter its moves by hand."),
    )
