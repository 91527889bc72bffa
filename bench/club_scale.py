"""Bench: every page a member uses, timed on a club of a big club's size.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\
        .venv/bin/python bench/club_scale.py --lock /tmp/machine.lock           # the S club
    DATABASE_URL=... .venv/bin/python bench/club_scale.py --size L --keep      # build L, keep it
    DATABASE_URL=... .venv/bin/python bench/club_scale.py --reuse club_scale_l  # time the kept club again
    .venv/bin/python bench/club_scale.py --size tiny                           # CI's smoke (SQLite)

A throw-away database (``club_scale_<size>_<pid>`` next to the one DATABASE_URL
names, dropped afterwards; without DATABASE_URL a temporary SQLite file) is
filled with the project's own models, the big tables through COPY
(bench/club_fill.py):

====  ========  ==============  =======================  =============  =====================
size  members   finished games  ongoing (correspondence)  championships  the big Swiss
====  ========  ==============  =======================  =============  =====================
tiny  100       1,000           10                       4              20 players × 4 rounds
S     10,000    100,000         1,000                    50             500 players × 11 rounds
L     100,000   1,000,000       10,000                   500            500 players × 11 rounds
====  ========  ==============  =======================  =============  =====================

Every game has ``--moves-per-game`` legal moves (default 53: the L club of the scale targets
had 53 M moves over 1 M games), played out by the rules engine; one member is
busy (2 % of all games). Then, timed: the full Elo recompute
(``ratings.services.ratings_recompute``, as bench/ratings_recompute.py does; it
also writes the ratings the pages show), and each page of the targets' table
through the in-process test client, server time (wall), ``--repeat`` requests
after one warm-up, p50/p95 and the queries per request (CaptureQueriesContext).

Targets: 100 ms p95 for a page, 300 ms for the big Swiss's results
page, player card and published JSON, 60 s for a recompute of 1 M games (on a
smaller club the 1 M figure is extrapolated linearly and says so). ``--lock``
holds a shared flock while building and an exclusive one while timing, so the
figures are not measured beside other work on the machine. ``--keep`` leaves the
built club as ``club_scale_<size>`` (the L club's 53 M moves took 567 s to write
in club_scale-L-2026-12-03.txt); ``--reuse`` times it again on this commit, migrated first, and
``--no-recompute`` then leaves its ratings as they are. Saved runs:
bench/results/club_scale-*.txt.
"""

from __future__ import annotations

import argparse
import fcntl
import math
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

# Django's test client, used here outside the test runner, names its host "testserver".
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1,[::1]")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.club_fill import (  # noqa: E402
    GAME_FIELDS,
    MOVE_FIELDS,
    copy_rows,
    finished_game_rows,
    legal_lines,
    move_rows,
    rated_games,
)
from bench.machine import footer, header, load, quotable_line  # noqa: E402
from bench.throwaway_db import on_kept_database, on_throwaway_database  # noqa: E402


@dataclass(frozen=True)
class Size:
    members: int
    finished: int
    ongoing: int
    championships: int
    swiss_players: int
    swiss_rounds: int


SIZES = {
    "tiny": Size(100, 1_000, 10, 4, 20, 4),
    "S": Size(10_000, 100_000, 1_000, 50, 500, 11),
    "L": Size(100_000, 1_000_000, 10_000, 500, 500, 11),
}
BUSY_SHARE = 0.02
LINES = 24  # distinct legal games per discipline, shared out among the games
PAGE_MS, BIG_EVENT_MS, RECOMPUTE_S = 100, 300, 60


class Lock:
    """``flock`` on a file: shared while building, exclusive while timing (none without a path)."""

    def __init__(self, path: str | None):
        self.file = open(path, "a") if path else None  # noqa: SIM115 (held for the whole run)

    def hold(self, mode: int, what: str) -> None:
        if self.file:
            t0 = time.perf_counter()
            fcntl.flock(self.file, mode)
            print(f"# {what} (waited {time.perf_counter() - t0:.0f} s for it)")


