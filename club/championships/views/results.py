"""The published results' pages: the results page, its print version (A4) and
the files, all read from the one results model (``selectors.results``)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone

from .. import exports, live, selectors
from ..models import Championship
from ..selectors import result_pages, results


def published_or_404(pk: int, *, teams: bool = False) -> Championship:
    """A championship of players whose results are public: any but a draft (a team
    event's results are on its own pages, club.championships.views.teams); with
    ``teams``, a team event's too (its games' files are the same)."""
    championship = selectors.championship_get(pk)
    if championship is None or championship.status == Championship.Status.DRAFT:
        raise Http404
    if championship.for_teams and not teams:
        raise Http404
    return championship


# A results page shows this many players (standings and crosstable rows), and
# lists the boards of its rounds while they are this few in all (a big Swiss
# links its rounds' pages instead): it costs what it shows, whatever the event's size.
RESULTS_PAGE_PLAYERS = 100
RESULTS_PAGE_BOARDS = 300


def championship_results(request, pk):
    """Crosstable, standings with every tie-break column and its arithmetic, rounds with their games."""
    championship = published_or_404(pk)
    seen = result_pages.results_seen(championship, request.user)  # the broadcast delay: as he may see them
    data, key = seen.data, seen.key
    page = Paginator(range(len(data["standings"])), RESULTS_PAGE_PLAYERS).get_page(request.GET.get("page"))
    inline = sum(len(r["boards"]) for r in data["rounds"]) <= RESULTS_PAGE_BOARDS
    shown = slice(page.start_index() - 1, page.end_index()) if data["standings"] else slice(0, 0)
    return render(
        request,
        "championships/results/page.html",
        {
            **data,
            "page": page,
            "standings": data["standings"][shown],
            "crosstable": {**data["crosstable"], "rows": data["crosstable"]["rows"][shown]},
            "rounds_inline": inline,
            # The tables' HTML is kept under the result set's version (club/site/settings.py: CACHES),
            # per page and the reader's zone, in which the rounds' times are shown.
            "tables_key": (*key, page.number, RESULTS_PAGE_PLAYERS, inline, timezone.get_current_timezone_name()),
        },
    )


def championship_arithmetic(request, pk, username, name):
    """The arithmetic behind one figure of a player's standings row: which
    opponents, which scores. The results page opens it on demand."""
    found = result_pages.figure_arithmetic(published_or_404(pk), username, name, request.user)
    if found is None:
        raise Http404
    return render(request, "championships/results/_arithmetic.html", {"f": found})


def championship_results_print(request, pk):
    """The printable results (A4): the document the chief arbiter signs."""
    return render(
        request,
        "championships/results/print.html",
        {**result_pages.results_seen(published_or_404(pk), request.user).data, "printed_on": timezone.localdate()},
    )


def championship_export(request, pk, kind):
    """One file: all games (PDN / renju records, a ZIP of one file per game; renju also as a RIF
    database and a RenLib library), standings CSV, or TRF16."""
    dialect = request.GET.get("dialect", exports.CSV_DEFAULT_DIALECT)
    if kind not in exports.EXPORTS or dialect not in exports.CSV_DIALECTS:
        raise Http404
    championship = published_or_404(pk, teams=True)
    if not exports.offers(championship, kind):
        raise Http404
    done = exports.export(championship, kind, dialect)
    response = HttpResponse(done.content, content_type=done.content_type)
    response["Content-Disposition"] = f'attachment; filename="{done.filename}"'
    return response


# ---- the pages chess-results users expect: each a stable URL, printable on A4 ----------
def championship_players(request, pk):
    """The starting list: start number, name, rating, status."""
    return render(request, "championships/pages/players.html", result_pages.starting_list(published_or_404(pk)))


def championship_round(request, pk, number):
    """One round's pairings and results — the pairing sheet for the hall's board, live while it is played."""
    sheet = result_pages.round_sheet(published_or_404(pk), number, request.user)
    if sheet is None:
        raise Http404
    return render(request, "championships/pages/round.html", sheet)


def championship_standings(request, pk, number=None):
    """The standings now, or after round ``number``."""
    championship = published_or_404(pk)
    if number is not None and number not in results.round_numbers(championship):
        raise Http404
    return render(
        request, "championships/pages/standings.html", result_pages.standings_after(championship, number, request.user)
    )


def championship_crosstable(request, pk):
    return render(
        request, "championships/pages/crosstable.html", result_pages.crosstable_page(published_or_404(pk), request.user)
    )


def championship_player(request, pk, username):
    """A player's card: every game, points after each round, rating change and performance."""
    card = result_pages.player_card(published_or_404(pk), username, request.user)
    if card is None:
        raise Http404
    return render(request, "championships/pages/player.html", card)


def championship_round_live(request, pk, number):
    """The round's boards and the standings as they are now (the page polls this when its socket is down)."""
    fragments = live.round_fragments(published_or_404(pk), number, request)
    if fragments is None:
        raise Http404
    return JsonResponse(fragments)
