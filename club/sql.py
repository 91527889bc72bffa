"""Hand-written SQL: the helpers every app's ``sql`` module uses, and the club's own statement.

The ORM compiles a query afresh on every call, even when psycopg runs it as a
prepared statement; for the statements every move runs that was a large share
of a move's CPU (bench/hand_sql.py). Only those measured to pay are written by
hand, each in its app's ``sql`` module (this one, games/sql.py, ratings/sql.py)
beside the ORM expression it stands for, and tested against it on SQLite and
PostgreSQL. A statement is built on first use from the models' own metadata,
and its values go through the converters the ORM itself would apply, so the
results are the same model instances and Python values.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager
from functools import wraps
from typing import TypeVar

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Field, Model
from knox.models import AuthToken

T = TypeVar("T")


def per_vendor(build: Callable[[], T]) -> Callable[[], T]:
    """``build()`` once per database vendor (the SQL differs in quoting and locking)."""
    built: dict[str, T] = {}

    @wraps(build)
    def get() -> T:
        vendor = connection.vendor
        if vendor not in built:
            built[vendor] = build()
        return built[vendor]

    return get


class Columns:
    """Fields of one table as a select list, with the ORM's value converters."""

    def __init__(self, model: type[Model], fields: list[Field] | None = None, alias: str = ""):
        self.model = model
        self.fields = fields if fields is not None else list(model._meta.concrete_fields)
        qn = connection.ops.quote_name
        prefix = f"{alias}." if alias else ""
        self.sql = ", ".join(prefix + qn(f.column) for f in self.fields)
        self.names = [f.attname for f in self.fields]
        self._converters = []
        for i, f in enumerate(self.fields):
            col = f.get_col(model._meta.db_table)
            found = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
            if found:
                self._converters.append((i, col, found))

    def values(self, row) -> list:
        """The Python values of a row's columns (as the ORM would return them)."""
        row = list(row[: len(self.fields)])
        for i, col, found in self._converters:
            for convert in found:
                row[i] = convert(row[i], col, connection)
        return row

    def instance(self, row) -> Model:
        """The model instance of a row whose first columns are these."""
        return self.model.from_db(connection.alias, self.names, self.values(row))


@contextmanager
def _cursor(given=None):
    """``given``, or a new cursor. A caller running several statements keeps
    one: making a cursor costs about as much as running a small query."""
    if given is not None:
        yield given
        return
    with connection.cursor() as cursor:
        yield cursor


def fetch_one(sql: str, params: list, cursor=None):
    with _cursor(cursor) as c:
        c.execute(sql, params)
        return c.fetchone()


def fetch_all(sql: str, params: list, cursor=None) -> list:
    with _cursor(cursor) as c:
        c.execute(sql, params)
        return c.fetchall()


# Token check, on every API request: the ORM (select_related) took 5.1× as long (0.76 vs
# 3.84 ms a call on the loaded machine), bench/results/hand_sql-2026-12-01.txt.
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
