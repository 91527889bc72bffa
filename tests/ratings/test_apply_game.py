"""Applying a finished game to the club ratings (ratings.services / ratings.tasks).

Every rated game updates both players' ratings once and only once;
only games actually played are rated (no-show forfeits +/−, 003 1.12.2; aborted;
casual); games count in the order they ended; an arbiter's late correction or
annulment recomputes from that game on.
"""

import pytest

from ratings import services, tasks
from ratings.elo import EloConfig, PlayerState, rate_game
from ratings.models import Rating, RatingChange
from tests.ratings.conftest import make_game

pytestmark = pytest.mark.django_db


def rating_of(member, discipline="russian", speed="blitz"):
    return Rating.objects.get(member=member, discipline=discipline, speed=speed)


def test_a_win_between_newcomers_moves_both_by_20(alice, boris):
    game = make_game(alice, boris, "1-0")
    assert tasks.rating_apply_game(game.pk) == services.APPLIED
    assert rating_of(alice).rating == 1520 and rating_of(alice).games == 1
    assert rating_of(boris).rating == 1480 and rating_of(boris).games == 1
    white, black = RatingChange.objects.filter(game=game).order_by("colour").reverse()
    assert (white.member, white.delta, white.k, white.expected) == (alice, 20, 40, 0.5)
    assert (black.member, black.delta, black.opponent) == (boris, -20, alice)


def test_running_the_task_twice_changes_nothing_the_second_time(alice, boris):
    game = make_game(alice, boris, "1/2-1/2")
    make_game(boris, alice, "1-0")
    tasks.rating_apply_game(game.pk)
    before = list(Rating.objects.order_by("pk").values())
    assert tasks.rating_apply_game(game.pk) == services.ALREADY_APPLIED
    assert list(Rating.objects.order_by("pk").values()) == before
    assert RatingChange.objects.filter(game=game).count() == 2


@pytest.mark.parametrize("result", ["+/-", "-/+", "-/-"])
def test_a_no_show_forfeit_is_not_rated_003_1_12_2(alice, boris, result):
    game = make_game(alice, boris, result, termination="forfeit")
    assert tasks.rating_apply_game(game.pk) == services.NOT_RATED
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_game_ended_by_forfeit_termination_is_not_rated_even_with_a_score(alice, boris):
    game = make_game(alice, boris, "1-0", termination="forfeit")
    assert tasks.rating_apply_game(game.pk) == services.NOT_RATED


def test_aborted_annulled_unfinished_untimed_and_casual_games_are_not_rated(alice, boris):
    games = [
        make_game(alice, boris, "", status="aborted"),
        make_game(alice, boris, "1-0", status="annulled"),
        make_game(alice, boris, "", status="active", ended_at=None),
        make_game(alice, boris, "1-0", rated=False),
        make_game(alice, boris, "1-0", speed="untimed"),
    ]
    for game in games:
        assert tasks.rating_apply_game(game.pk) == services.NOT_RATED
    assert not RatingChange.objects.exists()


def test_an_unknown_game_is_ignored(db):
    assert tasks.rating_apply_game(987654) == services.MISSING


def test_pools_are_separate_per_discipline_and_speed_class(alice, boris):
    tasks.rating_apply_game(make_game(alice, boris, "1-0", discipline="russian", speed="blitz").pk)
    tasks.rating_apply_game(make_game(alice, boris, "0-1", discipline="renju", speed="blitz").pk)
    tasks.rating_apply_game(make_game(alice, boris, "1-0", discipline="russian", speed="classical").pk)
    assert rating_of(alice).rating == 1520
    assert rating_of(alice, "renju").rating == 1480
    assert rating_of(alice, "russian", "classical").rating == 1520
    assert rating_of(alice, "russian", "classical").games == 1


