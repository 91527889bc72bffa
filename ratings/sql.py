"""The ratings' hand-written SQL: loading a rebuild's rows in bulk.

A rebuild writes two history rows per game and a rating per member. Against
``bulk_create`` of model instances (bench/hand_sql.py, 2,000 history rows on
PostgreSQL; its runs in bench/results/) the plain rows through COPY take a
fraction of the time; tests/ratings/test_sql.py checks the rows written against
``bulk_create``'s on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.db import connection
from django.db.models import Model


def rows_insert(model: type[Model], fields: tuple[str, ...], rows: list[tuple]) -> None:
    """``model.objects.bulk_create(model(**dict(zip(fields, row))) for row in rows)``
    without building an instance per row; ``rows`` hold database values in
    ``fields`` order (floats travel as their shortest exact text).

    PostgreSQL takes more than 50 rows through COPY, its bulk-load path;
    otherwise multi-row INSERTs of 400 rows (× 14 columns stays below
    SQLite's 32,766 and PostgreSQL's 65,535 parameters per statement).
    """
    if not rows:
        return
    meta = model._meta
    quote = connection.ops.quote_name
    columns = ", ".join(quote(meta.get_field(name).column) for name in fields)
    if connection.vendor == "postgresql" and len(rows) > 50:
        statement = f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN"
        with connection.cursor() as cursor, cursor.cursor.copy(statement) as copy:
            for row in rows:
                copy.write_row(row)
        return
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    head = f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES "
    with connection.cursor() as cursor:
        for i in range(0, len(rows), 400):
            chunk = rows[i : i + 400]
            cursor.execute(head + ", ".join([one] * len(chunk)), [value for row in chunk for value in row])


def copy_text(value: str) -> str:
    """``value`` as a field of COPY's text format (backslash, tab, newline and return escaped)."""
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def history_lines(change, pool: str, ended_at: str) -> str:
    """The two ``RatingChange`` rows of a game as COPY text lines, in
    ``ratings.services._HISTORY_FIELDS`` order (pure: no database).

    ``pool``: ``copy_text(discipline) + "\\t" + copy_text(speed)``; ``ended_at``:
    the game's end as ISO text. Floats travel as ``repr``, their shortest exact
    text, so they are stored bit for bit as ``rows_insert`` stores them.
    """
    g, w, b = change.game_id, change.white_id, change.black_id
    wb, bb, e = change.white_before, change.black_before, change.white_expected
    return (
        f"{g}\t{w}\t{b}\t{pool}\t{ended_at}\twhite\t{change.white_score!r}\t{e!r}\t{change.white_k!r}\t"
        f"{wb!r}\t{change.white_after!r}\t{bb!r}\t{change.white_games}\n"
        f"{g}\t{b}\t{w}\t{pool}\t{ended_at}\tblack\t{change.black_score!r}\t{1.0 - e!r}\t{change.black_k!r}\t"
        f"{bb!r}\t{change.black_after!r}\t{wb!r}\t{change.black_games}\n"
    )


def rating_lines(rows, pool: str) -> str:
    """A pool's ``Rating`` rows as COPY text, in ``ratings.services._RATING_FIELDS``
    order: ``rows`` are (member id, rating, games, last change, last game id,
    its end as ISO text); ``pool`` as in ``history_lines``."""
    return "".join(
        f"{m}\t{pool}\t{rating!r}\t{games}\t{delta!r}\t{game}\t{ended_at}\n"
        for m, rating, games, delta, game, ended_at in rows
    )


@contextmanager
def copy_stream(model: type[Model], fields: tuple[str, ...]) -> Iterator[Callable[[str], None]]:
    """One COPY into ``model``'s table, kept open: yields ``write(text)`` for
    lines in COPY's text format (``fields`` order). PostgreSQL stores each
    block while the caller computes the next, so the two cores overlap; the
    statement ends (and its key checks run) when the block closes. No other
    query may run on the connection meanwhile."""
    meta = model._meta
    quote = connection.ops.quote_name
    columns = ", ".join(quote(meta.get_field(name).column) for name in fields)
    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN") as copy,
    ):
        yield copy.write


@contextmanager
def table_reloaded(model: type[Model]) -> Iterator[None]:
    """Empty ``model``'s table for a bulk load and build its secondary indexes
    once after it, rather than updating them row by row (PostgreSQL; call
    inside the transaction that loads it).

    Everything is transactional: a rollback, or a worker dying, leaves the
    table, its rows and its indexes as they were. The table is locked
    (ACCESS EXCLUSIVE) until the transaction ends. Foreign keys stay: dropping
    one would lock the referenced table (games, members) against readers too.
    """
    table = model._meta.db_table
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        # Fire this transaction's pending deferred checks on the table now:
        # TRUNCATE and ALTER TABLE refuse a table with pending trigger events.
        cursor.execute("SELECT conname FROM pg_constraint WHERE conrelid = %s::regclass AND contype = 'f'", [table])
        foreign = ", ".join(quote(name) for (name,) in cursor.fetchall())
        if foreign:
            cursor.execute(f"SET CONSTRAINTS {foreign} IMMEDIATE")
        cursor.execute(
            "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = %s::regclass"
            " AND contype = 'u'",
            [table],
        )
        uniques = cursor.fetchall()
        cursor.execute(
            "SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index i"
            " WHERE indrelid = %s::regclass AND NOT indisprimary"
            " AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)",
            [table],
        )
        indexes = cursor.fetchall()
        cursor.execute(f"TRUNCATE {quote(table)}")
        for name, _ in uniques:
            cursor.execute(f"ALTER TABLE {quote(table)} DROP CONSTRAINT {quote(name)}")
        for name, _ in indexes:
            cursor.execute(f"DROP INDEX {name}")
    yield
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL maintenance_work_mem = '256MB'")  # each index sorted in memory
        for name, definition in uniques:
            cursor.execute(f"ALTER TABLE {quote(table)} ADD CONSTRAINT {quote(name)} {definition}")
        for _, definition in indexes:
            cursor.execute(definition)
        if foreign:
            cursor.execute(f"SET CONSTRAINTS {foreign} DEFERRED")


def statistics_refreshed(*models: type[Model]) -> None:
    """ANALYZE the models' tables (PostgreSQL), after a bulk load replaced their rows."""
    tables = ", ".join(connection.ops.quote_name(model._meta.db_table) for model in models)
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {tables}")
