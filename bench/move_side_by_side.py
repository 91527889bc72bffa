"""A move's CPU over the whole stack, this checkout against a reference commit,
side by side in one run (the figure that compares them).

``bench/play_load.py`` (each tree's own, with this venv's Python) runs in a
throw-away worktree of ``--base`` and in this checkout by turns, in the order
base, this, this, base, base, this, … for ``--pairs`` pairs: a shared machine
whose speed drifts during the run then weighs on both sides alike. Each run
prints its CPU per move by part; the figure is the stack's (server, worker,
PostgreSQL, Redis: what the club runs; the load client is left out), as the
ratio of this checkout's mean to the base's, with each pair's ratio beside it
to show the spread. A run whose machine was busy with other work past
``bench.machine.QUOTABLE_BUSY`` is marked, and a ratio that includes one is
not quotable.

    .venv/bin/python bench/move_side_by_side.py --base 9b3aabf --pairs 3
    ... bench/move_side_by_side.py --base HEAD --smoke     # CI's tiny run
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import QUOTABLE_BUSY, busy_with_other_work, footer, header  # noqa: E402

STACK = ("server", "worker", "postgres", "redis")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the reference commit")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--rate", type=float, default=100)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--smoke", action="store_true", help="a tiny run (CI): one pair of 3 s")
    # Passed on to play_load.py: a machine shared with other runs gives each its own database and Redis.
    parser.add_argument("--database-url", default="", help="play_load.py's --database-url (a club_bench… name)")
    parser.add_argument("--redis-url", default="", help="play_load.py's --redis-url")
    args = parser.parse_args()
    if args.smoke:
        args.pairs, args.rate, args.games, args.duration = 1, 20, 4, 3
    header()
    with tempfile.TemporaryDirectory(prefix="side-by-side-") as scratch:
        base_tree = Path(scratch) / "base"
        subprocess.run(["git", "worktree", "add", "-q", "--detach", str(base_tree), args.base], cwd=ROOT, check=True)
        try:
            trees = {"base": base_tree, "this": ROOT}
            commits = {side: _commit(tree) for side, tree in trees.items()}
            print(
                f"# base {commits['base']}, this {commits['this']}; play_load.py --rate {args.rate:g} "
                f"--games {args.games} --duration {args.duration:g} in each, by turns"
            )
            runs: dict[str, list[dict]] = {"base": [], "this": []}
            for side in _order(args.pairs):
                summary = _play_load(trees[side], args, Path(scratch) / f"out-{side}-{len(runs[side])}")
                runs[side].append(summary)
                _print_run(side, commits[side], summary)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base_tree)], cwd=ROOT, check=False)
    _print_figure(runs)
    footer()


def _order(pairs: int) -> list[str]:
    order = []
    for i in range(pairs):
        order += ["base", "this"] if i % 2 == 0 else ["this", "base"]
    return order


def _commit(tree: Path) -> str:
    return subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=tree, capture_output=True, text=True, check=True
    ).stdout.strip()


def _play_load(tree: Path, args, out: Path) -> dict:
    busy = busy_with_other_work()
    command = [sys.executable, "bench/play_load.py", "--rate", str(args.rate), "--games", str(args.games)]
    command += ["--duration", str(args.duration), "--out", str(out)]
    command += ["--database-url", args.database_url] if args.database_url else []
    command += ["--redis-url", args.redis_url] if args.redis_url else []
    # Each tree starts its own stack on its own fresh database (play_load.py's default).
    subprocess.run(command, cwd=tree, check=True, stdout=subprocess.DEVNULL)
    (summary_path,) = out.glob("play_load-*.json")
    summary = json.loads(summary_path.read_text())
    summary["busy_before"] = busy
    return summary


def stack_ms(summary: dict) -> float:
    return sum(summary["cpu_ms_per_move"][part] for part in STACK)


def _quotable(summary: dict) -> bool:
    return summary["busy_before"] is not None and summary["busy_before"] <= QUOTABLE_BUSY


def _print_run(side: str, commit: str, summary: dict) -> None:
    parts = ", ".join(f"{part} {summary['cpu_ms_per_move'][part]:.2f}" for part in STACK)
    busy = summary["busy_before"]
    print(
        f"{side:4} {commit}: stack {stack_ms(summary):.2f} ms CPU per move ({parts}); "
        f"{summary['answered_moves_per_s']:.1f} moves/s answered, p99 {summary['latency_ms']['p99']:.1f} ms, "
        f"errors {sum(summary['errors'].values())}, inconsistencies {summary.get('inconsistencies', '?')}; "
        f"busy with other work before: {'?' if busy is None else f'{busy:.0%}'}"
        + ("" if _quotable(summary) else " -- NOT QUOTABLE"),
        flush=True,
    )


def _print_figure(runs: dict[str, list[dict]]) -> None:
    base, this = ([stack_ms(s) for s in runs[side]] for side in ("base", "this"))
    pairs = [t / b for b, t in zip(base, this, strict=True)]
    quotable = all(_quotable(s) for side in runs.values() for s in side)
    print(
        f"stack CPU per move: this {statistics.mean(this):.2f} ms (runs {', '.join(f'{x:.2f}' for x in this)}), "
        f"base {statistics.mean(base):.2f} ms (runs {', '.join(f'{x:.2f}' for x in base)})"
    )
    print(
        f"ratio of the means: {statistics.mean(this) / statistics.mean(base):.3f}x; "
        f"per pair {', '.join(f'{r:.3f}' for r in pairs)}" + ("" if quotable else " -- NOT QUOTABLE")
    )


if __name__ == "__main__":
    main()
