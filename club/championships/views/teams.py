"""Team event pages: the list, an event (teams, rosters, line-ups, rounds),
a round (matches and their board games) and the standings with the crosstable.

Thin: the captain's line-up, the arbiters' pairing and publication and the
chief arbiter's decisions (a line-up, a void board, a withdrawal, a play-off)
are POSTs to the championship's action view (``events.championship_action``,
the team events' address naming their entrants), run from their rows in
``actions.TEAM_ACTIONS`` (the championship's own rows for pairing and
publishing); the pages show the rows the viewer may take now, as the
championship's page does. A refusal is the event page with its message,
answering the refusal's status.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from club.teams.models import Team
from games.venue import rules_of

from .. import authority
from ..models import Championship
from ..selectors import board_rankings as board_selectors
from ..selectors import events, team_pages
from ..selectors import teams as selectors
from . import actions


def _event(pk: int) -> Championship:
    return get_object_or_404(
        Championship.objects.select_related("organiser"), pk=pk, entrants=Championship.Entrants.TEAMS
    )


def event_list(request):
    return render(request, "teams/list.html", {"events": selectors.team_events()})


def event_detail(request, pk: int):
    """The event's page: its teams and rounds, and the actions the viewer may take now, asked of the
    authority row by row (``actions.TEAM_ACTIONS``) as the championship's page asks its own."""
    event = _event(pk)
    now = timezone.now()
    rounds = team_pages.rounds_seen(event, viewer=request.user)
    # 1.14.2: the coming round's line-ups, which the arbiters see and the chief arbiter may set.
    lineups = selectors.lineups_coming(event, now)
    page = actions.Page(rounds, lineups=lineups)
    by_round = actions.round_offered(request.user, event, page)
    for the_round in rounds:
        the_round.offered = by_round.get(the_round.number, [])
    offered = actions.offered(request.user, event, page)
    return render(
        request,
        "teams/detail.html",
        {
            "event": event,
            "arbiters": events.appointments(event),
            "teams": selectors.teams_with_rosters(event),
            "rounds": rounds,
            "rounds_published": sum(r.status != "paired" for r in rounds),
            # at the board (games.venue): the players report each board's result, the arbiters decide
            "at_the_board": rules_of(event.venue).results_reported,
            "captain_of": selectors.captain_forms(event, request.user, now),
            # the players of the round to publish, of whom the arbiter ticks those who did not come (1.14.4)
            "next_round": selectors.round_to_publish(event),
            "lineups": lineups if authority.is_arbiter(event, request.user) else None,
            "coming_lineups": lineups,
            "round_offered": any(by_round.values()),
            # the actions this viewer may take now, section by section
            "offered": offered,
            "withdrawals": Team.Withdrawal.choices,
            # 1.13.2, 1.14.6: the play-offs and, with the form, the final table it is made from.
            "playoffs": selectors.playoffs_shown(event),
            "playoff_table": team_pages.standings_seen(event, request.user) if "playoff" in offered else None,
        },
    )


def round_detail(request, pk: int, number: int):
    event = _event(pk)
    rounds = team_pages.rounds_seen(event, number, request.user)
    if not rounds:
        raise Http404
    names = {t.pk: t.name for t in event.teams.all()}
    # 1.14.4: the chief arbiter voids a board's game played without the right to it.
    offered = actions.offered(request.user, event, actions.Page(rounds, round=rounds[0]))
    return render(request, "teams/round.html", {"event": event, "round": rounds[0], "names": names, "offered": offered})


def _round_numbers(event: Championship) -> list[int]:
    return list(event.rounds.exclude(status="paired").order_by("number").values_list("number", flat=True))


def standings(request, pk: int, number: int | None = None):
    """The team table now, or after round ``number`` (1.14.6), and the crosstable of board points."""
    event = _event(pk)
    numbers = _round_numbers(event)
    if number is not None and number not in numbers:
        raise Http404
    rows = (
        team_pages.standings_seen(event, request.user)
        if number is None
        else team_pages.standings_after_seen(event, number, request.user)
    )
    return render(
        request,
        "teams/standings.html",
        {
            "event": event,
            "rows": rows,
            "playoffs": selectors.playoffs_shown(event) if number is None else [],
            "crosstable": team_pages.crosstable_seen(event, request.user) if number is None else None,
            "after_round": number,
            "round_numbers": numbers,
        },
    )


BOARD_ROWS_SHOWN = 50  # a board's table on one page; the rest behind "show all"


def board_rankings(request, pk: int):
    """A personal-team event's ranking of each board's players (1.1), from their games in the
    team matches with the event's coefficients; each board's first ``BOARD_ROWS_SHOWN`` rows
    unless ``?all=1``. An event that ranks only teams has none (404)."""
    event = _event(pk)
    if not event.ranks_boards:
        raise Http404
    show_all = request.GET.get("all") == "1"
    return render(
        request,
        "teams/boards.html",
        {
            "event": event,
            "boards": board_selectors.board_rankings_shown(event, limit=None if show_all else BOARD_ROWS_SHOWN),
            "coefficients": board_selectors.coefficients_shown(event),
            "round_numbers": _round_numbers(event),
            "show_all": show_all,
        },
    )


def team_card(request, pk: int, team_id: int):
    """A team's card: its roster and every match, board by board."""
    event = _event(pk)
    card = team_pages.team_card_seen(event, team_id, request.user)
    if card is None:
        raise Http404
    return render(request, "teams/team.html", {**card, "round_numbers": _round_numbers(event)})
