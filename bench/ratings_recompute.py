"""Bench: rebuilding club ratings from the game history.

    .venv/bin/python bench/ratings_recompute.py                 # pure, 1,000,000 games
    .venv/bin/python bench/ratings_recompute.py --db 20000      # + database path on SQLite
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\
        .venv/bin/python bench/ratings_recompute.py --db 20000  # + database path on PostgreSQL
    .venv/bin/python bench/ratings_recompute.py --smoke         # CI's tiny run (both paths, SQLite)

1. Pure recompute (no database): ``--games`` finished games (default
   1,000,000) among ``--members`` members (default 5,000), spread over
   8 pools (2 disciplines × 4 speed classes), played by members of hidden
   strengths so that the ratings actually spread. Times
   ``ratings.recompute.replay`` producing the full per-game history (every
   ``GameChange`` is built and consumed, none kept) — the target is under 10 s.
2. Database recompute (``--db N``): a throw-away database (a temporary
   SQLite file, or a fresh ``club_bench_<pid>`` database next to the one
   DATABASE_URL names, dropped afterwards) is migrated and filled with N
   games among min(members, N/4) members; then it times
   ``ratings.services.ratings_recompute()`` (the ``manage.py ratings
   recompute`` path: read games, replay, write 2 history rows per game and the
   ratings) three ways: from an empty history (the first run), over the
   existing history (a second run: every pool's rows are deleted and written
   again, as on a live club), and ``rating_recompute_from_game`` from the
   middle game of the busiest pool (an arbiter's correction: half a pool
   replayed); then ``rating_apply_game`` for the last ``--incremental`` games
   (the per-game task path). The 1,000,000-game figure is extrapolated
   linearly from N and printed as such.

Figures of full runs: bench/results/ratings_recompute*.txt (each names its
commit and the machine's load).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.club_fill import DISCIPLINES, GAME_FIELDS, SPEEDS, copy_rows, finished_game_rows, rated_games  # noqa: E402
from bench.machine import footer, header  # noqa: E402
from bench.throwaway_db import database_setup, django_ready  # noqa: E402
from ratings.elo import EloConfig  # noqa: E402
from ratings.recompute import replay  # noqa: E402

PROFILE = False


def bench_pure(n_games: int, n_members: int) -> float:
    t0 = time.perf_counter()
    pools = rated_games(n_games, n_members)
    print(f"generated {n_games:,} games among {n_members:,} members in {time.perf_counter() - t0:.1f} s")
    config = EloConfig()
    t0 = time.perf_counter()
    changes = 0
    checksum = 0.0
    for games in pools:
        states: dict = {}
        for change in replay(games, states, config):
            changes += 1
            checksum += change.white_after - change.white_before
    elapsed = time.perf_counter() - t0
    print(
        f"pure recompute: {changes:,} games in {elapsed:.2f} s "
        f"({changes / elapsed:,.0f} games/s; checksum {checksum:.3f})"
    )
    return elapsed


def bench_database(n_games: int, n_members: int, incremental: int, url: str | None) -> None:
    where, cleanup = database_setup(url, prefix="ratings-bench-")
    try:
        django_ready()
        _bench_database_run(n_games, n_members, incremental, where)
    finally:
        cleanup()


def _bench_database_run(n_games: int, n_members: int, incremental: int, where: str) -> None:
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from games.models import Game
    from ratings import services
    from ratings.models import RatingChange

    Member = get_user_model()
    members = Member.objects.bulk_create([Member(username=f"bench{i}") for i in range(n_members)], batch_size=2000)
    ids = [m.pk for m in members]
    pools = rated_games(n_games, len(ids))
    # An hour apart and with both sides' moves, so every game is played and
    # rateable (ratings/eligibility.py), as the pure recompute assumes.
    rows = finished_game_rows(pools, ids, timezone.now() - timedelta(hours=n_games + 24))
    # The last `incremental` games are inserted after the recompute and applied
    # one by one, as the task path would.
    later = rows[len(rows) - incremental :] if incremental else []
    rows = rows[: len(rows) - len(later)]
    t0 = time.perf_counter()
    copy_rows(Game, GAME_FIELDS, rows)
    print(f"{where}: inserted {len(rows):,} games among {len(ids):,} members in {time.perf_counter() - t0:.1f} s")

    profiler = None
    if PROFILE:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    t0 = time.perf_counter()
    done = services.ratings_recompute()
    elapsed = time.perf_counter() - t0
    if profiler is not None:
        import pstats

        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    replayed = sum(done.values())
    assert RatingChange.objects.count() == 2 * replayed
    _print_recompute(f"database recompute ({connection.vendor}) from an empty history", replayed, elapsed)

    before = list(RatingChange.objects.order_by("pk").values_list("member_id", "rating_after")[:1000])
    t0 = time.perf_counter()
    done = services.ratings_recompute()
    elapsed = time.perf_counter() - t0
    again = sum(done.values())
    assert again == replayed and RatingChange.objects.count() == 2 * replayed
    after = list(RatingChange.objects.order_by("pk").values_list("member_id", "rating_after")[:1000])
    assert sorted(before) == sorted(after), "a recompute over its own history must change nothing"
    _print_recompute(f"database recompute ({connection.vendor}) over the existing history", again, elapsed)

    busiest = max(
        ((d, s) for d in DISCIPLINES for s in SPEEDS),
        key=lambda pool: Game.objects.filter(discipline=pool[0], speed=pool[1]).count(),
    )
    pool_games = list(
        Game.objects.filter(discipline=busiest[0], speed=busiest[1])
        .order_by("ended_at", "pk")
        .values_list("pk", flat=True)
    )
    middle = pool_games[len(pool_games) // 2]
    t0 = time.perf_counter()
    partial = services.rating_recompute_from_game(game_id=middle)
    elapsed = time.perf_counter() - t0
    print(
        f"arbiter's correction ({connection.vendor}): rating_recompute_from_game replayed {partial:,} of the "
        f"{len(pool_games):,} games of the {busiest[0]}/{busiest[1]} pool in {elapsed:.2f} s "
        f"({partial / elapsed if elapsed else float('inf'):,.0f} games/s)"
    )

    if later:
        copy_rows(Game, GAME_FIELDS, later)
        t0 = time.perf_counter()
        outcomes = [services.rating_apply_game(game_id=row[0]) for row in later]
        elapsed = time.perf_counter() - t0
        assert set(outcomes) == {services.APPLIED}, set(outcomes)
        print(
            f"incremental path: {len(later):,} games applied one transaction each in {elapsed:.2f} s "
            f"({elapsed / len(later) * 1000:.2f} ms per game)"
        )


def _print_recompute(what: str, replayed: int, elapsed: float) -> None:
    per_million = elapsed / replayed * 1_000_000
    print(
        f"{what}: {replayed:,} games in {elapsed:.2f} s ({replayed / elapsed:,.0f} games/s) -> about "
        f"{per_million:,.0f} s for 1,000,000 games (linear extrapolation, not measured)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--members", type=int, default=5_000)
    parser.add_argument("--db", type=int, default=0, metavar="N", help="also time the database path on N games")
    parser.add_argument("--incremental", type=int, default=500, help="games to time through rating_apply_game")
    parser.add_argument("--no-pure", action="store_true")
    parser.add_argument("--profile", action="store_true", help="cProfile the database recompute")
    parser.add_argument(
        "--smoke", action="store_true", help="CI's tiny run: 2,000 games pure, 400 on a temporary SQLite database"
    )
    args = parser.parse_args()
    global PROFILE
    PROFILE = args.profile
    if args.smoke:
        args.games, args.members, args.db, args.incremental = 2_000, 100, 400, 20
        os.environ.pop("DATABASE_URL", None)  # never a real database from CI's smoke run
    header()
    if not args.no_pure:
        bench_pure(args.games, args.members)
    if args.db:
        bench_database(
            args.db, min(args.members, max(2, args.db // 4)), args.incremental, os.environ.get("DATABASE_URL")
        )
    footer()


if __name__ == "__main__":
    main()
