"""The score-sheet page of a game at the board: type the moves (the notation, or
click them on the board) into the game's record. Thin: the service decides who
may and checks every move through the rules module (``services.score_sheets``);
the same page serves an operator entering a game live."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from foundation.api.errors import refusal_status
from foundation.refusals import Refused
from games.presentation import board_spec
from games.selectors import score_sheet_state

from .. import selectors, services
from ..forms import ScoreSheetForm
from ..selectors.board_results import seat_of_game


@login_required
def score_sheet(request, pk, game_id):
    championship = selectors.championship_get(pk)
    seat = seat_of_game(championship, game_id) if championship else None  # a board of players or of a team match
    if seat is None:
        raise Http404
    form = ScoreSheetForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                if data["take_back"]:
                    services.score_sheet_take_back(
                        by=request.user,
                        championship_id=pk,
                        game_id=game_id,
                        expected_ply=data["ply"],
                        reason=data["reason"],
                    )
                else:
                    services.score_sheet_enter(
                        by=request.user,
                        championship_id=pk,
                        game_id=game_id,
                        text=data["moves"],
                        expected_ply=data["ply"],
                        reason=data["reason"],
                    )
            except Refused as refusal:
                form.add_error(None, refusal.detail)
                status = refusal_status(refusal)
            else:
                messages.success(request, _("The score sheet is saved."))
                return redirect("championships:score-sheet", pk, game_id)
        else:
            status = 400
    seat.game.refresh_from_db()
    return render(
        request,
        "championships/score_sheet.html",
        {
            "championship": championship,
            "seat": seat,
            "board": seat.board,
            "game": seat.game,
            "sheet": score_sheet_state(seat.game),
            "spec": board_spec(seat.game.discipline),
            "form": form,
        },
        status=status,
    )
