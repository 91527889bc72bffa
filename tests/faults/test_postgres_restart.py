"""PostgreSQL stopped hard (immediate shutdown: crash recovery on the next
start) and started again while members play: requests fail with a clear 503
(the API's JSON error, not a 500 page), nothing is half-written (every game's
stored moves replay and hold every move answered 201), and the server serves
again by itself, with no restart of its own."""

import json
import subprocess
import sys
import threading
import time

import psycopg
import pytest

from tests.conftest import ROOT

from .conftest import http_server, stack_env, wait_for
from .play import CONFLICT, OK, UNAVAILABLE, Player, half_written

pytestmark = [pytest.mark.services]


def test_a_postgres_restart_under_play_gives_503s_then_service_and_no_half_written_game(
    fault_postgres, fault_redis, processes
):
    seeded = subprocess.run(
        [sys.executable, "-m", "tests.faults.play", fault_postgres.url, "3", "10"],
        cwd=ROOT,
        env=stack_env(database_url=fault_postgres.url, redis_url=fault_redis.url),
        capture_output=True,
        text=True,
        check=True,
    )
    played = json.loads(seeded.stdout.strip().splitlines()[-1])
    server, base = http_server(stack_env(database_url=fault_postgres.url, redis_url=fault_redis.url))
    processes.append(server)
    stop = threading.Event()
    players = [Player(base, games, stop) for games in played]
    for player in players:
        player.start()
    time.sleep(3)

    down_at = time.monotonic()
    fault_postgres.crash()
    time.sleep(3)
    fault_postgres.start()
    up_at = time.monotonic()
    assert wait_for(lambda: any(at > up_at and status == 201 for p in players for at, status, _ in p.answers), 60), [
        p.error for p in players
    ]
    stop.set()
    for player in players:
        player.join(30)

    assert [p.error for p in players] == [""] * len(players)
    answers = [answer for p in players for answer in p.answers]
    assert {status for _, status, _ in answers} <= OK | {CONFLICT, UNAVAILABLE}, answers
    refused = [(at, error) for at, status, error in answers if status == UNAVAILABLE]
    assert refused, "no request met the stopped database"
    assert {error for _, error in refused} == {"service-unavailable"}
    assert all(down_at <= at for at, _ in refused)

    with psycopg.connect(fault_postgres.url) as db:
        stored = {
            game["id"]: (
                db.execute("SELECT ply FROM games_game WHERE id = %s", [game["id"]]).fetchone()[0],
                [
                    row[0]
                    for row in db.execute(
                        "SELECT notation FROM games_move WHERE game_id = %s ORDER BY ply", [game["id"]]
                    )
                ],
            )
            for games in played
            for game in games
        }
    assert half_written(stored, players) == []
