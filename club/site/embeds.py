"""Pages another site may frame (``/embed/…``), and oEmbed (https://oembed.com) for them.

An embed page shows a game's position (as a spectator may see it: an event's broadcast delay holds) or an event's standings with no script: the board is an SVG
drawn here (``games.board_picture``), the table plain HTML. These pages, and only these, may be
framed by any site (``frame-ancestors *``, no ``X-Frame-Options``); every other page keeps refusing
to be framed. ``/oembed/?url=…`` answers for a game's page or an event's results or standings page
with the iframe of its embed page (oEmbed 1.0, JSON; another format is 501 as the spec says)."""

from __future__ import annotations

from urllib.parse import urlsplit

from csp.decorators import csp_replace
from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import Resolver404, resolve, reverse
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_exempt

from club.championships.selectors.results_json import results_document
from club.championships.views.results import published_or_404
from games import board_picture, presentation, selectors
from games.models import Game

OEMBED_VERSION = "1.0"
GAME_FRAME = (420, 520)  # width, height of a game's iframe
STANDINGS_FRAME = (480, 560)


def framable(view):
    """The view's pages may be framed by any site."""
    return xframe_options_exempt(csp_replace({"frame-ancestors": ["*"]})(view))


def _absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


@framable
def game_embed(request, game_id: int):
    game = get_object_or_404(Game.objects.select_related("white", "black"), pk=game_id)
    game, _as_of = selectors.game_seen_by(game, request.user)  # an event's broadcast delay holds here too
    spec = presentation.board_spec(game.discipline)
    picture = board_picture.picture(game.fen or game.start_fen, spec["size"], spec["kind"])
    return render(
        request,
        "embed/game.html",
        {
            "game": game,
            "picture": picture,
            "result": presentation.result_text(game),
            "page": _absolute(reverse("games:game", args=[game.pk])),
        },
    )


@framable
def standings_embed(request, pk: int):
    championship = published_or_404(pk)
    document = results_document(championship, request.user)  # the broadcast delay holds here too
    return render(
        request,
        "embed/standings.html",
        {
            "championship": championship,
            "rows": document["standings"],
            "provisional": document["provisional"],
            "page": _absolute(reverse("championships:results", args=[championship.pk])),
        },
    )


def _embedded(request, url: str) -> tuple[str, str, tuple[int, int]]:
    """The embed page, title and frame size for a page ``url`` of this club (at its SITE_URL or at the
    host this request came to); Http404 for another."""
    parts = urlsplit(url)
    if parts.netloc not in (urlsplit(settings.SITE_URL).netloc, request.get_host()):
        raise Http404
    try:
        match = resolve(parts.path or "/")
    except Resolver404:
        raise Http404 from None
    if match.view_name == "games:game":
        game = get_object_or_404(Game.objects.select_related("white", "black"), pk=match.kwargs["game_id"])
        title = _("%(white)s – %(black)s") % {"white": game.white or "?", "black": game.black or "?"}
        return reverse("embed-game", args=[game.pk]), title, GAME_FRAME
    if match.view_name in ("championships:results", "championships:standings", "championships:detail"):
        championship = published_or_404(match.kwargs["pk"])
        title = _("%(event)s: standings") % {"event": championship.name}
        return reverse("embed-standings", args=[championship.pk]), title, STANDINGS_FRAME
    raise Http404


def oembed(request):
    if request.GET.get("format", "json") != "json":
        return HttpResponse(status=501)
    url = request.GET.get("url", "")
    if not url:
        return JsonResponse({"error": "invalid", "detail": _("Give the url of a game or an event.")}, status=400)
    path, title, (width, height) = _embedded(request, url)
    for bound, name in ((width, "maxwidth"), (height, "maxheight")):
        asked = request.GET.get(name, "")
        if asked.isdigit() and int(asked) < bound:
            width, height = (int(asked), height) if name == "maxwidth" else (width, int(asked))
    source = _absolute(path)
    html = (
        f'<iframe src="{escape(source)}" width="{width}" height="{height}" title="{escape(title)}" '
        'loading="lazy" style="border:0"></iframe>'
    )
    return JsonResponse(
        {
            "version": OEMBED_VERSION,
            "type": "rich",
            "title": title,
            "provider_name": _("Draughts & renju club"),
            "provider_url": _absolute("/"),
            "html": html,
            "width": width,
            "height": height,
        }
    )
