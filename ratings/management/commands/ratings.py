"""``manage.py ratings recompute [--discipline X] [--since DATE]``.

Rebuilds club ratings from the game history, one transaction per discipline,
with a progress bar on stderr. The result is exactly what applying the games
one by one (the Celery task) produces: both run ratings.recompute.replay
over the same games in the same order.
"""

import sys
from datetime import datetime, time

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from ratings import services


def _parse_since(text: str) -> datetime:
    moment = parse_datetime(text)
    if moment is None:
        day = parse_date(text)
        if day is None:
            raise CommandError(f"--since: {text!r} is not a date (YYYY-MM-DD) or a date and time")
        moment = datetime.combine(day, time.min)
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment)
    return moment


class ProgressBar:
    """``russian/blitz [##########----------] 1200/2400`` redrawn in place on a terminal."""

    def __init__(self, stream, width: int = 30):
        self.stream, self.width = stream, width
        self.tty = hasattr(stream, "isatty") and stream.isatty()
        self.label = None

    def __call__(self, label: str, done: int, total: int) -> None:
        filled = self.width if not total else int(self.width * done / total)
        line = f"{label} [{'#' * filled}{'-' * (self.width - filled)}] {done}/{total}"
        if self.tty:
            self.stream.write("\r" + line + ("\n" if done >= total else ""))
        elif done >= total:  # no terminal: one line per pool, when it is done
            self.stream.write(line + "\n")
        self.stream.flush()


class Command(BaseCommand):
    help = "Club ratings. 'recompute' rebuilds them from the game history."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True)
        recompute = sub.add_parser("recompute", help="Rebuild ratings from the game history.")
        recompute.add_argument("--discipline", help="Only this discipline (e.g. russian, renju).")
        recompute.add_argument("--since", help="Only rebuild from this date (YYYY-MM-DD, or an ISO date-time) on.")
        recompute.add_argument("--no-progress", action="store_true", help="No progress bar.")

    def handle(self, *args, action, discipline=None, since=None, no_progress=False, **options):
        if action != "recompute":  # argparse already refuses anything else
            raise CommandError(f"unknown action {action}")
        moment = _parse_since(since) if since else None
        progress = (
            None if no_progress else ProgressBar(self.stderr._out if hasattr(self.stderr, "_out") else sys.stderr)
        )
        done = services.ratings_recompute(discipline=discipline, since=moment, progress=progress)
        if discipline and discipline not in done:
            self.stdout.write(f"No rated games and no ratings in discipline {discipline!r}.")
        for name, count in done.items():
            self.stdout.write(f"{name}: {count} games replayed")