# ---- building ----------------------------------------------------------------------------------------
def build(size: Size, plies: int) -> dict:
    from django.contrib.auth.models import Group
    from django.db import connection
    from django.utils import timezone

    from bench.results_scale import build_swiss
    from games.models import Game, Move
    from members.models import Member

    rng = random.Random(29)
    now = timezone.now()
    lines = {d: [line for line in legal_lines(d, LINES, plies) if len(line[0]) == plies] for d in ("russian", "renju")}
    assert all(lines.values()), f"no random game of either discipline lasted {plies} plies"

    t0 = time.perf_counter()
    busy = Member.objects.create(username="busy", display_name="Busy Member")
    busy.groups.add(*Group.objects.filter(name="member"))
    first = busy.pk + 1
    copy_rows(
        Member,
        ("id", "username", "display_name", "password", "date_joined"),
        ((first + i, f"m{i:06d}", f"Member {i}", "!", now) for i in range(size.members - 1)),
    )
    ids = [busy.pk, *range(first, first + size.members - 1)]
    print(f"built {size.members:,} members in {time.perf_counter() - t0:.1f} s")

    t0 = time.perf_counter()
    start = now - timedelta(hours=size.finished + 24 * 30)
    rows = finished_game_rows(rated_games(size.finished, len(ids), busy_share=BUSY_SHARE), ids, start, plies=plies)
    copy_rows(Game, GAME_FIELDS, rows)
    print(f"built {len(rows):,} finished games in {time.perf_counter() - t0:.1f} s")

    ongoing_first = rows[-1][0] + 1
    ongoing, ongoing_fields = [], (*GAME_FIELDS, "fen", "to_move", "turn_started_at", "deadline")
    for n in range(size.ongoing):
        white, black = rng.sample(ids, 2)
        if n % 50 == 0:
            white = busy.pk if white != busy.pk and black != busy.pk else white
        discipline = "russian" if n % 2 else "renju"
        notations, fen, to_move = lines[discipline][n % len(lines[discipline])]
        began = now - timedelta(days=5, minutes=n)
        ongoing.append(
            (
                ongoing_first + n,
                discipline,
                "correspondence",
                "d3",
                white,
                black,
                True,
                "active",
                "",
                (plies + 1) // 2,
                plies // 2,
                plies,
                "",
                began,
                began,
                None,
                fen,
                to_move,
                now - timedelta(hours=1),
                now + timedelta(days=2),
            )
        )
    copy_rows(Game, ongoing_fields, ongoing)

    t0 = time.perf_counter()
    swiss, swiss_player = build_swiss("big", size.swiss_players, size.swiss_rounds)
    swiss_games = list(Game.objects.filter(event=swiss.name).values_list("id", "white_id", "black_id", "started_at"))
    Game.objects.filter(event=swiss.name).update(ply=plies, white_moves=(plies + 1) // 2, black_moves=plies // 2)
    print(
        f"built the big Swiss: {size.swiss_players} players × {size.swiss_rounds} rounds, "
        f"{len(swiss_games):,} games, in {time.perf_counter() - t0:.1f} s"
    )
    others = build_championships(size.championships - 1, ids, now)

    t0 = time.perf_counter()
    russian = lines["russian"]

    def every_move():
        for row in rows:
            pick = lines[row[1]]
            yield from move_rows(row[0], pick[row[0] % len(pick)][0], row[4], row[5], row[14])
        for row in ongoing:
            yield from move_rows(row[0], lines[row[1]][row[0] % len(lines[row[1]])][0], row[4], row[5], row[14])
        for game_id, white, black, started in swiss_games:
            yield from move_rows(game_id, russian[game_id % len(russian)][0], white, black, started)

    moves = copy_rows(Move, MOVE_FIELDS, every_move())
    print(f"built {moves:,} moves ({plies} a game) in {time.perf_counter() - t0:.1f} s")
    if connection.vendor == "postgresql":
        t0 = time.perf_counter()
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")  # a live club's statistics and visibility map
        print(f"VACUUM ANALYZE in {time.perf_counter() - t0:.1f} s")
    return {"busy": busy, "swiss": swiss, "swiss_player": swiss_player, "others": others}


def build_championships(n: int, ids: list[int], now) -> int:
    """``n`` more championships through the project's service, of every state,
    16 entries each, every fourth a final after the one before it."""
    from django.contrib.auth.models import Group

    from club.championships import services
    from club.championships.models import Championship, Entry
    from members.models import Member

    t0 = time.perf_counter()
    organiser = Member.objects.create(username="organiser", display_name="Organiser")
    organiser.groups.add(*Group.objects.filter(name__in=["organiser", "member"]))
    states = ["finished", "running", "entries-open", "finished", "draft"]
    rng = random.Random(2029)
    previous = None
    for i in range(n):
        championship = services.championship_create(
            organiser=organiser,
            name=f"Club championship {i}",
            discipline="russian" if i % 3 else "renju",
            time_control="d3",
            now=now - timedelta(days=n - i),
        )
        Championship.objects.filter(pk=championship.pk).update(status=states[i % len(states)])
        Entry.objects.bulk_create(
            [
                Entry(championship=championship, member_id=m, start_number=k + 1)
                for k, m in enumerate(rng.sample(ids, 16))
            ]
        )
        if i % 4 == 3 and previous is not None:
            championship.previous_stages.add(previous)
        previous = championship
    print(f"built {n:,} more championships (16 entries each) in {time.perf_counter() - t0:.1f} s")
    return n


# ---- timing ------------------------------------------------------------------------------------------
def measure(client, url: str, repeat: int) -> tuple[int, float, float, int]:
    """(queries per request at most, p50 ms, p95 ms, bytes) of ``repeat`` GETs of ``url`` after a warm-up."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    walls, counts = [], []
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as queries:
            t0 = time.perf_counter()
            response = client.get(url)
            walls.append((time.perf_counter() - t0) * 1000)
        counts.append(len(queries))
    walls.sort()
    p95 = walls[max(0, math.ceil(0.95 * len(walls)) - 1)]  # nearest rank
    return max(counts), statistics.median(walls), p95, len(response.content)


def pages(built: dict) -> list[tuple[str, str, bool, int]]:
    """(what, url, logged in, target ms) of the targets' table."""
    swiss, busy, player = built["swiss"], built["busy"], built["swiss_player"]
    return [
        ("ratings list", "/ratings/", False, PAGE_MS),
        ("ratings list, renju blitz p.3", "/ratings/?discipline=renju&speed=blitz&page=3", False, PAGE_MS),
        ("ratings list, search", "/ratings/?q=member%2042", False, PAGE_MS),
        ("API game list", "/api/games/", False, PAGE_MS),
        ("API game list ?discipline=renju", "/api/games/?discipline=renju", False, PAGE_MS),
        ("API championship list", "/api/championships/", False, PAGE_MS),
        ("PDN export of the big Swiss", f"/championships/{swiss.pk}/export/games/", False, PAGE_MS),
        ("results page of the big Swiss", f"/championships/{swiss.pk}/results/", False, BIG_EVENT_MS),
        ("published-results API", f"/api/championships/{swiss.pk}/published/", False, BIG_EVENT_MS),
        ("player card", f"/championships/{swiss.pk}/players/{player.username}/", False, BIG_EVENT_MS),
        ("home, logged in", "/", True, PAGE_MS),
        ("a busy member's my games", "/play/mine/", True, PAGE_MS),
        ("rating chart (busy member)", f"/ratings/members/{busy.username}/", False, PAGE_MS),
    ]


def rediscover() -> dict:
    """What ``build`` returned, found again in a kept club."""
    from club.championships.models import Championship
    from members.models import Member

    swiss = Championship.objects.get(name="Swiss big")
    players = swiss.entries.count()
    return {
        "busy": Member.objects.get(username="busy"),
        "swiss": swiss,
        "swiss_player": Member.objects.get(username=f"big-p{players // 2:04d}"),
        "others": Championship.objects.count() - 1,
    }


def time_everything(built: dict, repeat: int, recompute: bool = True) -> None:
    from django.conf import settings
    from django.db import connection
    from django.test import Client

    from games.models import Game
    from ratings import services

    print(f"cache: {settings.CACHES['default']['BACKEND'].rsplit('.', 1)[-1]}; {load()} before the timing")
    print(quotable_line().replace("before the run", "before the timing"))
    if recompute:
        rated = Game.objects.filter(status="finished").count()
        t0 = time.perf_counter()
        done = services.ratings_recompute()
        seconds = time.perf_counter() - t0
        replayed = sum(done.values())
    if connection.vendor == "postgresql":
        # A rebuild rewrites millions of rows: let the database settle, as autovacuum
        # would within minutes, rather than time the pages beside its work.
        t0 = time.perf_counter()
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE ratings_rating, ratings_ratingchange")
        print(f"VACUUM ANALYZE of the ratings after the recompute in {time.perf_counter() - t0:.1f} s")
    anonymous, member = Client(), Client()
    member.force_login(built["busy"])
    rows = []
    for what, url, logged_in, target in pages(built):
        queries, p50, p95, size_bytes = measure(member if logged_in else anonymous, url, repeat)
        rows.append((what, queries, p50, p95, size_bytes, target))
    print(f"{load()} after the timing")
    print(quotable_line().replace("before the run", "after the timing"))

    print(f"\n{'what':34s} {'queries':>7s} {'p50 ms':>8s} {'p95 ms':>8s} {'KB':>7s} {'target':>9s}  verdict")
    for what, queries, p50, p95, size_bytes, target in rows:
        verdict = "met" if p95 < target else "NOT MET"
        print(f"{what:34s} {queries:7d} {p50:8.1f} {p95:8.1f} {size_bytes / 1024:7.0f} {target:6d} ms  {verdict}")
    if not recompute:
        print(f"{'full Elo recompute':34s} not timed (--no-recompute)")
        return
    per_million = seconds / replayed * 1_000_000
    measured = replayed >= 1_000_000
    verdict = "met" if per_million < RECOMPUTE_S else "NOT MET"
    print(
        f"{'full Elo recompute':34s} {replayed:,} of {rated:,} finished games in {seconds:.1f} s "
        f"({replayed / seconds:,.0f} games/s) on {connection.vendor}; 1 M games: {per_million:.0f} s"
        f"{'' if measured else ' (linear extrapolation, not measured)'}, target {RECOMPUTE_S} s: {verdict}"
    )


def run(size: Size, plies: int, repeat: int, lock: Lock) -> None:
    from django.db import connection

    from games.models import Move

    t0 = time.perf_counter()
    built = build(size, plies)
    print(
        f"built the club in {time.perf_counter() - t0:.0f} s on {connection.vendor}: "
        f"{size.members:,} members (+{size.swiss_players} Swiss players, busy, organisers), "
        f"{size.finished:,} finished games, {size.ongoing:,} ongoing correspondence games, "
        f"{built['others'] + 1} championships, {Move.objects.count():,} moves"
    )
    lock.hold(fcntl.LOCK_EX, "holding the machine lock exclusively while timing")
    time_everything(built, repeat)
    lock.hold(fcntl.LOCK_SH, "back to the shared lock for the clean-up")


def rerun(repeat: int, recompute: bool, lock: Lock) -> None:
    from games.models import Game, Move

    built = rediscover()
    print(
        f"the kept club: {Game.objects.count():,} games, {built['others'] + 1} championships, "
        f"{Move.objects.count():,} moves"
    )
    lock.hold(fcntl.LOCK_EX, "holding the machine lock exclusively while timing")
    time_everything(built, repeat, recompute=recompute)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", choices=SIZES, default="S")
    parser.add_argument(
        "--moves-per-game", type=int, help="legal moves in every game, at least 2 (default 53; tiny: 6)"
    )
    parser.add_argument("--repeat", type=int, default=20, help="timed requests per page")
    parser.add_argument("--lock", help="a flock file: shared while building, exclusive while timing")
    parser.add_argument("--keep", action="store_true", help="keep the built club as club_scale_<size> (PostgreSQL)")
    parser.add_argument("--reuse", metavar="DATABASE", help="time a club an earlier --keep run left")
    parser.add_argument("--no-recompute", action="store_true", help="with --reuse: do not time the recompute")
    args = parser.parse_args()
    if args.no_recompute and not args.reuse:
        parser.error("--no-recompute only with --reuse (a new club needs its ratings computed)")
    if args.moves_per_game is None:
        args.moves_per_game = 6 if args.size == "tiny" else 53
    if args.moves_per_game < 2:
        parser.error("--moves-per-game: at least 2 (each side moves, or no game is rated)")
    if args.size == "tiny":
        args.repeat = min(args.repeat, 2)
    size = SIZES[args.size]
    header()
    lock = Lock(args.lock)
    if args.reuse:
        on_kept_database(args.reuse, lambda: rerun(args.repeat, not args.no_recompute, lock))
        footer()
        return
    lock.hold(fcntl.LOCK_SH, f"holding {args.lock} shared while building")
    name = f"club_scale_{args.size.lower()}" + ("" if args.keep else f"_{os.getpid()}")
    work = lambda: run(size, args.moves_per_game, args.repeat, lock)  # noqa: E731
    on_throwaway_database("club-scale-", work, name=name, keep=args.keep)
    footer()


if __name__ == "__main__":
    main()
