"""The site's own pages: home, the health check and the error pages (JSON
under /api/, HTML elsewhere)."""

import sys

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import HttpResponseServerError, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from foundation.api.errors import json_error_response
from members import selectors

from .health import health_report
from .middleware import NulCharacter


def home(request):
    return render(request, "home.html", {"member_count": selectors.member_count()})


@require_GET
def favicon(request):
    """Browsers ask for /favicon.ico whatever the page says: the club's icon."""
    return redirect(static("favicon.svg"), permanent=True)


@never_cache
@require_GET
def health(request):
    report = health_report()
    return JsonResponse(report, status=503 if report["failed"] else 200)


# --- Error pages: JSON under /api/, HTML elsewhere -------------------------------------


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


def page_not_found(request, exception=None):
    if _is_api(request):
        return json_error_response("not-found", _("Not found."), 404)
    return render(request, "club/error.html", {"title": _("Page not found")}, status=404)


def permission_denied(request, exception=None):
    if _is_api(request):
        return json_error_response("permission-denied", _("You do not have permission to do this."), 403)
    return render(
        request,
        "club/error.html",
        {
            "title": _("Not allowed"),
            # The reason the refusal gave (the authority's, a role's), else the general one.
            "text": str(exception or "") or _("Your role in the club does not allow this."),
        },
        status=403,
    )


def bad_request(request, exception=None):
    if isinstance(exception, RequestDataTooBig):
        return request_too_large(request)
    if isinstance(exception, NulCharacter):
        text = _("A web address cannot contain a NUL character.")
        if _is_api(request):
            return json_error_response("nul-character", text, 400)
        return render(request, "club/error.html", {"title": _("Bad request"), "text": text}, status=400)
    if _is_api(request):
        return json_error_response("bad-request", _("Bad request."), 400)
    return render(request, "club/error.html", {"title": _("Bad request")}, status=400)


def request_too_large(request):
    limit = _("The request is too large: at most %(size)d kB.") % {"size": settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024}
    if _is_api(request):
        return json_error_response("too-large", limit, 413)
    return render(request, "club/error.html", {"title": _("Request too large"), "text": limit}, status=413)


# A database or Redis that cannot be reached (restarting, failing over) is not
# a bug of the request: 503 with Retry-After tells clients and the proxy to retry.
_UNAVAILABLE = (OperationalError, InterfaceError, RedisConnectionError, RedisTimeoutError)


def server_error(request):
    # Django calls this handler inside its except block: the exception is at hand.
    if isinstance(sys.exc_info()[1], _UNAVAILABLE):
        status, code = 503, "service-unavailable"
    else:
        status, code = 500, "server-error"
    if _is_api(request):
        response = json_error_response(code, _("Server error. It has been logged."), status)
    else:
        # Rendered without the request: the failure may lie in what a full page needs.
        response = HttpResponseServerError(render_to_string("club/500.html"), status=status)
    if status == 503:
        response["Retry-After"] = "5"
    return response
