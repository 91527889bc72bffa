"""A real Celery worker process, over Redis, ends an overdue game in PostgreSQL.

This is the production path of adjudication (the foundation's CI
proof): beat would enqueue the sweep; here the test enqueues it itself.
"""

import time
from datetime import UTC, datetime, timedelta

import pytest

from games.models import Game
from games.services import game_create
from games.tasks import games_sweep_task
from members.models import Member

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_worker_process_ends_an_overdue_game_through_redis(celery_worker_process):
    white = Member.objects.create_user("worker-white", password="x")
    black = Member.objects.create_user("worker-black", password="x")
    long_ago = datetime.now(UTC) - timedelta(hours=1)
    # A scheduled start puts white's first move on the clock (a challenge's first move is not).
    game = game_create(
        white=white, black=black, discipline="russian", time_control="300", now=long_ago, starts_at=long_ago
    )

    games_sweep_task.delay()

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        game.refresh_from_db()
        if game.status != Game.Status.ONGOING:
            break
        time.sleep(0.2)
    # 1.7.9: white's flag fell without a move; black wins on time.
    assert game.result == "0-1"
    assert game.termination == "time"
