"""A move's instructions in the web process (valgrind's cachegrind count), this
checkout against a reference commit: a count that the other work of a shared
machine does not move, where CPU time drifts with it.

Moves are POSTed to the REST API through Django's test client as in
bench/move_profile.py (correspondence Russian draughts between fresh members;
every game plays one line of legal moves, read once, so the counted moves hold
no rules work of the client), with a member's token and the token path's
middleware (``settings.TOKEN_API_MIDDLEWARE``, the chain club/site/wsgi.py
gives such a call), on PostgreSQL and Redis. Each side runs
twice under cachegrind, with no move and with ``--moves``; the difference over
the moves is one move's count (the test client's share included, the same on
both sides). PostgreSQL's and Redis's own work is not counted: the
side-by-side run (bench/move_side_by_side.py) measures the whole stack.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/12 \\
        .venv/bin/python bench/move_instructions.py --base 544f689
    ... bench/move_instructions.py --base HEAD --smoke     # CI's tiny run
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import footer, header  # noqa: E402
from bench.throwaway_db import postgres_url_required  # noqa: E402

# Run inside each tree (its own code on sys.path): N moves through the token path's middleware.
MOVES = r"""
import json, os, sys, time
sys.path.insert(0, os.environ["TREE"])
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.site.settings")
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
os.environ["CELERY_TASK_ALWAYS_EAGER"] = "0"
import django
django.setup()
from django.conf import settings
settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # sign-ups are not measured
settings.MIDDLEWARE = settings.TOKEN_API_MIDDLEWARE  # what club/site/wsgi.py gives a token's call
from django.test import Client
try:
    from members.tokens import api_token_issue
except ImportError:
    from club.members.tokens import api_token_issue
from games.rules import variant
from games.services import challenge_accept, challenge_create
from tests.conftest import make_member
client, rules = Client(), variant("russian")
moves, games_count = int(sys.argv[1]), int(sys.argv[2])
# Every game plays the same line (the legal move ``ply`` modulo their number, as
# move_profile.py chooses), read here once: the moves counted hold no rules work of the client.
LINE, position = [], rules.start()
while len(LINE) < 40 and rules.result(position) is None:
    legal = rules.legal_moves(position)
    LINE.append(legal[len(LINE) % len(legal)].notation)
    position = rules.play(position, LINE[-1])
def new_game(i):
    white, black = make_member(f"iw{i}-{time.time_ns()}"), make_member(f"ib{i}-{time.time_ns()}")
    challenge = challenge_create(
        challenger=white, opponent=black, discipline="russian", colour="white", rated=True, time_control="d3"
    )
    game = challenge_accept(challenge_id=challenge.id, member=black)
    tokens = [api_token_issue(member=white)[1], api_token_issue(member=black)[1]]
    return {"id": game.pk, "tokens": tokens, "ply": 0}
def move(game):
    response = client.post(
        f"/api/games/{game['id']}/moves/",
        data=json.dumps({"text": LINE[game["ply"]], "expected_ply": game["ply"]}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {game['tokens'][game['ply'] % 2]}",
    )
    assert response.status_code == 201, (response.status_code, response.content)
    game["ply"] += 1
games = [new_game(i) for i in range(games_count)]
for game in games:
    move(game)
made = i = 0
while made < moves:
    game = games[i % games_count]
    # The line's last move may end the game: a game is replaced before it.
    if game["ply"] >= len(LINE) - 1:
        games[i % games_count] = new_game(1000 + i)
    else:
        move(game)
        made += 1
    i += 1
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the reference commit")
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--smoke", action="store_true", help="a tiny run (CI): 4 moves in 2 games")
    args = parser.parse_args()
    if args.smoke:
        args.moves, args.games = 4, 2
    url = postgres_url_required("the move is counted there")
    header()
    with tempfile.TemporaryDirectory(prefix="move-instructions-") as scratch:
        base_tree = Path(scratch) / "base"
        subprocess.run(["git", "worktree", "add", "-q", "--detach", str(base_tree), args.base], cwd=ROOT, check=True)
        script = Path(scratch) / "moves.py"
        script.write_text(MOVES)
        try:
            trees = {"base": base_tree, "this": ROOT}
            commits = {side: _commit(tree) for side, tree in trees.items()}
            databases = {side: _database(url, f"club_bench_instructions_{side}", tree) for side, tree in trees.items()}
            runs = [(side, n) for side in trees for n in (0, args.moves)]
            with ThreadPoolExecutor(max_workers=2) as pool:
                counts = dict(
                    zip(
                        runs,
                        pool.map(
                            lambda run: _count(trees[run[0]], databases[run[0]], script, run[1], args.games, scratch),
                            runs,
                        ),
                        strict=True,
                    )
                )
            for database in databases.values():
                _drop(url, database)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base_tree)], cwd=ROOT, check=False)
    per_move = {side: (counts[(side, args.moves)] - counts[(side, 0)]) / args.moves for side in trees}
    for side in trees:
        print(
            f"{side:4} {commits[side]}: {per_move[side] / 1e6:.3f} M instructions per move "
            f"({counts[(side, 0)]:,} with no move, {counts[(side, args.moves)]:,} with {args.moves})"
        )
    print(f"ratio: {per_move['this'] / per_move['base']:.3f}x")
    footer()


def _commit(tree: Path) -> str:
    return subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=tree, capture_output=True, text=True, check=True
    ).stdout.strip()


def _database(url: str, name: str, tree: Path) -> str:
    """A fresh database for ``tree``, migrated by its own code."""
    _drop(url, name)
    _admin(url, f'CREATE DATABASE "{name}"')
    database = url.rsplit("/", 1)[0] + "/" + name
    env = {**os.environ, "DATABASE_URL": database, "PYTHONPATH": str(tree)}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=tree, env=env, check=True)
    return database


def _drop(url: str, name: str) -> None:
    _admin(url, f'DROP DATABASE IF EXISTS "{name.rsplit("/", 1)[-1]}" WITH (FORCE)')


def _admin(url: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(statement)


def _count(tree: Path, database: str, script: Path, moves: int, games: int, scratch: str) -> int:
    """Instructions of one run of ``script`` (valgrind's cachegrind, no cache simulation)."""
    out = Path(scratch) / f"cachegrind-{tree.name}-{moves}"
    env = {**os.environ, "DATABASE_URL": database, "TREE": str(tree), "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--branch-sim=no", f"--cachegrind-out-file={out}"]
    done = subprocess.run(
        [*command, sys.executable, str(script), str(moves), str(games)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(re.search(r"I\s+refs:\s+([\d,]+)", done.stderr).group(1).replace(",", ""))


if __name__ == "__main__":
    main()
