"""Settings overlay for the server that bench/play_load.py starts: the club's
settings plus pooled PostgreSQL connections (Django 5.1+ with psycopg-pool).

Under ASGI every request runs its sync code in a fresh thread context, and
with persistent connections (CONN_MAX_AGE) each one keeps its own PostgreSQL
connection: 200 concurrent games exhaust max_connections. A small pool per
worker process bounds that. (Suggested for production settings as well.)
"""
from club.settings import *  # noqa: F401,F403
from club.settings import DATABASES

if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {"min_size": 4, "max_size": 16, "timeout": 20}
