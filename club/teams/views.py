"""Team competition pages: the list, an event (teams, rosters, line-ups, rounds),
a round (matches and their board games) and the standings with the crosstable.

Read-only: captains and arbiters act through the API (club/teams/api).
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render

from . import selectors
from .models import TeamEvent


def _event(pk: int) -> TeamEvent:
    return get_object_or_404(TeamEvent.objects.select_related("organiser"), pk=pk)


def event_list(request):
    return render(request, "teams/list.html", {"events": selectors.event_list()})


def event_detail(request, pk: int):
    event = _event(pk)
    return render(
        request,
        "teams/detail.html",
        {
            "event": event,
            "arbiters": selectors.appointments(event),
            "teams": selectors.teams_with_rosters(event),
            "rounds": selectors.rounds_with_matches(event),
        },
    )


def round_detail(request, pk: int, number: int):
    event = _event(pk)
    rounds = selectors.rounds_with_matches(event, number)
    if not rounds:
        raise Http404
    names = {t.pk: t.name for t in event.teams.all()}
    return render(request, "teams/round.html", {"event": event, "round": rounds[0], "names": names})


def standings(request, pk: int):
    event = _event(pk)
    return render(
        request,
        "teams/standings.html",
        {"event": event, "rows": selectors.standings_rows(event), "crosstable": selectors.crosstable(event)},
    )
