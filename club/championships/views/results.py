"""The published results' pages: the results page, its print version (A4) and
the files, all read from the one results model (``selectors.results``)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from .. import exports, selectors
from ..models import Championship
from ..selectors import results


def _published(pk: int) -> Championship:
    """A championship of players whose results are public: any but a draft (a team
    event's results are on its own pages, club.championships.views.teams)."""
    championship = selectors.championship_get(pk)
    if championship is None or championship.status == Championship.Status.DRAFT or championship.for_teams:
        raise Http404
    return championship


def championship_results(request, pk):
    """Crosstable, standings with every tie-break column and its arithmetic, rounds with their games."""
    return render(request, "championships/results/page.html", results.results(_published(pk)))


def championship_results_print(request, pk):
    """The printable results (A4): the document the chief arbiter signs."""
    return render(
        request,
        "championships/results/print.html",
        {**results.results(_published(pk)), "printed_on": timezone.localdate()},
    )


def championship_export(request, pk, kind):
    """One file: all games (PDN / renju records, or a ZIP of one file per game), standings CSV, or TRF16."""
    if kind not in exports.EXPORTS:
        raise Http404
    done = exports.export(_published(pk), kind)
    response = HttpResponse(done.content, content_type=done.content_type)
    response["Content-Disposition"] = f'attachment; filename="{done.filename}"'
    return response
