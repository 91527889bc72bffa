"""Where a move's CPU goes in the web process: cProfile over moves posted to
the REST API through Django's WSGI handler (the code granian runs), on
PostgreSQL and the Redis channel layer, as in bench/play_load.py but without
the HTTP server and the load client.

Games are correspondence Russian draughts between fresh members, played
by legal moves chosen in order; a game that ends is replaced. Prints the
CPU per move and the functions with the most cumulative and own time.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/12 \\
        .venv/bin/python bench/move_profile.py
    ... bench/move_profile.py --smoke     # CI's tiny run
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import sys
import time
from contextlib import contextmanager
from pathlib import Path

# Django's test client, used here outside the test runner, names its host "testserver".
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1,[::1]")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.hand_sql import _database_setup  # noqa: E402
from bench.machine import footer, header  # noqa: E402
from bench.throwaway_db import postgres_url_required  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--smoke", action="store_true", help="a tiny run (CI)")
    parser.add_argument(
        "--plain", action="store_true", help="no profiler: the CPU per move of this process and its PostgreSQL backend"
    )
    parser.add_argument("--dump", metavar="FILE", help="also save the profile there (pstats format)")
    args = parser.parse_args()
    if args.smoke:
        args.moves, args.games = 10, 2
    url = postgres_url_required("the move is measured there")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.site.settings")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "0"
    drop = _database_setup(url)
    try:
        run(args)
    finally:
        drop()


def run(args) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from games.rules import variant
    from games.services import challenge_accept, challenge_create
    from members.tokens import api_token_issue
    from tests.conftest import make_member

    call_command("migrate", verbosity=0)
    client = Client()

    rules = variant("russian")

    def new_game(i: int) -> dict:
        white, black = make_member(f"pw{i}-{time.time_ns()}"), make_member(f"pb{i}-{time.time_ns()}")
        challenge = challenge_create(
            challenger=white, opponent=black, discipline="russian", colour="white", rated=True, time_control="d3"
        )
        game = challenge_accept(challenge_id=challenge.id, member=black)
        tokens = [api_token_issue(member=white)[1], api_token_issue(member=black)[1]]
        return {"id": game.pk, "tokens": tokens, "position": rules.start(), "ply": 0}

    def move(game: dict) -> bool:
        """POST one legal move of the side to move (chosen here, as a client would); False once over."""
        legal = rules.legal_moves(game["position"])
        if not legal or game["ply"] >= 200:
            return False
        text = legal[game["ply"] % len(legal)].notation
        response = client.post(
            f"/api/games/{game['id']}/moves/",
            data=json.dumps({"text": text, "expected_ply": game["ply"]}),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Token {game['tokens'][game['ply'] % 2]}",
        )
        if response.status_code == 409:  # the game ended by a draw rule the server applies: a new one
            return False
        if response.status_code != 201:
            sys.exit(f"move {text} at ply {game['ply']} of game {game['id']}: {response.status_code}")
        game["position"], game["ply"] = rules.play(game["position"], text), game["ply"] + 1
        return True

    header()
    games = [new_game(i) for i in range(args.games)]
    for game in games:  # warm up: imports, caches, prepared statements
        move(game)
    # On the CPU clock: the time spent waiting for PostgreSQL is not the web process's.
    profile = None if args.plain else cProfile.Profile(time.process_time)
    backend = _BackendClock(connection.connection.info.backend_pid)
    made, i, cpu = 0, 0, 0.0
    backend.start()
    while made < args.moves:
        slot = i % len(games)
        # Only the moves are profiled and timed: a game that ends is replaced
        # (two sign-ups, a challenge) outside the measurement.
        started = time.process_time()
        if profile:
            profile.enable()
        moved = move(games[slot])
        if profile:
            profile.disable()
        cpu += time.process_time() - started
        if moved:
            made += 1
        else:
            with backend.paused():
                games[slot] = new_game(1000 + i)
        i += 1
    backend_ms = 1000 * backend.stop() / made
    if args.plain:
        print(f"{made} moves POSTed: {1000 * cpu / made:.2f} ms CPU per move in this process, not profiled")
        print(f"its PostgreSQL backend: {backend_ms:.2f} ms CPU per move")
        footer()
        return
    print(f"{made} moves POSTed: {1000 * cpu / made:.2f} ms CPU per move, profiled")
    if args.dump:
        profile.dump_stats(args.dump)
    for order in ("cumulative", "tottime"):
        out = io.StringIO()
        pstats.Stats(profile, stream=out).strip_dirs().sort_stats(order).print_stats(25)
        print(f"\n--- by {order} ---")
        print("\n".join(out.getvalue().splitlines()[4:40]))
    footer()


class _BackendClock:
    """CPU seconds of one PostgreSQL backend process (same machine: /proc), with pauses."""

    def __init__(self, pid: int):
        self.stat, self.total, self.since = Path(f"/proc/{pid}/stat"), 0.0, None

    def _now(self) -> float:
        fields = self.stat.read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def start(self) -> None:
        self.since = self._now()

    def stop(self) -> float:
        self.total += self._now() - self.since
        return self.total

    @contextmanager
    def paused(self):
        self.stop()
        yield
        self.start()


if __name__ == "__main__":
    main()
