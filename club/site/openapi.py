"""What the OpenAPI document says beyond drf-spectacular's defaults, so that software nobody here
wrote (openapi-spec-validator, openapi-python-client, schemathesis) reads it as the API behaves:

- every operation lists the error statuses it can answer, each with the one error envelope
  (``Error``: foundation/api/errors.py);
- an operation anyone may call says so (an empty security requirement), decided by asking the
  view's own permissions about an anonymous request;
- a nullable reference is written so that OpenAPI 3.0 accepts a null for it: 3.0 ignores
  ``nullable`` beside an ``allOf`` without a ``type``, so ``anyOf`` the reference or null.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.openapi import AutoSchema
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

ERROR_COMPONENT = "Error"

ERROR_SCHEMA = {
    "type": "object",
    "description": "Every error the API answers: a code a client can switch on, a sentence for people, "
    "and for invalid input the messages of each field.",
    "properties": {
        "error": {"type": "string", "description": "a short kebab-case code, e.g. invalid, not-found, stale-ply"},
        "detail": {"type": "string", "description": "what went wrong, in the response's language"},
        "fields": {
            "type": "object",
            "additionalProperties": {},
            "description": "invalid input only: each field's messages (non_field_errors: the whole body's)",
        },
    },
    "required": ["error", "detail"],
}

ERROR_DESCRIPTIONS = {
    "400": "Invalid input (a malformed body, a field's value, a query parameter)",
    "401": "Not logged in, or the token is invalid or expired",
    "403": "Not allowed for this member",
    "404": "Not found (or not visible to this member)",
    "409": "Refused by the current state or by a rule (the detail names it)",
    "413": "The body is too large",
    "415": "The body is not JSON",
    "429": "Too many requests (Retry-After says when to try again)",
    "503": "The database or Redis cannot be reached for a moment (Retry-After says when to try again)",
}

_WRITES = ("POST", "PUT", "PATCH", "DELETE")


class ClubAutoSchema(AutoSchema):
    def _anyone_may_call(self) -> bool:
        request = Request(APIRequestFactory().generic(self.method, self.path))
        request.user = AnonymousUser()
        return all(permission.has_permission(request, self.view) for permission in self.view.get_permissions())

    def get_auth(self):
        auths = [requirement for requirement in super().get_auth() if requirement]
        if self._anyone_may_call():
            auths.append({})
        return auths

    def _error_statuses(self, operation: dict) -> list[str]:
        parameters = operation.get("parameters", [])
        has_query = any(parameter["in"] == "query" for parameter in parameters)
        has_path = any(parameter["in"] == "path" for parameter in parameters) or "{" in self.path
        writes = self.method in _WRITES
        statuses = []
        if writes or has_query:
            statuses.append("400")
        if self.view.get_authenticators():
            statuses.append("401")  # a wrong or expired token is refused before any permission
        if writes or not self._anyone_may_call():
            statuses.append("403")
        if has_path or has_query:
            statuses.append("404")
        if writes:
            statuses.append("409")
        if "requestBody" in operation:
            statuses += ["413", "415"]
        if self.view.get_throttles():
            statuses.append("429")
        statuses.append("503")  # an outage (club/site/views.py: server_error); listed for all, simplest for clients
        return statuses

    def get_operation(self, *args, **kwargs):
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        error = {"application/json": {"schema": {"$ref": f"#/components/schemas/{ERROR_COMPONENT}"}}}
        for status in self._error_statuses(operation):
            operation["responses"].setdefault(status, {"description": ERROR_DESCRIPTIONS[status], "content": error})
        return operation


def _nullable_refs_for_openapi_30(node):
    if isinstance(node, dict):
        if node.get("nullable") and "allOf" in node and len(node["allOf"]) == 1 and "type" not in node:
            reference = node.pop("allOf")[0]
            del node["nullable"]
            node["anyOf"] = [reference, {"type": "object", "nullable": True, "enum": [None]}]
        for value in node.values():
            _nullable_refs_for_openapi_30(value)
    elif isinstance(node, list):
        for value in node:
            _nullable_refs_for_openapi_30(value)


def postprocess(result, generator, request, public):
    """drf-spectacular's postprocessing hook (SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"])."""
    result.setdefault("components", {}).setdefault("schemas", {})[ERROR_COMPONENT] = ERROR_SCHEMA
    _nullable_refs_for_openapi_30(result["components"]["schemas"])
    return result
