"""Open-loop load of play through the REST API: offered vs achieved moves/s,
latency from the intended send time, consistency; and the adjudication sweep.

Open loop: moves are offered at ``--rate`` moves/s, Poisson arrivals, each
to one of the ``--games`` concurrent games picked at random. A game's moves
are sequential (each follows the answer to the one before), so an arrival
for a game still waiting for an answer queues behind it; latency is measured
from each move's intended send time, never from when the client got round
to sending it, so a server that falls behind shows its queueing in the
percentiles (no coordinated omission). A finished game is replaced by a new
one (a challenge and its acceptance, both in the raw file); the moves that
arrive meanwhile wait, and that wait counts too.

Printed and saved (``--out FOLDER``: ``play_load-<time>.jsonl``, one line per
request with its intended instant, status, latency and service time, and
``play_load-<time>.json``, the summary): offered and achieved moves/s,
p50/p95/p99/max latency, 409s, errors, CPU per move of each part of the
stack, RSS of the server and worker at the start and end of the measured
time, and ``inconsistencies: N`` — a game whose stored moves do not replay
legally from the start, with a missing or duplicated ply, a move the client
saw accepted that is not stored (or vice versa), or a negative clock.

``--sweep N``: no play; N overdue games are written at once, and the stack's
own beat and worker end them: the time from the write to the last one ended,
and whether each ended exactly once (one "finished" event per game).

Without ``--url`` it starts the whole stack on this machine: a fresh
PostgreSQL database ``club_bench`` (``--database-url``; dropped only if its
name starts with club_bench, then migrated), Redis (``--redis-url``), the
server (``--server granian``: club.site.wsgi, the API tier of README's production
layout; ``--server uvicorn``: club.site.asgi, HTTP and WebSockets in one process)
with ``--workers`` processes of ``--threads`` threads, and a Celery worker
with beat. ``--smoke`` is the tiny run CI makes (a few games for a few
seconds, and a sweep of 20).

Figures: only runs whose files are in bench/results/ are quoted here.

The target run, ``--rate 300 --games 200 --duration 600`` at commit c32a5ce
(file play_load-2026-12-01T113749.json): **not met**, about 150 moves/s
answered. Its absolute CPU per move was not reproduced later on the shared
machine, whose speed drifts; the figure that travels is the side-by-side one,
bench/move_side_by_side.py, which runs this script in a checkout of a
reference commit and in this one by turns: at bad9709 against 9b3aabf, the
stack's CPU per move was 0.71 of before at 100 moves/s and 0.76 at 40
(move_side_by_side-2026-12-03-bad9709.txt and -rate40.txt; README says more).

The sweep target, 10,000 overdue games in under 10 s, since the sweep locks
and ends games 1,000 at a time (one SELECT … FOR UPDATE SKIP LOCKED, one
UPDATE per kind of ending, one INSERT of events; the follow-ups handed to the
other worker a message per 100 games) on a worker of its own (``-Q sweep``):
seven runs on the busy machine (load average 5-10 on 2 cores), raw output in
sweep-2026-12-01.txt, summaries play_load-2026-12-01T104356.json, T104837,
T104954, T105653, T105821, T110731 and T110819. Each game ended once every
time; 7.1, 8.4, 10.6, 13.9, 10.9, 6.7 and 9.3 s to the last end (median
9.3), so met in four runs of seven. The first end came 1.2-3.7 s after the
write (the six runs that time it): the wait for beat's tick (every 3 s) and
the first batch. CPU from the write to the last end, in the last three runs:
sweeper 1.95-2.17 s, the other worker (follow-ups) 1.86-2.36, PostgreSQL
1.69-1.77 (every postgres process on the machine), with the machine 100%
busy: e.g. 5.6 of the 21.9 CPU-seconds the two cores had in the 10.9 s run,
the rest went to other work on the machine. games_sweep alone under cProfile
(sweep-profile-2026-12-01-batched-10000.txt): 12.5 s for 10,000, mostly
building model rows, the events' INSERT and PostgreSQL's own time.
Three runs on the quiet machine at commit 725171d (load average 0.7-1.4
before; raw output in sweep-2026-12-01-quiet.txt, summaries
play_load-2026-12-01T140611.json, T140636 and T140658): each game ended
once every time, 5.2, 5.9 and 4.8 s to the last end: **met**.

To reproduce the target run (on a quiet machine):

    .venv/bin/python bench/play_load.py --rate 300 --games 200 --duration 600 --out bench/results
    .venv/bin/python bench/play_load.py --sweep 10000 --out bench/results
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
TARGET_RATE, TARGET_P99_MS, TARGET_GAMES = 300, 150, 200
sys.path.insert(0, str(ROOT))

from bench.machine import _commit, footer, header  # noqa: E402


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
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nAuthorization: Token {token}\r\n"
            f"Content-Type: application/json\r\nAccept: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        )
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
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.site.settings")
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
    # WebSockets then come from a separate club.site.asgi process behind the proxy (README).
    "granian": lambda args, port: [
        str(Path(sys.executable).parent / "granian"),
        "--interface",
        "wsgi",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--workers",
        str(args.workers),
        "--blocking-threads",
        str(args.threads),
        "--log-level",
        "warning",
        "club.site.wsgi:application",
    ],
    # All in one ASGI process (HTTP on a2wsgi threads + WebSockets), as ``manage.py up`` runs it.
    "uvicorn": lambda args, port: [
        sys.executable,
        "-m",
        "uvicorn",
        "club.site.asgi:application",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--workers",
        str(args.workers),
        "--no-access-log",
        "--log-level",
        "warning",
    ],
}


def start_stack(args, env) -> list[subprocess.Popen]:
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    server = SERVERS[args.server](args, urlparse(args.url).port)
    procs = [
        subprocess.Popen(server, cwd=ROOT, env={**env, "HTTP_THREADS": str(args.threads)}, start_new_session=True),
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "club",
                "worker",
                "-B",
                "--concurrency",
                "1",
                "--loglevel",
                "ERROR",
                "-s",
                "/tmp/play_load_celerybeat",
            ],
            cwd=ROOT,
            env=env,
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        ),
    ]
    if args.sweep and not args.smoke:
        # The sweep's own worker (its queue: settings.CELERY_TASK_ROUTES), as deployed beside the others.
        procs.append(
            subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "club", "worker", "-Q", "sweep", "-n", "sweep@%h"]
                + ["--concurrency", "1", "--loglevel", "ERROR"],
                cwd=ROOT,
                env=env,
                start_new_session=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
    return procs


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


def process_cpu_seconds(pid: int) -> float:
    """CPU seconds of a live process (every thread, exited ones too) to the nanosecond, by its
    CPU-time clock (clock_getcpuclockid(3): Linux numbers it from the pid), plus its exited
    children's. /proc's utime and stime are whole clock ticks (10 ms), a tenth of a run's CPU
    when the run is a few hundred milliseconds of it; they are the fallback."""
    tick = os.sysconf("SC_CLK_TCK")
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    try:
        own = time.clock_gettime(((~pid) << 3) | 2)  # CPUCLOCK_SCHED of the whole process
    except OSError:
        own = (int(fields[11]) + int(fields[12])) / tick
    return own + (int(fields[13]) + int(fields[14])) / tick


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds of a process and its descendants, live or exited (Linux /proc)."""
    total, stack = 0.0, [pid]
    while stack:
        p = stack.pop()
        try:
            total += process_cpu_seconds(p)
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
    def now(cls, procs) -> Usage:
        return cls(
            {
                "server": tree_cpu_seconds(procs[0].pid) if procs else 0.0,
                "worker": tree_cpu_seconds(procs[1].pid) if procs else 0.0,
                "client": time.process_time(),
                "postgres": named_cpu_seconds(("postgres",)),
                "redis": named_cpu_seconds(("redis-server",)),
            },
            machine_cpu(),
        )

    def __sub__(self, before: Usage) -> Usage:
        return Usage(
            {k: self.seconds[k] - before.seconds[k] for k in self.PARTS},
            tuple(a - b for a, b in zip(self.machine, before.machine)),
        )

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
    def __init__(self, raw):
        self.raw = raw  # the JSONL file: one line per request
        self.latencies: list[float] = []  # seconds from intended send to answer, measured moves
        self.service: list[float] = []  # seconds from actual send to answer, measured moves
        self.accepted = 0
        self.accepted_in_time = 0  # of those, answered before the measured time ended
        self.answered_in_time = 0
        self.conflicts = 0
        self.errors: dict[str, int] = {}
        self.games_started = 0
        self.games_finished = 0
        self.seen: dict[int, list[str]] = {}  # game id -> notations the client saw accepted
        self.measure_from = self.measure_to = 0.0  # only moves intended inside count

    def record(self, kind: str, game_id: int, intended: float, sent: float, status: int, error: str = "") -> None:
        done = time.time()
        self.raw.write(
            json.dumps(
                {
                    "kind": kind,
                    "game": game_id,
                    "intended": round(intended, 6),
                    "latency_ms": round(1000 * (done - intended), 3),
                    "service_ms": round(1000 * (done - sent), 3),
                    "status": status,
                    "error": error,
                }
            )
            + "\n"
        )
        if kind != "move" or not self.measure_from <= intended < self.measure_to:
            return
        self.latencies.append(done - intended)
        self.service.append(done - sent)
        self.answered_in_time += done < self.measure_to
        if status == 201:
            self.accepted += 1
            self.accepted_in_time += done < self.measure_to
        elif status == 409:
            self.conflicts += 1
        else:
            self.errors[f"{status} {error}"] = self.errors.get(f"{status} {error}", 0) + 1


