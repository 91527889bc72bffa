"""A Celery worker killed (SIGKILL) in the middle of a task: the adjudication
sweep, a rating update, a standings recompute. Its transaction never commits,
its message stays unacknowledged in Redis (acks_late), and the next worker
takes it back after the visibility timeout: every piece of work is done,
exactly once.

"In the middle" for real: the test holds a row lock the task needs after it
has already written inside its transaction, waits until the worker's
PostgreSQL backend is waiting on that lock, then kills the worker.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from club.championships import services as championships
from club.championships.models import Board, Standings
from club.notifications.models import Notification
from games.models import Game, GameEvent
from games.services import game_check_in, game_create, game_move_make, game_resign
from games.tasks import games_sweep_task
from ratings.models import Rating, RatingChange
from tests.conftest import database_url_for_other_processes

from .conftest import celery_worker, killed_mid_task, lock_held, stack_env, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_work_cut_off_by_a_killed_worker_is_done_exactly_once_by_the_next(
    club_broker, processes, make_championship, players, staff
):
    env = stack_env(database_url=database_url_for_other_processes(), redis_url=club_broker.url)
    white, black = players[0], players[1]
    # A scheduled start an hour ago: white's clock has run out since (a rated time loss).
    long_ago = timezone.now() - timedelta(hours=1)
    game = game_create(
        white=white, black=black, discipline="russian", time_control="300", now=long_ago, starts_at=long_ago
    )
    # Each side moves (a rated game needs it: ratings/eligibility.py), then white's flag falls.
    for member in (white, black):  # both at the board: white moves once black is there (1.6.3)
        game_check_in(game_id=game.pk, member=member, now=long_ago)
    for ply, (member, text) in enumerate([(white, "c3-d4"), (black, "f6-g5")]):
        game_move_make(
            game_id=game.pk, member=member, text=text, expected_ply=ply, now=long_ago + timedelta(seconds=ply + 1)
        )
    # White's rating row exists, so applying the game updates a row the test can hold.
    Rating.objects.create(member=white, discipline="russian", speed=game.speed, rating=1500)
    championship = make_championship(players[2:4])
    championships.round_pair(by=staff["arbiter"], championship_id=championship.pk)
    championships.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1)
    board = Board.objects.get(round__championship=championship)
    championships.standings_recompute(championship_id=championship.pk)
    table_before = Standings.objects.get(championship=championship).results_version

    # 1. Adjudication: the sweep has ended the game in its transaction and
    #    waits to insert the game's "finished" event when its worker dies.
    with lock_held(
        "INSERT INTO games_gameevent (game_id, kind, ply, data, created_at) VALUES (%s, 'finished', 0, '{}', now())",
        game.pk,
    ):
        games_sweep_task.delay()
        processes.append(celery_worker(env, "first"))
        killed_mid_task(processes[-1])
    game.refresh_from_db()
    assert game.status == Game.Status.ONGOING and not GameEvent.objects.filter(game=game).exists()

    # 2. Rating: the next worker takes the sweep back (no beat runs here), ends
    #    the game, and dies applying it, its history rows written, uncommitted.
    with lock_held("SELECT 1 FROM ratings_rating WHERE member_id = %s FOR UPDATE", white.pk):
        processes.append(worker := celery_worker(env, "second"))
        assert wait_for(lambda: Game.objects.get(pk=game.pk).status == Game.Status.FINISHED)
        killed_mid_task(worker)
    assert not RatingChange.objects.filter(game=game).exists()

    # 3. Standings: a championship game ends; the third worker records its
    #    board and dies writing the table.
    with lock_held("SELECT 1 FROM championships_standings WHERE championship_id = %s FOR UPDATE", championship.pk):
        game_resign(game_id=board.game_id, member=board.black)  # its follow-ups go to the broker on commit
        processes.append(worker := celery_worker(env, "third"))
        assert wait_for(lambda: Board.objects.get(pk=board.pk).result == "1-0")
        killed_mid_task(worker)
    assert Standings.objects.get(championship=championship).results_version == table_before

    processes.append(celery_worker(env, "fourth"))
    assert wait_for(
        lambda: (
            club_broker.command("LLEN", "celery") == "0"
            and club_broker.command("HLEN", "unacked") == "0"
            and Standings.objects.get(championship=championship).results_version != table_before
        )
    )

    # Each piece of work exactly once: one end, one rating change per player
    # (white's row counts one game), one result notice each, one table.
    game.refresh_from_db()
    assert (game.result, game.termination) == ("0-1", "time")
    assert GameEvent.objects.filter(game=game, kind="finished").count() == 1
    assert sorted(RatingChange.objects.filter(game=game).values_list("member_id", flat=True)) == sorted(
        [white.pk, black.pk]
    )
    assert Rating.objects.get(member=white, discipline="russian", speed=game.speed).games == 1
    assert Notification.objects.filter(key=f"result:{game.pk}").count() == 2
    assert GameEvent.objects.filter(game_id=board.game_id, kind="finished").count() == 1
    points = {row["id"]: row["points"] for row in Standings.objects.get(championship=championship).rows}
    assert points == {board.white_id: 1, board.black_id: 0}
