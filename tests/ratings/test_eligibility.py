"""Rating points only for games played (ratings/eligibility.py, docs/ratings.md).

Earlier versions rated a game resigned at ply 0, with no limit on
repeat pairings: four such games moved the winner from 1500 to 1567.5.
"""

import io
from datetime import UTC, datetime, timedelta

import pytest
from django.core.management import call_command

from games.services import game_create, game_move_make, game_resign
from ratings import services, tasks
from ratings.eligibility import RepeatLimit, each_side_moved, pair_day
from ratings.models import Rating, RatingChange
from tests.ratings.conftest import T0, make_game, make_member

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)


def _resigned(white, black, *, moves: list[tuple] = (), minute: int = 0):
    """A rated blitz game between the two, the listed moves made, then black resigns."""
    start = T0 + timedelta(minutes=minute)
    game = game_create(discipline="russian", white=white, black=black, time_control="300", now=start)
    for ply, (member, text) in enumerate(moves):
        game_move_make(game_id=game.pk, member=member, text=text, expected_ply=ply, now=start + timedelta(seconds=ply))
    return game_resign(game_id=game.pk, member=black, now=start + timedelta(seconds=30))


def test_four_games_resigned_before_a_move_earn_no_rating_points():
    farmer, feeder = make_member("farmer"), make_member("feeder")
    for n in range(4):
        game = _resigned(farmer, feeder, minute=n * 24 * 60)  # a day apart: only rule 1 applies
        assert game.result == "1-0"  # the resignation stands for the event
        assert tasks.rating_apply_game(game.pk) == services.NOT_RATED
    assert not Rating.objects.filter(member=farmer).exists()


def test_a_game_where_only_white_moved_is_not_rated_and_one_where_both_moved_is():
    anna, boris = make_member("anna"), make_member("boris")
    one_sided = _resigned(anna, boris, moves=[(anna, "c3-d4")])
    assert tasks.rating_apply_game(one_sided.pk) == services.NOT_RATED
    played = _resigned(anna, boris, moves=[(anna, "c3-d4"), (boris, "f6-g5")], minute=5)
    assert tasks.rating_apply_game(played.pk) == services.APPLIED
    assert Rating.objects.get(member=anna).games == 1


# 1.16: an arbiter records the result of a game played on a real board, with no move on the server.
def test_an_arbiters_result_for_an_online_game_is_rated_only_if_both_sides_moved():
    # 1.10.4, 1.12.2: a server game with no move was not played, whoever records its result.
    anna, boris = make_member("anna"), make_member("boris")
    unplayed = make_game(anna, boris, "0-1", termination="arbiter", moves=0)
    played = make_game(anna, boris, "0-1", termination="arbiter", moves=12)
    assert tasks.rating_apply_game(unplayed.pk) == services.NOT_RATED
    assert not Rating.objects.filter(member=anna).exists()
    assert tasks.rating_apply_game(played.pk) == services.APPLIED
    assert list(services.rated_games()) == [played]


def test_a_pair_counts_two_games_a_day_either_colour_and_again_the_next_day():
    anna, boris = make_member("anna"), make_member("boris")
    same_day = [
        make_game(anna, boris, "1-0", ended_at=T0),
        make_game(boris, anna, "0-1", ended_at=T0 + timedelta(hours=1)),
        make_game(anna, boris, "1-0", ended_at=T0 + timedelta(hours=2)),  # the third: not rated
    ]
    next_day = make_game(anna, boris, "1-0", ended_at=T0 + DAY)
    outcomes = [tasks.rating_apply_game(g.pk) for g in [*same_day, next_day]]
    assert outcomes == [services.APPLIED, services.APPLIED, services.NOT_RATED, services.APPLIED]
    assert Rating.objects.get(member=anna).games == 3


def test_a_third_game_with_someone_else_the_same_day_is_rated():
    anna, boris, chiara = make_member("anna"), make_member("boris"), make_member("chiara")
    for hour in range(2):
        make_game(anna, boris, ended_at=T0 + timedelta(hours=hour))
    other = make_game(anna, chiara, ended_at=T0 + timedelta(hours=3))
    for game in (*services.rated_games().order_by("ended_at"),):
        tasks.rating_apply_game(game.pk)
    assert RatingChange.objects.filter(game=other).count() == 2


def _history():
    return list(
        RatingChange.objects.order_by("game_id", "member_id").values_list("game_id", "member_id", "rating_after")
    )


def test_the_repeat_limit_decides_alike_in_the_incremental_path_and_the_recompute():
    anna, boris, chiara = make_member("anna"), make_member("boris"), make_member("chiara")
    games = [
        make_game(*pair, result, ended_at=T0 + timedelta(hours=h))
        for h, pair, result in [
            (0, (anna, boris), "1-0"),
            (1, (chiara, anna), "1/2-1/2"),
            (2, (boris, anna), "1-0"),
            (3, (anna, boris), "0-1"),  # third of the pair that day
            (11, (anna, boris), "1-0"),  # fourth, at 23:00 UTC
            (13, (anna, boris), "1-0"),  # 01:00 UTC: the next day
        ]
    ]
    for game in reversed(games):  # tasks arriving in the worst order replay the pool each time
        tasks.rating_apply_game(game.pk)
    incremental = _history()
    assert {g for g, _, _ in incremental} == {games[i].pk for i in (0, 1, 2, 5)}
    call_command("ratings", "recompute", "--no-progress", stdout=io.StringIO())
    assert _history() == incremental


def test_annulling_one_of_the_day_s_games_lets_the_third_count():
    anna, boris = make_member("anna"), make_member("boris")
    games = [make_game(anna, boris, ended_at=T0 + timedelta(hours=h)) for h in range(3)]
    for game in games:
        tasks.rating_apply_game(game.pk)
    assert not RatingChange.objects.filter(game=games[2]).exists()
    games[0].status, games[0].result = "annulled", ""
    games[0].save(update_fields=["status", "result"])
    services.rating_recompute_from_game(game_id=games[0].pk)
    assert RatingChange.objects.filter(game=games[2]).count() == 2


# ---- the pure rules -----------------------------------------------------------------------


def test_each_side_must_have_moved_and_an_arbiters_record_attests_only_a_game_at_a_real_board():
    assert each_side_moved(1, 1) and each_side_moved(2, 1)
    # 1.10.4, 1.12.2: an online or correspondence game with no move was not played, whoever records it.
    assert not each_side_moved(1, 0) and not each_side_moved(0, 0)
    assert each_side_moved(0, 0, attested=True)  # at the board the result, not the moves, is the record


def test_a_day_is_a_utc_day_whatever_the_club_s_zone():
    late, early = datetime(2026, 3, 1, 23, 59, tzinfo=UTC), datetime(2026, 3, 2, 0, 1, tzinfo=UTC)
    assert pair_day(1, 2, late) != pair_day(2, 1, early)
    limit = RepeatLimit(limit=1)
    assert limit.admits(1, 2, late) and limit.admits(2, 1, early) and not limit.admits(1, 2, early)


def test_games_counted_before_a_replay_point_count_against_the_limit():
    moment = datetime(2026, 3, 1, 12, tzinfo=UTC)
    limit = RepeatLimit(limit=2, earlier=[pair_day(1, 2, moment), pair_day(2, 1, moment)])
    assert not limit.admits(1, 2, moment + timedelta(hours=1))
    assert limit.admits(1, 3, moment)
