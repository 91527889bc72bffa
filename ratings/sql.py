"""The ratings' hand-written SQL: loading a rebuild's rows in bulk.

A rebuild writes two history rows per game and a rating per member. Against
``bulk_create`` of model instances (bench/hand_sql.py, 2,000 history rows on
PostgreSQL) the plain rows through COPY take a fraction of the time (figure
below); tests/ratings/test_sql.py checks the rows written against
``bulk_create``'s on SQLite and PostgreSQL.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Model


# 2,000 history rows: bulk_create took 4.4× as long as COPY (95 vs 417 ms on the loaded
# machine), bench/results/hand_sql-2026-12-01.txt.
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