def test_games_count_in_the_order_they_ended_even_when_tasks_arrive_out_of_order(alice, boris, vera):
    first = make_game(alice, boris, "1-0", minute=10)
    second = make_game(boris, vera, "1/2-1/2", minute=20)
    third = make_game(vera, alice, "1-0", minute=30)
    # The task of the last game runs first, then the others.
    assert tasks.rating_apply_game(third.pk) == services.APPLIED
    assert tasks.rating_apply_game(first.pk) == services.RECOMPUTED
    assert tasks.rating_apply_game(second.pk) == services.ALREADY_APPLIED  # the recompute rated it

    config = EloConfig()
    a, b, v = PlayerState(1500, 0), PlayerState(1500, 0), PlayerState(1500, 0)
    u = rate_game(a, b, 1.0, config)
    a, b = u.white_after, u.black_after
    u = rate_game(b, v, 0.5, config)
    b, v = u.white_after, u.black_after
    u = rate_game(v, a, 1.0, config)
    v, a = u.white_after, u.black_after
    assert rating_of(alice).rating == a.rating
    assert rating_of(boris).rating == b.rating
    assert rating_of(vera).rating == v.rating
    assert RatingChange.objects.count() == 6


def test_an_annulled_game_gives_its_change_back_and_later_games_are_recomputed(alice, boris, vera):
    annulled = make_game(alice, boris, "1-0", minute=10)
    later = make_game(alice, vera, "1/2-1/2", minute=20)
    tasks.rating_apply_game(annulled.pk)
    tasks.rating_apply_game(later.pk)

    annulled.status = "annulled"
    annulled.save()
    tasks.rating_recompute_from_game(annulled.pk)

    assert not RatingChange.objects.filter(game=annulled).exists()
    assert not Rating.objects.filter(member=boris).exists()  # boris has no rated game left
    # The later draw is now one between two 1500 newcomers.
    assert rating_of(alice).rating == 1500 and rating_of(alice).games == 1
    assert rating_of(vera).rating == 1500


def test_an_arbiters_correction_of_an_old_result_recomputes_from_that_game(alice, boris, vera):
    old = make_game(alice, boris, "1-0", minute=10)
    newer = make_game(boris, vera, "1-0", minute=20)
    for game in (old, newer):
        tasks.rating_apply_game(game.pk)
    assert rating_of(boris).rating == rate_game(PlayerState(1480, 1), PlayerState(1500, 0), 1.0).white_after.rating

    old.result = "0-1"
    old.save()
    tasks.rating_recompute_from_game(old.pk)
    assert rating_of(alice).rating == 1480
    # boris won both now: 1520 after the corrected game, then his win over vera from 1520.
    expected = rate_game(PlayerState(1520, 1), PlayerState(1500, 0), 1.0).white_after
    assert rating_of(boris).rating == expected.rating and rating_of(boris).games == 2


def test_the_rating_row_shows_the_last_change_and_last_game(alice, boris):
    g1 = make_game(alice, boris, "1-0")
    g2 = make_game(alice, boris, "1-0")
    tasks.rating_apply_game(g1.pk)
    tasks.rating_apply_game(g2.pk)
    row = rating_of(alice)
    change = RatingChange.objects.get(game=g2, member=alice)
    assert (row.last_game_id, row.last_change, row.last_played_at) == (g2.pk, change.delta, g2.ended_at)


def test_club_settings_change_the_start_rating_and_k(settings, alice, boris):
    settings.RATINGS = {**settings.RATINGS, "START_RATING": 1200, "K_NEW": 32}
    tasks.rating_apply_game(make_game(alice, boris, "1-0").pk)
    assert rating_of(alice).rating == 1216 and rating_of(boris).rating == 1184


def test_the_fide_table_expectancy_can_be_chosen_in_settings(settings, alice, boris):
    settings.RATINGS = {**settings.RATINGS, "EXPECTANCY": "fide", "K_NEW": 10, "NEW_PLAYER_GAMES": 1000}
    tasks.rating_apply_game(make_game(alice, boris, "1-0").pk)
    tasks.rating_apply_game(make_game(alice, boris, "1-0").pk)
    # after the first game 1505 v 1495: D = 10, FIDE table 8.1.2 PD = 0.51
    assert rating_of(alice).rating == pytest.approx(1505 + 10 * (1 - 0.51))


def test_finishing_a_game_enqueues_the_rating_task_through_the_settings_hook(settings):
    assert "ratings.tasks.rating_apply_game" in settings.GAME_FINISHED_TASKS
    assert "ratings.tasks.rating_recompute_from_game" in settings.GAME_RESULT_CHANGED_TASKS
    assert tasks.rating_apply_game.acks_late
