"""Requests whose path or query holds a NUL character are refused (400) before
any view runs: PostgreSQL text cannot hold one, so a search, filter or lookup by
such a value failed deep in the database as a 500. Bodies are covered where they
are read: Django's form fields and DRF's serializer fields refuse NUL already."""

from django.core.exceptions import SuspiciousOperation
from django.utils import timezone

from club.platform import zones


class NulCharacter(SuspiciousOperation):
    """A NUL in the URL: answered 400 by ``club.members.views.bad_request``."""


class RefuseNulCharacters:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path_info or any(
            "\x00" in key or any("\x00" in value for value in values) for key, values in request.GET.lists()
        ):
            raise NulCharacter("a NUL character in the URL")
        return self.get_response(request)


class ViewerTimeZone:
    """Show and read every time in the viewer's zone (issue 27): a member's
    own (``Member.time_zone``), a visitor's from the ``club_tz`` cookie his
    browser sets (static/club/zone.js), else the club's ``TIME_ZONE``."""

    COOKIE = "club_tz"

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        chosen = getattr(user, "time_zone", "") if getattr(user, "is_authenticated", False) else ""
        chosen = chosen or request.COOKIES.get(self.COOKIE, "")
        timezone.activate(zones.zone_of(chosen))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
