"""Token authentication for the whole API (settings.REST_FRAMEWORK).

Tokens are django-rest-knox's: the database holds only the SHA-512 digest of
each key (its primary key), with an expiry. The check — the digest must name
an unexpired token whose member is active, looked up on every request,
nothing cached — is one SQL statement on that primary key, written by hand
(members/sql.py, measured there against the ORM). One class for every view, so
the OpenAPI schema has one token scheme (``Authorization: Token <key>``).

The same key is taken as ``Authorization: Bearer <key>`` (RFC 6750), the scheme a client
generated from the OpenAPI document sends by default (openapi-python-client, openapi-generator):
the document declares both, each as its generators read it.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from knox.crypto import hash_token
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from members import sql


class ClubTokenAuthentication(TokenAuthentication):
    keyword = "Token"

    def authenticate_credentials(self, key):
        token = sql.token_with_member(hash_token(key))
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if token.expiry is not None and token.expiry < timezone.now():
            raise exceptions.AuthenticationFailed(_("The token has expired: ask for a new one."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return (token.user, token)


class ClubBearerAuthentication(ClubTokenAuthentication):
    keyword = "Bearer"


class TokenScheme(OpenApiAuthenticationExtension):
    target_class = ClubTokenAuthentication
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "`Authorization: Token <key>`, the key from POST /api/auth/token/ (the prefix `Token` "
            "and one space are part of the value).",
        }


class BearerScheme(OpenApiAuthenticationExtension):
    target_class = ClubBearerAuthentication
    name = "bearerAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "The same key from POST /api/auth/token/ as `Authorization: Bearer <key>`.",
        }
