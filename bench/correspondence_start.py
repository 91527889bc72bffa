"""Bench: starting a correspondence section played all at once.

    .venv/bin/python bench/correspondence_start.py                  # SQLite, 20 players, 2 cycles
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\
        .venv/bin/python bench/correspondence_start.py              # the same on PostgreSQL
    .venv/bin/python bench/correspondence_start.py --smoke          # CI's tiny run (6 players)

1. ``section_start`` of a ``--players`` double round robin (20: 380 games,
   38 rounds) in one transaction — the target is under 5 s on this machine.
   Side by side, the warmed-up reference: the same number of games created
   by the games layer alone (``game_create``, one transaction), so what the
   section costs beyond its games is visible. Each is run ``--repeat`` times
   on fresh events, alternating; CPU time (process) and wall time per run.
2. A member's pages with his 38 simultaneous games against a member with one
   game: "my games", the lobby, home, the section's results page — queries and
   server time (in-process test client, median of 20).

Figures of full runs: bench/results/correspondence_start*.txt (each names its
commit and the machine's load).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

# Django's test client, used here outside the test runner, names its host "testserver".
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1,[::1]")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import footer, header  # noqa: E402
from bench.throwaway_db import on_throwaway_database  # noqa: E402


def _club(n_players: int):
    from django.contrib.auth.models import Group

    from members.models import Member

    def member(username: str, role: str = "") -> Member:
        made = Member.objects.create(username=username, display_name=username.capitalize())
        if role:
            made.groups.add(*Group.objects.filter(name=role))
        made.groups.add(*Group.objects.filter(name="member"))
        return made

    organiser, chief = member("organiser", "organiser"), member("chief", "chief_arbiter")
    players = [member(f"p{i:03d}") for i in range(n_players)]
    lone = [member(f"lone{i}") for i in range(2)]
    return organiser, chief, players, lone


def _section(organiser, chief, players, number: int, cycles: int):
    from club.championships import services

    championship = services.championship_create(
        organiser=organiser,
        name=f"Section {number}",
        discipline="russian",
        time_control="d3",
        play_mode="all-at-once",
        cycles=cycles,
    )
    services.arbiter_appoint(by=organiser, championship_id=championship.pk, member=chief, role="chief")
    services.entries_open(by=organiser, championship_id=championship.pk)
    for player in players:
        services.entry_create(championship_id=championship.pk, member=player)
    services.entries_close(by=organiser, championship_id=championship.pk)
    return championship


def _timed(run) -> tuple[float, float, object]:
    cpu, wall = time.process_time(), time.perf_counter()
    out = run()
    return time.process_time() - cpu, time.perf_counter() - wall, out


def _pages(chief, players, lone, championship) -> None:
    from django.db import connection
    from django.db.models import Q
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games.models import Game
    from games.services import game_create

    game_create(discipline="russian", white=lone[0], black=lone[1], time_control="d3")
    busy, quiet = players[0], lone[0]
    ongoing = Game.objects.filter(Q(white=busy) | Q(black=busy), status="active").count()
    for label, url in (
        ("my games", "/play/mine/"),
        ("lobby", "/play/"),
        ("home", "/"),
        ("section results", f"/championships/{championship.pk}/results/"),
    ):
        for who, member in ((f"{ongoing} games", busy), ("1 game", quiet)):
            client = Client()
            client.force_login(member)
            client.get(url)  # warm
            times = []
            for _ in range(20):
                with CaptureQueriesContext(connection) as queries:
                    t0 = time.perf_counter()
                    response = client.get(url)
                    times.append(time.perf_counter() - t0)
            assert response.status_code == 200, (url, response.status_code)
            print(
                f"{label:16s} member with {who:9s}: {len(queries):3d} queries, "
                f"median {statistics.median(times) * 1000:6.1f} ms"
            )


def run(n_players: int, cycles: int, repeat: int) -> None:
    from django.db import transaction
    from django.db.models import Q

    from club.championships import services
    from games.models import Game
    from games.services import game_create

    organiser, chief, players, lone = _club(n_players)
    games = n_players * (n_players - 1) // 2 * cycles
    pairs = [(players[i], players[j]) for i in range(n_players) for j in range(n_players) if i != j]
    pairs = pairs[:games]

    def reference():
        with transaction.atomic():
            for white, black in pairs:
                game_create(discipline="russian", white=white, black=black, time_control="d3")

    reference()  # warm-up (imports, caches) of the reference
    print(f"section: {n_players} players, {cycles} cycle(s), {games} games")
    section = None
    for attempt in range(1, repeat + 1):
        championship = _section(organiser, chief, players, attempt, cycles)
        cpu, wall, started = _timed(lambda c=championship: services.section_start(by=chief, championship_id=c.pk))
        made = Game.objects.filter(championship_board__round__championship=championship).count()
        assert made == games, (made, games)
        print(f"run {attempt}: section_start  {len(started)} rounds, {made} games: {cpu:.2f} s CPU, {wall:.2f} s wall")
        ref_cpu, ref_wall, _ = _timed(reference)
        print(
            f"run {attempt}: reference      {games} games by game_create alone: {ref_cpu:.2f} s CPU, {ref_wall:.2f} s wall"
        )
        section = championship
    # Only the last section's games stay: the pages below see one section's games.
    keep = Game.objects.filter(championship_board__round__championship=section).values_list("pk", flat=True)
    Game.objects.filter(Q(white__in=players) | Q(black__in=players)).exclude(pk__in=list(keep)).delete()
    _pages(chief, players, lone, section)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--cycles", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--smoke", action="store_true", help="CI's tiny run: 6 players, one repeat, SQLite")
    args = parser.parse_args()
    if args.smoke:
        args.players, args.repeat = 6, 1
        os.environ.pop("DATABASE_URL", None)
    header()
    on_throwaway_database("section-bench-", lambda: run(args.players, args.cycles, args.repeat))
    footer()


if __name__ == "__main__":
    main()
