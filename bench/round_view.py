"""What a live round view costs the server: a championship round of 50 boards
played online, 500 spectators on the round page's socket (RoundConsumer,
``/ws/championships/<id>/rounds/<n>/``), moves arriving at 1 a second spread
over the boards; this checkout against a reference commit, side by side in one run.

The two trees run by turns (base, this; then this, base for a second pair),
each in its own stack, as bench/spectators.py runs them: ``git archive`` of
its commit, one ASGI server process (``club.site.asgi`` under uvicorn: HTTP
and WebSockets in one process, as ``manage.py up`` runs it) on PostgreSQL and
the Redis channel layer, its own fresh database. The round is made in the
tree's own code (a child process): the club's staff, twice as many players as
boards, a Swiss whose first round is published at a live time control and has
begun. The client (this process) opens the spectators' sockets, waits for
each one's first round, then plays open loop: move k is sent at k / rate
seconds, on board k mod boards, whatever the earlier moves' fate. A move is
delivered when every spectator has its game's new ply; POST to the last
watcher is its delivery latency.

The figure is the server's CPU while the moves arrive, in cores (CPU seconds
of the server process, every thread, from /proc, per wall second of the
measured moves): the target is under one core. Beside it, the same with the
sockets open and no move (what 500 idle sockets cost), and the CPU per move.
Then a change of the stored table: its message as the standings service
sends it (from a child process of the tree: the stack runs no worker to
record a result), until every spectator's round is drawn again, and the
server's CPU for it.
The machine is shared with other jobs: CPU is the figure that travels;
latency depends on what else the two cores do meanwhile (the spectators'
client included, its own CPU printed) and is quoted with the load beside it.
PostgreSQL and Redis serve other jobs on this machine too, so their CPU is
not counted.

    REDIS_URL=redis://127.0.0.1:6379/5 .venv/bin/python bench/round_view.py --base 4904333
    ... bench/round_view.py --base HEAD --smoke     # CI's tiny run (one tree: run once)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import busy_with_other_work, footer, header, load  # noqa: E402
from bench.play_load import Connection, fresh_database, tree_cpu_seconds, wait_for_server  # noqa: E402
from bench.spectators import _archive, _commit, _line, _percentile  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the reference commit")
    parser.add_argument("--this", default="HEAD", help="the commit measured against it (committed code only)")
    parser.add_argument("--boards", type=int, default=50, help="boards of the round")
    parser.add_argument("--spectators", type=int, default=500, help="sockets on the round view")
    parser.add_argument("--rate", type=float, default=1.0, help="moves a second, spread over the boards")
    parser.add_argument("--moves", type=int, default=60, help="measured moves a run")
    parser.add_argument("--warmup", type=int, default=5, help="moves before measuring (caches, connections)")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds measured with the sockets open, no move")
    parser.add_argument("--table-changes", type=int, default=3, help="changes of the stored table measured")
    parser.add_argument("--pairs", type=int, default=1, help="runs of each side (base, this; this, base; ...)")
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/club_bench_round_view")
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/5"))
    parser.add_argument("--smoke", action="store_true", help="a tiny run (CI): 4 boards, 20 spectators, 8 moves")
    args = parser.parse_args()
    if args.smoke:
        args.boards, args.spectators, args.rate, args.moves, args.warmup, args.idle = 4, 20, 4.0, 8, 4, 1.0
        args.table_changes = 1
    header()
    print("# CPU is the figure that travels: the machine is shared (2 cores, other jobs running);")
    print("# delivery latency is measured on the same busy machine, with the spectators' client on it too.")
    results: dict[str, list[dict]] = {"base": [], "this": []}
    with tempfile.TemporaryDirectory(prefix="round-view-") as scratch:
        trees = {"base": Path(scratch) / "base", "this": Path(scratch) / "this"}
        commits = {"base": _commit(args.base), "this": _commit(args.this)}
        for side, tree in trees.items():
            _archive(commits[side], tree)
        print(
            f"# base {commits['base']}, this {commits['this']}; {args.boards} boards, {args.spectators} spectators, "
            f"{args.rate:g} move/s, {args.moves} measured moves a run"
        )
        for i in range(args.pairs):
            for side in ("base", "this") if i % 2 == 0 else ("this", "base"):
                if args.smoke and commits["base"] == commits["this"] and results["base" if side == "this" else "this"]:
                    # CI's smoke against HEAD: the one tree once, its run stands for both sides.
                    results[side] = results["base" if side == "this" else "this"]
                    continue
                summary = run_side(trees[side], side, args)
                results[side].append(summary)
                _print_run(side, commits[side], summary)
    _print_table(results, commits, args)
    footer()


def run_side(tree: Path, side: str, args) -> dict:
    """One run: a fresh stack of ``tree``, the round made, the sockets opened, the moves measured."""
    database_url = args.database_url + "_" + side
    fresh_database(database_url)
    env = {
        **os.environ,
        "PYTHONPATH": str(tree),
        "DATABASE_URL": database_url,
        "REDIS_URL": args.redis_url,
        "DJANGO_SETTINGS_MODULE": "club.site.settings",
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=tree, env=env, check=True)
    round_ = _round(tree, env, args.boards)
    args.tree_env = env
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "club.site.asgi:application", "--host", "127.0.0.1", "--port", str(port)]
        + ["--no-access-log", "--log-level", "warning", "--ws-ping-interval", "0"],
        cwd=tree,
        env=env,
        start_new_session=True,
    )
    try:
        busy = busy_with_other_work()
        summary = asyncio.run(_watch(port, round_, server.pid, args))
        summary["busy_before"] = busy
        summary["load_after"] = load()
        return summary
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


# Made in the tree's own code: the staff with their roles, the players with API tokens, a Swiss at a
# live control whose first round began a minute ago (published with ``now`` two minutes back: a live
# round starts at its scheduled time, which must be ahead of its publication, 1.6.3). The ids are
# drawn at random: Redis pub/sub channels are shared by every stack on the machine (other jobs'
# too), so small ids like 1 would hear their moves.
_ROUND_SCRIPT = """
import django, json, random, sys; django.setup()
from datetime import timedelta
from django.contrib.auth.models import Group
from django.db import connection
from django.utils import timezone
from knox.models import AuthToken
from club.championships import demo, services
from club.championships.models import Board
from django.contrib.auth import get_user_model
from games.services import game_check_in
Member = get_user_model()  # the members' package moved between trees; its model is the user model
boards = int(sys.argv[1])
with connection.cursor() as c:
    for table in ("games_game", "championships_championship"):
        c.execute("SELECT setval(pg_get_serial_sequence(%s, 'id'), %s)", [table, random.randrange(10**8, 10**9)])
