"""Load test of play through the REST API: moves/s, latency, consistency.

Figures (2026-11-29, this 2-core machine with PostgreSQL 15, Redis, a Celery
worker with beat, the server and this client all on it; ``--games 200
--duration 60 --think 0.5``, 5 s warm-up). The target of issue 5 is >= 300
moves/s with p99 < 150 ms at 200 games:

  =========================  =======  ====  ====  ====  ==========================  ======  =====
  run                        moves/s  p50   p95   p99   CPU ms/move: server, worker  PG      incons
                                      ms    ms    ms    (client 0.3-0.4, Redis 0.1)
  =========================  =======  ====  ====  ====  ==========================  ======  =====
  first session, ASGI        50.0     3295  4589  5132  30.1, 4-9                   —       0
  --server granian (best)    389.7    16    73    118   2.8, 0.3                    0.7     0
  --server granian (12 runs) 367-390  16-33 72-160 118-225 2.8-3.0, 0.3              0.7-0.8 0
  --server uvicorn           326.4    82    322   384   3.6, 0.3                    0.8     0
  =========================  =======  ====  ====  ====  ==========================  ======  =====

Across 12 runs of 60 s of ``--server granian`` the p99 stayed under 150 ms in
10 (118-150 ms) and reached 173 and 225 ms in the other two: the machine is
a shared VM, and the tail comes from waves of games ending together (all 200
start at once), each bringing a new challenge and its follow-up tasks.

What changed since the first session, in order of effect: HTTP served by
Django's WSGI handler on threads (Django's ASGI handler ran every request's
sync work on one thread per process); correspondence turns through an outbox
on the game row instead of a Celery message per move, announced in batches;
PostgreSQL statements bound and prepared by the server (its CPU per move 1.1
-> 0.6 ms in a single-client test); the move's INSERT and UPDATE as one
statement on one cursor; Celery tasks keeping their database connection; a
Redis pub/sub channel layer; indexes no query needed. A move is now four
round trips: token, BEGIN + game lock, INSERT/UPDATE, COMMIT (+1 vacation
look-up for correspondence). With uvicorn the machine is 84% busy yet p50 is
82 ms: every request hops between the event loop and a thread, and the loop
thread waits for the GIL behind them; granian's HTTP side runs without it.

    /work/venv/bin/python bench/play_load.py --games 200 --duration 60

Without ``--url`` it starts the whole stack on this machine: a fresh
PostgreSQL database ``club_bench`` (``--database-url``; dropped only if its
name starts with club_bench, then migrated), Redis (``--redis-url``), the
server (``--server granian``: club.wsgi, the API tier of README's production
layout; ``--server uvicorn``: club.asgi, HTTP and WebSockets in one process)
with ``--workers`` processes of ``--threads`` threads, and a Celery worker
with beat (the adjudication sweep, turn notices). With ``--url`` it uses a
running server (and ``--database-url`` must name its database, for setup and
the consistency check).

Simulated members (two per game) create direct challenges and accept them
through the API, half live (``--live`` control, default 600+5) and half
correspondence (d3), then play random legal Russian draughts moves: each
game makes a move, waits ``--think`` seconds on average (exponential), and
so on; a finished game is replaced by a new one. Every move request carries
the expected ply and an idempotency key, as a real client's would.

Printed at the end (moves of the ``--warmup`` seconds are played but not
counted): accepted moves/s, p50/p95/p99 latency of move requests, 409s,
errors, CPU per move of each part of the stack, the target, and
``inconsistencies: N`` — a game counts as inconsistent if
its stored moves do not replay legally from the start, a ply is missing or
duplicated, a move the client saw accepted is not stored (or vice versa), or
any stored clock is negative.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse

import uvloop

ROOT = Path(__file__).resolve().parents[1]
TARGET_RATE, TARGET_P99_MS = 300, 150
sys.path.insert(0, str(ROOT))


# ---- a minimal keep-alive HTTP/1.1 client (no third-party dependency) -----------------------------
class Connection:
    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader = self.writer = None

    async def request(self, method: str, path: str, token: str, body: dict | None = None) -> tuple[int, dict]:
        for attempt in (1, 2):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
                return await self._request(method, path, token, body)
            except (ConnectionError, asyncio.IncompleteReadError):
                self.writer = None
                if attempt == 2:
                    raise

    async def _request(self, method, path, token, body):
        data = json.dumps(body).encode() if body is not None else b""
        head = (f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nAuthorization: Token {token}\r\n"
                f"Content-Type: application/json\r\nAccept: application/json\r\nContent-Length: {len(data)}\r\n\r\n")
        self.writer.write(head.encode() + data)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("closed")
        status = int(status_line.split()[1])
        length, chunked = 0, False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value:
                chunked = True
        if chunked:
            payload = b""
            while True:
                size = int((await self.reader.readline()).strip(), 16)
                if size == 0:
                    await self.reader.readline()
                    break
                payload += await self.reader.readexactly(size)
                await self.reader.readline()
        else:
            payload = await self.reader.readexactly(length)
        return status, (json.loads(payload) if payload else {})


# ---- the stack ---------------------------------------------------------------------------------------------------
def django_setup(database_url: str, redis_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    if redis_url:
        os.environ["REDIS_URL"] = redis_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
    import django

    django.setup()


def fresh_database(database_url: str) -> None:
    """A clean database for the run: games left over from an earlier run would
    fall due meanwhile and load the worker. Only a database whose name starts
    with ``club_bench`` is dropped; any other is created if missing, never dropped."""
    import psycopg

    parsed = urlparse(database_url)
    name = parsed.path.lstrip("/")
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        if name.startswith("club_bench"):
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


SERVERS = {
    # The API tier as deployed: granian's WSGI interface (Rust HTTP, Django on its threads);
    # WebSockets then come from a separate club.asgi process behind the proxy (README).
    "granian": lambda args, port: [str(Path(sys.executable).parent / "granian"), "--interface", "wsgi",
                                   "--host", "127.0.0.1", "--port", str(port), "--workers", str(args.workers), "--blocking-threads", str(args.threads),
                                   "--log-level", "warning", "club.wsgi:application"],
    # All in one ASGI process (HTTP on a2wsgi threads + WebSockets), as ``manage.py up`` runs it.
    "uvicorn": lambda args, port: [sys.executable, "-m", "uvicorn", "club.asgi:application", "--host", "127.0.0.1",
                                   "--port", str(port), "--workers", str(args.workers), "--no-access-log",
                                   "--log-level", "warning"],
}


def start_stack(args, env) -> list[subprocess.Popen]:
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    server = SERVERS[args.server](args, urlparse(args.url).port)
    return [
        subprocess.Popen(server, cwd=ROOT, env={**env, "HTTP_THREADS": str(args.threads)}, start_new_session=True),
        subprocess.Popen([sys.executable, "-m", "celery", "-A", "club", "worker", "-B", "--concurrency", "1",
                          "--loglevel", "ERROR", "-s", "/tmp/play_load_celerybeat"], cwd=ROOT, env=env,
                         start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
    ]


def stop_stack(procs) -> None:
    for p in procs:
        try:
            os.killpg(p.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    for p in procs:
        try:
            p.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)


def _cpu_ticks(fields: list[str]) -> int:
    """utime + stime of a process and of its children that have exited (cutime + cstime):
    a PostgreSQL backend that ends mid-run still counts, in its parent's figures."""
    return sum(int(x) for x in fields[11:15])


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds of a process and its descendants, live or exited (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total, stack = 0.0, [pid]
    while stack:
        p = stack.pop()
        try:
            total += _cpu_ticks(Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()) / tick
            for task in Path(f"/proc/{p}/task").iterdir():
                children = (task / "children").read_text().split()
                stack.extend(int(c) for c in children)
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
    return total


def named_cpu_seconds(names: tuple[str, ...]) -> float:
    """CPU seconds of every process whose command name is one of ``names``
    (PostgreSQL's processes, redis-server), with their exited children."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            head, tail = stat.read_text().rsplit(")", 1)
        except (FileNotFoundError, ProcessLookupError):
            continue
        if head.split("(", 1)[1] in names:
            total += _cpu_ticks(tail.split()) / tick
    return total


def machine_cpu() -> tuple[int, int]:
    """(busy, total) jiffies of all CPUs since boot (/proc/stat)."""
    values = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


class Usage:
    """CPU seconds used so far by each part of the stack, and the machine's busy share."""

    PARTS = ("server", "worker", "client", "postgres", "redis")

    def __init__(self, seconds: dict[str, float], machine: tuple[int, int]):
        self.seconds, self.machine = seconds, machine

    @classmethod
    def now(cls, procs) -> "Usage":
        return cls({
            "server": tree_cpu_seconds(procs[0].pid) if procs else 0.0,
            "worker": tree_cpu_seconds(procs[1].pid) if procs else 0.0,
            "client": time.process_time(),
            "postgres": named_cpu_seconds(("postgres",)),
            "redis": named_cpu_seconds(("redis-server",)),
        }, machine_cpu())

    def __sub__(self, before: "Usage") -> "Usage":
        return Usage({k: self.seconds[k] - before.seconds[k] for k in self.PARTS},
                     tuple(a - b for a, b in zip(self.machine, before.machine)))

    @property
    def busy(self) -> float:
        busy, total = self.machine
        return busy / total if total else float("nan")


async def wait_for_server(host, port, deadline=60):
    end = time.time() + deadline
    while time.time() < end:
        try:
            _, w = await asyncio.open_connection(host, port)
            w.close()
            return
        except OSError:
            await asyncio.sleep(0.3)
    raise SystemExit("the server did not come up")


# ---- the players --------------------------------------------------------------------------------------------------
class Stats:
    def __init__(self):
        self.latencies: list[float] = []
        self.accepted = 0
        self.conflicts = 0
        self.errors: dict[str, int] = {}
        self.games_started = 0
        self.games_finished = 0
        self.seen: dict[int, list[str]] = {}  # game id -> notations the client saw accepted
        self.measure_from = 0.0  # moves before this instant warm the stack up and are not counted


def make_members(count: int, tag: str) -> list[tuple[int, str]]:
    from knox.models import AuthToken

    from club.models import Member

    members = Member.objects.bulk_create([
        Member(username=f"load-{tag}-{i}", display_name=f"Load {i}", password="!") for i in range(count)
    ])
    return [(m.pk, AuthToken.objects.create(user=m)[1]) for m in members]


async def new_game(conn, white, black, control, stats) -> int:
    status, body = await conn.request("POST", "/api/challenges/", white[1],
                                      {"discipline": "russian", "time_control": control, "opponent_id": black[0],
                                       "colour": "white", "rated": False})
    if status != 201:
        raise RuntimeError(f"challenge: {status} {body}")
    status, body = await conn.request("POST", f"/api/challenges/{body['id']}/accept/", black[1])
    if status != 201:
        raise RuntimeError(f"accept: {status} {body}")
    stats.games_started += 1
    stats.seen[body["id"]] = []
    return body["id"]


async def player(slot: int, pair, control: str, args, stats: Stats, stop_at: float, conn, first_game: int):
    from games.rules import variant

    v = variant("russian")
    rng = random.Random(slot)
    white, black = pair
    game_id = first_game
    await asyncio.sleep(rng.random() * args.think)  # spread the games out
    while time.time() < stop_at:
        if game_id is None:
            game_id = await new_game(conn, white, black, control, stats)
        p, ply = v.start(), 0
        while time.time() < stop_at:
            moves = v.legal_moves(p)
            if not moves:
                break
            text = rng.choice(moves).notation
            mover = white if v.turn(p) == "white" else black
            started = time.perf_counter()
            status, body = await conn.request("POST", f"/api/games/{game_id}/moves/", mover[1],
                                              {"text": text, "expected_ply": ply,
                                               "idempotency_key": f"{game_id}-{ply}"})
            measured = time.time() >= stats.measure_from
            if measured:
                stats.latencies.append(time.perf_counter() - started)
            if status == 201:
                if measured:
                    stats.accepted += 1
                stats.seen[game_id].append(text)
                p, ply = v.play(p, text), ply + 1
                if body["game"]["status"] != "active":
                    stats.games_finished += 1
                    break
            elif status == 409:
                stats.conflicts += 1
                break
            else:
                key = f"{status} {body.get('error', '')}"
                stats.errors[key] = stats.errors.get(key, 0) + 1
                break
            await asyncio.sleep(min(rng.expovariate(1 / args.think), max(stop_at - time.time(), 0)))
        game_id = None


def consistency(stats: Stats) -> int:
    from games.clock import TimeControl
    from games.models import Game, Move
    from games.rules import IllegalMove, variant

    v = variant("russian")
    bad = 0
    for game in Game.objects.filter(pk__in=list(stats.seen)):
        rows = list(Move.objects.filter(game=game).order_by("ply").values_list("ply", "notation", "clock_ms"))
        problems = []
        if [r[0] for r in rows] != list(range(1, len(rows) + 1)) or len(rows) != game.ply:
            problems.append("gap or duplicate")
        if [r[1] for r in rows] != stats.seen[game.pk]:
            problems.append("stored moves differ from the moves the client saw accepted")
        if any(r[2] < 0 for r in rows) or game.white_ms < 0 or game.black_ms < 0:
            problems.append("negative clock")
        p = v.start()
        try:
            for r in rows:
                p = v.play(p, r[1])
        except IllegalMove as e:
            problems.append(f"illegal stored move: {e}")
        if game.status == "active" and TimeControl.parse(game.time_control).timed and game.deadline is None:
            problems.append("ongoing timed game without a deadline")
        if problems:
            bad += 1
            print(f"  game {game.pk}: {'; '.join(problems)}")
    return bad


def percentile(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q / 100 * len(values)))]


