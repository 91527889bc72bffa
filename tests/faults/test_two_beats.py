"""Two beat schedulers running at once (a deploy that started a second one):
both enqueue the sweep every few seconds, two workers run them side by side,
and still each overdue game ends once and each follow-up runs once."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from club.notifications.models import Notification
from games.models import Game, GameEvent
from games.services import game_check_in, game_create, game_move_make
from ratings.models import Rating, RatingChange
from tests.conftest import database_url_for_other_processes, make_member

from .conftest import celery_beat, celery_worker, stack_env, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

GAMES = 12


def test_two_beats_end_each_overdue_game_once_and_run_each_follow_up_once(fault_redis, processes, tmp_path):
    long_ago = timezone.now() - timedelta(hours=1)
    # Scheduled an hour ago; each side moved, then white's flag fell (rated time losses). A pair of
    # members per game: a pair's repeat games count two a day (ratings/eligibility.py).
    pairs = [(make_member(f"beat-white-{i}"), make_member(f"beat-black-{i}")) for i in range(GAMES)]
    games = []
    for i, (white, black) in enumerate(pairs):
        start = long_ago + timedelta(seconds=i)
        game = game_create(
            white=white, black=black, discipline="russian", time_control="300", now=long_ago, starts_at=start
        )
        for member in (white, black):  # both at the board: white moves once black is there (1.6.3)
            game_check_in(game_id=game.pk, member=member, now=start)
        for ply, (member, text) in enumerate([(white, "c3-d4"), (black, "f6-g5")]):
            game_move_make(
                game_id=game.pk, member=member, text=text, expected_ply=ply, now=start + timedelta(seconds=ply + 1)
            )
        games.append(game)
    env = stack_env(database_url=database_url_for_other_processes(), redis_url=fault_redis.url)
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        processes.append(celery_beat(env, tmp_path / name))
        processes.append(celery_worker(env, f"worker-{name}"))

    ids = [game.pk for game in games]
    assert wait_for(
        lambda: (
            RatingChange.objects.filter(game_id__in=ids).count() == 2 * GAMES
            and Notification.objects.filter(key__in=[f"result:{i}" for i in ids]).count() == 2 * GAMES
        )
    )
    time.sleep(7)  # two more sweeps of each beat (every 3 s): nothing may change any more

    assert Game.objects.filter(pk__in=ids, status=Game.Status.FINISHED, result="0-1").count() == GAMES
    assert GameEvent.objects.filter(game_id__in=ids, kind="finished").count() == GAMES
    assert RatingChange.objects.filter(game_id__in=ids).count() == 2 * GAMES
    speed = games[0].speed
    players = [member for pair in pairs for member in pair]
    assert list(
        Rating.objects.filter(member__in=players, discipline="russian", speed=speed).values_list("games", flat=True)
    ) == [1] * (2 * GAMES)