def make_members(count: int, tag: str) -> list[tuple[int, str]]:
    from knox.models import AuthToken

    from members.models import Member

    members = Member.objects.bulk_create(
        [Member(username=f"load-{tag}-{i}", display_name=f"Load {i}", password="!") for i in range(count)]
    )
    return [(m.pk, AuthToken.objects.create(user=m)[1]) for m in members]


async def new_game(conn, white, black, control, stats) -> int:
    started = time.time()
    status, body = await conn.request(
        "POST",
        "/api/challenges/",
        white[1],
        {"discipline": "russian", "time_control": control, "opponent_id": black[0], "colour": "white", "rated": False},
    )
    stats.record("challenge", 0, started, started, status, str(body.get("error", "")))
    if status != 201:
        raise RuntimeError(f"challenge: {status} {body}")
    started = time.time()
    status, body = await conn.request("POST", f"/api/challenges/{body['id']}/accept/", black[1])
    stats.record("accept", body.get("id", 0), started, started, status, str(body.get("error", "")))
    if status != 201:
        raise RuntimeError(f"accept: {status} {body}")
    stats.games_started += 1
    stats.seen[body["id"]] = []
    return body["id"]


async def game_slot(slot: int, pair, control: str, stats: Stats, conn, game_id: int, arrivals: asyncio.Queue):
    """One concurrent game: sends a move for each arrival (its intended instant), in turn."""
    from games.rules import variant

    v = variant("russian")
    rng = random.Random(slot)
    white, black = pair
    while True:
        p, ply = v.start(), 0
        while True:
            intended = await arrivals.get()
            if intended is None:
                return
            moves = v.legal_moves(p)
            text = rng.choice(moves).notation
            mover = white if v.turn(p) == "white" else black
            sent = time.time()
            status, body = await conn.request(
                "POST",
                f"/api/games/{game_id}/moves/",
                mover[1],
                {"text": text, "expected_ply": ply, "idempotency_key": f"{game_id}-{ply}"},
            )
            stats.record("move", game_id, intended, sent, status, str(body.get("error", "")))
            if status == 201:
                stats.seen[game_id].append(text)
                p, ply = v.play(p, text), ply + 1
                if body["game"]["status"] != "active" or not v.legal_moves(p):
                    stats.games_finished += body["game"]["status"] != "active"
                    break
            else:  # a refused move leaves this game behind: play on in a new one
                break
        game_id = await new_game(conn, white, black, control, stats)


