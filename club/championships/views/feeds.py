"""The Atom feeds (RFC 4287): an event's results round by round, the club's events."""

from __future__ import annotations

from django.http import HttpResponse

from .. import feeds
from .results import published_or_404

CONTENT_TYPE = "application/atom+xml; charset=utf-8"


def _atom(body: bytes) -> HttpResponse:
    response = HttpResponse(body, content_type=CONTENT_TYPE)
    response["Access-Control-Allow-Origin"] = "*"  # public, read by other sites' scripts too
    return response


def results_feed(request, pk):
    """Public while the event is: its published rounds with their results."""
    return _atom(feeds.event_results_feed(published_or_404(pk)))


def club_feed(request):
    """The club's events, published and finished."""
    return _atom(feeds.club_events_feed())
