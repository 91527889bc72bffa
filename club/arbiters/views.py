"""Pages: what concerns me (sanctions, protests, questions, decisions), a
championship's log for its arbiters, and a game's arbiter page whose forms
post to the same services as the API (the services decide who may)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.championships import services as championships
from club.championships.authority import Action, verdict
from club.championships.models import Championship
from club.championships.selectors import championship_of_game
from foundation.api.errors import REFUSAL_STATUS
from foundation.api.params import posted_int
from foundation.refusals import Refused as PlayRefused
from games.models import Game
from games.venue import venue_rules
from members.models import Member
from members.roles import Role, role_required

from . import selectors, services
from .forms import FORMS, ClubSanctionForm

DONE = {
    "sanction": gettext_lazy("The sanction is recorded."),
    "result": gettext_lazy("The result is recorded with its grounds, and the players are told."),
    "clock-correct": gettext_lazy("The clocks are corrected."),
    "clocks-stop": gettext_lazy("The clocks are stopped."),
    "clocks-start": gettext_lazy("The clocks are running again."),
    "adjourn": gettext_lazy("The game is adjourned: the player to move seals his move."),
    "seal": gettext_lazy("The sealed move is recorded; it stays hidden until the game resumes."),
    "resume": gettext_lazy("The game is resumed with the sealed move."),
    "draw-decision": gettext_lazy("The draw claim is decided."),
    "answer": gettext_lazy("The answer is sent."),
}


@login_required
def mine(request):
    return render(request, "arbiters/mine.html", selectors.concerning(request.user))


@login_required
def championship_log(request, pk: int):
    championship = get_object_or_404(Championship, pk=pk)
    if not selectors.may_see_log(request.user, championship):
        raise PermissionDenied
    return render(
        request,
        "arbiters/championship_log.html",
        {
            "championship": championship,
            "entries": selectors.championship_log(championship),
            "adjourned": selectors.adjourned_games(championship),
            "panel": selectors.protest_panel(championship),
            "may_name_panel": verdict(request.user, Action.EVENT_ORGANISE, championship).allowed,
        },
    )


@login_required
@require_POST
def protest_panel(request, pk: int):
    """The organiser names the protest panel (1.3.1) by the members' usernames; none dissolves it."""
    championship = get_object_or_404(Championship, pk=pk)
    may = verdict(request.user, Action.EVENT_ORGANISE, championship)
    if not may.allowed:
        raise PermissionDenied(may.reason)  # the service says the same; no usernames are looked up for anyone else
    usernames = [u for u in request.POST.get("usernames", "").replace(",", " ").split() if u]
    members = dict(Member.objects.filter(username__in=usernames).values_list("username", "pk"))
    unknown = [u for u in usernames if u not in members]
    if unknown:
        messages.error(request, _("No member is called %(names)s.") % {"names": ", ".join(unknown)})
        return redirect("arbiters:championship-log", pk)
    try:
        championships.protest_panel_set(by=request.user, championship_id=pk, member_ids=[members[u] for u in usernames])
    except PlayRefused as refused:
        messages.error(request, refused.detail)
    else:
        messages.success(request, _("The protest panel is named."))
    return redirect("arbiters:championship-log", pk)


def _act(by, game: Game, action: str, v: dict) -> None:
    """One action of the arbiter page, through its service."""
    if action == "sanction":
        services.sanction_issue(
            by=by, member_id=v["member"], kind=v["kind"], reason=v["reason"], game_id=game.pk, both=v["both"]
        )
    elif action == "result":
        services.result_decide(by=by, game_id=game.pk, result=v["result"], grounds=v["grounds"], reason=v["reason"])
    elif action == "clock-correct":
        services.clock_correct(
            by=by,
            game_id=game.pk,
            white_ms=int(v["white_minutes"] * 60_000),
            black_ms=int(v["black_minutes"] * 60_000),
            reason=v["reason"],
        )
    elif action == "clocks-stop":
        services.clocks_stop(by=by, game_id=game.pk, reason=v["reason"])
    elif action == "clocks-start":
        services.clocks_start(by=by, game_id=game.pk, reason=v["reason"])
    elif action == "adjourn":
        services.adjournment_order(
            by=by, game_id=game.pk, resume_at=v["resume_at"], reason=v["reason"], order=v["order"]
        )
    elif action == "seal":
        services.sealed_move_record(by=by, game_id=game.pk, move=v["move"], expected_ply=v["ply"])
    elif action == "resume":
        services.adjournment_resume(by=by, adjournment_id=v["adjournment"])
    elif action == "draw-decision":
        services.draw_claim_decide(by=by, claim_id=v["claim"], grant=v["grant"], reason=v["reason"])
    elif action == "answer":
        services.question_answer(by=by, question_id=v["question"], answer=v["answer"])


