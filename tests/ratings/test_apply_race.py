"""The rating task runs at most once per game, even when delivered twice at once.

The requirement: "a test that runs the rating task twice, and in two workers at once,
for the same game: one change per player". Races are run for real (threads,
then real Celery worker processes), not simulated: on PostgreSQL the pool
row's SELECT … FOR UPDATE and the unique (game, member) constraint decide;
on SQLite, IMMEDIATE transactions serialise the writers.
"""

import time
from datetime import timedelta

import pytest
from django.db import close_old_connections, connection

from ratings import services, tasks
from ratings.models import Rating, RatingChange
from tests.concurrency import run_at_once
from tests.conftest import _wait_until_worker_ready  # noqa: F401  (shared worker start-up check)
from tests.ratings.conftest import T0, make_game, make_member


@pytest.mark.django_db(transaction=True)
def test_the_task_run_twice_for_the_same_game_makes_one_change_per_player():
    alice, boris = make_member("alice"), make_member("boris")
    game = make_game(alice, boris, "1-0")
    assert tasks.rating_apply_game(game.pk) == services.APPLIED
    assert tasks.rating_apply_game(game.pk) == services.ALREADY_APPLIED
    assert RatingChange.objects.filter(game=game).count() == 2
    assert Rating.objects.get(member=alice).games == 1


@pytest.mark.django_db(transaction=True)
def test_two_workers_applying_the_same_game_at_once_make_one_change_per_player():
    alice, boris = make_member("alice"), make_member("boris")
    for day in range(5):  # a few rounds: the race has more than one way to go (a day apart: eligibility rule 2)
        game = make_game(alice, boris, "1-0", ended_at=T0 + timedelta(days=day))
        outcomes = run_at_once(*[lambda: tasks.rating_apply_game(game.pk)] * 2)
        assert sorted(outcomes) == [services.ALREADY_APPLIED, services.APPLIED]
        assert RatingChange.objects.filter(game=game).count() == 2
    assert Rating.objects.get(member=alice).games == 5
    assert Rating.objects.get(member=boris).games == 5


@pytest.mark.django_db(transaction=True)
def test_two_workers_applying_two_games_of_one_pool_at_once_keep_the_end_order():
    alice, boris, vera = make_member("alice"), make_member("boris"), make_member("vera")
    first = make_game(alice, boris, "1-0", minute=1)
    second = make_game(boris, vera, "1-0", minute=2)
    run_at_once(lambda: tasks.rating_apply_game(second.pk), lambda: tasks.rating_apply_game(first.pk))
    change = RatingChange.objects.get(game=second, member=boris)
    assert change.rating_before == 1480  # boris's loss in the first game counted first
    assert RatingChange.objects.count() == 4


@pytest.mark.services
def test_two_celery_workers_given_the_same_game_four_times_make_one_change_per_player(transactional_db):
    """Real workers on Redis and PostgreSQL (docker-less CI runs them as services)."""
    import os
    import subprocess
    import sys

    from django.conf import settings

    from tests.conftest import ROOT

    db = connection.settings_dict
    env = dict(
        os.environ,
        DATABASE_URL=f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}",
        CELERY_TASK_ALWAYS_EAGER="0",
    )
    queue = f"ratings-race-{os.getpid()}"
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "club",
                "worker",
                "--pool=solo",
                "--loglevel=INFO",
                "-Q",
                queue,
                "-n",
                f"race{i}@%h",
                "--without-heartbeat",
                "--without-gossip",
                "--without-mingle",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for i in range(2)
    ]
    try:
        for worker in workers:
            _wait_until_worker_ready(worker)
        assert not settings.CELERY_TASK_ALWAYS_EAGER
        alice, boris = make_member("alice"), make_member("boris")
        games = [make_game(alice, boris, "1-0"), make_game(boris, alice, "1/2-1/2")]
        for game in games:
            for _ in range(4):  # a duplicated delivery, twice over, for each game
                tasks.rating_apply_game.apply_async((game.pk,), queue=queue)
        deadline = time.monotonic() + 60
        while RatingChange.objects.count() < 4 and time.monotonic() < deadline:
            time.sleep(0.2)
        # Let the remaining duplicate deliveries run, then check nothing more was written.
        from club.site.celery import app

        with app.connection_for_write() as conn:
            redis = conn.default_channel.client
            # Queued, or delivered but not yet acknowledged (acks_late): still to run.
            while (redis.llen(queue) or redis.hlen("unacked")) and time.monotonic() < deadline:
                time.sleep(0.2)
        for game in games:
            assert RatingChange.objects.filter(game=game).count() == 2
        assert Rating.objects.get(member=alice).games == 2
        close_old_connections()
    finally:
        for worker in workers:
            worker.terminate()
        for worker in workers:
            try:
                worker.wait(timeout=20)
            except subprocess.TimeoutExpired:
                worker.kill()
