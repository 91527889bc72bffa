"""Play pages: lobby, new challenge, game page (and finished-game viewer),
my games, a member's archive. Thin: they read through selectors / games.live
and write through games.services; the JavaScript acts through the REST API.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.api.errors import refusal_status
from club.api.params import whole_number
from club.api.throttling import DirectChallengeThrottle
from club.refusals import Refused
from games import conditional, disciplines, live, results, time_words
from games.forms import ArchiveFilterForm, ChallengeForm
from games.models import Challenge, Game
from games.rules import ballots64

from . import services


def _texts() -> dict:
    """Words the game page script shows, in the page's language."""
    return {
        "yourMove": _("Your move"),
        "opponentsMove": _("Waiting for the opponent's move"),
        "networkError": _("The server cannot be reached; retrying."),
        "offerWithMove": _("Offer a draw with this move"),
        "days": _("d"),
        # 002 9.2; %(point)s and %(kind)s are filled in by the page.
        "foulRefused": _("%(point)s is forbidden for black (%(kind)s): the stone is refused."),
        "foulLoses": _("%(point)s is a foul (%(kind)s): under this game's rules the stone loses the game. Play it?"),
        "actions": {
            "pass": _("Pass"),
            "swap": _("Swap colours"),
            "stay": _("Keep colours"),
            "place2": _("Place two more stones"),  # Swap2's third answer
            "declare": _("Declare 5th moves:"),
        },
        "board": {
            "board": _("board"),
            "white": _("white"),
            "black": _("black"),
            "whiteKing": _("white king"),
            "blackKing": _("black king"),
            "selected": _("selected"),
            "cancelled": _("choice cancelled"),
        },
    }


def lobby(request):
    """Open challenges, the ones addressed to me, mine, and the games on now."""
    me = request.user if request.user.is_authenticated else None
    open_challenges = (
        Challenge.objects.filter(status=Challenge.Status.OPEN, opponent__isnull=True)
        .select_related("challenger")
        .order_by("-created_at")
    )
    context = {
        "open_challenges": _titled(open_challenges[:100]),
        "received": [],
        "sent": [],
        "live_games": Game.objects.filter(status=Game.Status.ONGOING)
        .exclude(speed="correspondence")
        .select_related("white", "black")
        .order_by("-started_at")[:20],
    }
    if me:
        context["received"] = _titled(
            Challenge.objects.filter(status=Challenge.Status.OPEN, opponent=me).select_related("challenger")
        )
        context["sent"] = _titled(
            Challenge.objects.filter(status=Challenge.Status.OPEN, challenger=me).select_related("opponent")
        )
    return render(request, "games/lobby.html", context)


