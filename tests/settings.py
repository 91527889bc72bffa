"""The test runner's settings: the club's own (``club.site.settings``), and each
pytest-xdist process ("gw0", "gw1", …) on its own Redis database and channel
prefix, as it has its own test database (pytest-django's suffix), so that a
Celery worker or a server one of them starts never takes another's tasks or
messages. pyproject.toml names this module for pytest, which exports it in
``DJANGO_SETTINGS_MODULE``: the processes a test starts inherit it."""

import os
from urllib.parse import urlsplit, urlunsplit

from club.site.settings import *  # noqa: F403 (production's settings, then the test process's Redis)
from club.site.settings import CACHES, CHANNEL_LAYERS, REDIS_URL
from foundation import channel_layer

TEST_PROCESS = os.environ.get("PYTEST_XDIST_WORKER", "")


def redis_for_test_process(url: str, process: str) -> str:
    """``url`` with its database number counted down by the process's index (15, 14, … for 15)."""
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    database = (base - int(process.removeprefix("gw"))) % 16
    return urlunsplit(parts._replace(path=f"/{database}"))


if TEST_PROCESS and REDIS_URL:
    REDIS_URL = redis_for_test_process(REDIS_URL, TEST_PROCESS)
    CACHES = {"default": {**CACHES["default"], "LOCATION": REDIS_URL}}
    # Pub/sub channels are shared by every Redis database: the prefix keeps test processes apart.
    CHANNEL_LAYERS = {
        "default": {
            **CHANNEL_LAYERS["default"],
            "CONFIG": {"hosts": [channel_layer.redis_host(REDIS_URL)], "prefix": f"asgi{TEST_PROCESS}"},
        }
    }
    CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", REDIS_URL)
