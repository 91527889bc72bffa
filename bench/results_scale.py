"""Bench: the published results of a 500-player, 11-round Swiss (issue 27).

    .venv/bin/python bench/results_scale.py                 # SQLite, 500 × 11 beside 16 × 11
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\
        .venv/bin/python bench/results_scale.py             # the same on PostgreSQL
    .venv/bin/python bench/results_scale.py --smoke         # CI's tiny run: 40 × 5 beside 16 × 5

A throw-away database gets a finished Swiss of ``--players`` members and
``--rounds`` rounds, written with the project's own models: every round's
boards paired top-down by score without rematches, an odd one out on the bye,
each game a finished game with its result (a few forfeits). Beside it, the
reference: the same with 16 players, so the query counts show whether they
grow with the players. Timed through the in-process test client, warmed up,
median of ``--repeat`` requests, server time (wall) and this process's CPU:

* the results page, the published results JSON (the document for other sites),
* a player card, the TRF16 export, the standings after the last round.

Target (issue 27): each under 300 ms with a number of queries that does not
grow with the number of players. Figures of full runs:
bench/results/results_scale*.txt (each names its commit and the machine's load).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

# Django's test client, used here outside the test runner, names its host "testserver".
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1,[::1]")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import footer, header  # noqa: E402
from bench.throwaway_db import on_throwaway_database  # noqa: E402


def build_swiss(label: str, n_players: int, n_rounds: int, seed: int = 27):
    """A finished Swiss written straight into the tables (its results are what is read)."""
    from django.contrib.auth.models import Group
    from django.utils import timezone

    from club.championships import services
    from club.championships.models import Board, Championship, Entry, Round
    from games.models import Game
    from members.models import Member

    rng = random.Random(seed)
    now = timezone.now() - timedelta(days=n_rounds + 1)
    organiser = Member.objects.create(username=f"{label}-organiser", display_name="Organiser")
    organiser.groups.add(*Group.objects.filter(name__in=["organiser", "member"]))
    championship = services.championship_create(
        organiser=organiser,
        name=f"Swiss {label}",
        discipline="russian",
        time_control="d3",
        system="swiss",
        swiss_system="buchholz",
        rounds_planned=n_rounds,
        now=now,
    )
    players = Member.objects.bulk_create(
        [
            Member(username=f"{label}-p{i:04d}", display_name=f"Player {label} {i}", federation_rating=1200 + i)
            for i in range(n_players)
        ]
    )
    Entry.objects.bulk_create(
        [Entry(championship=championship, member=p, start_number=i + 1) for i, p in enumerate(players)]
    )
    points = {p.pk: 0.0 for p in players}
    met: set[tuple[int, int]] = set()
    games: list[Game] = []
    boards: list[tuple[Round, int, int, int | None, str]] = []
    for number in range(1, n_rounds + 1):
        the_round = Round.objects.create(
            championship=championship,
            number=number,
            status=Round.Status.CLOSED,
            paired_at=now,
            published_at=now,
            closed_at=now,
        )
        order = sorted(points, key=lambda pid: (-points[pid], pid))
        bye = order.pop() if len(order) % 2 else None
        while order:
            white = order.pop(0)
            black = next((b for b in order if (white, b) not in met and (b, white) not in met), order[0])
            order.remove(black)
            met.add((white, black))
            r = rng.random()
            result = "1-0" if r < 0.4 else "0-1" if r < 0.75 else "1/2-1/2" if r < 0.98 else "+/-"
            points[white] += {"1-0": 1, "0-1": 0, "1/2-1/2": 0.5, "+/-": 1}[result]
            points[black] += {"1-0": 0, "0-1": 1, "1/2-1/2": 0.5, "+/-": 0}[result]
            boards.append((the_round, len(boards), white, black, result))
        if bye is not None:
            points[bye] += 1
            boards.append((the_round, len(boards), bye, None, "bye"))
    for the_round, _, white, black, result in boards:
        if black is not None:
            games.append(
                Game(
                    discipline="russian",
                    white_id=white,
                    black_id=black,
                    speed="correspondence",
                    time_control="d3",
                    status="finished",
                    result=result,
                    termination="forfeit" if result == "+/-" else "resign",
                    white_moves=20,
                    black_moves=20,
                    ply=40,
                    ended_at=now,
                    started_at=now,
                    event=championship.name,
                    round=str(the_round.number),
                )
            )
    made = iter(Game.objects.bulk_create(games))
    rows, per_round = [], {}
    for the_round, _, white, black, result in boards:
        number = per_round[the_round.pk] = per_round.get(the_round.pk, 0) + 1
        game = next(made) if black is not None else None
        rows.append(Board(round=the_round, number=number, white_id=white, black_id=black, result=result, game=game))
    Board.objects.bulk_create(rows)
    Championship.objects.filter(pk=championship.pk).update(status="finished", started_at=now, finished_at=now)
    services.standings_recompute(championship_id=championship.pk)
    championship.refresh_from_db()
    return championship, players[n_players // 2]


def measure(url: str, repeat: int) -> tuple[int, float, float, int]:
    """(queries, median wall ms, median CPU ms, bytes) of GET ``url`` as a visitor."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    response = client.get(url)  # warm
    assert response.status_code == 200, (url, response.status_code)
    walls, cpus = [], []
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as queries:
            wall, cpu = time.perf_counter(), time.process_time()
            response = client.get(url)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
    return len(queries), statistics.median(walls) * 1000, statistics.median(cpus) * 1000, len(response.content)


def run(n_players: int, n_rounds: int, repeat: int) -> None:
    events = []
    for label, n in (("ref", 16), ("big", n_players)):
        t0 = time.perf_counter()
        championship, player = build_swiss(label, n, n_rounds)
        print(f"built {championship.name}: {n} players × {n_rounds} rounds in {time.perf_counter() - t0:.1f} s")
        events.append((n, championship, player))
    pages = [
        ("results page", "/championships/{pk}/results/"),
        ("published JSON", "/api/championships/{pk}/published/"),
        ("player card", "/championships/{pk}/players/{username}/"),
        ("TRF16 export", "/championships/{pk}/export/trf/"),
        ("standings after last", "/championships/{pk}/standings/after/{rounds}/"),
    ]
    print(f"{'page':22s} {'players':>7s} {'queries':>7s} {'wall ms':>8s} {'CPU ms':>7s} {'KB':>7s}")
    for name, pattern in pages:
        for n, championship, player in events:
            url = pattern.format(pk=championship.pk, username=player.username, rounds=n_rounds)
            queries, wall, cpu, size = measure(url, repeat)
            print(f"{name:22s} {n:7d} {queries:7d} {wall:8.1f} {cpu:7.1f} {size / 1024:7.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--smoke", action="store_true", help="CI's tiny run: 40 × 5, SQLite")
    args = parser.parse_args()
    if args.smoke:
        args.players, args.rounds, args.repeat = 40, 5, 2
        os.environ.pop("DATABASE_URL", None)
    header()
    on_throwaway_database("results-bench-", lambda: run(args.players, args.rounds, args.repeat))
    footer()


if __name__ == "__main__":
    main()
