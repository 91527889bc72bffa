"""Requests whose path or query holds a NUL character are refused (400) before
any view runs: PostgreSQL text cannot hold one, so a search, filter or lookup by
such a value failed deep in the database as a 500. Bodies are covered where they
are read: Django's form fields and DRF's serializer fields refuse NUL already."""

import functools

from csp.constants import HEADER
from csp.middleware import CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.exceptions import SuspiciousOperation
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.middleware.locale import LocaleMiddleware
from django.shortcuts import render
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from foundation import zones
from foundation.api.errors import json_error_response


class NulCharacter(SuspiciousOperation):
    """A NUL in the URL: answered 400 by ``members.views.bad_request``."""


class RefuseNulCharacters:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path_info or any(
            "\x00" in key or any("\x00" in value for value in values) for key, values in request.GET.lists()
        ):
            raise NulCharacter("a NUL character in the URL")
        return self.get_response(request)


class ApiSpeaksEnglish(LocaleMiddleware):
    """Django's language choice, except that the API answers in English unless the request asks
    for a language (``Accept-Language`` or the language cookie): software reading it gets one
    language whatever the club's default for visitors (``LANGUAGE_CODE``) is."""

    API_PREFIX = "/api/"
    API_LANGUAGE = "en"

    def process_request(self, request):
        asks = "HTTP_ACCEPT_LANGUAGE" in request.META or bool(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
        if request.path_info.startswith(self.API_PREFIX) and not asks:
            translation.activate(self.API_LANGUAGE)
            request.LANGUAGE_CODE = self.API_LANGUAGE
            return None
        return super().process_request(request)


class MemberLanguage:
    """A member's interface language follows him to every browser: the one he last chose
    with the language switch, stored on his record (``Member.language``, ``language_chosen``),
    is the page's language wherever this browser holds no choice of its own (the language
    cookie). Until he chooses one, his browser's language rules as a visitor's does.

    Logging in drops the browser's cookie, so what a visitor chose before (or a choice made
    here in an earlier session) gives way to his record; logging out leaves his language
    in the cookie, so the page does not change language under him. Placed after
    ``AuthenticationMiddleware`` (the member) and after the LocaleMiddleware it overrides."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # The request's path first: the API (read by software, every move) asks nothing of the member.
        if not request.path_info.startswith(ApiSpeaksEnglish.API_PREFIX) and not request.COOKIES.get(
            settings.LANGUAGE_COOKIE_NAME  # a dropped cookie may come back empty
        ):
            user = request.user
            if user.is_authenticated and user.language_chosen and user.language in dict(settings.LANGUAGES):
                translation.activate(user.language)
                request.LANGUAGE_CODE = user.language
        response = self.get_response(request)
        logged_in = getattr(request, "member_language_logged_in", False)
        left = "" if logged_in else getattr(request, "member_language_logged_out", "")
        if logged_in or left:
            cookie = {
                "path": settings.LANGUAGE_COOKIE_PATH,
                "domain": settings.LANGUAGE_COOKIE_DOMAIN,
                "samesite": settings.LANGUAGE_COOKIE_SAMESITE,
            }
            if logged_in:
                response.delete_cookie(settings.LANGUAGE_COOKIE_NAME, **cookie)
            else:
                response.set_cookie(
                    settings.LANGUAGE_COOKIE_NAME,
                    left,
                    max_age=settings.LANGUAGE_COOKIE_AGE,
                    secure=settings.LANGUAGE_COOKIE_SECURE,
                    httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                    **cookie,
                )
        return response


def member_logged_in(sender, request, user, **kwargs):
    """``MemberLanguage`` drops the browser's cookie on the answer to this login: his record rules."""
    if request is not None and getattr(user, "language_chosen", False):
        request.member_language_logged_in = True


def member_logged_out(sender, request, user, **kwargs):
    """``MemberLanguage`` keeps his language in the browser's cookie as he leaves."""
    if request is not None and getattr(user, "language_chosen", False) and user.language in dict(settings.LANGUAGES):
        request.member_language_logged_out = user.language


class ViewerTimeZone:
    """Show and read every time in the viewer's zone: a member's
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


class MethodNotAllowedPage:
    """Django answers a method a view does not take (``require_POST``) with an empty 405:
    the browser shows a blank page. Give it the club's error page (``method_not_allowed``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code == 405 and not response.content and response.has_header("Allow"):
            return method_not_allowed(request, response)
        return response


def method_not_allowed(request, response):
    """A page's answer to a method it does not take — an action's address opened in the
    browser (GET where only a form's POST is taken) — with the methods it allows."""
    if request.path.startswith("/api/"):
        page = json_error_response("method-not-allowed", _("This address does not take this method."), 405)
    else:
        text = _("This address takes a form's submission, not a visit: go back to the page the form is on.")
        page = render(request, "club/error.html", {"title": _("Not a page to open"), "text": text}, status=405)
    page["Allow"] = response["Allow"]
    return page


class ContentSecurityPolicy(CSPMiddleware):
    """django-csp's middleware, building the club's policy once instead of twice per
    response (the enforced and the report-only one, which the club does not set): a
    response that changes the policy (``csp_update``) or uses a nonce is built as before."""

    def process_response(self, request, response):
        plain = getattr(request, "_csp_nonce", None) is None and not any(
            getattr(response, name, None) for name in ("_csp_config", "_csp_update", "_csp_replace")
        )
        if not plain or getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None):
            return super().process_response(request, response)
        if settings.DEBUG and response.status_code in (500, 404):
            return response
        if HEADER not in response and not getattr(response, "_csp_exempt", False):
            response[HEADER] = _club_policy()
        return response


@functools.cache
def _club_policy() -> str:
    return build_policy()


@receiver(setting_changed)
def _policy_changed(*, setting, **_):
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _club_policy.cache_clear()
