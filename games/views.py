"""Play pages: lobby, new challenge, game page (and finished-game viewer),
my games, a member's archive. Thin: they read through games/selectors.py (the
game page's state: games/live.py), word what they show through
games/presentation.py and write through games.services; the JavaScript acts
through the REST API.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from foundation.api.errors import refusal_status
from foundation.api.params import posted_int, whole_number
from foundation.api.throttling import DirectChallengeThrottle
from foundation.refusals import Refused
from games import conditional, live, presentation, records, selectors
from games.forms import ArchiveFilterForm, ChallengeForm

from . import services


def lobby(request):
    """Open challenges, the ones addressed to me, mine, and the games on now."""
    lists = selectors.lobby(request.user if request.user.is_authenticated else None)
    for name in ("open_challenges", "received", "sent"):
        lists[name] = presentation.challenge_rows(lists[name])
    return render(request, "games/lobby.html", lists)


@login_required
def challenge_new(request):
    initial = {}
    if request.GET.get("opponent"):
        initial["opponent"] = request.GET["opponent"]
    form = ChallengeForm(request.POST or None, initial=initial, me=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            if not DirectChallengeThrottle().allow_request(request, None):
                raise Refused("throttled", _("Too many direct challenges: try again later."))
            challenge = services.challenge_create(challenger=request.user, **form.service_arguments())
        except Refused as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Your challenge is published."))
            if challenge.game_id:
                return redirect("games:game", challenge.game_id)
            return redirect("games:lobby")
    return render(request, "games/challenge_new.html", {"form": form})


@login_required
@require_POST
def challenge_respond(request, challenge_id: int, action: str):
    """Accept, decline or cancel a challenge; accepting opens the new game."""
    try:
        if action == "accept":
            game = services.challenge_accept(challenge_id=challenge_id, member=request.user)
            return redirect("games:game", game.id)
        if action == "decline":
            services.challenge_decline(challenge_id=challenge_id, member=request.user)
        elif action == "cancel":
            services.challenge_cancel(challenge_id=challenge_id, member=request.user)
        else:
            raise Http404
    except Refused as error:
        messages.error(request, str(error))
    return redirect("games:lobby")


def game_page(request, game_id: int):
    # A GET writes nothing: the page's socket marks the game's notifications read (games.consumers).
    game = selectors.game_with_players(game_id)
    if game is None:
        raise Http404
    state = live.game_state(game.id, request.user)
    return render(
        request,
        "games/game.html",
        {
            "game": game,
            "state": state,
            **presentation.game_page(game, state),
            "conditional_line": conditional.conditional_line_of(game, request.user),
            "claims": presentation.claims_open(game, state),
            "may_prepare": (
                state["ongoing"] and game.time_control.correspondence and state["my_color"] and not state["my_turn"]
            ),
        },
    )


@login_required
@require_POST
def conditional_line_save(request, game_id: int):
    """Store (or, empty, delete) my conditional moves: "f6-g5 g3-h4 …", the opponent's move first."""
    try:
        line = conditional.conditional_line_set(
            game_id=game_id, member=request.user, moves=request.POST.get("moves", "").split()
        )
    except Refused as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request, _("Your conditional moves are saved.") if line else _("Your conditional moves are deleted.")
        )
    return redirect("games:game", game_id)


@login_required
@require_POST
def game_claim(request, game_id: int, kind: str):
    """A player's claim from the game page, through the API's services: a threefold repetition
    (003 2.1.9.2) or white's renju foul claim (002 9.8). A refusal is a message and changes nothing;
    a false repetition claim with a written move plays that move, as the rule says."""
    post = request.POST
    expected_ply, move = 0, post.get("move", "").strip()[:120]
    try:
        if kind == "repetition":
            expected_ply = posted_int(post, "expected_ply", default=0)
            game = services.game_repetition_claim(
                game_id=game_id, member=request.user, expected_ply=expected_ply, move=move
            )
        elif kind == "foul":
            game = services.game_foul_claim(game_id=game_id, member=request.user)
        else:
            raise Http404
    except Refused as error:
        messages.error(request, str(error))
    else:
        if game.termination == "repetition" or game.termination.startswith("foul:"):
            messages.success(request, _("The claim is upheld: the game is over."))
        elif move and game.ply > expected_ply:
            messages.warning(request, _("The claim is refused: your written move is played (2.1.9.2)."))
        else:  # the claimant's flag had fallen first
            messages.info(request, _("The game is over."))
    return redirect("games:game", game_id)


def game_download(request, game_id: int):
    """The game's record as a file (PDN for draughts; renju text or SGF), named and typed by its format."""
    game = selectors.game_with_players(game_id)
    if game is None:
        raise Http404
    game, as_of = selectors.game_seen_by(game, request.user)  # an event's broadcast delay
    fmt = request.GET.get("format") or records.default_format(game)
    moves = list(selectors.game_moves(game_id=game_id, as_of=as_of).values_list("notation", flat=True))
    try:
        text = records.game_record(game=game, format=fmt, moves=moves)
    except Refused as error:
        return HttpResponse(str(error), status=refusal_status(error), content_type="text/plain; charset=utf-8")
    kind = records.RECORD_FILES[fmt]
    response = HttpResponse(text, content_type=kind.content_type)
    response["Content-Disposition"] = f'attachment; filename="game-{game.id}.{kind.extension}"'
    return response


def game_state(request, game_id: int):
    """The polling fallback of the game page's WebSocket (same JSON)."""
    state = live.game_state(game_id, request.user, since=whole_number(request.GET.get("since")))
    if state is None:
        raise Http404
    return JsonResponse(state)


@login_required
def my_games(request):
    """My ongoing games, correspondence games where it is my turn first; then my recent results."""
    lists = selectors.my_games(request.user)
    return render(
        request,
        "games/my_games.html",
        {"ongoing": presentation.game_rows(lists["ongoing"]), "finished": presentation.game_rows(lists["finished"])},
    )


def member_archive(request, username: str):
    """A member's finished games, filtered by discipline, speed, result, colour and opponent."""
    member = get_object_or_404(get_user_model(), username=username)
    form = ArchiveFilterForm(request.GET or None)
    games = selectors.member_archive(member, form.cleaned_data if form.is_valid() else None)
    page = Paginator(games, 30).get_page(request.GET.get("page"))
    page.object_list = presentation.game_rows(selectors.with_sides(page.object_list, member))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "games/archive.html",
        {
            "member": member,
            "form": form,
            "page": page,
            "query_string": query.urlencode(),
        },
    )