async def offer(args, queues: list[asyncio.Queue], stop_at: float) -> int:
    """Poisson arrivals at ``args.rate`` per second, each to a game picked at random."""
    rng = random.Random(0)
    intended, offered = time.time(), 0
    while True:
        intended += rng.expovariate(args.rate)
        if intended >= stop_at:
            return offered
        await asyncio.sleep(max(0.0, intended - time.time()))
        queues[rng.randrange(len(queues))].put_nowait(intended)
        offered += 1


def consistency(stats: Stats) -> int:
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
        if game.status == "active" and game.time_control.timed and game.deadline is None:
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


def rss_mib(pid: int) -> float:
    """Resident memory of a process and its descendants, MiB (Linux /proc)."""
    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            total += int(status.split("VmRSS:", 1)[1].split()[0]) if "VmRSS:" in status else 0
            for task in Path(f"/proc/{p}/task").iterdir():
                stack.extend(int(c) for c in (task / "children").read_text().split())
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total / 1024


async def run(args, stats, members, host, port, procs) -> dict:
    """Set up every game through the API first (not timed), then offer moves for the warm-up and the duration."""
    pairs = [(members[2 * slot], members[2 * slot + 1]) for slot in range(args.games)]
    controls = ["d3" if slot % 2 else args.live for slot in range(args.games)]
    conns = [Connection(host, port) for _ in range(args.games)]
    first = []
    for batch in range(0, args.games, 20):
        first += await asyncio.gather(
            *[new_game(conns[i], *pairs[i], controls[i], stats) for i in range(batch, min(batch + 20, args.games))]
        )
    queues = [asyncio.Queue() for _ in range(args.games)]
    stats.measure_from = time.time() + args.warmup
    stats.measure_to = stats.measure_from + args.duration
    slots = [
        asyncio.create_task(game_slot(i, pairs[i], controls[i], stats, conns[i], first[i], queues[i]))
        for i in range(args.games)
    ]
    offering = asyncio.create_task(offer(args, queues, stats.measure_to))
    await asyncio.sleep(args.warmup)
    figures = {"rss_mib_start": {name: rss_mib(p.pid) for name, p in zip(("server", "worker"), procs)}}
    sample = Usage.now(procs)
    offered = await offering
    for queue in queues:
        queue.put_nowait(None)
    results = await asyncio.gather(*slots, return_exceptions=True)
    stats.usage = Usage.now(procs) - sample
    figures["rss_mib_end"] = {name: rss_mib(p.pid) for name, p in zip(("server", "worker"), procs)}
    figures["offered_total"] = offered
    figures["answered_after_s"] = time.time() - stats.measure_to  # how long the last queued moves took to drain
    for r in results:
        if isinstance(r, Exception):
            stats.errors[repr(r)[:80]] = stats.errors.get(repr(r)[:80], 0) + 1
    return figures


