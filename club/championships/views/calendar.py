"""The iCalendar feeds (RFC 5545): a championship's rounds, a member's games and rounds."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse

from club.members.models import Member

from .. import calendar
from .results import published_or_404

CONTENT_TYPE = "text/calendar; charset=utf-8"


def _base(request) -> str:
    return request.build_absolute_uri("/")[:-1]


def _ics(body: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=CONTENT_TYPE)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def championship_calendar(request, pk):
    """Public while the championship is: every round with its start."""
    return _ics(calendar.championship_feed(published_or_404(pk), _base(request)), f"championship-{pk}.ics")


def member_calendar(request, token):
    """A member's private feed: the token in the URL is his id signed by the club."""
    member = Member.objects.filter(pk=calendar.member_of_token(token), is_active=True).first()
    if member is None:
        raise Http404
    return _ics(calendar.member_feed(member, _base(request)), "my-games.ics")


@login_required
def my_calendar(request):
    """The same feed for the member logged in (his session)."""
    return _ics(calendar.member_feed(request.user, _base(request)), "my-games.ics")