@login_required
@require_POST
def seal(request, pk: int):
    """The player to move seals his move on the game page (5.3.3.3); back to the game page either way."""
    try:
        services.move_seal(
            member=request.user,
            game_id=pk,
            move=request.POST.get("move", ""),
            expected_ply=posted_int(request.POST, "expected_ply", default=-1),
        )
    except PlayRefused as refused:
        messages.error(request, refused.detail)
    except ValueError:
        messages.error(request, _("The game has moved on."))
    else:
        messages.success(request, _("Your move is sealed; the clocks are stopped until the game resumes."))
    return redirect("games:game", pk)


@login_required
@require_POST
def draw_claim(request, pk: int):
    """A player asks the arbiter for a draw from the game page (2.1.9.1.6), through the API's service."""
    try:
        services.draw_claim(member=request.user, game_id=pk, kind=request.POST.get("kind", ""))
    except PlayRefused as refused:
        messages.error(request, refused.detail)
    else:
        messages.success(
            request, _("Your draw claim is sent to the arbiter; play goes on while the arbiter judges it.")
        )
    return redirect("games:game", pk)


@login_required
@require_http_methods(["GET", "POST"])
def game_desk(request, pk: int):
    """The arbiter's controls for one game (1.3, 1.4, 1.7.8, 5.3.1.6, 5.3.3.2, 2.1.9.1.6, 1.7.13)."""
    game = get_object_or_404(Game.objects.select_related("white", "black"), pk=pk)
    may = verdict(request.user, Action.GAME_DESK, game)
    if not may.allowed:
        raise PermissionDenied(may.reason)
    desk = selectors.game_desk(game)
    action = request.POST.get("action") if request.method == "POST" else None
    bound, refusal, status = None, None, 200
    if action is not None and action not in FORMS:
        action, refusal, status = None, ("no-such-action", _("There is no such action.")), 400
    if action is not None:
        extra = {"players": desk["players"]} if action == "sanction" else {}
        bound = FORMS[action](request.POST, auto_id=f"id_{action}_%s", **extra)
        if bound.is_valid():
            try:
                _act(request.user, game, action, bound.cleaned_data)
            except PlayRefused as refused:
                refusal, status = (refused.code, refused.detail), REFUSAL_STATUS[refused.kind]
            else:
                messages.success(request, DONE[action])
                return redirect("arbiters:game", pk=game.pk)
        else:
            status = 400
    forms = {}  # by the action's name with "_" for "-", for the template
    for name, form_class in FORMS.items():
        extra = {"players": desk["players"]} if name == "sanction" else {}
        extra = {"initial": {"ply": game.ply}} if name == "seal" else extra
        forms[name.replace("-", "_")] = bound if name == action else form_class(auto_id=f"id_{name}_%s", **extra)
    return render(
        request,
        "arbiters/game.html",
        {
            "game": game,
            "championship": championship_of_game(game),
            "may_decide": verdict(request.user, Action.GAME_ADJOURN, game).allowed,
            "sealed_on_paper": venue_rules(game).sealed_move_on_paper,
            "forms": forms,
            "action": action,
            "refusal": refusal,
            **desk,
        },
        status=status,
    )


# ---- club-scope sanctions (003 1.4): the list and the form ----------------------------------------
@role_required(Role.ARBITER, Role.ORGANISER, Role.ADMIN)
@require_GET
def sanction_list(request):
    """The arbiters' sanctions the viewer may see, every scope (club.arbiters.selectors)."""
    page = Paginator(selectors.sanctions_visible(request.user), 50).get_page(request.GET.get("page"))
    return render(request, "club/sanction_list.html", {"page": page})


@role_required(Role.ARBITER)
@require_http_methods(["GET", "POST"])
def sanction_new(request):
    """A club-scope sanction (003 1.4) through club.arbiters.services, which decides who may."""
    form = ClubSanctionForm(request.POST or None, initial={"member": request.GET.get("member")})
    if request.method == "POST" and form.is_valid():
        try:
            (sanction,) = services.sanction_issue(
                by=request.user,
                member_id=form.cleaned_data["member"].pk,
                kind=form.cleaned_data["kind"],
                reason=form.cleaned_data["reason"],
            )
        except PlayRefused as refused:
            form.add_error(None, refused.detail)
            return render(request, "club/sanction_new.html", {"form": form}, status=REFUSAL_STATUS[refused.kind])
        messages.success(request, _("Sanction recorded: %(sanction)s.") % {"sanction": sanction})
        return redirect("sanction-list")
    return render(request, "club/sanction_new.html", {"form": form})


# ---- a team's protest from the team event's page (1.14.7) ---------------------------------------------
@login_required
@require_POST
def team_protest(request, pk: int):
    """The captain's written protest for his team; back to the event's page with the outcome."""
    get_object_or_404(Championship, pk=pk, entrants=Championship.Entrants.TEAMS)
    try:
        services.protest_file(
            member=request.user,
            team_id=posted_int(request.POST, "team_id", default=0),
            text=request.POST.get("text", ""),
        )
    except PlayRefused as refusal:
        messages.error(request, refusal.detail)
    else:
        messages.success(request, _("The protest is handed to the arbiters."))
    return redirect("teams:detail", pk)
