"""Bench: each hand-written SQL statement against its ORM equivalent, on PostgreSQL.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python bench/hand_sql.py
    DATABASE_URL=... .venv/bin/python bench/hand_sql.py --smoke     # CI's tiny run

A fresh ``club_bench_<pid>`` database next to the one DATABASE_URL names is
migrated (dropped afterwards), with the connection options of production
(club/site/settings.py: server-side binding, statements prepared after five runs):
both sides of each pair therefore run as psycopg's prepared statements, and
what is left between them is the ORM's own cost in Python (compiling the
query, building instances) and round trips.

Pairs, each on the same data:

* ``token``: the API's token check (members/api/authentication.py), token ⋈
  member by the digest, vs ``AuthToken.objects.select_related("user")``;
* ``game lock``: SELECT … FOR UPDATE of the game row, vs
  ``Game.objects.select_for_update().get``;
* ``pauses``: both players' vacations that matter to a correspondence turn,
  vs ``Vacation.objects.filter(...).values_list``;
* ``move store``: the move's INSERT as a data-modifying CTE of the game's
  UPDATE (one round trip), vs ``Move.save`` + ``Game.objects.update``;
* ``history rows``: a rebuild's rating history, ``--rows`` rows through COPY,
  vs ``RatingChange.objects.bulk_create``.

The hand-written side is the code's own (foundation/sql.py, games/sql.py,
ratings/sql.py); the ORM side, here, is what each statement stands for.

Method: ``--warmup`` calls of each side first (connections, prepared
statements, caches), then ``--repeats`` rounds alternating the two sides, each
round ``--calls`` calls inside one transaction that is rolled back (the data
stay the same); per call the median and the best round, in microseconds.

Figures: bench/results/hand_sql-2026-12-01.txt (with the run's load average).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import footer, header  # noqa: E402
from bench.throwaway_db import postgres_url_required  # noqa: E402


def _database_setup(url: str) -> Callable[[], None]:
    import psycopg

    base = url.rsplit("/", 1)[0]
    name = f"club_bench_{os.getpid()}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    os.environ["DATABASE_URL"] = f"{base}/{name}"

    def drop() -> None:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')

    return drop


def timed(fn: Callable[[], object], calls: int) -> float:
    """Microseconds per call of ``calls`` calls in one transaction, rolled back."""
    from django.db import transaction

    with transaction.atomic():
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        elapsed = time.perf_counter() - start
        transaction.set_rollback(True)
    return elapsed / calls * 1e6


def compare(name: str, hand: Callable, orm: Callable, *, calls: int, warmup: int, repeats: int) -> None:
    for fn in (hand, orm):
        timed(fn, warmup)
    rounds: dict[str, list[float]] = {"hand": [], "orm": []}
    for _ in range(repeats):
        rounds["hand"].append(timed(hand, calls))
        rounds["orm"].append(timed(orm, calls))
    med = {side: statistics.median(values) for side, values in rounds.items()}
    best = {side: min(values) for side, values in rounds.items()}
    print(
        f"{name:<13} hand {med['hand']:8.1f} µs (best {best['hand']:8.1f})   "
        f"ORM {med['orm']:8.1f} µs (best {best['orm']:8.1f})   "
        f"ORM/hand {med['orm'] / med['hand']:.2f}, saves {med['orm'] - med['hand']:.1f} µs per call"
    )


def run(args) -> None:
    from datetime import timedelta
    from itertools import count

    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone
    from knox.crypto import hash_token
    from knox.models import AuthToken

    from games import sql as games_sql
    from games.models import Game, Move, Vacation
    from games.services import game_create
    from members.sql import token_with_member
    from ratings.models import RatingChange
    from ratings.services import _HISTORY_FIELDS
    from ratings.sql import rows_insert

    Member = get_user_model()
    anna, boris = Member.objects.create(username="anna"), Member.objects.create(username="boris")
    _, key = AuthToken.objects.create(anna)
    now = timezone.now()
    game = game_create(discipline="russian", white=anna, black=boris, time_control="d3", now=now - timedelta(hours=5))
    for member in (anna, boris):
        for days in range(1, 6):  # past vacations (filtered out) and one running
            Vacation.objects.create(
                member=member, starts_at=now - timedelta(days=days * 10), ends_at=now - timedelta(days=days * 10 - 2)
            )
        Vacation.objects.create(member=member, starts_at=now - timedelta(hours=1), ends_at=now + timedelta(days=1))
    game.refresh_from_db()
    players, since = (game.white_id, game.black_id), game.turn_started_at

    def token_orm():
        return AuthToken.objects.select_related("user").filter(digest=hash_token(key)).first()

    def pauses_orm():
        return list(
            Vacation.objects.filter(member_id__in=players, ends_at__gt=since)
            .order_by()
            .values_list("member_id", "starts_at", "ends_at")
        )

    def store_hand():
        with connection.cursor() as cursor:
            games_sql.move_store(cursor, move(), game)

    def store_orm():
        move().save(force_insert=True)
        Game.objects.filter(pk=game.pk).update(**{name: getattr(game, name) for name in games_sql.MOVE_GAME_FIELDS})

    assert token_with_member(hash_token(key)).user == token_orm().user == anna
    assert sorted(games_sql.vacations_ending_after(players, since)) == sorted(pauses_orm())

    plies = count(1)

    def move() -> Move:
        game.ply = next(plies)
        return Move(
            game=game,
            ply=game.ply,
            notation="c3-d4",
            colour="white",
            member=anna,
            played_at=now,
            elapsed_ms=5,
            clock_ms=9,
        )

    rows = history_rows(game, anna, boris, connection.ops.adapt_datetimefield_value(now), args.rows)
    names = [RatingChange._meta.get_field(name).attname for name in _HISTORY_FIELDS]
    print(f"# PostgreSQL {connection.pg_version}, options {connection.settings_dict.get('OPTIONS')}")
    print(
        f"# {args.calls} calls a round (one load of history rows), {args.repeats} rounds, "
        f"{args.warmup} warm-up calls; µs per call (median of rounds, best round)"
    )
    kw = {"calls": args.calls, "warmup": args.warmup, "repeats": args.repeats}
    compare("token", lambda: token_with_member(hash_token(key)), token_orm, **kw)
    compare(
        "game lock",
        lambda: games_sql.game_row_for_update(game.pk),
        lambda: Game.objects.select_for_update().filter(pk=game.pk).first(),
        **kw,
    )
    compare("pauses", lambda: games_sql.vacations_ending_after(players, since), pauses_orm, **kw)
    compare("move store", store_hand, store_orm, **kw)
    compare(
        f"history {args.rows}",
        lambda: rows_insert(RatingChange, _HISTORY_FIELDS, rows),
        lambda: RatingChange.objects.bulk_create([RatingChange(**dict(zip(names, row, strict=True))) for row in rows]),
        calls=1,  # one load a round: its rows are unique
        warmup=1,
        repeats=args.repeats,
    )
    assert Game.objects.filter(pk=game.pk, ply=0).exists()  # every round was rolled back


def history_rows(game, white, black, at, n: int) -> list[tuple]:
    """``n`` rating history rows, two per game; the game ids beyond ``game``
    exist in no table, which the deferred foreign keys never check: every
    round is rolled back."""
    rows = []
    for i in range(n // 2):
        before = 1500.0 + i % 97
        common = ("russian", "correspondence", at)
        rows.append((game.pk + i, white.pk, black.pk, *common, "white", 1.0, 0.5, 20.0, before, before + 10, 1490.0, i))
        rows.append((game.pk + i, black.pk, white.pk, *common, "black", 0.0, 0.5, 20.0, 1490.0, 1480.0, before, i))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--rows", type=int, default=2000)
    parser.add_argument("--smoke", action="store_true", help="a tiny run (CI): a few calls, a few rows")
    args = parser.parse_args()
    if args.smoke:
        args.calls, args.warmup, args.repeats, args.rows = 20, 10, 2, 100
    url = postgres_url_required("the statements are measured there")
    header()
    drop = _database_setup(url)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.site.settings")
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        run(args)
    finally:
        drop()
    footer()


if __name__ == "__main__":
    main()
