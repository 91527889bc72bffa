"""The hand-written statements' cursor (foundation.sql.cursor): on
PostgreSQL one per thread, kept across statements and requests, made afresh for a
new connection or when queries start or stop being counted; on SQLite a new one
each time, closed after use."""

import sqlite3

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from foundation import sql

postgres_only = pytest.mark.skipif(connection.vendor != "postgresql", reason="the kept cursor is PostgreSQL's")


def _one() -> int:
    return sql.fetch_one("SELECT 1", [])[0]


def _the_cursor():
    with sql.cursor() as used:
        return used


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_one_cursor_serves_every_statement_until_the_connection_is_new():
    first = _the_cursor()
    assert _one() == 1 and _the_cursor() is first
    connection.close()  # as after CONN_MAX_AGE, or a connection found broken
    assert _one() == 1
    assert _the_cursor() is not first and _the_cursor().cursor.connection is connection.connection


@postgres_only
@pytest.mark.django_db
def test_statements_are_counted_while_queries_are_counted_and_not_after():
    plain = _the_cursor()
    with CaptureQueriesContext(connection) as counted:
        assert _one() == 1
    assert [q["sql"] for q in counted] == ["SELECT 1"]
    assert _one() == 1 and _the_cursor() is not plain  # a plain cursor again, not the counting one
    assert not connection.queries_logged


@pytest.mark.embedded
@pytest.mark.skipif(connection.vendor == "postgresql", reason="SQLite's cursors are not kept")
@pytest.mark.django_db
def test_on_sqlite_each_statement_has_its_own_cursor_closed_after_use():
    first, second = _the_cursor(), _the_cursor()
    assert first.cursor is not second.cursor
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        first.cursor.execute("SELECT 1")
