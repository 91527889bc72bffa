"""What a watched move costs the server: CPU per move with 0, 200 and 1,000
anonymous WebSocket spectators on the game, and the delivery latency from the
move's POST to the last watcher, this checkout against a reference commit,
side by side in one run.

For each number of spectators the two trees run by turns (base, this; then
this, base for the next), each in its own stack: one ASGI server process
(``club.site.asgi`` under uvicorn: HTTP and WebSockets in one process, as
``manage.py up`` runs it, with the live tier's options of that tree's
``up``) on PostgreSQL and the Redis channel layer, its own fresh database. Each tree is ``git archive`` of its commit (``--base``,
``--this``: HEAD), so the working tree may change during the run and nothing
is added to the repository. The client (this process) opens the sockets on one
game, waits for each one's first state, then plays two Russian draughts games
through the REST API, the watched one and one nobody watches, a move of each by
turns: after each POST it waits until every spectator has the new ply, which
is the move's delivery time (POST to the last watcher; all deliveries are kept
too), and pauses. With no spectators it plays the one game.

The figure is the server process's CPU per move (every thread, by its CPU-time
clock, to the nanosecond; the user and system split from /proc, in 10 ms
ticks), read around each move: its POST, its deliveries, the pause after it.
"× unwatched" is a watched move's CPU over the unwatched game's moves played
between them in the same run: the shared machine's speed drifts by more between
two server runs a minute apart (4.6 to 5.4 ms for the same tree's unwatched moves
in spectators-2026-12-06-9f3ac48.txt) than the target's margin, so the ratio is read
within the run; the ratio against the run with no spectators at all is printed beside it.
Work a move leaves behind (a garbage collection of a thousand sockets' objects)
may fall in the next move's reading, the other game's. The machine is shared
with other jobs: CPU per move is the figure that travels; delivery latency
depends on what else the two cores do meanwhile (the spectators' client
included) and is quoted with the load printed beside it. PostgreSQL and Redis
serve other jobs on this machine too, so their CPU is not counted.

Figures (bench/results/spectators-2026-12-06-811ccf3.txt, three rounds against 4904333,
the machine otherwise idle, load average 0.2-0.8 on 2 cores; medians): server CPU per move
4.0 → 4.0 ms unwatched, 36.9 → 7.3 ms with 200 spectators, 183.5 → 15.6 ms with 1,000.
200 spectators cost 1.85× the unwatched game's moves of the same run (rounds 1.85, 1.78,
1.86); a run of 200 alone right after (spectators-2026-12-06-811ccf3-200-only.txt) gave
1.83, 1.78, 1.83. At 1,000 the unwatched game's moves read 7.5 and 6.6 ms in two rounds of
three (4.4 in the other): work a watched move leaves behind falls in them, so the ratio
against the run with no spectators (3.86×) is the one to read there. With hiredis parsing
Redis's replies (spectators-2026-12-06-b9f3d1d-hiredis.txt): 1.76, 1.78, 1.76 at 200, one
spectator 1.29-1.31×. Most of what one spectator adds is the request thread's build and
publish of the frame: a probe that builds and publishes it on every move, watched or not
(spectators-2026-12-06-probe-frame-on-every-move.txt), put its unwatched moves at 5.1 ms
against 4.0-4.4 and one spectator at 1.04-1.05× them.
Delivery: POST to last watcher p99 16 ms at 200 (target 250), 44 ms at 1,000 (target 1 s).
The machine's kernel sets much of a watched move's cost: a socket write also carries the
loopback's delivery to the client's socket. The earlier runs' machine spent more there
(system time 3.1 ms a move at 200 spectators in spectators-2026-12-06-c51ae00-per-socket.txt,
1.6-1.9 ms above): spectators-2026-12-06-9f3ac48.txt gave 1.97× (rounds 1.90, 1.97, 2.02)
for the same spectators' path, which measured 1.78× on this one
(spectators-2026-12-06-c467bab-against-de680ca.txt, its base). That run also puts one
spectator at 1.28-1.31×: the frame's build, publish and receipt.

    REDIS_URL=redis://127.0.0.1:6379/3 .venv/bin/python bench/spectators.py --base 4904333 --rounds 3
    ... bench/spectators.py --base HEAD --smoke     # CI's tiny run
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import busy_with_other_work, footer, header, load  # noqa: E402
from bench.play_load import Connection, fresh_database, process_cpu_seconds, wait_for_server  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the reference commit")
    parser.add_argument("--this", default="HEAD", help="the commit measured against it (committed code only)")
    parser.add_argument("--spectators", default="0,200,1000", help="numbers of spectators, comma-separated")
    parser.add_argument("--plies", type=int, default=32, help="measured moves a run (both sides)")
    parser.add_argument("--warmup", type=int, default=2, help="moves before measuring (caches, connections)")
    parser.add_argument("--pause", type=float, default=0.2, help="seconds between one move's delivery and the next")
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/club_bench_broadcast")
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/3"))
    parser.add_argument(
        "--rounds", type=int, default=1, help="times through the numbers of spectators; the table gives medians"
    )
    parser.add_argument("--smoke", action="store_true", help="a tiny run (CI): 0 and 20 spectators, 4 moves")
    args = parser.parse_args()
    if args.smoke:
        args.spectators, args.plies, args.warmup, args.pause, args.rounds = "0,20", 4, 1, 0.05, 1
    counts = [int(n) for n in args.spectators.split(",")]
    header()
    print("# CPU per move is the figure that travels: the machine is shared (2 cores, other jobs running);")
    print("# delivery latency is measured on the same busy machine, with the spectators' client on it too.")
    results: dict[tuple[str, int], list[dict]] = {}
    with tempfile.TemporaryDirectory(prefix="spectators-") as scratch:
        trees = {"base": Path(scratch) / "base", "this": Path(scratch) / "this"}
        commits = {"base": _commit(args.base), "this": _commit(args.this)}
        for side, tree in trees.items():
            _archive(commits[side], tree)
        print(
            f"# base {commits['base']}, this {commits['this']}; {args.plies} measured moves a run, "
            f"{args.rounds} round(s) through {args.spectators} spectators"
        )
        turn = 0
        for _round in range(args.rounds):
            for count in counts:
                for side in ("base", "this") if turn % 2 == 0 else ("this", "base"):
                    summary = run_side(trees[side], side, count, args)
                    results.setdefault((side, count), []).append(summary)
                    _print_run(side, commits[side], count, summary)
                turn += 1
    _print_table(results, counts)
    footer()


def _archive(commit: str, tree: Path) -> None:
    data = subprocess.run(["git", "archive", "--format=tar", commit], cwd=ROOT, capture_output=True, check=True)
    tree.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(data.stdout)) as archive:
        archive.extractall(tree, filter="data")


def _commit(ref: str) -> str:
    return subprocess.run(
        ["git", "rev-parse", "--short", ref], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()


def run_side(tree: Path, side: str, spectators: int, args) -> dict:
    """One run: a fresh stack of ``tree``, ``spectators`` sockets on one game, the moves measured."""
    database_url = args.database_url + "_" + side
    fresh_database(database_url)
    env = {
        **os.environ,
        "PYTHONPATH": str(tree),
        "DATABASE_URL": database_url,
        "REDIS_URL": args.redis_url,
        "DJANGO_SETTINGS_MODULE": "club.site.settings",
        # Each run's members have the same ids in their fresh database, and the throttle counts in Redis.
        "DIRECT_CHALLENGE_THROTTLE": "1000000/hour",
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=tree, env=env, check=True)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "club.site.asgi:application", "--host", "127.0.0.1", "--port", str(port)]
        + ["--no-access-log", "--log-level", "warning", "--ws-ping-interval", "0"]
        + _live_options(tree, env),
        cwd=tree,
        env=env,
        start_new_session=True,
    )
    try:
        players = _players(tree, env)
        busy = busy_with_other_work()
        summary = asyncio.run(_watch(port, players, spectators, server.pid, args))
        summary["busy_before"] = busy
        summary["load_after"] = load()
        return summary
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


def _live_options(tree: Path, env: dict) -> list[str]:
    """The uvicorn options the tree's ``manage.py up`` gives its live tier (none in a tree
    from before it named them): each side runs as its own tree would."""
    script = (
        "import django; django.setup()\n"
        "from club.site.management.commands import up\n"
        "print(' '.join(getattr(up, 'LIVE_SERVER_OPTIONS', ())))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=tree, env=env, capture_output=True, text=True, check=True)
    return done.stdout.split()


def _players(tree: Path, env: dict) -> list[tuple[int, str]]:
    """Two members and their API tokens, made in the tree's own code (a child process). The
    game's id is drawn at random: Redis pub/sub channels are shared by every stack on the
    machine (other jobs' too), so a small id like 1 would hear their moves."""
    script = (
        "import django, json, random; django.setup()\n"
        "from django.db import connection\n"
        "from knox.models import AuthToken\n"
        "from django.contrib.auth import get_user_model\n"
        "Member = get_user_model()  # the members' package moved between trees; its model is the user model\n"
        "with connection.cursor() as c:\n"
        "    c.execute(\"SELECT setval(pg_get_serial_sequence('games_game', 'id'), %s)\", [random.randrange(10**8, 10**9)])\n"
        "out = []\n"
        "for name in ('watched-white', 'watched-black'):\n"
        "    m = Member.objects.create(username=name, display_name=name.title(), password='!')\n"
        "    out.append((m.pk, AuthToken.objects.create(user=m)[1]))\n"
        "print(json.dumps(out))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=tree, env=env, capture_output=True, text=True, check=True)
    return [tuple(pair) for pair in json.loads(done.stdout.strip().splitlines()[-1])]


def _line(plies: int) -> list[str]:
    """A game of ``plies`` moves: the first legal move in the rules module's order each time."""
    from games.rules import variant

    v = variant("russian")
    position, line = v.start(), []
    for _ in range(plies):
        moves = sorted(m.notation for m in v.legal_moves(position))
        if not moves:
            break
        line.append(moves[len(line) % len(moves)])
        position = v.play(position, line[-1])
    return line


async def _watch(port: int, players, spectators: int, server_pid: int, args) -> dict:
    """Two games in the one server: the watched one, with ``spectators`` sockets on it, and one
    nobody watches, their moves taken by turns; each move's server CPU is read around it (its
    POST, its deliveries, the pause after it). Both games' moves then share the machine's state
    of the moment: a shared machine's speed drifts by more between two server runs minutes apart
    than a watched move differs from an unwatched one, so "× unwatched" is read within the run."""
    await wait_for_server("127.0.0.1", port)
    http = Connection("127.0.0.1", port)
    line = _line(args.warmup + args.plies)
    assert len(line) == args.warmup + args.plies, "the chosen line ends the game too soon"
    watched_id = await _new_game(http, players)
    alone_id = await _new_game(http, players) if spectators else None

    seen = [0] * spectators  # each spectator's latest ply
    arrived: dict[int, list[float]] = {}  # ply → when each spectator got it
    changed = asyncio.Event()
    url = f"ws://127.0.0.1:{port}/ws/games/{watched_id}/?lang=en"
    origin = f"http://127.0.0.1:{port}"

    async def spectator(i: int, ready: asyncio.Event) -> None:
        try:
            async with websockets.connect(
                url, origin=origin, ping_interval=None, max_queue=None, open_timeout=60
            ) as ws:
                async for text in ws:
                    ply = json.loads(text)["ply"]
                    if ply > seen[i]:
                        now = time.perf_counter()
                        for p in range(seen[i] + 1, ply + 1):
                            arrived.setdefault(p, []).append(now)
                        seen[i] = ply
                        changed.set()
                    ready.set()
        finally:
            if not ready.is_set():
                failed.append(i)
                ready.set()

    failed: list[int] = []
    readies = [asyncio.Event() for _ in range(spectators)]
    tasks = []
    for i in range(spectators):  # in batches: a burst of a thousand handshakes is not what is measured
        tasks.append(asyncio.create_task(spectator(i, readies[i])))
        if i % 50 == 49:
            await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies[i - 49 : i + 1])), 120)
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 120)
    if failed:
        raise RuntimeError(f"{len(failed)} of {spectators} spectators could not connect")

    async def move(game_id: int, ply: int, watchers: int) -> tuple[float, float]:
        token = players[ply % 2][1]
        sent = time.perf_counter()
        status, body = await http.request(
            "POST",
            f"/api/games/{game_id}/moves/",
            token,
            {"text": line[ply], "expected_ply": ply, "idempotency_key": f"m{game_id}-{ply}"},
        )
        assert status in (200, 201), (status, body)
        while len(arrived.get(ply + 1, ())) < watchers:
            changed.clear()
            await asyncio.wait_for(changed.wait(), 300)  # base at 1,000 spectators takes seconds a move
        return sent, max(arrived.get(ply + 1, [sent]))

    games = [(watched_id, spectators)] + ([(alone_id, 0)] if alone_id else [])
    for ply in range(args.warmup):
        for game_id, watchers in games:
            await move(game_id, ply, watchers)
    cpu = {game_id: [0.0, 0.0, 0.0] for game_id, _ in games}  # CPU, user, system seconds
    last, deliveries = [], []
    for ply in range(args.warmup, args.warmup + args.plies):
        for game_id, watchers in games:
            before, split_before = process_cpu_seconds(server_pid), _user_and_system_seconds(server_pid)
            sent, done = await move(game_id, ply, watchers)
            if watchers:
                last.append((done - sent) * 1000)
                deliveries += [(t - sent) * 1000 for t in arrived.get(ply + 1, ())]
            await asyncio.sleep(args.pause)
            split = _user_and_system_seconds(server_pid)
            for k, spent in enumerate(
                (process_cpu_seconds(server_pid) - before, *(a - b for a, b in zip(split, split_before)))
            ):
                cpu[game_id][k] += spent
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    per_move = {game_id: [seconds * 1000 / args.plies for seconds in spent] for game_id, spent in cpu.items()}
    summary = {
        "spectators": spectators,
        "moves": args.plies,
        "server_cpu_ms_per_move": per_move[watched_id][0],
        "user_ms_per_move": per_move[watched_id][1],
        "system_ms_per_move": per_move[watched_id][2],
        "last_watcher_ms": {"p50": _percentile(last, 50), "p99": _percentile(last, 99), "max": max(last)}
        if last
        else None,
        "every_delivery_ms": {"p50": _percentile(deliveries, 50), "p99": _percentile(deliveries, 99)}
        if deliveries
        else None,
    }
    if alone_id:
        summary["alone_cpu_ms_per_move"] = per_move[alone_id][0]
    return summary


