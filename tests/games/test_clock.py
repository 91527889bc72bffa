"""The clock maths (games/clock.py): pure functions, no database."""

import pytest

from games import clock
from games.clock import FlagFell, Period, TimeControl, time_left_after_move

MIN = 60_000


def test_the_text_forms_round_trip():
    for text in ("2700", "1800+30", "7200/50,3600/25", "2700/20,900", "7200/50,3600/25+10", "d3", "-"):
        assert str(TimeControl.parse(text)) == text


def test_it_names_the_kind_of_control():
    assert TimeControl.parse("2700").kind == "sudden-death"
    assert TimeControl.parse("1800+30").kind == "fischer"
    assert TimeControl.parse("7200/50,3600/25").kind == "periods"
    assert TimeControl.parse("d5").kind == "correspondence"


@pytest.mark.parametrize("text", ["d4", "abc", "7200/0", "0", "60,7200/50", "300+-2"])
def test_it_refuses_a_malformed_or_unsupported_control(text):
    with pytest.raises(clock.BadTimeControl):
        TimeControl.parse(text)


def test_the_speed_classes_follow_the_seed_presets():
    # 2.1.11.3 blitz, 2.1.11.2 rapid, 2.1.11.1 classical
    assert TimeControl.parse("180+2").speed == "blitz"
    assert TimeControl.parse("300").speed == "blitz"
    assert TimeControl.parse("480+4").speed == "rapid"
    assert TimeControl.parse("1200").speed == "rapid"
    assert TimeControl.parse("2700").speed == "classical"
    assert TimeControl.parse("1800+30").speed == "classical"
    assert TimeControl.parse("d3").speed == "correspondence"


def test_every_discipline_has_its_seed_presets_and_correspondence():
    for discipline in ("russian", "international", "giveaway", "renju", "russian-64"):
        names = [p.control for p in clock.presets(discipline)]
        assert "d1" in names and "d14" in names
        for control in names:
            TimeControl.parse(control)
    assert "7200/50,3600/25" in [p.control for p in clock.presets("international")]  # 3.6.1
    assert "2700/20,900" in [p.control for p in clock.presets("russian-64")]  # 2.2.3.1
    assert "7200+30" in [p.control for p in clock.presets("renju")]  # 000 9.4.1


# 1.7.9 sudden death: the time only runs down
def test_sudden_death_subtracts_the_thinking_time():
    tc = TimeControl.parse("2700")
    assert time_left_after_move(tc, left_ms=45 * MIN, elapsed_ms=90_000, moves_made=1) == 45 * MIN - 90_000


# 1.7.9 the flag falls at the instant the time reaches zero
def test_a_move_one_millisecond_before_the_flag_is_in_time():
    tc = TimeControl.parse("300")
    assert time_left_after_move(tc, left_ms=10_000, elapsed_ms=9_999, moves_made=7) == 1


def test_a_move_exactly_at_the_flag_is_too_late():
    tc = TimeControl.parse("300")
    with pytest.raises(FlagFell) as fell:
        time_left_after_move(tc, left_ms=10_000, elapsed_ms=10_000, moves_made=7)
    assert fell.value.overdue_ms == 0


def test_the_increment_is_added_after_every_move_made_in_time():
    tc = TimeControl.parse("1800+30")  # 2.1.11.1
    assert time_left_after_move(tc, left_ms=10_000, elapsed_ms=4_000, moves_made=12) == 36_000


def test_the_increment_does_not_rescue_a_late_move():
    tc = TimeControl.parse("180+2")
    with pytest.raises(FlagFell):
        time_left_after_move(tc, left_ms=1_000, elapsed_ms=1_500, moves_made=3)


# 3.6.1: 2 h for 50 moves then 1 h for every 25, unused time carried over
def test_the_next_period_is_added_to_the_unused_time_on_the_50th_move():
    tc = TimeControl.parse("7200/50,3600/25")
    assert time_left_after_move(tc, left_ms=10 * MIN, elapsed_ms=MIN, moves_made=49) == 9 * MIN
    assert time_left_after_move(tc, left_ms=10 * MIN, elapsed_ms=MIN, moves_made=50) == 9 * MIN + 60 * MIN


