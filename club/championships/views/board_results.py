"""The boards page of an event played at the board (``games.venue``): each board
still waiting for its result and who is to act; a player reports his own board
from his phone, an arbiter records a result or a no-show. Thin: the services
decide who may (``services.board_results``, ``services.board_result_set``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from foundation.api.errors import refusal_status
from foundation.refusals import Refused
from games.venue import rules_of

from .. import selectors, services
from ..authority import Action, may_see_draft, verdict
from ..forms import BoardActionForm
from ..models import Championship
from ..selectors.board_results import boards_without_result
from ..selectors.results import facts

REPORTED = {
    "waiting": gettext_lazy("Your report is recorded: it stands once your opponent confirms it."),
    "stands": gettext_lazy("Both reports agree: the result stands."),
    "disputed": gettext_lazy("Your report differs from your opponent's: an arbiter decides."),
}


@login_required
def board_results(request, pk):
    championship = selectors.championship_get(pk)
    if championship is None or not rules_of(championship.venue).results_reported:
        raise Http404
    if championship.status == Championship.Status.DRAFT and not may_see_draft(championship, request.user):
        raise Http404
    form = BoardActionForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                done = _act(request.user, championship, form.cleaned_data)
            except Refused as refusal:
                form.add_error(None, refusal.detail)
                status = refusal_status(refusal)
            else:
                messages.success(request, done)
                return redirect("championships:boards", pk)
        else:
            status = 400
    me = request.user.pk
    rows = [
        {
            "waiting": waiting,
            "board": waiting.board,
            "game": waiting.game,
            "mine": me in (waiting.game.white_id, waiting.game.black_id),
            "my_report": waiting.report_of(me),
            "their_report": waiting.report_of(
                waiting.game.black_id if me == waiting.game.white_id else waiting.game.white_id
            ),
        }
        for waiting in boards_without_result(championship)
    ]
    return render(
        request,
        "championships/boards.html",
        {
            "championship": championship,
            "rows": rows,
            "facts": facts(championship),
            "is_arbiter": verdict(request.user, Action.BOARD_RESULT, championship).allowed,
            "results": ["1-0", "1/2-1/2", "0-1"],
            "decisions": ["1-0", "1/2-1/2", "0-1", "0-0"],
            "form": form,
        },
        status=status,
    )


def _act(member, championship: Championship, data: dict) -> str:
    action, game_id = data["action"], data["game"]
    if action == "report":
        outcome = services.board_result_report(
            by=member, championship_id=championship.pk, game_id=game_id, result=data["result"]
        )
        return REPORTED[outcome]
    if action == "absent":
        services.board_no_show(
            by=member, championship_id=championship.pk, game_id=game_id, absent=data["absent"], reason=data["reason"]
        )
        return _("The no-show is recorded.")
    services.board_result_set(
        by=member,
        championship_id=championship.pk,
        game_id=game_id,
        result=data["result"],
        reason=data["reason"] or _("recorded by the arbiter at the board"),
        clause="1.16",
    )
    return _("The result is recorded.")