async def _new_game(http: Connection, players) -> int:
    """A correspondence game between the two members, white to move."""
    (white_id, white_token), (black_id, black_token) = players
    status, body = await http.request(
        "POST",
        "/api/challenges/",
        white_token,
        {"discipline": "russian", "time_control": "d3", "opponent_id": black_id, "colour": "white", "rated": False},
    )
    assert status == 201, (status, body)
    status, body = await http.request("POST", f"/api/challenges/{body['id']}/accept/", black_token)
    assert status == 201, (status, body)
    return body["id"]


def _user_and_system_seconds(pid: int) -> tuple[float, float]:
    """The server process's CPU in user space (Python, its libraries) and in the kernel (its
    system calls: with the spectators on this machine, a write to a socket also carries the
    loopback's delivery to the client's socket), every thread, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick  # utime, stime (proc(5) fields 14, 15)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def _print_run(side: str, commit: str, count: int, summary: dict) -> None:
    busy = summary["busy_before"]
    line = (
        f"{side:4} {commit} {count:5} spectators: server CPU {summary['server_cpu_ms_per_move']:.1f} ms per move "
        f"(user {summary['user_ms_per_move']:.1f}, system {summary['system_ms_per_move']:.1f})"
    )
    if count:
        last, every, alone = summary["last_watcher_ms"], summary["every_delivery_ms"], summary["alone_cpu_ms_per_move"]
        line += f"; the unwatched game's moves between them {alone:.1f} ms ({_within_the_run(summary):.2f}×)"
        line += (
            f"; POST to last watcher p50 {last['p50']:.0f} ms, p99 {last['p99']:.0f} ms (max {last['max']:.0f}); "
            f"every delivery p50 {every['p50']:.0f} ms, p99 {every['p99']:.0f} ms"
        )
    line += f"; busy with other work before: {'?' if busy is None else f'{busy:.0%}'}; {summary['load_after']} after"
    print(line, flush=True)


def _print_table(results: dict, counts: list[int]) -> None:
    """Medians over the rounds. "× unwatched": a watched move's CPU over the CPU of the moves of
    the game nobody watches, played between them in the same run (``_watch``), the median of
    the rounds' ratios. "× the unwatched run": over the run with no spectators at all, a server
    started minutes apart, as the figure was read before the runs played both games."""
    cpu = "server_cpu_ms_per_move"
    print(
        "\nspectators | server CPU ms/move base → this | × unwatched, base → this | × the unwatched run (this)"
        " | last watcher p50 / p99 ms, this"
    )
    unwatched = results.get(("this", 0))
    for count in counts:
        base, this = results["base", count], results["this", count]
        within = (
            "1.00× → 1.00×"
            if not count
            else " → ".join(f"{statistics.median(map(_within_the_run, runs)):.2f}×" for runs in (base, this))
        )
        apart = [run[cpu] / alone[cpu] for run, alone in zip(this, unwatched, strict=True)] if unwatched else []
        latency = "-"
        if count:
            latency = " / ".join(
                f"{statistics.median(run['last_watcher_ms'][q] for run in this):.0f}" for q in ("p50", "p99")
            )
        print(
            f"{count:10} | {statistics.median(run[cpu] for run in base):8.1f} → "
            f"{statistics.median(run[cpu] for run in this):6.1f} | {within:>24} | "
            f"{f'{statistics.median(apart):.2f}×' if apart else '-':>26} | {latency}"
        )
    print(
        "# this, median user / system ms per move: "
        + "; ".join(
            f"{count}: {statistics.median(r['user_ms_per_move'] for r in results['this', count]):.1f} / "
            f"{statistics.median(r['system_ms_per_move'] for r in results['this', count]):.1f}"
            for count in counts
        )
    )
    for count in counts:
        if count and len(results["this", count]) > 1:
            ratios = map(_within_the_run, results["this", count])
            print(f"# this, × unwatched at {count}, each round: " + ", ".join(f"{r:.2f}×" for r in ratios))


def _within_the_run(run: dict) -> float:
    """A watched move's CPU over the unwatched game's moves played between them (``_watch``)."""
    return run["server_cpu_ms_per_move"] / run["alone_cpu_ms_per_move"]


if __name__ == "__main__":
    main()
