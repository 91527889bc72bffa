"""A round's live page: what its socket and its polling send.

While a round is played its page (``championships:round``) shows every board
and redraws them when a move is made or a game ends, and redraws the
standings when the stored table changes. The parts are rendered here, once
per update, from ``selectors.result_pages.live_round`` — a fixed number of
queries whatever the number of boards — and sent whole, so the page needs no
second copy of the templates.
"""

from __future__ import annotations

from django.template.loader import render_to_string

from .models import Championship
from .selectors import result_pages


def round_fragments(championship: Championship, number: int, request=None) -> dict | None:
    live = result_pages.live_round(championship, number)
    if live is None:
        return None
    return {
        "type": "round",
        "round": number,
        "live": live["round"]["live"],
        "boards_html": render_to_string("championships/pages/_round_boards.html", live, request=request),
        "standings_html": render_to_string("championships/pages/_live_standings.html", live, request=request),
    }


def round_fragments_of(championship_id: int, number: int) -> dict | None:
    """``round_fragments`` of a championship that is public (not a draft), or None."""
    championship = Championship.objects.filter(pk=championship_id).exclude(status=Championship.Status.DRAFT).first()
    return round_fragments(championship, number) if championship else None
