"""Fault injection on the real stack: Celery workers and beat, an HTTP server,
and a PostgreSQL and a Redis of the tests' own, which they kill and restart.

The machine's shared PostgreSQL and Redis are never touched: the Redis here
is started by the fixture on a free port, and so is the PostgreSQL of the
restart test (``initdb`` into a temporary folder, as the ``postgres`` user
when this runs as root). Every test is marked ``services``: it skips on the
embedded default and fails in CI if it cannot run (tests/conftest.py).
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from club.site.management.commands.up import LIVE_SERVER_OPTIONS
from tests.championships.conftest import make_championship, players, staff  # noqa: F401 (fixtures)
from tests.concurrency import wait_for
from tests.conftest import (
    ROOT,
    _services_missing,
    _skip_or_fail,
    _wait_until_worker_ready,
    database_url_for_other_processes,
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _require_services() -> None:
    reason = _services_missing()
    if reason:
        _skip_or_fail(reason, "CLUB_REQUIRE_SERVICES")


class RedisServer:
    """A redis-server of our own. Append-only with fsync on every write, as a
    broker's Redis must run: a restart, even a SIGKILL, keeps the queues."""

    def __init__(self, folder: Path):
        self.folder, self.port, self.process = folder, free_port(), None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if not wait_for(self.answers, 30):
            pytest.fail(f"redis-server did not start on port {self.port}")

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def command(self, *args: str) -> str:
        return subprocess.run(
            ["redis-cli", "-p", str(self.port), *args], capture_output=True, text=True, check=True
        ).stdout.strip()


class PostgresServer:
    """A PostgreSQL cluster of our own (trust auth), to stop hard and restart."""

    def __init__(self, folder: Path):
        self.folder, self.port = folder, free_port()
        self.bin = Path(sorted(glob.glob("/usr/lib/postgresql/*/bin"))[-1])
        self.data = folder / "data"

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/club"

    def _run(self, *command: str) -> None:
        # initdb and pg_ctl refuse root: run them as the postgres user then.
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        subprocess.run(prefix + list(command), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)

    def init(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        self.start()
        psycopg.connect(f"postgres://postgres@127.0.0.1:{self.port}/postgres", autocommit=True).execute(
            "CREATE DATABASE club"
        ).connection.close()

    def start(self) -> None:
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder} -c fsync=off"
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start"
        )

    def crash(self) -> None:
        """Stop at once, as a power cut would: the next start recovers from the WAL."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")

    def stop(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop")


@pytest.fixture
def fault_redis():
    """A Redis of this test's own, started; yields the RedisServer."""
    _require_services()
    folder = Path(tempfile.mkdtemp(prefix="club-faults-redis-"))
    server = RedisServer(folder)
    server.start()
    yield server
    if server.process.poll() is None:
        server.kill()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def fault_postgres():
    """A PostgreSQL cluster of this test's own with an empty database ``club``."""
    _require_services()
    folder = Path(tempfile.mkdtemp(prefix="club-faults-pg-"))
    server = PostgresServer(folder)
    server.init()
    yield server
    with contextlib.suppress(subprocess.CalledProcessError):  # already down if the test failed meanwhile
        server.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def club_broker(fault_redis):
    """This process's Celery app publishes to ``fault_redis`` (the follow-ups that
    services enqueue on commit go where the tests' workers listen)."""
    from club.site.celery import app

    def point_to(url: str) -> None:
        app.conf.broker_url = url
        app._pool = None  # as Celery does after a fork: the next publish connects anew
        app.amqp._producer_pool = None

    before = app.conf.broker_url
    point_to(fault_redis.url)
    yield fault_redis
    point_to(before)


def stack_env(*, database_url: str, redis_url: str, **extra: str) -> dict[str, str]:
    """The environment of a process of the stack: our database and Redis, and a
    two-second visibility timeout so a killed worker's task comes back soon."""
    return dict(
        os.environ,
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        CELERY_BROKER_URL=redis_url,
        CELERY_VISIBILITY_TIMEOUT="2",
        CELERY_TASK_ALWAYS_EAGER="0",
        DEBUG="0",
        **extra,
    )


@pytest.fixture
def processes():
    """A list to put started processes in; whatever still runs is stopped afterwards."""
    started: list[subprocess.Popen] = []
    yield started
    for process in started:
        stop(process)


def celery_worker(env: dict[str, str], name: str) -> subprocess.Popen:
    """A ``celery worker`` (solo pool: the task runs in the process a SIGKILL hits), ready."""
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "club",
            "worker",
            "--pool=solo",
            "--loglevel=INFO",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
            "-n",
            f"{name}@%h",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    _wait_until_worker_ready(worker)
    return worker


def http_server(env: dict[str, str]) -> tuple[subprocess.Popen, str]:
    """The API tier as README's production layout runs it (granian serving club.site.wsgi); (process, base URL)."""
    port = free_port()
    granian = [str(Path(sys.executable).parent / "granian"), "--interface", "wsgi", "--host", "127.0.0.1"]
    command = [*granian, "--port", str(port), "--workers", "1", "--blocking-threads", "4", "club.site.wsgi:application"]
    return _serving(command, env, port, "granian")


def asgi_server(env: dict[str, str]) -> tuple[subprocess.Popen, str]:
    """The WebSocket tier as README's production layout runs it (uvicorn serving club.site.asgi); (process, ws:// base)."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "club.site.asgi:application",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        *LIVE_SERVER_OPTIONS,
    ]
    server, _base = _serving(command, env, port, "uvicorn")
    return server, f"ws://127.0.0.1:{port}"


def _serving(command: list[str], env: dict[str, str], port: int, name: str) -> tuple[subprocess.Popen, str]:
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"

    def serves() -> bool:
        try:
            with urllib.request.urlopen(base + "/health/", timeout=2):
                return True
        except OSError:
            return False

    if not wait_for(lambda: server.poll() is None and serves(), 60):
        stop(server)
        pytest.fail(f"{name} did not serve /health/")
    return server, base


def celery_beat(env: dict[str, str], folder: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "club",
            "beat",
            "--loglevel=WARNING",
            "--schedule",
            str(folder / "celerybeat-schedule"),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def stop(process: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    if process.poll() is None:
        process.send_signal(sig)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# ---- a worker killed in the middle of a task ---------------------------------------------
@contextlib.contextmanager
def lock_held(sql: str, *params):
    """Run ``sql`` in a transaction of another connection and hold its locks until the block ends."""
    holder = psycopg.connect(database_url_for_other_processes())
    holder.execute(sql, params)
    try:
        yield
    finally:
        holder.rollback()
        holder.close()


def a_backend_waits_on_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0] > 0


def killed_mid_task(worker) -> None:
    assert wait_for(a_backend_waits_on_a_lock), "the worker never reached the held lock"
    stop(worker, 9)
