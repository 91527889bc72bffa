"""A game ended through the game server reaches the ratings once, after commit.

docs/contracts.md: every end goes through games.services.game_finish, which
on commit enqueues the game's one follow-up task, which runs each of
settings.GAME_FINISHED_TASKS — ours among them.
"""

import pytest
from django.db import transaction

from games.models import Game
from games.services import Ending, game_finish
from ratings.models import Rating, RatingChange
from tests.ratings.conftest import make_game, make_member

pytestmark = pytest.mark.django_db


def finish(game_id: int, ending: Ending) -> None:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        game_finish(game=game, ending=ending)


def test_a_rated_game_finished_by_the_game_server_is_rated_after_commit(
    eager_celery, django_capture_on_commit_callbacks
):
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


def test_the_chief_arbiter_annulling_a_rated_game_gives_its_rating_change_back(
    eager_celery, django_capture_on_commit_callbacks, chief_arbiter
):
    from games.services.arbiter import game_result_change

    alice, boris = make_member("alice"), make_member("boris")
    annulled = make_game(alice, boris, "", status="active", ended_at=None)
    with django_capture_on_commit_callbacks(execute=True):
        finish(annulled.pk, Ending(winner="white", reason="resign"))
    later = make_game(boris, alice, "", status="active", ended_at=None)
    with django_capture_on_commit_callbacks(execute=True):
        finish(later.pk, Ending(winner=None, reason="agreement"))
    assert Rating.objects.get(member=alice).games == 2

    with django_capture_on_commit_callbacks(execute=True):
        game_result_change(game_id=annulled.pk, arbiter=chief_arbiter, result="annulled", reason="fair play")

    assert not RatingChange.objects.filter(game=annulled).exists()
    # Only the later draw between two newcomers is left: nobody moved.
    assert [(r.rating, r.games) for r in Rating.objects.order_by("member__username")] == [(1500, 1), (1500, 1)]


def test_a_no_show_forfeit_set_by_the_chief_arbiter_is_not_rated(
    eager_celery, django_capture_on_commit_callbacks, chief_arbiter
):
    from games.services.arbiter import game_result_change

    alice, boris = make_member("alice"), make_member("boris")
    game = make_game(alice, boris, "", status="active", ended_at=None)
    with django_capture_on_commit_callbacks(execute=True):
        game_result_change(game_id=game.pk, arbiter=chief_arbiter, result="+/-", reason="boris did not come")
    game.refresh_from_db()
    assert (game.status, game.result) == ("finished", "+/-")
    assert not RatingChange.objects.exists()


def test_an_arbiters_correction_of_a_finished_result_recomputes_the_ratings(
    eager_celery, django_capture_on_commit_callbacks, chief_arbiter
):
    from games.services.arbiter import game_result_change

    alice, boris = make_member("alice"), make_member("boris")
    game = make_game(alice, boris, "", status="active", ended_at=None)
    with django_capture_on_commit_callbacks(execute=True):
        finish(game.pk, Ending(winner="white", reason="time"))
    assert Rating.objects.get(member=alice).rating == 1520
    with django_capture_on_commit_callbacks(execute=True):
        game_result_change(game_id=game.pk, arbiter=chief_arbiter, result="0-1", reason="flag fell first on white")
    assert Rating.objects.get(member=alice).rating == 1480
    assert Rating.objects.get(member=boris).rating == 1520
    assert RatingChange.objects.filter(game=game).count() == 2
