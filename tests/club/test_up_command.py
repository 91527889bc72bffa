"""``manage.py up`` for real: it serves the club with a worker and beat, and Ctrl-C stops them all."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STARTUP_LIMIT = 180  # seconds; migrations on a cold SQLite file plus three interpreters on 2 cores


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def descendants(pid: int) -> set[int]:
    """Every live process below ``pid``, read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def is_running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def get_json(url: str):
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, None


@pytest.fixture
def club_dir(tmp_path):
    return tmp_path / "club-data"


def test_up_serves_the_demo_club_and_ctrl_c_stops_every_child(club_dir, tmp_path):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL")}
    env.update(CLUB_DATA_DIR=str(club_dir), DJANGO_SUPERUSER_PASSWORD="first admin password", DEBUG="0")
    log = (tmp_path / "up.log").open("w+")
    up = subprocess.Popen(
        [sys.executable, "manage.py", "up", "--port", str(port), "--demo", "--admin", "boss", "--concurrency", "1"],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        health = None
        deadline = time.monotonic() + STARTUP_LIMIT
        while up.poll() is None and time.monotonic() < deadline:
            try:
                health = get_json(f"http://127.0.0.1:{port}/health/")
            except OSError:
                health = None
            if health and health[0] == 200:
                break
            time.sleep(0.5)
        log.seek(0)
        assert health and health[0] == 200, f"/health/ never answered 200:\n{log.read()}"
        assert health[1]["checks"] == {"database": "ok", "broker": "ok", "cache": "ok"}

        status, members = get_json(f"http://127.0.0.1:{port}/api/members/?limit=100")
        usernames = {m["username"] for m in members["results"]}
        assert {"boss", "irina", "pavel", "olga"} <= usernames

        # The command line of each child names what it runs.
        family = descendants(up.pid)
        cmdlines = " ".join(
            Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ") for pid in family if is_running(pid)
        )
        for expected in ("uvicorn club.site.asgi:application", "-A club worker", "-A club beat"):
            assert expected in cmdlines

        up.send_signal(signal.SIGINT)
        assert up.wait(timeout=60) == 0
        assert [pid for pid in family if is_running(pid)] == []
        log.seek(0)
        assert "Stopped." in log.read()
    finally:
        if up.poll() is None:
            up.kill()
            up.wait()
        for pid in descendants(up.pid):
            os.kill(pid, signal.SIGKILL)


class TestTheFirstAdmin:
    """``up --admin USER`` creates the first administrator once, without a prompt when scripted."""

    @pytest.fixture
    def command(self):
        from club.site.management.commands.up import Command

        return Command()

    @pytest.fixture
    def no_terminal(self, monkeypatch):
        monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)

    def test_the_password_comes_from_the_environment(self, db, command, monkeypatch):
        from members.models import Member
        from members.roles import Role, has_role

        monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "first admin password")

        command.ensure_admin("boss")

        boss = Member.objects.get(username="boss")
        assert boss.is_superuser and boss.is_staff and boss.check_password("first admin password")
        assert has_role(boss, Role.ADMIN)

    def test_without_a_terminal_or_a_password_it_refuses(self, db, command, monkeypatch, no_terminal):
        from django.core.management import CommandError

        from members.models import Member

        monkeypatch.delenv("DJANGO_SUPERUSER_PASSWORD", raising=False)

        with pytest.raises(CommandError, match="DJANGO_SUPERUSER_PASSWORD"):
            command.ensure_admin("boss")
        assert not Member.objects.filter(username="boss").exists()

    def test_an_existing_account_is_left_as_it_is(self, db, command, anna, monkeypatch):
        monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "first admin password")

        command.ensure_admin("anna")

        anna.refresh_from_db()
        assert not anna.is_superuser
