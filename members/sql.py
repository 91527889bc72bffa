"""The members app's hand-written SQL: the API token check (foundation/sql.py
says why and how statements are written by hand)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import connection
from knox.models import AuthToken

from foundation.sql import Columns, fetch_one, per_vendor


# Token check, on every API request: the ORM's select_related compiled afresh on each call
# cost several times this statement (bench/hand_sql.py; its saved runs in bench/results/).
@per_vendor
def _token_statement() -> tuple[str, Columns, Columns]:
    qn = connection.ops.quote_name
    member, token = get_user_model()._meta, AuthToken._meta
    columns = Columns(get_user_model(), alias="m")
    extra = Columns(AuthToken, [token.get_field("created"), token.get_field("expiry")], alias="t")
    return (
        f"SELECT {columns.sql}, {extra.sql} "
        f"FROM {qn(member.db_table)} m JOIN {qn(token.db_table)} t "
        f"ON t.{qn(token.get_field('user').column)} = m.{qn(member.pk.column)} "
        f"WHERE t.{qn(token.pk.column)} = %s",
        columns,
        extra,
    )


def token_with_member(digest: str) -> AuthToken | None:
    """``AuthToken.objects.select_related("user").filter(digest=digest).first()``:
    the API token of that digest with its member, whatever their state."""
    statement, columns, extra = _token_statement()
    row = fetch_one(statement, [digest])
    if row is None:
        return None
    created, expiry = extra.values(row[len(columns.fields) :])
    user = columns.instance(row)
    token = AuthToken.from_db(
        connection.alias, ["digest", "user_id", "created", "expiry"], [digest, user.pk, created, expiry]
    )
    token.user = user
    return token