def member(name, role=None):
    m = Member.objects.create(username=name, display_name=name.title(), password="!",
                               email=f"{name}@bench.test", email_verified=True)
    if role:
        m.groups.add(Group.objects.get(name=role))
    return m
staff = {"organiser": member("org", "organiser"), "chief": member("chief", "chief_arbiter"),
         "arbiter": member("arb", "arbiter")}
players = [member(f"p{i:03d}", "member") for i in range(2 * boards)]
tokens = {p.pk: AuthToken.objects.create(user=p)[1] for p in players}
now = timezone.now()
event = demo.create(**staff, players=players, now=now - timedelta(minutes=3), name="Round view bench",
                    system="swiss", rounds_planned=5, discipline="russian", time_control="3600+30",
                    swiss_system="buchholz")
services.round_pair(by=staff["arbiter"], championship_id=event.pk, now=now - timedelta(minutes=2))
services.round_publish(by=staff["arbiter"], championship_id=event.pk, round_number=1,
                       starts_at=now - timedelta(minutes=1), now=now - timedelta(minutes=2))
played = Board.objects.filter(round__championship=event, game__isnull=False).order_by("number")
for b in played:  # both at the board: the first move waits for the opponent's arrival (1.6.3)
    for player in (b.white, b.black):
        game_check_in(game_id=b.game_id, member=player)
