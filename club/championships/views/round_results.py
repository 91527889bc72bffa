"""A whole round's results in one form: one row per board, saved in
one transaction through ``services.round_results_set`` (the same result service
and decision log as one at a time). Thin: the service decides who may."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from foundation.refusals import Refused

from .. import selectors, services
from ..authority import round_results_action, verdict
from ..forms import RoundResultsForm
from ..selectors.versions import round_sheet_version


@login_required
def round_results(request, pk, number):
    championship = selectors.championship_get(pk)
    if championship is None:
        raise Http404
    if not verdict(request.user, round_results_action(championship), championship).allowed:
        raise PermissionDenied  # 1.10.4: the chief arbiter (or deputy) sets results; at the board, an arbiter
    try:
        boards = services.round_boards_to_record(championship, number)
    except Refused:
        raise Http404 from None
    version = round_sheet_version(boards)
    form = RoundResultsForm(request.POST or None, request.FILES or None, boards=boards, version=version)
    status, stale = 200, ""
    if request.method == "POST":
        if form.is_valid():
            try:
                changed = services.round_results_set(
                    by=request.user,
                    championship_id=pk,
                    round_number=number,
                    results=form.results(),
                    reason=form.cleaned_data["reason"],
                    records=form.records_text(),
                    version=form.cleaned_data["version"],
                )
            except Refused as refusal:
                status = 409
                if refusal.code == "results-changed":
                    # A fresh form over the results as they stand now, with the refusal above it.
                    boards = services.round_boards_to_record(championship, number)
                    form = RoundResultsForm(boards=boards, version=round_sheet_version(boards))
                    stale = refusal.detail
                else:
                    form.add_error(None, refusal.detail)
            else:
                messages.success(
                    request, _("%(n)s results of round %(round)s are recorded.") % {"n": len(changed), "round": number}
                )
                return redirect("championships:detail", pk)
        else:
            status = 400
    return render(
        request,
        "championships/round_results.html",
        {"championship": championship, "number": number, "form": form, "stale": stale},
        status=status,
    )
