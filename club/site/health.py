"""The checks behind /health/: can this process reach the database, the broker and the cache?"""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Callable

from django.core.cache import cache
from django.db import connection

from club.site.celery import app

log = logging.getLogger(__name__)


def check_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def check_broker() -> None:
    """Open a channel to the Celery broker: a Redis ping, or the file-system folders on the default."""
    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=2)
        conn.default_channel  # noqa: B018  (creating the channel is what proves the broker usable)
        if conn.transport_cls == "filesystem":
            # kombu's file-system transport opens without touching its folders.
            options = app.conf.broker_transport_options
            for key in ("data_folder_in", "data_folder_out"):
                folder = options.get(key)
                if not folder or not os.access(folder, os.W_OK | os.X_OK):
                    raise RuntimeError(f"broker folder {folder!r} is missing or not writable")


def check_cache() -> None:
    key, value = f"health:{uuid.uuid4().hex}", uuid.uuid4().hex
    cache.set(key, value, timeout=10)
    if cache.get(key) != value:
        raise RuntimeError("the cache did not return what was stored")
    cache.delete(key)


CHECKS: dict[str, Callable[[], None]] = {
    "database": check_database,
    "broker": check_broker,
    "cache": check_cache,
}


def health_report() -> dict:
    """Run every check; ``failed`` names the ones that raised. The error itself
    goes to the log only: /health/ is public, and exception text can hold
    hosts, paths and credentials."""
    checks, failed = {}, {}
    for name, check in CHECKS.items():
        try:
            check()
        except Exception:  # any failure means "not healthy": report it, don't crash
            log.warning("health check %s failed", name, exc_info=True)
            checks[name] = "fail"
            failed[name] = "unavailable"
        else:
            checks[name] = "ok"
    return {"status": "fail" if failed else "ok", "checks": checks, "failed": failed}