out = [(b.game_id, tokens[b.white_id], tokens[b.black_id]) for b in played]
print(json.dumps({"championship": event.pk, "boards": out}))
"""


def _table_changed(env: dict, championship_id: int) -> None:
    script = (
        "import django, sys, uuid; django.setup()\n"
        "from games import events\n"
        "from club.championships.services.standings import event_group\n"
        "events.group_send(event_group(int(sys.argv[1])), {'type': 'standings.changed', 'change': uuid.uuid4().hex})\n"
    )
    subprocess.run([sys.executable, "-c", script, str(championship_id)], cwd=env["PYTHONPATH"], env=env, check=True)


def _round(tree: Path, env: dict, boards: int) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", _ROUND_SCRIPT, str(boards)], cwd=tree, env=env, capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(f"could not make the round:\n{done.stderr}")
    made = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(made["boards"]) == boards, made
    return made


async def _watch(port: int, round_: dict, server_pid: int, args) -> dict:
    await wait_for_server("127.0.0.1", port)
    boards = round_["boards"]
    plies = -(-(args.warmup + args.moves) // len(boards))
    line = _line(plies)
    assert len(line) == plies, "the chosen line ends the game too soon"
    spectators = args.spectators

    seen = [{} for _ in range(spectators)]  # each spectator's latest ply of each game
    arrived: dict[tuple[int, int], list[float]] = {}  # (game, ply) → when each spectator got it
    rounds_after_first = [0]  # whole rounds sent again (a render per watcher), not frames
    rounds_seen = [0] * spectators  # each spectator's round messages after its first
    changed = asyncio.Event()
    url = f"ws://127.0.0.1:{port}/ws/championships/{round_['championship']}/rounds/1/?lang=en"
    origin = f"http://127.0.0.1:{port}"

    async def spectator(i: int, ready: asyncio.Event) -> None:
        try:
            async with websockets.connect(
                url, origin=origin, ping_interval=None, max_queue=None, open_timeout=120
            ) as ws:
                async for text in ws:
                    message = json.loads(text)
                    if message.get("type") == "state":
                        game, ply = message["id"], message["ply"]
                        before = seen[i].get(game, 0)
                        if ply > before:
                            now = time.perf_counter()
                            for p in range(before + 1, ply + 1):
                                arrived.setdefault((game, p), []).append(now)
                            seen[i][game] = ply
                            changed.set()
                    elif ready.is_set():
                        rounds_after_first[0] += 1
                        rounds_seen[i] += 1
                        changed.set()
                    ready.set()
        finally:
            if not ready.is_set():
                failed.append(i)
                ready.set()

    failed: list[int] = []
    readies = [asyncio.Event() for _ in range(spectators)]
    tasks = []
    connecting = time.perf_counter()
    for i in range(spectators):  # in batches: a burst of handshakes is not what is measured
        tasks.append(asyncio.create_task(spectator(i, readies[i])))
        if i % 50 == 49:
            await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies[i - 49 : i + 1])), 300)
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 300)
    connected_s = time.perf_counter() - connecting
    if failed:
        raise RuntimeError(f"{len(failed)} of {spectators} spectators could not connect")

    cpu_before, wall_before = tree_cpu_seconds(server_pid), time.perf_counter()
    await asyncio.sleep(args.idle)
    idle_cores = (tree_cpu_seconds(server_pid) - cpu_before) / (time.perf_counter() - wall_before)

    pool: list[Connection] = []
    posts: dict[int, tuple[float, tuple[int, int]]] = {}  # move k → (sent, (game, ply after it))
    errors: list[str] = []

    async def move(k: int) -> None:
        game, white, black = boards[k % len(boards)]
        ply = k // len(boards)
        http = pool.pop() if pool else Connection("127.0.0.1", port)
        sent = time.perf_counter()
        posts[k] = (sent, (game, ply + 1))
        try:
            status, body = await http.request(
                "POST",
                f"/api/games/{game}/moves/",
                white if ply % 2 == 0 else black,
                {"text": line[ply], "expected_ply": ply, "idempotency_key": f"m{k}"},
            )
            if status not in (200, 201):
                errors.append(f"{status} {body}")
                print(f"# move {k} refused: {status} {body}", file=sys.stderr, flush=True)
        finally:
            pool.append(http)

    async def delivered(k: int, timeout: float) -> float | None:
        sent, key = posts[k]
        end = time.perf_counter() + timeout
        while len(arrived.get(key, ())) < spectators:
            changed.clear()
            try:
                await asyncio.wait_for(changed.wait(), max(0.01, end - time.perf_counter()))
            except TimeoutError:
                return None
        return max(arrived[key]) - sent

    def schedule(first: int, count: int) -> list[asyncio.Task]:
        start = time.perf_counter()

        async def at(k: int) -> None:
            await asyncio.sleep(max(0.0, start + (k - first) / args.rate - time.perf_counter()))
            await move(k)

        return [asyncio.create_task(at(k)) for k in range(first, first + count)]

    await asyncio.gather(*schedule(0, args.warmup))
    if errors:
        raise RuntimeError(f"{len(errors)} moves refused, the first: {errors[0]}")
    for k in range(args.warmup):
        await delivered(k, 30)
    rounds_after_first[0] = 0
    client_before = resource.getrusage(resource.RUSAGE_SELF)
    cpu_before, wall_before = tree_cpu_seconds(server_pid), time.perf_counter()
    measured = range(args.warmup, args.warmup + args.moves)
    await asyncio.gather(*schedule(args.warmup, args.moves))
    latencies = [await delivered(k, 60) for k in measured]
    wall = time.perf_counter() - wall_before
    cpu = tree_cpu_seconds(server_pid) - cpu_before
    client_after = resource.getrusage(resource.RUSAGE_SELF)
    client_cpu = (client_after.ru_utime + client_after.ru_stime) - (client_before.ru_utime + client_before.ru_stime)
    rounds_resent = rounds_after_first[0]

    # A change of the stored table: its message as the standings service sends it after commit,
    # sent by a child process of the tree (no result is recorded: the bench's stack runs no
    # worker), and every spectator's round drawn again.
    table_cpu, table_last = [], []
    for _ in range(args.table_changes):
        before = list(rounds_seen)
        cpu_before = tree_cpu_seconds(server_pid)
        sent = time.perf_counter()
        await asyncio.to_thread(_table_changed, args.tree_env, round_["championship"])
        end = sent + 300
        while any(now <= then for now, then in zip(rounds_seen, before, strict=True)):
            changed.clear()
            try:
                await asyncio.wait_for(changed.wait(), max(0.01, end - time.perf_counter()))
            except TimeoutError:
                raise RuntimeError("a table change did not reach every spectator") from None
        table_last.append((time.perf_counter() - sent) * 1000)
        await asyncio.sleep(1.0)  # what the server still does for it (its sockets' sends)
        table_cpu.append(tree_cpu_seconds(server_pid) - cpu_before)

    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    if errors:
        raise RuntimeError(f"{len(errors)} moves refused, the first: {errors[0]}")
    done = [ms * 1000 for ms in latencies if ms is not None]
    return {
        "connect_s": connected_s,
        "idle_cores": idle_cores,
        "cores": cpu / wall,
        "cpu_ms_per_move": cpu * 1000 / args.moves,
        "client_cores": client_cpu / wall,
        "wall_s": wall,
        "undelivered": len(latencies) - len(done),
        "rounds_resent": rounds_resent,
        "table_cpu_s": sum(table_cpu) / len(table_cpu) if table_cpu else None,
        "table_last_ms": max(table_last) if table_last else None,
        "last_watcher_ms": {"p50": _percentile(done, 50), "p99": _percentile(done, 99), "max": max(done)}
        if done
        else None,
    }


def _print_run(side: str, commit: str, s: dict) -> None:
    busy = s["busy_before"]
    lat = s["last_watcher_ms"]
    latency = f"p50 {lat['p50']:.0f} ms, p99 {lat['p99']:.0f} ms (max {lat['max']:.0f})" if lat else "none delivered"
    print(
        f"{side:4} {commit}: server {s['cores']:.3f} cores while moves arrive ({s['cpu_ms_per_move']:.1f} ms CPU "
        f"per move over {s['wall_s']:.0f} s), {s['idle_cores']:.3f} cores with the sockets idle; POST to last "
        f"watcher {latency}; {s['undelivered']} moves undelivered, {s['rounds_resent']} whole rounds re-sent; "
        f"a table change: {_table(s)}; sockets opened in {s['connect_s']:.0f} s; client {s['client_cores']:.2f} cores; busy with other work "
        f"before: {'?' if busy is None else f'{busy:.0%}'}; {s['load_after']} after",
        flush=True,
    )


def _table(s: dict) -> str:
    if s["table_cpu_s"] is None:
        return "not measured"
    return f"server CPU {s['table_cpu_s'] * 1000:.0f} ms, to the last watcher at most {s['table_last_ms']:.0f} ms (the sending process's start included)"


def _print_table(results: dict, commits: dict, args) -> None:
    def mean(side, key):
        values = [r[key] for r in results[side]]
        return sum(values) / len(values)

    print(
        f"\n{args.boards} boards, {args.spectators} spectators, {args.rate:g} move/s | base {commits['base']} → this {commits['this']}"
    )
    print(f"server cores while moves arrive (target < 1) | {mean('base', 'cores'):.3f} → {mean('this', 'cores'):.3f}")
    print(
        f"server CPU ms per move                       | {mean('base', 'cpu_ms_per_move'):.1f} → {mean('this', 'cpu_ms_per_move'):.1f}"
    )
    print(
        f"server cores, sockets idle                   | {mean('base', 'idle_cores'):.3f} → {mean('this', 'idle_cores'):.3f}"
    )
    if args.table_changes:
        print(
            f"server CPU ms per change of the table        | {mean('base', 'table_cpu_s') * 1000:.0f} → "
            f"{mean('this', 'table_cpu_s') * 1000:.0f}"
        )
    for side in ("base", "this"):
        for r in results[side]:
            lat = r["last_watcher_ms"]
            if lat:
                print(f"POST to last watcher, {side}: p50 {lat['p50']:.0f} ms, p99 {lat['p99']:.0f} ms")
    verdict = "met" if mean("this", "cores") < 1 else "NOT met"
    print(f"target (under one core while moves arrive): {verdict}")


if __name__ == "__main__":
    main()
