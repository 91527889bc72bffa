"""Team event pages: the list, an event (teams, rosters, line-ups, rounds),
a round (matches and their board games) and the standings with the crosstable.

Thin: the captain's line-up, the arbiters' pairing and publication and the
chief arbiter's decisions (a line-up, a void board, a withdrawal, a play-off)
are POSTs to ``event_action``, each calling one service; a
refusal is the event page with its message, answering the refusal's status.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.platform.api.errors import refusal_status
from club.platform.api.params import posted_int, posted_ints
from club.platform.refusals import Refused
from club.teams.models import Team

from .. import authority, services
from ..forms import PublishForm
from ..models import Championship
from ..selectors import board_rankings as board_selectors
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
    now = timezone.now()
    is_arbiter = authority.is_arbiter(event, request.user)
    is_chief = authority.is_chief(event, request.user)
    finished = event.status == Championship.Status.FINISHED
    rounds = selectors.rounds_with_matches(event, viewer=request.user)
    return render(
        request,
        "teams/detail.html",
        {
            "event": event,
            "arbiters": events.appointments(event),
            "teams": selectors.teams_with_rosters(event),
            "rounds": rounds,
            # 1.14.5: the chief arbiter's form for a team that leaves after a published round.
            "withdrawals": Team.Withdrawal.choices if is_chief else None,
            "rounds_published": sum(r.status != "paired" for r in rounds),
            "is_arbiter": is_arbiter,
            "is_chief": is_chief,
            "captain_of": selectors.captain_forms(event, request.user, now),
            "next_round": selectors.round_to_publish(event),
            # 1.14.2: the arbiters see the coming round's line-ups; the chief arbiter may set one.
            "lineups": selectors.lineups_coming(event, now) if is_arbiter else None,
            # 1.13.2, 1.14.6: the play-offs and, for the chief arbiter, the form over the final table.
            "playoffs": selectors.playoffs_shown(event),
            "playoff_table": selectors.standings_rows(event) if is_chief and finished else None,
        },
    )


def _confirmed(post) -> bool:
    """The box the arbiter ticks to publish the round that starts the event."""
    form = PublishForm(post)
    return form.is_valid() and form.cleaned_data["confirm_start"]


def _lineup_posted(post, event: Championship) -> dict:
    """A line-up form's team, round and players board by board (1.14.2)."""
    boards = [post.get(f"board{i}") for i in range(1, event.boards + 1)]
    return {
        "championship_id": event.pk,
        "team_id": posted_int(post, "team_id", default=0),
        "round_number": posted_int(post, "round", default=0),
        # Board by board: an empty board stays empty where the boards are fixed (1.14.2).
        "members": [posted_int({"board": v}, "board") if v else None for v in boards],
    }


def _run(request, event: Championship, action: str) -> str:
    post = request.POST
    if action == "lineup":
        services.lineup_submit(by=request.user, **_lineup_posted(post, event))
        return _("The line-up is handed in.")
    if action == "lineup-decision":
        services.lineup_decide(by=request.user, reason=post.get("reason", ""), **_lineup_posted(post, event))
        return _("The line-up is set by the chief arbiter's decision (1.14.2).")
    if action == "playoff":
        playoff = services.team_playoff_create(
            by=request.user,
            championship_id=event.pk,
            team_ids=posted_ints(post.getlist("team_ids"), "team_ids"),
            time_control=post.get("time_control", ""),
            matches_per_pair=posted_int(post, "matches_per_pair", default=1),
            reason=post.get("reason", ""),
        )
        return _("The play-off is created: %(n)s games (1.13.2, 1.14.6).") % {"n": playoff.games.count()}
    if action == "withdraw":
        team = services.team_withdraw(
            by=request.user,
            championship_id=event.pk,
            team_id=posted_int(post, "team_id", default=0),
            after_round=posted_int(post, "after_round", default=0),
            treatment=post.get("treatment", ""),
            reason=post.get("reason", ""),
        )
        return _("%(team)s has withdrawn (1.14.5).") % {"team": team}
    if action == "ineligible":
        board = services.board_ineligible(
            by=request.user,
            championship_id=event.pk,
            board_id=posted_int(post, "board_id", default=0),
            member_id=posted_int(post, "member_id", default=0),
            reason=post.get("reason", ""),
        )
        return _("The game on board %(n)s does not count: the board is lost (1.14.4).") % {"n": board.board}
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
            start_confirmed=_confirmed(post),
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
    rounds = selectors.rounds_with_matches(event, number, viewer=request.user)
    if not rounds:
        raise Http404
    names = {t.pk: t.name for t in event.teams.all()}
    # 1.14.4: the chief arbiter voids a board's game played without the right to it.
    is_chief = authority.is_chief(event, request.user)
    return render(
        request, "teams/round.html", {"event": event, "round": rounds[0], "names": names, "is_chief": is_chief}
    )


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
            "playoffs": selectors.playoffs_shown(event) if number is None else [],
            "crosstable": selectors.crosstable(event) if number is None else None,
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
    card = selectors.team_card(event, team_id)
    if card is None:
        raise Http404
    return render(request, "teams/team.html", {**card, "round_numbers": _round_numbers(event)})
