"""A round's live page: what its socket and its polling send.

While a round is played its page (``championships:round``) shows every board
and redraws them when a move is made or a game ends, and redraws the
standings when the stored table changes. The parts are rendered here, once
per update, from ``selectors.result_pages.live_round`` — a fixed number of
queries whatever the number of boards — and sent whole, so the page needs no
second copy of the templates.
"""

from __future__ import annotations

from django.db.models import Q
from django.template.loader import render_to_string

from games.models import Game

from .models import Championship
from .selectors import result_pages
from .selectors.broadcast import event_delay, viewer_id


def round_fragments(championship: Championship, number: int, request=None, viewer=None) -> dict | None:
    """The round's parts as ``viewer`` (or the request's member) may see them: a spectator
    under the event's broadcast delay (``result_pages.live_round``)."""
    viewer = request.user if request is not None else viewer
    live = result_pages.live_round(championship, number, viewer)
    if live is None:
        return None
    return {
        "type": "round",
        "round": number,
        "live": live["round"]["live"],
        "boards_html": render_to_string("championships/pages/_round_boards.html", live, request=request),
        "standings_html": render_to_string("championships/pages/_live_standings.html", live, request=request),
    }


def round_fragments_of(championship_id: int, number: int, viewer=None) -> dict | None:
    """``round_fragments`` of a championship that is public (not a draft), or None."""
    championship = Championship.objects.filter(pk=championship_id).exclude(status=Championship.Status.DRAFT).first()
    return round_fragments(championship, number, viewer=viewer) if championship else None


def games_seen_at_once(championship_id: int, number: int, viewer) -> set[int]:
    """The games of round ``number`` that ``viewer`` sees at once, whatever the event's
    broadcast delay: every one for its officials, else those he plays."""
    game_ids = result_pages.round_game_ids(championship_id, number)
    championship = Championship.objects.filter(pk=championship_id).first()
    if championship is None or not event_delay(championship, viewer):
        return set(game_ids)
    me = viewer_id(viewer)
    if me is None:
        return set()
    return set(
        Game.objects.filter(pk__in=game_ids).filter(Q(white_id=me) | Q(black_id=me)).values_list("pk", flat=True)
    )
