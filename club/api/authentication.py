"""Token authentication for the whole API (settings.REST_FRAMEWORK).

The same check as DRF's ``TokenAuthentication`` — the key must name a token
and its member must be active, looked up on every request, nothing cached —
as one SQL statement written once (club/sql.py): compiling the token ⋈ member
query on each request was about a sixth of a move's server CPU. One class for
every view, so the OpenAPI schema has one token scheme.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from club import sql


@sql.per_vendor
def _statement() -> tuple[str, sql.Columns, sql.Columns]:
    qn = connection.ops.quote_name
    member, token = get_user_model()._meta, Token._meta
    columns = sql.Columns(get_user_model(), alias="m")
    created = sql.Columns(Token, [token.get_field("created")], alias="t")
    return (f"SELECT {columns.sql}, {created.sql} "
            f"FROM {qn(member.db_table)} m JOIN {qn(token.db_table)} t "
            f"ON t.{qn(token.get_field('user').column)} = m.{qn(member.pk.column)} "
            f"WHERE t.{qn(token.pk.column)} = %s", columns, created)


class ClubTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        if self.get_model() is not Token:  # a custom token model: DRF's own look-up
            return super().authenticate_credentials(key)
        statement, columns, created = _statement()
        row = sql.fetch_one(statement, [key])
        if row is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user = columns.instance(row)
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        token = Token.from_db(connection.alias, ["key", "user_id", "created"],
                              [key, user.pk, created.values(row[len(columns.fields):])[0]])
        token.user = user
        return (user, token)
