"""Championship pages: the list, one championship (entries, rounds with links
to every game, standings, crosstable) and the organiser's and arbiters' forms.

Thin: every action is a POST to ``championship_action``, run from its row in
``actions.ACTIONS`` (its form, its service, who may); a refusal is the
championship page with its message, answering the refusal's status.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from foundation.api.errors import refusal_status
from foundation.refusals import Refused as PlayRefused
from games.venue import rules_of
from members.roles import Role, has_any_role, role_required

from .. import authority, selectors, services
from ..forms import ChampionshipForm, ReturnForm
from ..models import Championship
from ..selectors import bracket as brackets
from ..selectors import categories, result_pages, results
from . import actions, teams

FINISHED_PER_PAGE = 50


def championship_list(request):
    lists = selectors.championship_list()
    mine = []
    if has_any_role(request.user, Role.ORGANISER, Role.ADMIN):
        mine = Championship.objects.filter(organiser=request.user, status=Championship.Status.DRAFT)
    page = Paginator(lists["finished"], FINISHED_PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "championships/list.html",
        {
            **lists,
            "finished": page.object_list,
            "page": page,
            "drafts": mine,
            "can_create": has_any_role(request.user, Role.ORGANISER),
        },
    )


@role_required(Role.ORGANISER)
def championship_new(request):
    form = ChampionshipForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            championship = services.championship_create(organiser=request.user, **form.service_arguments())
        except PlayRefused as refusal:
            form.add_error(None, refusal.detail)
        else:
            messages.success(request, _("The championship is created: appoint its chief arbiter, then open entries."))
            return redirect("championships:detail", championship.pk)
    return render(request, "championships/new.html", {"form": form})


def championship_detail(request, pk):
    championship = selectors.championship_get(pk)
    if championship is None:
        raise Http404
    role = authority.appointment_role(championship, request.user)
    is_organiser = authority.is_organiser(championship, request.user)
    if championship.status == Championship.Status.DRAFT and not (is_organiser or role):
        raise Http404
    entries = list(selectors.entries(championship))
    seen = result_pages.event_page_seen(championship, request.user)  # the broadcast delay holds here too
    rounds, standings_rows = seen["rounds"], seen["standings"]
    my_entry = next((e for e in entries if e.member_id == getattr(request.user, "pk", None)), None)
    page = actions.Page(rounds, my_entry)
    by_round = actions.round_offered(request.user, championship, page)
    for the_round in rounds:
        the_round.offered = by_round.get(the_round.number, [])
    return render(
        request,
        "championships/detail.html",
        {
            "championship": championship,
            "entries": entries,
            "rounds": rounds,
            "my_entry": my_entry,
            "arbiters": selectors.appointments(championship),
            "is_organiser": is_organiser,
            "at_the_board": rules_of(championship.venue).results_reported,
            "may_record_round": authority.verdict(
                request.user, authority.round_results_action(championship), championship
            ).allowed,
            "standings": standings_rows,
            "category_standings": categories.category_standings(championship, standings_rows),
            "coefficient_columns": results.coefficient_columns(),
            "facts": results.facts(championship),
            "crosstable": seen["crosstable"],
            "scheveningen": seen["scheveningen"],
            "previous_stages": list(championship.previous_stages.all()),
            "rounds_total": selectors.rounds_total(championship, len(entries)),
            "lateness_ms": services.lateness_ms(championship),
            "is_live": selectors.is_live(championship),
            "decisions": selectors.decisions_shown(championship, request.user),
            # the actions this viewer may take now, section by section (``actions.ACTIONS``)
            "offered": actions.offered(request.user, championship, page),
            # 1.13.2: each play-off with its games and state (void once a correction broke the tie).
            "playoffs": [
                (playoff, state, [pg.game for pg in playoff.games.select_related("game__white", "game__black")])
                for playoff, state in (
                    selectors.playoff_states(championship).items() if championship.playoffs.exists() else ()
                )
            ],
        },
    )


def championship_bracket(request, pk):
    """The knockout bracket (1.2): every round's matches with their games and ballots (1.11, 2.2.2)."""
    championship = selectors.championship_get(pk)
    if championship is None or (
        championship.status == Championship.Status.DRAFT and not authority.may_see_draft(championship, request.user)
    ):
        raise Http404
    return render(
        request,
        "championships/bracket.html",
        {"championship": championship, "bracket": brackets.bracket(championship, request.user)},
    )


# The page each kind of entrant's actions return to: a team event's is its own (1.14).
PAGES = {
    Championship.Entrants.PLAYERS: ("championships:detail", championship_detail),
    Championship.Entrants.TEAMS: ("teams:detail", teams.event_detail),
}


@login_required
@require_POST
def championship_action(request, pk, action, entrants=Championship.Entrants.PLAYERS):
    """Done: back to the event's page with the outcome. Refused: its page with the reason,
    answering the refusal's status (400, 403, 404, 409) — nothing was changed. A form of the
    desk (``from=desk``) goes back to the desk either way, with the outcome or the reason.
    ``entrants`` (the address's): the team events' address serves team events only, from their
    table (``actions.TEAM_ACTIONS``), and returns to their page."""
    only = {"entrants": entrants} if entrants == Championship.Entrants.TEAMS else {}
    championship = get_object_or_404(Championship, pk=pk, **only)
    if action not in (actions.TEAM_ACTIONS if only else actions.ACTIONS):
        raise Http404
    detail, page_of = PAGES[entrants]
    from_desk = ReturnForm(request.POST).to_desk()
    try:
        done = actions.run(request, championship, action)
    except PlayRefused as refusal:
        messages.error(request, refusal.detail)
        if from_desk:
            return redirect("championship-desk", pk)
        page = page_of(request, pk)
        page.status_code = refusal_status(refusal)
        return page
    messages.success(request, done)
    return redirect("championship-desk" if from_desk else detail, pk)
