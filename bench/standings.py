"""Bench: the standings of a large Swiss with every coefficient and the whole criteria chain.

    .venv/bin/python bench/standings.py             # 500 players × 11 rounds (target: under 1 s)
    .venv/bin/python bench/standings.py --smoke     # 20 × 5, a quick run for CI

A Swiss is simulated: each round the active players are sorted by points and
paired top-down without rematches, an odd one out gets the bye, results
follow the rating difference, with about 2% forfeits and 0.5% double
forfeits; ten players withdraw along the way (the 1.13.11 score-group
average). ``ratings.standings.table`` is then timed with all eleven criteria
(so every coefficient is computed and the chain runs to the end where ties
remain), after a warm-up, as the median of ``--repeat`` runs; so is
``crosstable``.

Last figures (2-core development machine, shared): bench/results/standings-2026-12-01.txt —
500 × 11 with the whole chain in about 0.5 s wall, 0.13 s CPU.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ratings import standings  # noqa: E402

CHAIN = (
    "truncated-solkoff",
    "buchholz",
    "solkoff",
    "berger",
    "shmulyan",
    "riga",
    "wins",
    "head-to-head",
    "beaten-points",
    "results-vs-places",
    "opponents-elo",
)


def swiss(count: int, rounds_count: int, seed: int = 2026):
    rng = random.Random(seed)
    players = [{"id": i, "rating": rng.randint(1200, 2400), "withdrawn_after_round": None} for i in range(1, count + 1)]
    rating = {p["id"]: p["rating"] for p in players}
    for p in rng.sample(players, min(10, count // 4)):
        p["withdrawn_after_round"] = rng.randint(2, rounds_count - 1)
    points = {p["id"]: 0.0 for p in players}
    met, had_bye, rounds = set(), set(), []
    for number in range(1, rounds_count + 1):
        active = [
            p["id"] for p in players if p["withdrawn_after_round"] is None or p["withdrawn_after_round"] >= number
        ]
        active.sort(key=lambda pid: (-points[pid], -rating[pid]))
        pairings = []
        if len(active) % 2:
            odd = next(pid for pid in reversed(active) if pid not in had_bye)
            active.remove(odd)
            had_bye.add(odd)
            points[odd] += 1
            pairings.append({"white": odd, "black": None, "result": "bye"})
        while active:
            first = active.pop(0)
            second = next((pid for pid in active if frozenset((first, pid)) not in met), active[0])
            active.remove(second)
            met.add(frozenset((first, second)))
            roll = rng.random()
            if roll < 0.005:
                result = "-/-"
            elif roll < 0.025:
                result = rng.choice(("+/-", "-/+"))
            else:
                expected = 1 / (1 + 10 ** ((rating[second] - rating[first]) / 400))
                draw = 0.3
                result = rng.choices(
                    ("1-0", "1/2-1/2", "0-1"), weights=(expected * (1 - draw), draw, (1 - expected) * (1 - draw))
                )[0]
            white_scores = {"1-0": 1, "+/-": 1, "1/2-1/2": 0.5}.get(result, 0)
            black_scores = {"0-1": 1, "-/+": 1, "1/2-1/2": 0.5}.get(result, 0)
            points[first] += white_scores
            points[second] += black_scores
            pairings.append({"white": first, "black": second, "result": result})
        rounds.append(pairings)
    return players, rounds


def timed(function, repeat: int) -> tuple[float, float, object]:
    """Median wall and CPU seconds after a warm-up (CPU time shows the cost when others share the cores)."""
    result = function()
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        function()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall), statistics.median(cpu), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--smoke", action="store_true", help="20 players × 5 rounds, 2 repeats")
    args = parser.parse_args()
    if args.smoke:
        args.players, args.rounds, args.repeat = 20, 5, 2

    players, rounds = swiss(args.players, args.rounds)
    games = sum(1 for pairings in rounds for g in pairings if g["black"] is not None)
    print(
        f"Swiss: {args.players} players × {args.rounds} rounds, {games} games, "
        f"{sum(1 for p in players if p['withdrawn_after_round'])} withdrawals; median of {args.repeat} runs"
    )

    print(f"{'':28}{'wall ms':>9}{'CPU ms':>9}")
    wall, cpu, rows = timed(lambda: standings.table(players, rounds, system="swiss", criteria=CHAIN), args.repeat)
    shared = sum(1 for row in rows if "-" in row["place"])
    print(
        f"{f'table (all {len(CHAIN)} criteria)':28}{wall * 1000:9.1f}{cpu * 1000:9.1f}   "
        f"target < 1000 ms: {'met' if wall < 1 else 'MISSED'} ({shared} players share a place)"
    )
    wall, cpu, _ = timed(lambda: standings.table(players, rounds, system="swiss", criteria=("buchholz",)), args.repeat)
    print(f"{'table (Buchholz only)':28}{wall * 1000:9.1f}{cpu * 1000:9.1f}")
    wall, cpu, _ = timed(lambda: standings.crosstable(players, rounds, system="swiss"), args.repeat)
    print(f"{'crosstable':28}{wall * 1000:9.1f}{cpu * 1000:9.1f}")


if __name__ == "__main__":
    main()
