"""``manage.py up``: everything a club needs on one machine, in one command.

Migrates, collects static files, optionally creates the first admin and loads
the demo club, then runs three child processes — uvicorn serving
``club.site.asgi:application``, a Celery worker and Celery beat — until Ctrl-C or
SIGTERM, when it stops them all. If one child dies, the others are stopped too
and the command exits non-zero, so a supervisor notices.
"""

from __future__ import annotations

import getpass
import os
import signal
import socket
import subprocess
import sys
import time

from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from club.site.demo import DEMO_PASSWORD, load_demo
from members import services
from members.models import Member

STOP_TIMEOUT = 20  # seconds each child gets to finish its work before it is killed
ONE_LINE_EMAILS = "club.site.console_mail.OneLineEmailBackend"
# The live tier sends its frames uncompressed: per-message deflate compresses each frame once
# for each socket (every socket has its own compression context), so a game's spectators cost
# the server one compression each of the same text. And its WebSocket protocol frames a text
# sent to many sockets once (foundation/live_server.py). README's production layout says the
# same; bench/spectators.py runs each tree's live tier with these.
LIVE_SERVER_OPTIONS = ("--ws", "foundation.live_server:SharedTextFrames", "--ws-per-message-deflate", "false")


def club_url(host: str, port: int) -> str:
    """Where a browser on this machine reaches the club listening on ``host``:``port``."""
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::", "") else host
    return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


class Command(BaseCommand):
    help = "Migrate, then run the web server, a Celery worker and Celery beat until Ctrl-C."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1", help="Address to listen on (default 127.0.0.1).")
        parser.add_argument("--port", type=int, default=8000, help="Port to listen on (default 8000).")
        parser.add_argument("--demo", action="store_true", help="Load the demo club (safe to repeat).")
        parser.add_argument(
            "--admin",
            metavar="USER",
            help="Create this first administrator if missing; the password comes from "
            "DJANGO_SUPERUSER_PASSWORD or, on a terminal, a prompt.",
        )
        parser.add_argument("--concurrency", type=int, default=2, help="Celery worker processes (default 2).")

    def handle(self, *args, host, port, demo, admin, concurrency, **options):
        url = club_url(host, port)
        self.check_port_free(host, port)
        if not os.environ.get("EMAIL_BACKEND"):
            # Emails (demo load here, web and worker children) as one line each, not whole MIME messages.
            os.environ["EMAIL_BACKEND"] = settings.EMAIL_BACKEND = ONE_LINE_EMAILS
        if not os.environ.get("SITE_URL"):
            # Emails' links (demo load here, web and worker children) point where the club listens.
            os.environ["SITE_URL"] = settings.SITE_URL = url
        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        if admin:
            self.ensure_admin(admin)
        if demo:
            members = load_demo()
            self.stdout.write(f"Demo club loaded: {', '.join(members)} (password {DEMO_PASSWORD}).")

        self.stopping = False
        signal.signal(signal.SIGINT, self.request_stop)
        signal.signal(signal.SIGTERM, self.request_stop)
        children = self.start_children(host, port, concurrency)
        failed = None
        try:
            if self.wait_for_port(host, port, children):
                self.stdout.write(self.style.SUCCESS(f"The club is running at {url}/"))
                self.stdout.write("Press Ctrl-C to stop it.")
            failed = self.watch(children)
        finally:
            self.stop_children(children)
        if failed:
            raise CommandError(f"{failed} stopped unexpectedly; the others were stopped too.")
        self.stdout.write("Stopped.")

    def check_port_free(self, host: str, port: int) -> None:
        """Fail before anything starts (and before any banner) when the port is taken."""
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
            try:
                probe.bind((host, port))
            except OSError as error:
                raise CommandError(
                    f"Cannot listen on {host}:{port}: {error.strerror}. Is the club (or something else) "
                    f"already running there? Stop it, or choose another port with --port N."
                ) from None

    def request_stop(self, signum, frame):
        self.stopping = True

    def ensure_admin(self, username: str) -> None:
        if Member.objects.filter(username=username).exists():
            self.stdout.write(f"Administrator {username} already exists.")
            return
        password = os.environ.get("DJANGO_SUPERUSER_PASSWORD")
        if not password:
            if not sys.stdin.isatty():
                raise CommandError("Set DJANGO_SUPERUSER_PASSWORD to create the admin without a terminal.")
            password = self.prompt_password(username)
        services.member_create_admin(
            username=username, email=os.environ.get("DJANGO_SUPERUSER_EMAIL", ""), password=password
        )
        self.stdout.write(f"Administrator {username} created.")

    def prompt_password(self, username: str) -> str:
        while True:
            password = getpass.getpass(f"Password for {username}: ")
            if password != getpass.getpass("Again: "):
                self.stderr.write("The two passwords differ.")
                continue
            try:
                validate_password(password, Member(username=username))
            except ValidationError as exc:
                self.stderr.write(" ".join(exc.messages))
                continue
            return password

    def start_children(self, host: str, port: int, concurrency: int) -> dict[str, subprocess.Popen]:
        python = sys.executable
        commands = {
            "web": [
                python,
                "-m",
                "uvicorn",
                "club.site.asgi:application",
                "--host",
                host,
                "--port",
                str(port),
                "--proxy-headers",
                "--log-level",
                "warning",
                *LIVE_SERVER_OPTIONS,
            ],
            # --quiet: no start-up banners; warnings and errors still show.
            "worker": [
                python,
                "-m",
                "celery",
                "--quiet",
                "-A",
                "club",
                "worker",
                "--loglevel",
                "WARNING",
                "--concurrency",
                str(concurrency),
            ],
            "beat": [
                python,
                "-m",
                "celery",
                "--quiet",
                "-A",
                "club",
                "beat",
                "--loglevel",
                "WARNING",
                "--schedule",
                str(settings.CELERY_BEAT_SCHEDULE_FILENAME),
            ],
        }
        # WARNING keeps the console readable: the sweep runs every few seconds.
        # Each child in its own process group: a terminal's Ctrl-C reaches only us, and we stop
        # the children in order. Without that, Celery would see a second signal and cold-stop.
        return {
            name: subprocess.Popen(command, cwd=settings.BASE_DIR, process_group=0)
            for name, command in commands.items()
        }

    def wait_for_port(self, host: str, port: int, children) -> bool:
        """True once the web server accepts connections; False if we are stopping or a child died."""
        target = "127.0.0.1" if host in ("0.0.0.0", "") else ("::1" if host == "::" else host)
        while not self.stopping and all(child.poll() is None for child in children.values()):
            try:
                with socket.create_connection((target, port), timeout=1):
                    return True
            except OSError:
                time.sleep(0.2)
        return False

    def watch(self, children) -> str | None:
        """Sleep until asked to stop (None) or until a child exits (its name)."""
        while not self.stopping:
            for name, child in children.items():
                if child.poll() is not None:
                    return name
            time.sleep(0.5)
        return None

    def stop_children(self, children) -> None:
        for child in children.values():
            if child.poll() is None:
                child.terminate()
        for name, child in children.items():
            try:
                child.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.stderr.write(f"{name} did not stop in {STOP_TIMEOUT}s; killing it.")
            # Anything left in its group (a worker's pool processes) goes with it.
            try:
                os.killpg(child.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            child.wait()
