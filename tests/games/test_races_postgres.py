"""Races for real on PostgreSQL (run with DATABASE_URL=postgres://…):

* two clients submit different moves to the same position at the same
  moment, 200 times: exactly one wins each time, the other gets a conflict,
  and the move list never has a gap or a duplicate;
* the sweep runs in two worker processes at once over the same 500 overdue
  games: each game ends once, with one result and one follow-up.
"""

import json
import os
import subprocess
import sys
import threading
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection, connections

from games.models import Game, GameEvent, Move
from games.rules import variant
from games.services import Conflict, game_check_in, game_create, game_move_make

from .conftest import T0

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="needs PostgreSQL: set DATABASE_URL=postgres://postgres@127.0.0.1:5432/club",
    ),
]
ROOT = Path(__file__).resolve().parents[2]


def _two_at_once(game_id: int, member, ply: int, texts: list[str]) -> list:
    barrier = threading.Barrier(2)
    outcomes = [None, None]

    def client(i):
        try:
            barrier.wait()
            outcomes[i] = game_move_make(
                game_id=game_id, member=member, text=texts[i], expected_ply=ply, idempotency_key=f"{ply}-{i}"
            )
        except Conflict as conflict:
            outcomes[i] = conflict
        finally:
            connections.close_all()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_two_clients_racing_for_the_same_ply_200_times_one_wins_each_time(anna, boris):
    v = variant("russian")
    races, game = 0, None
    while races < 200:
        if game is None or game.status != Game.Status.ONGOING:
            game = game_create(discipline="russian", white=anna, black=boris, time_control="d14")
            p = v.start()
        member = anna if game.to_move == "white" else boris
        legal = [m.notation for m in v.legal_moves(p)]
        texts = (legal + legal)[:2] if len(legal) < 2 else legal[:2]
        outcomes = _two_at_once(game.pk, member, game.ply, texts)
        wins = [o for o in outcomes if not isinstance(o, Conflict)]
        conflicts = [o for o in outcomes if isinstance(o, Conflict)]
        assert len(wins) == 1 and len(conflicts) == 1, outcomes
        assert conflicts[0].code in ("stale-ply", "game-over")  # game-over when the winner's move ended it
        game.refresh_from_db()
        p = v.play(p, wins[0].move.notation)
        races += 1
    for g in Game.objects.all():
        plies = list(Move.objects.filter(game=g).order_by("ply").values_list("ply", flat=True))
        assert plies == list(range(1, g.ply + 1))  # no gap, no duplicate


SWEEPER = """
import json, os, sys, time
import django
django.setup()
from django.utils.dateparse import parse_datetime
from games.events import outbox
from games.services import games_sweep

followups = []
outbox.game_finished = followups.append  # record each game's follow-up instead of enqueueing it
start = float(sys.argv[2])
while time.time() < start:
    time.sleep(0.005)
ended = 0
while True:
    n = games_sweep(now=parse_datetime(sys.argv[1]), limit=50)
    ended += n
    if n == 0:
        from games.models import Game
        if not Game.objects.filter(status="active", deadline__isnull=False).exists():
            break
print(json.dumps({"ended": ended, "followups": followups}))
"""


def _two_sweepers(now) -> list[dict]:
    """Run the sweep in two processes at once at ``now``; their reports."""
    settings = connection.settings_dict
    url = f"postgres://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/{settings['NAME']}"
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "CELERY_TASK_ALWAYS_EAGER": "1",
        "DJANGO_SETTINGS_MODULE": "club.site.settings",
        "CELERY_BROKER_URL": "memory://",
    }
    env.pop("REDIS_URL", None)
    import time

    start = time.time() + 4  # both processes are set up by then and begin together
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", SWEEPER, now.isoformat(), str(start)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    reports = []
    for w in workers:
        out, err = w.communicate(timeout=300)
        assert w.returncode == 0, err
        reports.append(json.loads(out.strip().splitlines()[-1]))
    return reports


@pytest.mark.django_db(transaction=True)
def test_two_sweepers_end_each_of_500_overdue_games_once(anna, boris, tmp_path):
    Game.objects.bulk_create(
        [
            Game(
                discipline="russian",
                white=anna,
                black=boris,
                speed="blitz",
                time_control="300",
                white_ms=300_000,
                black_ms=300_000,
                turn_started_at=T0,
                deadline=T0 + timedelta(seconds=300),
                to_move="white",
                started_at=T0,
                starts_at=T0,
            )  # scheduled: white's first move is on the clock
            for _ in range(500)
        ]
    )
    reports = _two_sweepers(T0 + timedelta(seconds=400))
    ended = [r["ended"] for r in reports]
    followups = [gid for r in reports for gid in r["followups"]]
    print("games ended by each sweeper:", ended)
    assert sum(ended) == 500
    assert sorted(followups) == sorted(Game.objects.values_list("pk", flat=True))  # one follow-up per game
    assert Game.objects.filter(status="finished", result="0-1", termination="time").count() == 500
    assert GameEvent.objects.filter(kind="finished").count() == 500


# 1.9.1: the lateness forfeit is adjudicated once, like a flag fall
@pytest.mark.django_db(transaction=True)
def test_two_sweepers_forfeit_each_of_200_absent_players_once(anna, boris):
    for _ in range(200):
        game = game_create(
            discipline="russian",
            white=anna,
            black=boris,
            time_control="2700",
            starts_at=T0,
            lateness_ms=600_000,
            now=T0 - timedelta(hours=1),
        )
        game_check_in(game_id=game.pk, member=boris, now=T0)  # black is at the board, white never comes
    reports = _two_sweepers(T0 + timedelta(minutes=11))
    followups = [gid for r in reports for gid in r["followups"]]
    assert sum(r["ended"] for r in reports) == 200
    assert sorted(followups) == sorted(Game.objects.values_list("pk", flat=True))
    assert Game.objects.filter(status="finished", result="-/+", termination="forfeit").count() == 200
    assert GameEvent.objects.filter(kind="finished").count() == 200
