"""Correspondence: days per move, the deadline, vacations that pause the clock."""

from datetime import timedelta

import pytest

from games.models import Game
from games.services import RuleRefusal, game_move_make, games_sweep, vacation_take

from .conftest import T0, at, play

DAY = 86_400


def test_each_move_gets_the_full_days_per_move(new_game, anna, boris):
    game = new_game(time_control="d3")
    assert game.speed == "correspondence" and game.deadline == T0 + timedelta(days=3)
    game = play(game, anna, "c3-d4", 2 * DAY)
    assert game.deadline == at(2 * DAY) + timedelta(days=3)
    assert game.white_ms == 3 * DAY * 1000  # fresh allowance for the next move


def test_a_move_after_the_deadline_loses(new_game, anna):
    game = new_game(time_control="d1")
    with pytest.raises(RuleRefusal):
        game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, now=at(DAY))
    game.refresh_from_db()
    assert (game.result, game.termination) == ("0-1", "time")


def test_the_sweep_ends_a_game_at_its_deadline(new_game):
    game = new_game(time_control="d2")
    assert games_sweep(now=at(2 * DAY - 1)) == 0
    assert games_sweep(now=at(2 * DAY)) == 1
    assert Game.objects.get(pk=game.pk).result == "0-1"


def test_a_vacation_pauses_the_players_correspondence_clock(new_game, anna):
    game = new_game(time_control="d3")
    vacation_take(member=anna, days=5, starts_at=at(DAY), now=at(DAY))
    game.refresh_from_db()
    assert game.deadline == T0 + timedelta(days=3 + 5)
    assert games_sweep(now=at(4 * DAY)) == 0
    # she moves on day 7: one day before the vacation and one after count — two days used
    game = play(game, anna, "c3-d4", 7 * DAY)
    assert game.moves.get(ply=1).elapsed_ms == 2 * DAY * 1000


def test_a_vacation_does_not_touch_live_games(new_game, anna):
    game = new_game(time_control="300", starts_at=at(0))
    vacation_take(member=anna, days=2, starts_at=at(0), now=at(0))
    game.refresh_from_db()
    assert game.deadline == at(300)


def test_the_yearly_vacation_allowance_is_enforced(new_game, anna, settings):
    settings.GAMES_VACATION_DAYS_PER_YEAR = 10
    vacation_take(member=anna, days=7, starts_at=at(0), now=at(0))
    with pytest.raises(RuleRefusal) as refused:
        vacation_take(member=anna, days=4, starts_at=at(30 * DAY), now=at(0))
    assert refused.value.code == "vacation-allowance"
    vacation_take(member=anna, days=3, starts_at=at(30 * DAY), now=at(0))


def test_the_clock_shows_the_time_left_until_the_deadline(new_game, anna):
    from games.selectors import game_clocks

    game = new_game(time_control="d3")
    vacation_take(member=anna, days=2, starts_at=at(DAY), now=at(DAY))
    game.refresh_from_db()
    assert (
        game_clocks(game, now=at(2 * DAY))["white_ms"] == 3 * DAY * 1000
    )  # 2 days of play left + 1 day of vacation still ahead