async def run(args, stats, members, host, port, procs) -> float:
    """Set up every game through the API first (not timed), then play for the duration."""
    pairs = [(members[2 * slot], members[2 * slot + 1]) for slot in range(args.games)]
    controls = ["d3" if slot % 2 else args.live for slot in range(args.games)]
    conns = [Connection(host, port) for _ in range(args.games)]
    first = []
    for batch in range(0, args.games, 20):
        first += await asyncio.gather(*[new_game(conns[i], *pairs[i], controls[i], stats)
                                        for i in range(batch, min(batch + 20, args.games))])
    stats.measure_from = time.time() + args.warmup
    stop_at = stats.measure_from + args.duration
    tasks = [asyncio.create_task(player(slot, pairs[slot], controls[slot], args, stats, stop_at, conns[slot],
                                        first[slot])) for slot in range(args.games)]
    await asyncio.sleep(args.warmup)
    sample = Usage.now(procs)
    results = await asyncio.gather(*tasks, return_exceptions=True)
    stats.usage = Usage.now(procs) - sample
    for r in results:
        if isinstance(r, Exception):
            stats.errors[repr(r)[:80]] = stats.errors.get(repr(r)[:80], 0) + 1
    return time.time() - stats.measure_from


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds between a game's moves")
    parser.add_argument("--warmup", type=float, default=5,
                        help="seconds of play before measuring (connections, prepared statements, caches)")
    parser.add_argument("--live", default="600+5", help="time control of the live half of the games")
    parser.add_argument("--url", default="", help="use a running server instead of starting one")
    parser.add_argument("--server", choices=sorted(SERVERS), default="granian",
                        help="granian: club.wsgi under granian (the API tier as deployed); "
                             "uvicorn: club.asgi, HTTP and WebSockets in one process (manage.py up)")
    parser.add_argument("--workers", type=int, default=2, help="server processes")
    parser.add_argument("--threads", type=int, default=4, help="HTTP threads per server process")
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/club_bench")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    args = parser.parse_args()

    own_stack = not args.url
    if own_stack:
        # A free port: a fixed one may belong to someone else's server on this machine.
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            args.url = f"http://127.0.0.1:{probe.getsockname()[1]}"
        fresh_database(args.database_url)
    # The simulated pairs challenge each other again after every game: far above a member's hourly limit.
    env = {**os.environ, "DATABASE_URL": args.database_url, "REDIS_URL": args.redis_url,
           "DJANGO_SETTINGS_MODULE": "club.settings", "DIRECT_CHALLENGE_THROTTLE": "1000000/hour"}
    procs = start_stack(args, env) if own_stack else []
    try:
        django_setup(args.database_url, args.redis_url)
        parsed = urlparse(args.url)
        host, port = parsed.hostname, parsed.port or 80
        asyncio.run(wait_for_server(host, port))
        if procs and procs[0].poll() is not None:
            raise SystemExit("the server this bench started has exited (port taken?)")
        members = make_members(2 * args.games, uuid.uuid4().hex[:8])
        stats = Stats()
        # uvloop (uvicorn's own dependency): the simulated members share the two
        # cores with the server, so their own event loop should cost little.
        elapsed = uvloop.run(run(args, stats, members, host, port, procs))
    finally:
        stop_stack(procs)
    lat = [x * 1000 for x in stats.latencies]
    print(f"games: {args.games} concurrent ({stats.games_started} started, {stats.games_finished} finished), "
          f"measured {elapsed:.1f} s after a {args.warmup:g} s warm-up, think {args.think} s, "
          f"server: {f'{args.server} x{args.workers} ({args.threads} HTTP threads each)' if own_stack else 'external'}")
    print(f"moves/s: {stats.accepted / elapsed:.1f}  (accepted {stats.accepted}, 409 {stats.conflicts}, "
          f"errors {sum(stats.errors.values())} {stats.errors if stats.errors else ''})")
    print(f"latency ms: p50 {percentile(lat, 50):.1f}  p95 {percentile(lat, 95):.1f}  p99 {percentile(lat, 99):.1f}"
          f"  max {max(lat) if lat else float('nan'):.1f}")
    rate, p99 = stats.accepted / elapsed, percentile(lat, 99)
    print(f"target (issue 5, 200 games): >= {TARGET_RATE} moves/s with p99 < {TARGET_P99_MS} ms -> "
          f"{'met' if rate >= TARGET_RATE and p99 < TARGET_P99_MS else 'NOT met'} at {args.games} games")
    if procs and stats.accepted:
        per_move = {part: 1000 * seconds / stats.accepted for part, seconds in stats.usage.seconds.items()}
        print(f"CPU per move (ms): server {per_move['server']:.1f} (with the replacement games' challenges), "
              f"celery worker {per_move['worker']:.1f}, PostgreSQL {per_move['postgres']:.1f}, "
              f"Redis {per_move['redis']:.1f}, bench client {per_move['client']:.1f}; "
              f"machine busy {100 * stats.usage.busy:.0f}% of {os.cpu_count()} cores (all processes, ours or not); "
              f"load average now {os.getloadavg()[0]:.1f}")
    print(f"inconsistencies: {consistency(stats)}")


if __name__ == "__main__":
    main()
