"""A throw-away database for a benchmark that needs the club's tables: a
temporary SQLite file, or a fresh ``club_bench_<pid>`` database next to the one
DATABASE_URL names, migrated, and removed or dropped afterwards."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable


def database_setup(
    url: str | None, prefix: str = "club-bench-", name: str | None = None
) -> tuple[str, Callable[[], None]]:
    """Point Django at a throw-away database (on PostgreSQL ``name``, by default
    ``club_bench_<pid>``); return (description, cleanup). Call before ``django.setup()``."""
    if not url:
        tmp = tempfile.mkdtemp(prefix=prefix)
        os.environ.pop("DATABASE_URL", None)
        os.environ["CLUB_DATA_DIR"] = tmp

        def remove() -> None:
            from django.db import connections

            connections.close_all()
            shutil.rmtree(tmp, ignore_errors=True)

        return f"SQLite in {tmp} (removed afterwards)", remove
    import psycopg

    base = url.rsplit("/", 1)[0]
    name = name or f"club_bench_{os.getpid()}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    os.environ["DATABASE_URL"] = f"{base}/{name}"

    def drop() -> None:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')

    return f"PostgreSQL database {name} (dropped afterwards)", drop


def django_ready() -> None:
    """Set Django up on the database chosen and migrate it."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.site.settings")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "1"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def on_throwaway_database(prefix: str, work: Callable[[], None], name: str | None = None) -> None:
    """Run ``work`` on a throw-away database (DATABASE_URL's server, else SQLite),
    migrated first, printing where, and removed afterwards whatever happens."""
    where, cleanup = database_setup(os.environ.get("DATABASE_URL"), prefix=prefix, name=name)
    print(f"database: {where}")
    try:
        django_ready()
        work()
    finally:
        cleanup()
