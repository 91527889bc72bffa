"""A finished game's follow-up message reaches the broker and is then lost
(a Redis without persistence restarted, or flushed) before any worker took
it: the outbox knows it never ran (the row is not closed) and the beat's
sweep sends it again once GAMES_FOLLOWUP_RESEND_SECONDS have passed, so
the game's notices, rating and hooks still run, once each."""

import pytest

from club.notifications.models import Notification
from games.models import FollowupDone, Game, GameEvent
from games.services import game_resign
from tests.conftest import database_url_for_other_processes

from .conftest import celery_beat, celery_worker, stack_env, wait_for
from .play import seed_games

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_follow_ups_lost_from_the_broker_are_sent_again_and_run_once(club_broker, processes, tmp_path):
    game_id = seed_games(1, 1, "lost")[0][0]["id"]
    game = Game.objects.get(pk=game_id)
    game_resign(game_id=game_id, member=game.black)  # committed: its follow-ups go to the broker
    event = GameEvent.objects.get(game_id=game_id, kind="finished")
    assert event.dispatched_at is not None and event.followups_done_at is None
    assert int(club_broker.command("LLEN", "celery")) >= 1  # the game's one follow-up task, with the moves' notices

    club_broker.command("FLUSHALL")  # no worker has taken them: they are gone

    env = stack_env(
        database_url=database_url_for_other_processes(), redis_url=club_broker.url, GAMES_FOLLOWUP_RESEND_SECONDS="2"
    )
    processes += [celery_worker(env, "worker"), celery_beat(env, tmp_path)]
    assert wait_for(lambda: GameEvent.objects.filter(pk=event.pk, followups_done_at__isnull=False).exists(), 90), (
        "the lost follow-ups were not sent again"
    )
    assert not FollowupDone.objects.filter(game_id=game_id).exists()  # all ran: nothing to skip on a resend
    # The result notices of both players, once each (notify_game_finished ran).
    assert Notification.objects.filter(key=f"result:{game_id}").count() == 2
