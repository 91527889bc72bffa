"""Hand-written SQL: the helpers every app's ``sql`` module uses.

The ORM compiles a query afresh on every call, even when psycopg runs it as a
prepared statement; for the statements every move runs that was a large share
of a move's CPU (bench/hand_sql.py). Only those measured to pay are written by
hand, each in its app's ``sql`` module (members/sql.py, games/sql.py, ratings/sql.py)
beside the ORM expression it stands for, and tested against it on SQLite and
PostgreSQL. A statement is built on first use from the models' own metadata,
and its values go through the converters the ORM itself would apply, so the
results are the same model instances and Python values.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from contextlib import contextmanager, nullcontext
from functools import wraps
from typing import TypeVar

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.backends.utils import CursorDebugWrapper
from django.db.models import Field, Model

T = TypeVar("T")


def database():
    """The default connection's own wrapper, looked up once: every attribute read
    through ``django.db.connection`` (a proxy) is a thread-local look-up, and a
    move's values and converters read it dozens of times."""
    return connections[DEFAULT_DB_ALIAS]


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
        row, db = list(row[: len(self.fields)]), database()
        for i, col, found in self._converters:
            for convert in found:
                row[i] = convert(row[i], col, db)
        return row

    def instance(self, row) -> Model:
        """The model instance of a row whose first columns are these."""
        return self.model.from_db(DEFAULT_DB_ALIAS, self.names, self.values(row))


@contextmanager
def cursor():
    """A cursor for hand-written statements. On PostgreSQL it is this thread's
    cursor of the default connection, made once and used again by every such
    statement, of this request and the next: a new cursor costs about as much
    as a small query, and psycopg builds its loaders (a Python one for each
    timestamp column) per cursor. Elsewhere a new one, closed after use (an
    SQLite cursor left open may hold its statement, and with it a lock)."""
    db = database()
    if db.vendor != "postgresql":
        with db.cursor() as new:
            yield new
        return
    yield _kept(db)


# Each thread's connection wrapper (Django keeps one per thread) → its kept cursor; held
# beside the wrapper rather than on it, and gone with it.
_KEPT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _kept(db):
    """The thread's kept cursor, made afresh for a new connection or when
    queries start or stop being logged (tests count them)."""
    db.ensure_connection()
    kept = _KEPT.get(db)
    if (
        kept is None
        or kept.cursor.connection is not db.connection
        or isinstance(kept, CursorDebugWrapper) != db.queries_logged
    ):
        kept = _KEPT[db] = db.cursor()
    return kept


def _given_or_new(given):
    return nullcontext(given) if given is not None else cursor()


def fetch_one(sql: str, params: list, given=None):
    with _given_or_new(given) as c:
        c.execute(sql, params)
        return c.fetchone()


def fetch_all(sql: str, params: list, given=None) -> list:
    with _given_or_new(given) as c:
        c.execute(sql, params)
        return c.fetchall()
