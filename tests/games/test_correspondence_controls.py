"""Correspondence banks and moves in days through the game layer:
the stored deadline the sweep enforces, the flag fall on a late move, the
clocks the game page shows, vacations, challenges, and the control in words.
The clock maths alone: test_clock_correspondence.py."""

from datetime import timedelta

import pytest
from django.utils import translation

from games import time_words
from games.clock import TimeControl
from games.forms import ChallengeForm, time_control_choices
from games.models import Challenge
from games.selectors import game_clocks
from games.services import (
    Invalid,
    RuleRefusal,
    challenge_accept,
    challenge_create,
    game_create,
    game_move_make,
    games_sweep,
    vacation_take,
)
from games.services.arbiter import game_clocks_stop

from .conftest import T0, at, play

DAY = 86_400
DAY_MS = DAY * 1000


def move(game, member, text, ms):
    """``member`` plays ``text`` at T0 + ``ms`` milliseconds; returns the refreshed game."""
    game.refresh_from_db()
    game_move_make(game_id=game.pk, member=member, text=text, expected_ply=game.ply, now=at(ms=ms))
    game.refresh_from_db()
    return game


def flag_fell(game, member, text, ms):
    with pytest.raises(RuleRefusal) as late:
        move(game, member, text, ms)
    assert late.value.code == "flag-fell"
    game.refresh_from_db()
    return game


# ---- a time bank: 135 days, at most 21 a move (renju correspondence world championship) -----------
def test_a_bank_game_keeps_the_bank_on_the_clock_and_its_deadline_at_the_cap(new_game, anna):
    game = new_game(time_control="d135max21")
    assert (game.speed, game.white_ms, game.deadline) == ("correspondence", 135 * DAY_MS, T0 + timedelta(days=21))
    game = play(game, anna, "c3-d4", 10 * DAY)
    assert game.white_ms == 125 * DAY_MS  # the bank less the 10 days the move took
    assert game.deadline == at(10 * DAY) + timedelta(days=21)  # black's full bank, capped


def test_a_move_on_the_last_millisecond_of_the_21st_day_of_a_move_is_in_time(new_game, anna):
    game = move(new_game(time_control="d135max21"), anna, "c3-d4", 21 * DAY_MS - 1)
    assert (game.ply, game.white_ms) == (1, 114 * DAY_MS + 1)


def test_a_move_on_the_first_millisecond_after_the_21st_day_is_a_flag_fall(new_game, anna):
    game = flag_fell(new_game(time_control="d135max21"), anna, "c3-d4", 21 * DAY_MS)
    assert (game.status, game.result, game.termination, game.ply) == ("finished", "0-1", "time", 0)
    assert game.ended_at == at(21 * DAY)


def test_when_less_than_the_cap_is_left_the_flag_falls_as_the_bank_runs_out(new_game, anna):
    # five days left of the bank (a series on one budget, or an arbiter's correction)
    in_time, late = (new_game(time_control="d135max21", clock_ms=(5 * DAY_MS, 135 * DAY_MS)) for _ in range(2))
    assert in_time.deadline == T0 + timedelta(days=5)
    assert move(in_time, anna, "c3-d4", 5 * DAY_MS - 1).white_ms == 1
    assert flag_fell(late, anna, "c3-d4", 5 * DAY_MS).termination == "time"


def test_an_illegal_move_after_the_cap_ends_the_game_on_time_rather_than_being_refused(new_game, anna):
    game = flag_fell(new_game(time_control="d135max21"), anna, "a1-b8", 21 * DAY_MS)
    assert (game.result, game.termination) == ("0-1", "time")


def test_the_game_page_counts_the_running_clock_down_to_the_cap_and_shows_the_other_bank(new_game):
    clocks = game_clocks(new_game(time_control="d135max21"), now=at(DAY))
    assert (clocks["white_ms"], clocks["black_ms"]) == (20 * DAY_MS, 135 * DAY_MS)
    assert (clocks["running"], clocks["kind"]) == ("white", "correspondence-bank")


