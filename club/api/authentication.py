"""Token authentication for the whole API (settings.REST_FRAMEWORK).

The same check as DRF's ``TokenAuthentication`` — the key must name a token
and its member must be active, looked up on every request, nothing cached —
but as one SQL statement written once: the ORM compiled the token ⋈ member
query afresh on each request, about a fifth of a move's server CPU. One class
for every view, so the OpenAPI schema has one token scheme.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

_SQL: dict[str, str] = {}


def _sql() -> str:
    sql = _SQL.get(connection.vendor)
    if sql is None:
        qn = connection.ops.quote_name
        member, token = get_user_model()._meta, Token._meta
        sql = _SQL[connection.vendor] = (
            f"SELECT m.*, t.{qn(token.get_field('created').column)} AS token_created "
            f"FROM {qn(member.db_table)} m JOIN {qn(token.db_table)} t "
            f"ON t.{qn(token.get_field('user').column)} = m.{qn(member.pk.column)} "
            f"WHERE t.{qn(token.pk.column)} = %s"
        )
    return sql


class ClubTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        if self.get_model() is not Token:  # a custom token model: DRF's own look-up
            return super().authenticate_credentials(key)
        users = list(get_user_model().objects.raw(_sql(), [key]))
        if not users:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user = users[0]
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        token = Token(key=key, user=user, created=user.token_created)
        token._state.adding, token._state.db = False, users[0]._state.db
        return (user, token)
