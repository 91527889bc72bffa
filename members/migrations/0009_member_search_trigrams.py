"""Trigram indexes for the searches by part of a name (the ratings list, the
members list): ``icontains`` is ``UPPER(col) LIKE '%…%'``, which no b-tree
serves, so on a big club every search read all the members (the ratings list's
search on the L club, with and without them: bench/results/club_scale-L-2026-12-03.txt).
PostgreSQL only: the embedded SQLite default has no trigrams and its clubs are small."""

from django.db import migrations

SEARCHED = ("username", "display_name", "city")


def indexes_created(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for column in SEARCHED:
        schema_editor.execute(
            f"CREATE INDEX member_{column}_trgm ON club_member USING gin (UPPER({column}::text) gin_trgm_ops)"
        )


def indexes_dropped(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for column in SEARCHED:
        schema_editor.execute(f"DROP INDEX IF EXISTS member_{column}_trgm")


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0008_member_is_guest"),
    ]

    operations = [
        migrations.RunPython(indexes_created, indexes_dropped),
    ]
