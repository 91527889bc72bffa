"""A throw-away database for a benchmark that needs the club's tables: a
temporary SQLite file, or a fresh ``club_bench_<pid>`` database next to the one
DATABASE_URL names, migrated, and removed or dropped afterwards."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable


def postgres_url_required(what: str) -> str:
    """DATABASE_URL, which a benchmark measured on PostgreSQL needs; else the run stops, saying why."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        sys.exit(f"DATABASE_URL must name a PostgreSQL server ({what})")
    return url


def database_setup(
    url: str | None, prefix: str = "club-bench-", name: str | None = None, keep: bool = False
) -> tuple[str, Callable[[], None]]:
    """Point Django at a throw-away database (on PostgreSQL ``name``, by default
    ``club_bench_<pid>``); return (description, cleanup). Call before ``django.setup()``.
    With ``keep`` (PostgreSQL only) the database is left for a later run to time again."""
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
    if keep:
        return f"PostgreSQL database {name} (kept: --reuse {name} times it again)", lambda: None

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


def on_throwaway_database(prefix: str, work: Callable[[], None], name: str | None = None, keep: bool = False) -> None:
    """Run ``work`` on a throw-away database (DATABASE_URL's server, else SQLite),
    migrated first, printing where, and removed afterwards whatever happens (unless ``keep``)."""
    where, cleanup = database_setup(os.environ.get("DATABASE_URL"), prefix=prefix, name=name, keep=keep)
    print(f"database: {where}")
    try:
        django_ready()
        work()
    finally:
        cleanup()


def on_kept_database(name: str, work: Callable[[], None]) -> None:
    """Run ``work`` on a database an earlier ``keep`` run left on DATABASE_URL's
    server, migrated to this commit first; it stays afterwards."""
    url = os.environ.get("DATABASE_URL")
    if not url:
        raise SystemExit("reusing a kept database needs DATABASE_URL (PostgreSQL)")
    os.environ["DATABASE_URL"] = f"{url.rsplit('/', 1)[0]}/{name}"
    print(f"database: PostgreSQL database {name} (kept from an earlier run, migrated to this commit)")
    django_ready()
    work()
