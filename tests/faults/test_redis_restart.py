"""Redis killed and restarted while members play: every request either
succeeds or fails cleanly (503, never a 500 page), play goes on once Redis is
back, and the follow-up work of games that ended while it was down is not
lost — the GameEvent outbox enqueues it again (games.events)."""

import threading
import time

import pytest

from club.notifications.models import Notification
from games.models import Game, GameEvent, Move
from tests.conftest import database_url_for_other_processes

from .conftest import celery_beat, celery_worker, http_server, stack_env, wait_for
from .play import CONFLICT, OK, UNAVAILABLE, Player, half_written, http, seed_games

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_play_survives_a_redis_restart_and_no_follow_up_is_lost(fault_redis, processes, tmp_path):
    env = stack_env(database_url=database_url_for_other_processes(), redis_url=fault_redis.url)
    server, base = http_server(env)
    processes += [server, celery_worker(env, "worker"), celery_beat(env, tmp_path)]
    played, to_resign = seed_games(4, 10, "r"), seed_games(1, 3, "x")[0]
    stop = threading.Event()
    players = [Player(base, games, stop) for games in played]
    for player in players:
        player.start()
    time.sleep(3)

    fault_redis.kill()
    down_at = time.monotonic()
    # Games end while the broker is down: their follow-ups cannot be enqueued now.
    resigned = {
        game["id"]: http(base, "POST", f"/api/games/{game['id']}/resign/", game["tokens"]["black"])[0]
        for game in to_resign
    }
    time.sleep(3)
    fault_redis.start()
    up_at = time.monotonic()
    for game in to_resign:
        if resigned[game["id"]] not in OK:  # refused cleanly while Redis was down: resign again
            assert http(base, "POST", f"/api/games/{game['id']}/resign/", game["tokens"]["black"])[0] in OK
    assert wait_for(lambda: any(at > up_at and status == 201 for p in players for at, status, _ in p.answers), 60), [
        p.error for p in players
    ]
    stop.set()
    for player in players:
        player.join(30)

    assert [p.error for p in players] == [""] * len(players)
    answers = [(at, status, error) for p in players for at, status, error in p.answers]
    assert {status for _, status, _ in answers} <= OK | {CONFLICT, UNAVAILABLE}, answers
    assert set(resigned.values()) <= OK | {UNAVAILABLE}
    assert any(down_at <= at < up_at for at, _, _ in answers), "no move was tried while Redis was down"

    stored = {
        game["id"]: (
            Game.objects.get(pk=game["id"]).ply,
            list(Move.objects.filter(game_id=game["id"]).order_by("ply").values_list("notation", flat=True)),
        )
        for games in played
        for game in games
    }
    assert half_written(stored, players) == []

    # The outbox re-sends what the dead broker never got (after 30 s, by the beat's sweep).
    ended = [game["id"] for game in to_resign]
    assert wait_for(
        lambda: (
            not GameEvent.objects.filter(game_id__in=ended, dispatched_at__isnull=True).exists()
            and Notification.objects.filter(key__in=[f"result:{i}" for i in ended]).count() == 2 * len(ended)
        ),
        150,
    )
    assert GameEvent.objects.filter(game_id__in=ended, kind="finished").count() == len(ended)
