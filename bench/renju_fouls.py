"""Benchmark: the full renju foul map on 200 fixed mid-game positions.

    .venv/bin/python bench/renju_fouls.py [--passes N] [--positions N] [--regenerate] [--smoke]

The positions (30–80 stones, legal renju play without an opening rule, black
never fouled) live in bench/renju_positions.txt, one FEN a line; they were
produced once by ``--regenerate`` from a seeded random game generator that
plays near the existing stones, and are kept fixed so figures compare across
changes.  Each pass computes ``RENJU.fouls(p)`` for all 200 positions; the
verdict memo is cleared before every position (so no answer is reused), the
line-pattern table is kept (it is a property of the board geometry, filled on
first use — the first pass shows the cold cost).

If the PyPI package ``renju`` (a Python renju board with referee rules) is
importable, its forbidden-point check is timed on the same positions — one
untimed warm-up pass, then the best of ``--reference-passes`` timed passes — and
the number of positions where its foul set differs from ours is printed.

Figures of a full run: bench/results/renju_fouls.txt (it names its commit and
the machine's load). ``--smoke`` is CI's tiny run (5 positions, one pass).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.machine import footer, header  # noqa: E402
from games.rules import variant  # noqa: E402
from games.rules.fiverow import EMPTY  # noqa: E402

RENJU = variant("renju")
POSITIONS = Path(__file__).with_name("renju_positions.txt")


def generate(count: int = 200, seed: int = 20261129) -> list[str]:
    rng = random.Random(seed)
    g = RENJU.geometry
    fens = []
    while len(fens) < count:
        target = rng.randint(30, 80)
        p = RENJU.play(RENJU.start(), "h8")
        while p.stones < target and RENJU.result(p) is None:
            stones = [i for i in g.points if p.board[i] != EMPTY]
            near = {i + dx + dy * g.width for i in stones for dx in range(-2, 3) for dy in range(-2, 3)}
            candidates = sorted(i for i in near if p.board[i] == EMPTY)
            rng.shuffle(candidates)
            for i in candidates:
                if p.to_move == "white" or RENJU.foul(p, i) is None:
                    p = RENJU.play(p, g.name(i))
                    break
        if RENJU.result(p) is None and 30 <= p.stones <= 80:
            fens.append(RENJU.to_fen(p))
    return fens


def time_ours(positions, passes: int) -> list[float]:
    per_pass = []
    for _ in range(passes):
        start = time.perf_counter()
        for p in positions:
            RENJU.judge.memo.clear()
            RENJU.fouls(p)
        per_pass.append(time.perf_counter() - start)
    return per_pass


def other_package(positions, passes: int):
    """Time the PyPI ``renju`` package's referee on the same positions, if it is installed.

    Its public check, ``renju.check_forbid.get_foul_type(grid, x, y)``, judges
    one point on a ``grid[x][y]`` of 0/1 (black)/2 (white); the map is that
    call on every empty point. One untimed warm-up pass, then the best of
    ``passes`` timed ones. Returns (best seconds per pass, differing positions).
    """
    try:
        from renju.check_forbid import get_foul_type
    except ImportError:
        return None
    g = RENJU.geometry
    code = {"b": 1, "w": 2, ".": 0}
    grids = [[[code[p.board[g.index(x, y)]] for y in range(g.size)] for x in range(g.size)] for p in positions]

    def one_pass():
        return [
            {
                g.name(g.index(x, y))
                for x in range(g.size)
                for y in range(g.size)
                if grid[x][y] == 0 and get_foul_type(grid, x, y)
            }
            for grid in grids
        ]

    maps = one_pass()  # warm-up, untimed
    best = float("inf")
    for _ in range(max(1, passes)):
        start = time.perf_counter()
        one_pass()
        best = min(best, time.perf_counter() - start)
    differ = [
        (RENJU.to_fen(p), sorted(set(RENJU.fouls(p)) ^ theirs))
        for p, theirs in zip(positions, maps)
        if set(RENJU.fouls(p)) != theirs
    ]
    return best, differ


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--positions", type=int, default=0, help="use only the first N positions (0: all)")
    parser.add_argument(
        "--reference-passes",
        type=int,
        default=2,
        help="timed passes of the PyPI package (about a minute each on 200 positions)",
    )
    parser.add_argument("--regenerate", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="CI's tiny run: 5 positions, one pass")
    args = parser.parse_args()
    if args.smoke:
        args.passes, args.reference_passes, args.positions = 1, 1, 5
    header()
    if args.regenerate or not POSITIONS.exists():
        POSITIONS.write_text("\n".join(generate()) + "\n", encoding="utf-8")
    positions = [RENJU.from_fen(line) for line in POSITIONS.read_text(encoding="utf-8").split()]
    if args.positions:
        positions = positions[: args.positions]
    stones = [p.stones for p in positions]
    fouls = [len(RENJU.fouls(p)) for p in positions]
    print(
        f"{len(positions)} positions, {min(stones)}-{max(stones)} stones (mean {statistics.mean(stones):.1f}), "
        f"{sum(fouls)} forbidden points in all, {sum(1 for f in fouls if f)} positions with fouls"
    )
    RENJU.judge.table.clear()
    per_pass = time_ours(positions, args.passes + 1)  # the first pass is the cold one, reported apart
    n = len(positions)
    print(f"games.rules  first pass (cold pattern table): {per_pass[0] / n * 1000:.3f} ms/position")
    best = min(per_pass[1:])
    mean = statistics.mean(per_pass[1:])
    print(
        f"games.rules  warm passes ({args.passes}): mean {mean / n * 1000:.3f} ms/position, "
        f"best {best / n * 1000:.3f} ms/position, {n / best:.0f} positions/s  (target < 2 ms)"
    )
    compared = other_package(positions, args.reference_passes)
    if compared is None:
        print("PyPI 'renju' package: not installed, not compared")
    else:
        elapsed, differ = compared
        print(
            f"PyPI 'renju' 0.1.0 (get_foul_type on every empty point; best of {args.reference_passes} after a warm-up): "
            f"{elapsed / n * 1000:.3f} ms/position, {n / elapsed:.0f} positions/s; "
            f"ratio {elapsed / best:.1f}× our best warm pass; "
            f"foul sets differ from ours on {len(differ)} of {n} positions"
        )
        for fen, points in differ[:5]:
            print(f"  differs at {', '.join(points)} in {fen}")
    footer()
    return 0


if __name__ == "__main__":
    sys.exit(main())
