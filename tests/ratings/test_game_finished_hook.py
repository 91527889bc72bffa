"""A game ended through the game server reaches the ratings once, after commit.

docs/contracts.md: every end goes through games.services.game_finish, which
on commit enqueues each task of settings.GAME_FINISHED_TASKS — ours among them.
"""
import pytest
from django.db import transaction

from games.models import Game
from games.services import Ending, game_finish
from ratings.models import Rating, RatingChange
from tests.ratings.conftest import make_game, make_member

pytestmark = pytest.mark.django_db


@pytest.fixture
def eager_celery():
    from club.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


def finish(game_id: int, ending: Ending) -> None:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        game_finish(game=game, ending=ending)


def test_a_rated_game_finished_by_the_game_server_is_rated_after_commit(eager_celery,
                                                                         django_capture_on_commit_callbacks):
    alice, boris = make_member("alice"), make_member("boris")
    game = make_game(alice, boris, "", status="active", ended_at=None)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        finish(game.pk, Ending(winner="white", reason="resign"))
        assert not RatingChange.objects.exists()  # nothing before the commit
    for callback in callbacks:
        callback()
    assert Rating.objects.get(member=alice).rating == 1520
    assert RatingChange.objects.filter(game=game).count() == 2


def test_an_aborted_game_is_not_rated(eager_celery, django_capture_on_commit_callbacks):
    alice, boris = make_member("alice"), make_member("boris")
    game = make_game(alice, boris, "", status="active", ended_at=None)
    with django_capture_on_commit_callbacks(execute=True):
        finish(game.pk, Ending(winner=None, reason="abort", aborted=True))
    assert not RatingChange.objects.exists()
