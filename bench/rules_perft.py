"""Perft speed of the draughts rules, side by side with pydraughts in one run.

    /work/venv/bin/python bench/rules_perft.py [--russian 8] [--international 7]
                                               [--pydraughts 3] [--all-paths]

Prints, per discipline: each depth's count (checked against the published
tables), time and leaves/s for ours; pydraughts' leaves/s at a small depth;
the ratio; and the time of ``legal_moves`` on middlegame positions.
Targets (issue 3): Russian perft(8) under 10 s, at least 100× pydraughts'
leaves/s, ``legal_moves`` of a middlegame under 100 µs.
"""
from __future__ import annotations

import argparse
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.rules import variant  # noqa: E402

TABLES = {
    # dctl (Rein Halbersma), cross-checked by several engines.
    ("russian", False): [7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667],
    ("russian", True): [7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586],
    ("international", True): [9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423],
    ("international", False): [9, 81, 658, 4265, 27117, 167140, 1049442, 6483971, 41022614],
}
PYDRAUGHTS_NAME = {"russian": "russian", "international": "standard"}
# Middlegame positions from the reference corpus: USSR ch. 1950, Блиндер – Миротин
# after 24 plies; WK 2003, Ndjofang – Heusdens after 40 plies.
MIDDLEGAMES = {
    "russian": "W:Wd4,f4,a3,e3,g3,b2,h2,e1,g1:Bb8,d8,h8,g7,b6,d6,f6,h6,c5",
    "international": "W:W29,37,38,40,41,43,44,47,48,49,50:B1,2,3,4,8,9,11,14,15,17,27",
}


def ours(name, depth, distinct):
    v = variant(name)
    p = v.start()
    table = TABLES[(name, distinct)]
    print(f"  ours, {'distinct moves' if distinct else 'every capture path'}:")
    rate = 0.0
    for d in range(1, depth + 1):
        t = time.perf_counter()
        n = v.perft(p, d, distinct=distinct)
        dt = time.perf_counter() - t
        ok = "ok" if d > len(table) or table[d - 1] == n else f"MISMATCH (table {table[d - 1]})"
        rate = n / dt if dt else float("inf")
        print(f"    perft({d}) = {n:>10,}  {dt:8.3f} s  {rate:>12,.0f} leaves/s  {ok}")
    return rate


def pydraughts_rate(name, depth):
    try:
        from draughts import Board
    except ImportError:
        print("  pydraughts: not installed")
        return None

    def perft(board, d):
        moves = board.legal_moves()
        if d == 1:
            return len(moves)
        total = 0
        for m in moves:
            board.push(m)
            total += perft(board, d - 1)
            board.pop()
        return total

    board = Board(PYDRAUGHTS_NAME[name])
    t = time.perf_counter()
    n = perft(board, depth)
    dt = time.perf_counter() - t
    print(f"  pydraughts 0.6.7: perft({depth}) = {n:,}  {dt:.3f} s  {n / dt:,.0f} leaves/s")
    return n / dt


def legal_moves_time(name):
    v = variant(name)
    p = v.from_fen(MIDDLEGAMES[name])
    number, total = timeit.Timer(lambda: v.legal_moves(p)).autorange()
    best = min(timeit.repeat(lambda: v.legal_moves(p), number=number, repeat=5)) / number
    print(f"  legal_moves of a middlegame ({len(v.legal_moves(p))} moves): {best * 1e6:.1f} µs")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--russian", type=int, default=8)
    ap.add_argument("--international", type=int, default=7)
    ap.add_argument("--pydraughts", type=int, default=3, help="pydraughts perft depth")
    ap.add_argument("--all-paths", action="store_true", help="also run the other convention")
    args = ap.parse_args(argv)
    for name, depth, distinct in (("russian", args.russian, False), ("international", args.international, True)):
        print(f"{name}:")
        rate = ours(name, depth, distinct)
        if args.all_paths:
            ours(name, depth, not distinct)
        theirs = pydraughts_rate(name, args.pydraughts)
        if theirs:
            print(f"  ratio at the deepest level: {rate / theirs:,.0f}× pydraughts' leaves/s")
        legal_moves_time(name)


if __name__ == "__main__":
    main()
