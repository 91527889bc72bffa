"""A round's live page: what its socket and its polling send.

While a round is played its page (``championships:round``) shows every board
and redraws them when a move is made or a game ends, and redraws the
standings when the stored table changes. The parts are rendered here, once
per update, from ``selectors.result_pages.live_round`` — a fixed number of
queries whatever the number of boards — and sent whole, so the page needs no
second copy of the templates.

Every spectator sees the same round (``sees_what_spectators_see``): its socket
sends the text of ``public_round_text``, rendered and encoded once per change
for all of them (club.championships.consumers).
"""

from __future__ import annotations

import json

from django.db.models import Q
from django.template.loader import render_to_string
from django.utils import translation

from games.models import Game

from .models import Board, Championship
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


def public_round_text(championship_id: int, number: int, language: str) -> str | None:
    """The round's parts as a spectator sees them (``round_fragments_of`` for no member), in
    ``language``, as the socket's text: one render and one encoding for every spectator."""
    with translation.override(language):
        fragments = round_fragments_of(championship_id, number)
    return None if fragments is None else json.dumps(fragments)


def sees_what_spectators_see(championship_id: int, viewer) -> bool:
    """Does ``viewer`` see the event's rounds as a spectator who is not signed in does? Everyone
    does when it has no broadcast delay; with one, not its officials and organiser (no delay,
    ``event_delay``), nor its players (their own boards at once; a team event's through their
    team, so every member there is told apart)."""
    championship = Championship.objects.filter(pk=championship_id).first()
    if championship is None or not championship.broadcast_delay:
        return True
    me = viewer_id(viewer)
    if me is None:
        return True
    if not event_delay(championship, viewer) or championship.for_teams:
        return False
    plays = Board.objects.filter(round__championship=championship).filter(Q(white_id=me) | Q(black_id=me))
    return not plays.exists() and not championship.entries.filter(member_id=me).exists()
