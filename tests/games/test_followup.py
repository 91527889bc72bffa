"""The end of every game enqueues its follow-up work once, on commit (docs/contracts.md)."""
import pytest
from celery import shared_task

from club.celery import app
from games.models import GameEvent
from games.services import Conflict, game_resign, games_sweep

from .conftest import at

FOLLOWED_UP: list[int] = []


@shared_task
def record_followup(game_id: int) -> None:
    FOLLOWED_UP.append(game_id)


@pytest.fixture
def eager_followups(settings):
    settings.GAME_FINISHED_TASKS = ["tests.games.test_followup.record_followup"]
    FOLLOWED_UP.clear()
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield FOLLOWED_UP
    app.conf.task_always_eager = previous


def test_a_resignation_enqueues_the_follow_up_once_after_commit(new_game, anna, eager_followups,
                                                                django_capture_on_commit_callbacks):
    game = new_game()
    with django_capture_on_commit_callbacks(execute=False) as pending:
        game_resign(game_id=game.pk, member=anna, now=at(5))
    assert eager_followups == []  # nothing runs before the commit
    for callback in pending:
        callback()
    assert eager_followups == [game.pk]
    with pytest.raises(Conflict):
        game_resign(game_id=game.pk, member=anna, now=at(6))
    assert eager_followups == [game.pk]
    assert GameEvent.objects.filter(game=game, kind="finished").count() == 1


def test_a_flag_fall_found_by_the_sweep_enqueues_it_too(new_game, eager_followups, django_capture_on_commit_callbacks):
    game = new_game(time_control="300")
    with django_capture_on_commit_callbacks(execute=True):
        games_sweep(now=at(301))
    with django_capture_on_commit_callbacks(execute=True):
        games_sweep(now=at(302))
    assert eager_followups == [game.pk]
