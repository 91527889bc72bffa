"""Team event pages: the list, an event (teams, rosters, line-ups, rounds),
a round (matches and their board games) and the standings with the crosstable.

Thin: the captain's line-up and the arbiters' pairing and
publication are POSTs to ``event_action``, each calling one service; a
refusal is the event page with its message, answering the refusal's status.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.platform.api.errors import refusal_status
from club.platform.api.params import posted_int, posted_ints
from club.platform.refusals import Refused

from .. import authority, services
from ..models import Championship
from ..selectors import events
from ..selectors import teams as selectors


def _event(pk: int) -> Championship:
    return get_object_or_404(
        Championship.objects.select_related("organiser"), pk=pk, entrants=Championship.Entrants.TEAMS
    )


def event_list(request):
    return render(request, "teams/list.html", {"events": selectors.team_events()})


def event_detail(request, pk: int):
    event = _event(pk)
    return render(
        request,
        "teams/detail.html",
        {
            "event": event,
            "arbiters": events.appointments(event),
            "teams": selectors.teams_with_rosters(event),
            "rounds": selectors.rounds_with_matches(event),
            "is_arbiter": authority.is_arbiter(event, request.user),
            "captain_of": selectors.captain_forms(event, request.user),
            "next_round": selectors.round_to_publish(event),
        },
    )


def _run(request, event: Championship, action: str) -> str:
    post = request.POST
    if action == "lineup":
        boards = [post.get(f"board{i}") for i in range(1, event.boards + 1)]
        services.lineup_submit(
            by=request.user,
            championship_id=event.pk,
            team_id=posted_int(post, "team_id", default=0),
            round_number=posted_int(post, "round", default=0),
            members=posted_ints(boards, "board"),
        )
        return _("The line-up is handed in.")
    if action == "pair":
        the_round = services.round_pair(by=request.user, championship_id=event.pk)
        return _("Round %(n)s is paired.") % {"n": the_round.number}
    if action == "publish":
        number = posted_int(post, "round", default=0)
        services.round_publish(
            by=request.user,
            championship_id=event.pk,
            round_number=number,
            absent=posted_ints(post.getlist("absent"), "absent"),
        )
        return _("Round %(n)s is published.") % {"n": number}
    raise Http404


@login_required
@require_POST
def event_action(request, pk: int, action: str):
    """Done: back to the event's page with the outcome; refused: its page with the reason and the refusal's status."""
    event = _event(pk)
    try:
        done = _run(request, event, action)
    except Refused as refusal:
        messages.error(request, refusal.detail)
        page = event_detail(request, pk)
        page.status_code = refusal_status(refusal)
        return page
    messages.success(request, done)
    return redirect("teams:detail", pk)


def round_detail(request, pk: int, number: int):
    event = _event(pk)
    rounds = selectors.rounds_with_matches(event, number)
    if not rounds:
        raise Http404
    names = {t.pk: t.name for t in event.teams.all()}
    return render(request, "teams/round.html", {"event": event, "round": rounds[0], "names": names})


def _round_numbers(event: Championship) -> list[int]:
    return list(event.rounds.exclude(status="paired").order_by("number").values_list("number", flat=True))


def standings(request, pk: int, number: int | None = None):
    """The team table now, or after round ``number`` (1.14.6), and the crosstable of board points."""
    event = _event(pk)
    numbers = _round_numbers(event)
    if number is not None and number not in numbers:
        raise Http404
    rows = selectors.standings_rows(event) if number is None else selectors.standings_after(event, number)
    return render(
        request,
        "teams/standings.html",
        {
            "event": event,
            "rows": rows,
            "crosstable": selectors.crosstable(event) if number is None else None,
            "after_round": number,
            "round_numbers": numbers,
        },
    )


def team_card(request, pk: int, team_id: int):
    """A team's card: its roster and every match, board by board."""
    event = _event(pk)
    card = selectors.team_card(event, team_id)
    if card is None:
        raise Http404
    return render(request, "teams/team.html", {**card, "round_numbers": _round_numbers(event)})
