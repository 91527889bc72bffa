"""Requests whose path or query holds a NUL character are refused (400) before
any view runs: PostgreSQL text cannot hold one, so a search, filter or lookup by
such a value failed deep in the database as a 500. Bodies are covered where they
are read: Django's form fields and DRF's serializer fields refuse NUL already."""

from django.core.exceptions import SuspiciousOperation


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