def sweep_cpu_seconds(procs) -> dict[str, float]:
    """CPU seconds so far of the workers this bench started and of PostgreSQL and Redis (every such process)."""
    workers = {name: tree_cpu_seconds(p.pid) for name, p in zip(("server", "worker", "sweeper"), procs)}
    return workers | {"postgres": named_cpu_seconds(("postgres",)), "redis": named_cpu_seconds(("redis-server",))}


def sweep(args, procs=()) -> dict:
    """Write ``args.sweep`` overdue games at once; time the stack's beat and worker ending them all."""
    from datetime import timedelta

    from django.db import transaction
    from django.utils import timezone

    from games.models import Game, GameEvent
    from games.services import game_create
    from members.models import Member

    white, black = (Member.objects.create(username=f"sweep-{uuid.uuid4().hex[:8]}", password="!") for _ in "wb")
    long_ago = timezone.now() - timedelta(hours=1)
    # One game made by the service, then copies of its row: each is overdue (white's flag fell, no move).
    model = game_create(
        white=white, black=black, discipline="russian", time_control="300", now=long_ago, starts_at=long_ago
    )
    # Its end by the stack says beat and the workers are up (their start is not timed); its
    # in-memory row, still ongoing, is the model of the copies.
    up_by = time.time() + args.sweep_timeout
    while Game.objects.filter(pk=model.pk, status=Game.Status.ONGOING).exists():
        if time.time() > up_by:
            raise SystemExit("the stack's sweep never ended a first overdue game")
        time.sleep(0.05)
    fields = {f.attname: getattr(model, f.attname) for f in Game._meta.concrete_fields if not f.primary_key}
    with transaction.atomic():
        games = Game.objects.bulk_create([Game(**fields) for _ in range(args.sweep)], batch_size=1000)
    written = time.time()
    cpu, machine = sweep_cpu_seconds(procs), machine_cpu()
    ids = [g.pk for g in games]
    ongoing = Game.objects.filter(pk__in=ids, status=Game.Status.ONGOING)
    ended = Game.objects.filter(pk__in=ids).exclude(status=Game.Status.ONGOING)
    while not ended.exists() and time.time() - written < args.sweep_timeout:
        time.sleep(0.05)
    first_after = time.time() - written  # mostly the wait for beat's next tick (every few seconds)
    while ongoing.exists() and time.time() - written < args.sweep_timeout:
        time.sleep(0.05)
    ended_after = time.time() - written
    load = os.getloadavg()
    cpu = {part: round(seconds - cpu[part], 2) for part, seconds in sweep_cpu_seconds(procs).items()}
    busy, total = (a - b for a, b in zip(machine_cpu(), machine))
    left = ongoing.count()
    events = GameEvent.objects.filter(game_id__in=ids, kind="finished")
    return {
        "sweep_games": args.sweep,
        "sweep_seconds_to_first_ended": round(first_after, 3),
        "sweep_seconds_to_last_ended": round(ended_after, 3),
        "sweep_left_ongoing": left,
        "sweep_finished_events": events.count(),
        "sweep_each_once": left == 0 and events.count() == args.sweep,
        # Not timed: how far the follow-up work (ratings, notices, broadcasts) had got by then.
        "sweep_followups_dispatched": events.filter(dispatched_at__isnull=False).count(),
        "sweep_load_at_last_ended": load,
        # From the write to the last end; postgres and redis: every such process on the machine.
        "sweep_cpu_s": cpu,
        "sweep_machine_busy_pct": round(100 * busy / total) if total else None,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=300, help="moves offered per second (Poisson arrivals)")
    parser.add_argument("--games", type=int, default=200, help="concurrent games the moves are offered to")
    parser.add_argument("--duration", type=float, default=60, help="seconds measured")
    parser.add_argument(
        "--warmup",
        type=float,
        default=5,
        help="seconds of offered moves before measuring (connections, prepared statements, caches)",
    )
    parser.add_argument("--live", default="600+5", help="time control of the live half of the games")
    parser.add_argument("--sweep", type=int, default=0, help="instead of play: N overdue games ended by the sweep")
    parser.add_argument("--sweep-timeout", type=float, default=600, help="give up on a sweep after this many s")
    parser.add_argument("--smoke", action="store_true", help="the tiny run CI makes: 4 games, 3 s, a sweep of 20")
    parser.add_argument("--out", default="", help="folder for the raw requests (JSONL) and the summary (JSON)")
    parser.add_argument("--url", default="", help="use a running server instead of starting one")
    parser.add_argument(
        "--server",
        choices=sorted(SERVERS),
        default="granian",
        help="granian: club.site.wsgi under granian (the API tier as deployed); "
        "uvicorn: club.site.asgi, HTTP and WebSockets in one process (manage.py up)",
    )
    parser.add_argument("--workers", type=int, default=2, help="server processes")
    parser.add_argument("--threads", type=int, default=4, help="HTTP threads per server process")
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/club_bench")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    args = parser.parse_args()
    if args.smoke:
        args.rate, args.games, args.duration, args.warmup, args.sweep_timeout = 20, 4, 3, 1, 120
    header()

    own_stack = not args.url
    if own_stack:
        # A free port: a fixed one may belong to someone else's server on this machine.
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            args.url = f"http://127.0.0.1:{probe.getsockname()[1]}"
        fresh_database(args.database_url)
    # The simulated pairs challenge each other again after every game: far above a member's hourly limit.
    env = {
        **os.environ,
        "DATABASE_URL": args.database_url,
        "REDIS_URL": args.redis_url,
        "DJANGO_SETTINGS_MODULE": "club.site.settings",
        "DIRECT_CHALLENGE_THROTTLE": "1000000/hour",
    }
    stamp = time.strftime("%Y-%m-%dT%H%M%S")
    out = Path(args.out) if args.out else None
    if out:
        out.mkdir(parents=True, exist_ok=True)
    raw_path = out / f"play_load-{stamp}.jsonl" if out else Path(os.devnull)
    summary = {
        "command": " ".join(sys.argv),
        "started": stamp,
        "commit": _commit(),
        "load_before": os.getloadavg(),
        "cores": os.cpu_count(),
    }
    procs = start_stack(args, env) if own_stack else []
    try:
        django_setup(args.database_url, args.redis_url)
        parsed = urlparse(args.url)
        host, port = parsed.hostname, parsed.port or 80
        asyncio.run(wait_for_server(host, port))
        if procs and procs[0].poll() is not None:
            raise SystemExit("the server this bench started has exited (port taken?)")
        if args.sweep and not args.smoke:
            summary.update(sweep(args, procs))
        else:
            members = make_members(2 * args.games, uuid.uuid4().hex[:8])
            with raw_path.open("w") as raw:
                stats = Stats(raw)
                # uvloop (uvicorn's own dependency): the load client shares the two
                # cores with the stack, so its own event loop should cost little.
                summary.update(uvloop.run(run(args, stats, members, host, port, procs)))
            summary.update(play_figures(args, stats, bool(procs)))
            if args.smoke:
                args.sweep = 20
                summary.update(sweep(args))
    finally:
        stop_stack(procs)
    summary["load_after"] = os.getloadavg()
    cpu = summary.get("cpu_ms_per_move")
    if cpu:  # the headline: what a move costs each process, the figure a busy machine does not distort much
        parts = ", ".join(f"{part} {ms:.2f}" for part, ms in cpu.items())
        print(f"CPU per move: {sum(cpu.values()):.2f} ms in all ({parts})")
    for name, value in summary.items():
        print(f"{name}: {value}")
    footer()
    if out:
        (out / f"play_load-{stamp}.json").write_text(json.dumps(summary, indent=1) + "\n")
        saved = [path for path in (raw_path, out / f"play_load-{stamp}.json") if path.exists()]
        print(f"saved: {' and '.join(map(str, saved))}")
    if args.smoke and (summary.get("inconsistencies") or not summary.get("sweep_each_once")):
        raise SystemExit("smoke run: inconsistent games or a sweep that did not end each game once")


