"""A correspondence section played all at once with its Celery
worker killed (SIGKILL) in the middle of recording a result: the next worker
takes the work back (acks_late) and every game of the section counts once —
its board result, both players' rating changes, the table — while the
section's other games go on."""

from collections import Counter

import pytest

from club.championships import services as championships
from club.championships.models import Board, Championship, Standings
from games.models import Game
from games.services import game_move_make, game_resign
from ratings.models import RatingChange
from tests.conftest import database_url_for_other_processes

from .conftest import celery_worker, killed_mid_task, lock_held, stack_env, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_sections_results_count_once_across_a_killed_worker(
    club_broker, processes, make_championship, players, staff
):
    env = stack_env(database_url=database_url_for_other_processes(), redis_url=club_broker.url)
    championship = make_championship(players[:4], play_mode="all-at-once", rated=True)
    championships.section_start(by=staff["chief"], championship_id=championship.pk)
    boards = list(Board.objects.filter(round__championship=championship).select_related("game"))
    assert len(boards) == 6 and {b.game.status for b in boards} == {Game.Status.ONGOING}  # all at once (ICCF 0.3)
    first, second = boards[0], boards[-1]
    for board in (first, second):  # each side moves: rated games (ratings/eligibility.py)
        for ply, (member, text) in enumerate([(board.white, "c3-d4"), (board.black, "f6-g5")]):
            game_move_make(game_id=board.game_id, member=member, text=text, expected_ply=ply)
    championships.standings_recompute(championship_id=championship.pk)
    table_before = Standings.objects.get(championship=championship).results_version

    # The first worker records the board and dies writing the table.
    with lock_held("SELECT 1 FROM championships_standings WHERE championship_id = %s FOR UPDATE", championship.pk):
        game_resign(game_id=first.game_id, member=first.black)  # its follow-ups go to the broker on commit
        processes.append(worker := celery_worker(env, "first"))
        assert wait_for(lambda: Board.objects.get(pk=first.pk).result == "1-0")
        killed_mid_task(worker)
    assert Standings.objects.get(championship=championship).results_version == table_before

    # Meanwhile another game of the section ends; the next worker does both.
    game_resign(game_id=second.game_id, member=second.white)
    processes.append(celery_worker(env, "second"))
    assert wait_for(
        lambda: (
            club_broker.command("LLEN", "celery") == "0"
            and club_broker.command("HLEN", "unacked") == "0"
            and Board.objects.get(pk=second.pk).result == "0-1"
            and Standings.objects.get(championship=championship).results_version != table_before
        )
    )

    for board in (first, second):
        changes = RatingChange.objects.filter(game_id=board.game_id)
        assert sorted(changes.values_list("member_id", flat=True)) == sorted([board.white_id, board.black_id])
    points = {row["id"]: row["points"] for row in Standings.objects.get(championship=championship).rows}
    winners = Counter([first.white_id, second.black_id])  # a win each, once
    assert {pid: p for pid, p in points.items() if p} == dict(winners)
    assert (
        Game.objects.filter(championship_board__round__championship=championship, status=Game.Status.ONGOING).count()
        == 4
    )
    assert Championship.objects.get(pk=championship.pk).status == Championship.Status.RUNNING
