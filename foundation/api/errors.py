"""One JSON error shape for the whole API: ``{"error": code, "detail": text}``.

Every app's API views get it through ``REST_FRAMEWORK["EXCEPTION_HANDLER"]``.
Codes are short kebab-case words a client can switch on; ``detail`` is a
human sentence (translated). Validation errors add ``fields`` with the
per-field messages.

Services refuse a request by raising the club's one refusal type
(foundation/refusals.py: ``Refused`` and its kinds; the games layer calls it
``PlayRefused``), e.g.::

    from foundation.refusals import Conflict, RuleRefusal

    raise Conflict("stale-ply", "The game has moved on: expected ply 12.")
    raise RuleRefusal("illegal-move", "A capture is compulsory (rule 2.4).")

The handler below is the one place a refusal becomes HTTP (``REFUSAL_STATUS``),
so no view catches or decorates anything. ``ApiError``, ``ApiConflict`` and
``RuleRefused`` are the API's names for the same classes.

Status codes: 400 invalid input, 401 not logged in, 403 not allowed,
404 not found, 405 wrong method, 409 conflicts with the current state
(a conflict, or a rule that refuses), 429 throttled, 500 server error.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from foundation.refusals import Conflict, Invalid, Refused, RuleRefusal

# The API's names for the club's refusals: the same classes, so one type across the apps.
ApiError = Invalid  # 400
ApiConflict = Conflict  # 409
RuleRefused = RuleRefusal  # 409: the rules of the game or of the club refuse; detail names the rule

# The one mapping of a refusal's kind to its HTTP status.
REFUSAL_STATUS = {
    "invalid": status.HTTP_400_BAD_REQUEST,
    "forbidden": status.HTTP_403_FORBIDDEN,
    "not-found": status.HTTP_404_NOT_FOUND,
    "conflict": status.HTTP_409_CONFLICT,
    "rule": status.HTTP_409_CONFLICT,
}


def refusal_status(refusal: Refused) -> int:
    """The HTTP status of ``refusal`` (pages that answer a refusal with a status use it too)."""
    return REFUSAL_STATUS[refusal.kind]


# DRF's own codes, renamed to the kebab-case the rest of the API uses.
_DRF_CODES = {
    "invalid": "invalid",
    "parse_error": "parse-error",
    "authentication_failed": "authentication-failed",
    "not_authenticated": "not-authenticated",
    "permission_denied": "permission-denied",
    "not_found": "not-found",
    "method_not_allowed": "method-not-allowed",
    "not_acceptable": "not-acceptable",
    "unsupported_media_type": "unsupported-media-type",
    "throttled": "throttled",
}


def error_body(code: str, detail: str, **extra) -> dict:
    return {"error": code, "detail": str(detail), **extra}


def _validation_summary(fields) -> str:
    """The first message, so a client that shows only ``detail`` still says something useful."""
    if isinstance(fields, dict):
        for name, messages in fields.items():
            first = _validation_summary(messages)
            return first if name == "non_field_errors" else f"{name}: {first}"
    if isinstance(fields, list) and fields:
        return _validation_summary(fields[0])
    return str(fields) if fields else _("Invalid input.")


def exception_handler(exc, context):
    """DRF exception handler giving every error the ``{"error", "detail"}`` shape."""
    if isinstance(exc, Refused):
        set_rollback()
        return Response(error_body(exc.code, exc.detail), status=refusal_status(exc))
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(*(exc.args[:1] or ()))
    elif isinstance(exc, DjangoValidationError):
        # Services raise Django's ValidationError; it means the same as DRF's.
        exc = exceptions.ValidationError(
            exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        )
    if not isinstance(exc, exceptions.APIException):
        return None  # a real bug: let Django log it and answer 500 (handler500 keeps it JSON)

    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(exc.wait))

    if isinstance(exc, exceptions.ValidationError):
        fields = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        body = error_body("invalid", _validation_summary(fields), fields=fields)
    else:
        code = exc.get_codes() if isinstance(exc.detail, str) else exc.default_code
        body = error_body(_DRF_CODES.get(code, str(code).replace("_", "-")), exc.detail)

    set_rollback()
    return Response(body, status=exc.status_code, headers=headers)


def json_error_response(code: str, detail: str, status_code: int) -> JsonResponse:
    """The same shape for errors Django answers before DRF is involved (404/500 handlers)."""
    return JsonResponse(error_body(code, detail), status=status_code)