def test_the_last_period_repeats_every_25_moves():
    tc = TimeControl.parse("7200/50,3600/25")
    assert tc.bonus_ms(74) == 0
    assert tc.bonus_ms(75) == 3600_000
    assert tc.bonus_ms(100) == 3600_000
    assert tc.bonus_ms(101) == 0


# 2.2.3.1: 45′ for 20 moves, then 15′ to the end
def test_a_final_period_without_moves_is_added_once():
    tc = TimeControl.parse("2700/20,900")
    assert tc.bonus_ms(20) == 900_000
    assert [tc.bonus_ms(n) for n in (19, 21, 40, 60)] == [0, 0, 0, 0]


def test_a_flag_in_the_first_period_is_not_saved_by_the_next_one():
    tc = TimeControl.parse("7200/50,3600/25")
    with pytest.raises(FlagFell):
        time_left_after_move(tc, left_ms=MIN, elapsed_ms=MIN, moves_made=50)


def test_periods_and_increment_together():
    tc = TimeControl(periods=(Period(600, 10), Period(300)), increment=5)
    assert time_left_after_move(tc, left_ms=60_000, elapsed_ms=10_000, moves_made=10) == 50_000 + 5_000 + 300_000


def test_correspondence_gives_a_fresh_allowance_for_every_move():
    tc = TimeControl.parse("d3")
    assert (
        time_left_after_move(tc, left_ms=3 * clock.DAY_MS, elapsed_ms=2 * clock.DAY_MS, moves_made=4)
        == 3 * clock.DAY_MS
    )
    with pytest.raises(FlagFell):
        time_left_after_move(tc, left_ms=3 * clock.DAY_MS, elapsed_ms=3 * clock.DAY_MS, moves_made=4)


def test_a_vacation_moves_the_deadline_out_by_its_length():
    day = clock.DAY_MS
    assert clock.deadline_ms(turn_started_ms=0, left_ms=3 * day) == 3 * day
    assert clock.deadline_ms(turn_started_ms=0, left_ms=3 * day, pauses=[(day, 3 * day)]) == 5 * day
    # a vacation that began before the turn counts only from the turn on
    assert clock.deadline_ms(turn_started_ms=day, left_ms=3 * day, pauses=[(0, 2 * day)]) == 5 * day
    # a vacation after the deadline changes nothing
    assert clock.deadline_ms(turn_started_ms=0, left_ms=3 * day, pauses=[(4 * day, 6 * day)]) == 3 * day
    # a second vacation the first one pushed the deadline into also counts
    assert (
        clock.deadline_ms(turn_started_ms=0, left_ms=3 * day, pauses=[(2 * day, 4 * day), (4 * day, 5 * day)])
        == 6 * day
    )


def test_thinking_time_leaves_out_the_vacation():
    day = clock.DAY_MS
    assert clock.thinking_ms(turn_started_ms=0, now_ms=4 * day, pauses=[(day, 3 * day)]) == 2 * day


# 1.7.9, 1.16.8, 2.1.9.1.2, 1.16.7
def test_a_flag_fall_loses():
    verdict = clock.flag_fall_verdict(flagged="white", opponent_flag_down=False)
    assert (verdict.winner, verdict.reason, verdict.clause) == ("black", "time", "003 1.7.9")


def test_both_flags_down_is_a_draw():
    verdict = clock.flag_fall_verdict(flagged="black", opponent_flag_down=True)
    assert (verdict.winner, verdict.clause) == (None, "003 2.1.9.1.2")


def test_replaying_move_instants_rebuilds_the_clock():
    tc = TimeControl.parse("60+1")
    left = clock.replay_clock(tc, start_ms=0, move_instants=[5_000, 7_000, 20_000])
    assert left == {"white": 44_000, "black": 59_000}  # 60-5+1-13+1 and 60-2+1 seconds