# ---- moves in days: ICCF's 10 moves in 50 days ------------------------------------------------------
BLACK_STONES = ["h8", "a1", "a15", "o1", "o15", "a8", "o8", "h1", "h15", "d12"]  # no three, no four
WHITE_STONES = ["b2", "b14", "n2", "n14", "c8", "m8", "h3", "h13", "f6"]


def renju_iccf(anna, boris):
    """A renju game at 10 moves in 50 days where black (Boris) has thought 5
    days over each of his first nine moves, white answering at once."""
    game = game_create(discipline="renju", white=anna, black=boris, time_control="d50/10", opening_rule="none", now=T0)
    for i, (black, white) in enumerate(zip(BLACK_STONES, WHITE_STONES, strict=False), start=1):
        game = move(game, boris, black, i * 5 * DAY_MS)
        game = move(game, anna, white, i * 5 * DAY_MS)
    assert game.black_ms == 5 * DAY_MS  # 45 of the 50 days used
    return game


def test_the_10th_move_on_the_last_millisecond_of_day_50_is_in_time_and_carries_over(anna, boris):
    game = move(renju_iccf(anna, boris), boris, BLACK_STONES[9], 50 * DAY_MS - 1)
    assert game.black_ms == 1 + 50 * DAY_MS  # the unused millisecond plus the next 50 days
    assert game.deadline == at(ms=50 * DAY_MS - 1) + timedelta(days=50)  # white's 50 days, none used


def test_the_10th_move_after_day_50_is_a_flag_fall(anna, boris):
    game = flag_fell(renju_iccf(anna, boris), boris, BLACK_STONES[9], 50 * DAY_MS)
    assert (game.result, game.termination, game.termination_clause) == ("1-0", "time", "003 5.2.6.4")


# ---- every kind: the sweep, vacations, a championship's first move ---------------------------------
@pytest.mark.parametrize(
    ("control", "days", "discipline", "result", "clause"),
    [
        ("d135max21", 21, "renju", "1-0", "003 5.2.6.4"),  # black moves first in renju
        ("d135+0", 135, "renju", "1-0", "003 5.2.6.4"),
        ("d30+3", 30, "russian", "0-1", "003 1.7.9"),
        ("d50/10", 50, "russian", "0-1", "003 1.7.9"),
        ("d50/10,30", 50, "international", "0-1", "003 1.7.9"),
    ],
)
def test_the_sweep_ends_an_overdue_game_of_each_kind_at_its_deadline(
    new_game, control, days, discipline, result, clause
):
    game = new_game(
        time_control=control, discipline=discipline, **({"opening_rule": "none"} if discipline == "renju" else {})
    )
    assert game.deadline == T0 + timedelta(days=days)
    assert games_sweep(now=at(ms=days * DAY_MS - 1)) == 0
    assert games_sweep(now=at(days * DAY)) == 1
    game.refresh_from_db()
    assert (game.result, game.termination, game.termination_clause, game.ended_at) == (
        result,
        "time",
        clause,
        at(days * DAY),
    )


@pytest.mark.parametrize(("control", "allowance_days"), [("d50/10", 50), ("d135max21", 21), ("d30+3", 30)])
def test_a_vacation_inside_a_period_moves_the_deadline_out_by_exactly_the_vacation(
    new_game, anna, control, allowance_days
):
    game = new_game(time_control=control)
    vacation_take(member=anna, days=7, starts_at=at(3 * DAY), now=at(DAY))
    game.refresh_from_db()
    moved = T0 + timedelta(days=allowance_days + 7)
    assert game.deadline == moved
    assert games_sweep(now=moved - timedelta(milliseconds=1)) == 0
    game = move(game, anna, "c3-d4", (allowance_days + 7) * DAY_MS - 1)  # the vacation's week is not counted
    assert game.moves.get(ply=1).elapsed_ms == allowance_days * DAY_MS - 1


def test_a_championship_bank_game_whose_first_move_never_came_is_a_forfeit(anna, boris):
    game = game_create(
        discipline="russian",
        white=anna,
        black=boris,
        time_control="d135max21",
        starts_at=T0,
        lateness_ms=3_600_000,
        now=at(-3600),
    )
    assert games_sweep(now=at(21 * DAY)) == 1
    game.refresh_from_db()
    assert (game.result, game.termination, game.termination_clause) == ("-/+", "forfeit", "003 1.9.1")


