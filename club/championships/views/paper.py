"""The printed paper of an event played at the board (A4 from the browser's Print:
docs/paper.md says why print CSS and not PDF): pairing sheet, score sheets, wall chart."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils import timezone

from ..selectors import paper
from ..selectors.results import facts
from .results import published_or_404

ROUND_PAPER = {"pairings": "championships/paper/pairings.html", "score-sheets": "championships/paper/score_sheets.html"}


def print_round(request, pk, number, kind):
    championship = published_or_404(pk)
    if kind not in ROUND_PAPER:
        raise Http404
    sheet = paper.round_paper(championship, number)
    if sheet is None:
        raise Http404
    return render(
        request,
        ROUND_PAPER[kind],
        {**sheet, "facts": facts(championship), "form": paper.score_sheet_form(championship)},
    )


def print_wall_chart(request, pk):
    championship = published_or_404(pk)
    return render(
        request,
        "championships/paper/wall_chart.html",
        {**paper.wall_chart(championship), "facts": facts(championship), "printed_on": timezone.localdate()},
    )