def play_figures(args, stats: Stats, own_stack: bool) -> dict:
    ms = [1000 * x for x in stats.latencies]
    service = [1000 * x for x in stats.service]
    figures = {
        "games": args.games,
        "games_started": stats.games_started,
        "games_finished": stats.games_finished,
        "offered_per_s": args.rate,
        "measured_s": args.duration,
        "answered_moves_per_s": round(stats.answered_in_time / args.duration, 1),
        # Moves answered inside the measured time: a server past its capacity answers the rest while
        # the queue drains (answered_after_s), and they do not count as achieved.
        "accepted_moves_per_s": round(stats.accepted_in_time / args.duration, 1),
        "latency_ms": {f"p{q}": round(percentile(ms, q), 1) for q in (50, 95, 99)} | {"max": round(max(ms or [0]), 1)},
        "service_ms": {f"p{q}": round(percentile(service, q), 1) for q in (50, 95, 99)},
        "accepted": stats.accepted,
        "conflicts_409": stats.conflicts,
        "errors": stats.errors,
    }
    if own_stack and stats.accepted:
        figures["cpu_ms_per_move"] = {
            part: round(1000 * seconds / stats.accepted, 2) for part, seconds in stats.usage.seconds.items()
        }
        figures["machine_busy_pct"] = round(100 * stats.usage.busy)
    figures["inconsistencies"] = consistency(stats)
    if (args.rate, args.games) == (TARGET_RATE, TARGET_GAMES):  # the target's own configuration only
        met = (
            stats.accepted_in_time / args.duration >= 0.99 * TARGET_RATE
            and figures["latency_ms"]["p99"] < TARGET_P99_MS
            and not figures["inconsistencies"]
        )
        figures["target"] = f"{TARGET_RATE} moves/s accepted, p99 < {TARGET_P99_MS} ms, 0 inconsistencies: " + (
            "met" if met else "NOT met"
        )
    return figures


if __name__ == "__main__":
    main()
