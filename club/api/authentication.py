"""Token authentication for the whole API (settings.REST_FRAMEWORK).

Tokens are django-rest-knox's: the database holds only the SHA-512 digest of
each key (its primary key), with an expiry. The check — the digest must name
an unexpired token whose member is active, looked up on every request,
nothing cached — is one SQL statement on that primary key, written once
(club/sql.py): compiling the token ⋈ member query on each request was about a
sixth of a move's server CPU. One class for every view, so the OpenAPI schema
has one token scheme (``Authorization: Token <key>``).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from knox.crypto import hash_token
from knox.models import AuthToken
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from club import sql


@sql.per_vendor
def _statement() -> tuple[str, sql.Columns, sql.Columns]:
    qn = connection.ops.quote_name
    member, token = get_user_model()._meta, AuthToken._meta
    columns = sql.Columns(get_user_model(), alias="m")
    extra = sql.Columns(AuthToken, [token.get_field("created"), token.get_field("expiry")], alias="t")
    return (
        f"SELECT {columns.sql}, {extra.sql} "
        f"FROM {qn(member.db_table)} m JOIN {qn(token.db_table)} t "
        f"ON t.{qn(token.get_field('user').column)} = m.{qn(member.pk.column)} "
        f"WHERE t.{qn(token.pk.column)} = %s",
        columns,
        extra,
    )


class ClubTokenAuthentication(TokenAuthentication):
    keyword = "Token"

    def authenticate_credentials(self, key):
        statement, columns, extra = _statement()
        digest = hash_token(key)
        row = sql.fetch_one(statement, [digest])
        if row is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        created, expiry = extra.values(row[len(columns.fields) :])
        if expiry is not None and expiry < timezone.now():
            raise exceptions.AuthenticationFailed(_("The token has expired: ask for a new one."))
        user = columns.instance(row)
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        token = AuthToken.from_db(
            connection.alias, ["digest", "user_id", "created", "expiry"], [digest, user.pk, created, expiry]
        )
        token.user = user
        return (user, token)