def _titled(challenges) -> list:
    rows = list(challenges)
    for c in rows:
        c.discipline_title = live.discipline_title(c.discipline)
    return rows


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
    game = get_object_or_404(Game.objects.select_related("white", "black"), id=game_id)
    state = live.game_state(game.id, request.user)
    downloads = [
        {"url": reverse("games:game-download", args=[game.id]) + f"?format={fmt}", "label": label}
        for fmt, label in DOWNLOADS[live.board_spec(game.discipline)["kind"]]
    ]
    # The first player first: white in draughts, black in renju and its family.
    first, second = ("black", "white") if state["board"]["kind"] == "stones" else ("white", "black")
    title = f"{state['players'][first]['name']} – {state['players'][second]['name']}"
    return render(
        request,
        "games/game.html",
        {
            "game": game,
            "state": state,
            "texts": _texts(),
            "title": title,
            "discipline_title": live.discipline_title(game.discipline),
            "time_control_html": time_words.abbr(game.time_control),
            "downloads": downloads,
            "ballot_text": ballots64.describe(game.ballot) if game.ballot else "",  # шашки-64 (003 2.2.2)
            "conditional_line": conditional.conditional_line_of(game, request.user),
            "may_prepare": (
                state["ongoing"] and game.speed == "correspondence" and state["my_color"] and not state["my_turn"]
            ),
            "opening_rule_text": disciplines.opening_rule_title(game.opening_rule)
            if game.discipline == "renju" or game.opening_rule not in ("", "none")
            else "",
            "foul_policy_text": disciplines.foul_policy_title(game.foul_policy) if game.discipline == "renju" else "",
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


DOWNLOADS = {"draughts": [("pdn", "PDN")], "stones": [("renju", "Renju"), ("sgf", "SGF")]}


def game_download(request, game_id: int):
    """The game's record as a file (PDN for draughts; renju text or SGF)."""
    from games import records

    game = get_object_or_404(Game.objects.select_related("white", "black"), id=game_id)
    fmt = request.GET.get("format") or records.default_format(game)
    try:
        text = records.game_record(game=game, format=fmt)
    except Refused as error:
        return HttpResponse(str(error), status=refusal_status(error), content_type="text/plain; charset=utf-8")
    extension = {"pdn": "pdn", "sgf": "sgf"}.get(fmt, "txt")
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="game-{game.id}.{extension}"'
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
    me = request.user
    mine = Game.objects.filter(Q(white=me) | Q(black=me)).select_related("white", "black")
    ongoing = list(mine.filter(status=Game.Status.ONGOING))
    for game in ongoing:
        game.discipline_title = live.discipline_title(game.discipline)
        game.my_colour = game.colour_of(me.id)
        game.my_turn = game.to_move == game.my_colour
        game.opponent = game.black if game.my_colour == "white" else game.white
    # My turn in correspondence first, nearest deadline first; then the rest.
    ongoing.sort(
        key=lambda g: (
            not (g.my_turn and g.speed == "correspondence"),
            not g.my_turn,
            g.deadline.timestamp() if g.deadline else float("inf"),
        )
    )
    finished = mine.exclude(status=Game.Status.ONGOING).order_by("-ended_at", "-id")[:20]
    return render(
        request,
        "games/my_games.html",
        {
            "ongoing": ongoing,
            "finished": _with_opponents(finished, me),
        },
    )


def _with_opponents(games, member):
    rows = []
    for game in games:
        game.discipline_title = live.discipline_title(game.discipline)
        if game.imported_by_id:
            # An imported record: the member keeps it, the players are the record's.
            game.my_colour, game.outcome = None, ""
            game.opponent = f"{game.white_name or '?'} – {game.black_name or '?'}"
        else:
            game.my_colour = game.colour_of(member.id)
            game.opponent = game.black if game.my_colour == "white" else game.white
            game.outcome = _outcome(game, game.my_colour)
        rows.append(game)
    return rows


def _outcome(game: Game, colour: str | None) -> str:
    """ "win", "loss" or "draw" for ``colour`` (games/results.py: a forfeit win is a win,
    -/- a loss for both), "aborted", or "" without a result."""
    if game.status == Game.Status.ABORTED:
        return "aborted"
    if colour is None:
        return ""
    return results.outcome(game.result, colour) or ""


def member_archive(request, username: str):
    """A member's finished games, filtered by discipline, speed, result, colour and opponent."""
    member = get_object_or_404(get_user_model(), username=username)
    form = ArchiveFilterForm(request.GET or None)
    games = (
        Game.objects.filter(Q(white=member) | Q(black=member))
        .exclude(status=Game.Status.ONGOING)
        .select_related("white", "black")
        .order_by("-ended_at", "-id")
    )
    if form.is_valid():
        f = form.cleaned_data
        if f.get("discipline"):
            games = games.filter(discipline=f["discipline"])
        if f.get("speed"):
            games = games.filter(speed=f["speed"])
        if f.get("colour") == "white":
            games = games.filter(white=member)
        elif f.get("colour") == "black":
            games = games.filter(black=member)
        if f.get("opponent"):
            name = f["opponent"]
            games = games.filter(
                Q(white=member, black__username__iexact=name) | Q(black=member, white__username__iexact=name)
            )
        if f.get("outcome"):
            games = games.filter(imported_by__isnull=True)  # a record's result is not the member's
        if f.get("outcome") in ("win", "loss", "draw"):
            # The same reading as the row's outcome: a forfeit win is a win, -/- a loss (games/results.py).
            wanted = f["outcome"]
            games = games.filter(
                Q(white=member, result__in=results.results_with(results.WHITE, wanted))
                | Q(black=member, result__in=results.results_with(results.BLACK, wanted))
            )
    page = Paginator(games, 30).get_page(request.GET.get("page"))
    page.object_list = _with_opponents(page.object_list, member)
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
