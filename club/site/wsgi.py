"""WSGI entry point: the club's site through one of two Django handlers.

An API call that names its member by token (members.api.authentication)
has no session, no flash messages and no CSRF cookie, is never a static
file, and its JSON needs no page's policy or frame rule: it goes through
``settings.TOKEN_API_MIDDLEWARE``, the site's middleware less those (the NUL
check, nosniff and the other security headers, the language, the time zone
and the lockout stay). Everything else goes through ``settings.MIDDLEWARE``.
Every move of a client is such a call.
"""

import os
from contextlib import contextmanager

from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.site.settings")
pages = get_wsgi_application()  # sets Django up


def token_api_call(environ) -> bool:
    return environ.get("PATH_INFO", "").startswith("/api/") and environ.get("HTTP_AUTHORIZATION", "").startswith(
        ("Token ", "Bearer ")
    )


class TokenAPIHandler(WSGIHandler):
    """Django's handler with the token path's middleware chain."""

    def load_middleware(self, is_async=False):
        with _chain(settings.TOKEN_API_MIDDLEWARE):
            super().load_middleware(is_async)


@contextmanager
def _chain(middleware: list[str]):
    """``settings.MIDDLEWARE`` as ``middleware`` while a handler builds its chain
    (``BaseHandler.load_middleware`` reads only that setting); once, at import."""
    site = settings.MIDDLEWARE
    settings.MIDDLEWARE = middleware
    try:
        yield
    finally:
        settings.MIDDLEWARE = site


token_api = TokenAPIHandler()


def application(environ, start_response):
    handler = token_api if token_api_call(environ) else pages
    return handler(environ, start_response)
