"""Swiss pairing speed: a 1,000-player, 11-round event for each system of 003 1.15.

    .venv/bin/python bench/pairing.py                         # the full run (target: < 2 s per round)
    .venv/bin/python bench/pairing.py --players 20 --rounds 3  # smoke size for CI

Each system pairs a whole event round by round with random results (wins, draws,
forfeits of every kind, a few withdrawals), after one warm-up round; the figures are
the median and the slowest round. Results are drawn from a fixed seed, so every run
pairs the same events.

Last figures (2-core development machine, bench/results/pairing-2026-12-01.txt):
FIGURES
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from club.championships import pairing  # noqa: E402

TARGET_S = 2.0
RESULTS = ["1-0"] * 40 + ["0-1"] * 35 + ["1/2-1/2"] * 20 + ["+/-", "-/+", "-/-"]


def play(board: tuple[int, int | None], rng: random.Random) -> dict:
    white, black = board
    if black is None:
        return {"white": white, "black": None, "result": "bye"}
    return {"white": white, "black": black, "result": rng.choice(RESULTS)}


def run_event(system: str, n_players: int, n_rounds: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    players = [{"id": i, "rating": rng.randint(1200, 2400), "withdrawn": False} for i in range(1, n_players + 1)]
    order = pairing.initial_order(players, seed)
    by_id = {p["id"]: p for p in players}
    players = [by_id[pid] for pid in order]
    rounds: list[list[dict]] = []
    times = []
    for _ in range(n_rounds):
        start = time.perf_counter()
        boards = pairing.swiss(system, players, rounds, seed=seed)
        times.append(time.perf_counter() - start)
        rounds.append([play(board, rng) for board in boards])
        for p in rng.sample(players, k=max(0, n_players // 200)):  # about 0.5% withdraw each round
            p["withdrawn"] = True
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    print(f"Swiss pairing, {args.players} players, {args.rounds} rounds, seed {args.seed} (target < {TARGET_S:.0f} s per round)")
    run_event("coefficients", min(args.players, 100), 2, args.seed)  # warm-up
    worst = 0.0
    for system in pairing.SYSTEMS:
        times = run_event(system, args.players, args.rounds, args.seed)
        later = times[1:] or times  # round 1 is a fixed table, not a pairing search
        worst = max(worst, max(times))
        print(
            f"{system:13s} median {statistics.median(later) * 1000:8.1f} ms   max {max(times) * 1000:8.1f} ms   "
            f"rounds: {' '.join(f'{t * 1000:.0f}' for t in times)} ms"
        )
    print(f"target < {TARGET_S:.0f} s per round: {'met' if worst < TARGET_S else 'NOT met'} (slowest round {worst:.2f} s)")


if __name__ == "__main__":
    main()