def test_an_arbiter_stops_only_a_live_game_s_clocks(new_game, chiara):
    with pytest.raises(RuleRefusal) as refused:
        game_clocks_stop(game_id=new_game(time_control="d50/10").pk, arbiter=chiara, reason="a power cut")
    assert refused.value.code == "not-live"


# ---- challenges ------------------------------------------------------------------------------------------
def test_a_bank_with_a_cap_larger_than_the_bank_is_refused_and_nothing_is_stored(anna):
    with translation.override("en"), pytest.raises(Invalid) as refused:  # worded in the reader's language
        challenge_create(challenger=anna, discipline="renju", time_control="d21max135")
    assert refused.value.code == "bad-time-control" and "cannot be larger than the time bank" in str(refused.value)
    assert not Challenge.objects.exists()
    form = ChallengeForm(
        data={"discipline": "renju", "colour": "random", "time_control": "custom"}
        | {"custom_time_control": "d21max135", "opening_rule": "none", "foul_policy": "reject"}
    )
    with translation.override("en"):
        assert not form.is_valid() and "cannot be larger" in form.errors["custom_time_control"][0]


def test_a_challenge_at_the_world_championship_control_starts_a_correspondence_game(anna, boris):
    offered = {value for _group, options in time_control_choices()[:-1] for value, _label in options}
    assert {"d135max21", "d135+0", "d50/10"} <= offered
    challenge = challenge_create(
        challenger=anna, discipline="renju", time_control="D135 max21", opening_rule="none", now=T0
    )
    assert str(challenge.time_control) == "d135max21"
    game = challenge_accept(challenge_id=challenge.pk, member=boris, now=T0)
    assert (game.speed, game.white_ms, game.black_ms) == ("correspondence", 135 * DAY_MS, 135 * DAY_MS)
    assert game.deadline == T0 + timedelta(days=21)  # a correspondence first move is on the clock


# ---- in words -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("control", "language", "short", "words"),
    [
        ("d135max21", "en", "135 days, ≤21 a move", "135 days for the game, at most 21 days a move"),
        ("d135max21", "ru", "135 дней, ≤21 на ход", "135 дней на партию, не более 21 дня на ход"),
        ("d135+1max21", "en", "135 days, +1 a move, ≤21 a move", "135 days, plus 1 day a move, at most 21 days a move"),
        (
            "d135+1max21",
            "ru",
            "135 дней, +1 за ход, ≤21 на ход",
            "135 дней, плюс 1 день за ход, не более 21 дня на ход",
        ),
        ("d30+3", "en", "30 days, +3 a move", "30 days, plus 3 days a move"),
        ("d30+3", "ru", "30 дней, +3 за ход", "30 дней, плюс 3 дня за ход"),
        ("d1+0", "ru", "1 день", "1 день на партию"),
        (
            "d50/10",
            "en",
            "10 moves in 50 days",
            "10 moves in 50 days, and so on; unused time carries over",
        ),
        (
            "d50/10",
            "ru",
            "10 ходов за 50 дней",
            "10 ходов за 50 дней, и так далее; неизрасходованное время переносится",
        ),
        (
            "d50/10,21/2",
            "ru",
            "10 ходов за 50 дней, затем 2 хода за 21 день",
            "10 ходов за 50 дней, затем 2 хода за 21 день, и так далее; неизрасходованное время переносится",
        ),
        (
            "d50/10,30",
            "en",
            "10 moves in 50 days, then 30 days to the end of the game",
            "10 moves in 50 days, then 30 days to the end of the game; unused time carries over",
        ),
        ("d3", "en", "3 days per move", "3 days per move"),
        ("d3", "ru", "3 дня на ход", "3 дня на ход"),
    ],
)
def test_the_control_reads_in_words_in_both_languages(control, language, short, words):
    tc = TimeControl.parse(control)
    with translation.override(language):
        assert (time_words.short(tc), time_words.words(tc)) == (short, words)
