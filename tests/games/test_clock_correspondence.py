"""Correspondence time controls beyond days per move (games/clock.py):
a time bank with a cap per move (the renju correspondence world championship's
"135 days for each player, at most 21 days a move") and moves in days with
unused time carried over (ICCF's "10 moves in 50 days"). Pure functions, no
database: every boundary is named to the millisecond."""

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import clock
from games.clock import BadTimeControl, FlagFell, Period, TimeControl, time_left_after_move

DAY = clock.DAY_MS
CWC = TimeControl.parse("d135max21")  # renju correspondence world championship
ICCF = TimeControl.parse("d50/10")


def replay_white(tc: TimeControl, thinking: list[int]) -> dict:
    """White thinks ``thinking[i]`` ms over his i+1-th move; black answers at once."""
    instants, now = [], 0
    for used in thinking:
        now += used
        instants += [now, now]
    return clock.replay_clock(tc, start_ms=0, move_instants=instants[:-1])


# ---- text forms ---------------------------------------------------------------------------------
def test_the_new_forms_round_trip_and_mean_what_they_say():
    assert TimeControl.parse("d135max21") == TimeControl(periods=(Period(135 * 86_400),), cap=21 * 86_400, in_days=True)
    assert TimeControl.parse("d30+3") == TimeControl(periods=(Period(30 * 86_400),), increment=3 * 86_400, in_days=True)
    assert TimeControl.parse("d50/10") == TimeControl(periods=(Period(50 * 86_400, 10),), in_days=True)
    for text in ("d135max21", "d135+1max21", "d30+3", "d135+0", "d50/10", "d50/10,30/10", "d50/10,30"):
        assert str(TimeControl.parse(text)) == text


def test_other_spellings_of_a_bank_read_as_its_one_text_form():
    assert str(TimeControl.parse("d135+0max21")) == "d135max21"
    assert str(TimeControl.parse(" D135 MAX21 ")) == "d135max21"


def test_every_existing_text_form_keeps_its_value():
    assert TimeControl.parse("d3") == TimeControl(days=3)
    assert TimeControl.parse("D3") == TimeControl.parse("d+3") == TimeControl.parse("d03") == TimeControl(days=3)
    assert TimeControl.parse("7200/50,3600/25+10") == TimeControl(
        periods=(Period(7200, 50), Period(3600, 25)), increment=10
    )
    assert TimeControl.parse("-") == TimeControl()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("d21max135", "cannot be larger than the time bank"),  # the example of a cap above its bank
        ("d0max0", "a time bank is 1 to 365 days"),
        ("d0+1", "a time bank is 1 to 365 days"),
        ("d366+0", "a time bank is 1 to 365 days"),
        ("d135max0", "the cap per move is at least 1 day"),
        ("d10+31", "at most 30 days are added a move"),
        ("dmax21", "bad time bank"),
        ("d135max21max2", "bad cap per move"),
        ("d135+-1", "bad days added a move"),
        ("d0/10", "a period is 1 to 365 days"),
        ("d50/0", "a period counts 1 to 1000 moves"),
        ("d50/", "bad move count"),
        ("d50/1", "at most 30 days a move"),
        ("d50,30/10", "only the last period may run to the end"),
        ("d50/10+1", "no days added or cap per move"),
        ("d50/10max5", "no days added or cap per move"),
        ("d5/1,5/1,5/1,5/1,5/1", "at most 4 periods"),
        ("d50", "1, 2, 3, 5, 7, 10, 14 days per move"),
        ("dx", "write d<days> for days per move"),
    ],
)
def test_a_malformed_correspondence_control_is_refused_saying_why(text, reason):
    with pytest.raises(BadTimeControl, match=reason.replace("+", r"\+")):
        TimeControl.parse(text)


DAYS = st.integers(1, clock.MAX_DAYS)


@st.composite
def banks(draw):
    bank = draw(DAYS)
    cap = draw(st.one_of(st.just(0), st.integers(1, bank)))
    added = draw(st.integers(0, clock.MAX_DAYS_A_MOVE))
    return TimeControl(periods=(Period(bank * 86_400),), increment=added * 86_400, cap=cap * 86_400, in_days=True)


@st.composite
def periods_in_days(draw):
    count = draw(st.integers(1, clock.MAX_PERIODS))
    periods = []
    for i in range(count):
        # the first period counts moves (one period to the end of the game is a bank, d50+0), and so
        # does every period but the last
        by_moves = i == 0 or i < count - 1 or draw(st.booleans())
        moves = draw(st.integers(1, clock.MAX_PERIOD_MOVES)) if by_moves else None
        days = draw(st.integers(1, min(clock.MAX_DAYS, clock.MAX_DAYS_A_MOVE * moves) if moves else clock.MAX_DAYS))
        periods.append(Period(days * 86_400, moves))
    return TimeControl(periods=tuple(periods), in_days=True)


@st.composite
def live(draw):
    count = draw(st.integers(1, clock.MAX_PERIODS))
    periods = tuple(
        Period(
            draw(st.integers(1, clock.MAX_PERIOD_SECONDS)),
            draw(st.integers(1, clock.MAX_PERIOD_MOVES)) if i < count - 1 or draw(st.booleans()) else None,
        )
        for i in range(count)
    )
    return TimeControl(periods=periods, increment=draw(st.integers(0, clock.MAX_INCREMENT)))


CONTROLS = st.one_of(
    st.just(TimeControl()),
    st.sampled_from(clock.CORRESPONDENCE_DAYS).map(lambda d: TimeControl(days=d)),
    banks(),
    periods_in_days(),
    live(),
)


# Round trip of notation (house style: property tests for invariants).
@given(CONTROLS)
def test_every_control_str_writes_parses_back_to_the_same_value(tc):
    text = str(tc)
    assert len(text) <= clock.MAX_TEXT  # it fits the stored 64-character column
    assert TimeControl.parse(text) == tc
    # the vacation service finds a member's correspondence games by this prefix in SQL
    assert text.startswith("d") == tc.correspondence


@given(st.text(alphabet="dD0123456789+/,max -", max_size=24))
def test_whatever_text_parses_is_written_back_as_a_text_of_the_same_value(text):
    try:
        tc = TimeControl.parse(text)
    except BadTimeControl:
        return
    assert TimeControl.parse(str(tc)) == tc


# ---- what kind ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "kind"),
    [("d3", "correspondence"), ("d135max21", "correspondence-bank"), ("d30+3", "correspondence-bank")]
    + [("d50/10", "correspondence-periods"), ("d50/10,30", "correspondence-periods")],
)
def test_every_correspondence_control_is_correspondence_for_the_clock_and_the_ratings(text, kind):
    tc = TimeControl.parse(text)
    assert (tc.kind, tc.correspondence, tc.timed) == (kind, True, True)
    assert tc.speed == tc.speed_in("international") == tc.speed_in("renju") == "correspondence"
    clock.check_allowed(tc, "renju")  # the seeds' live limits do not apply


@pytest.mark.parametrize("text", ["-", "2700", "1800+30", "7200/50,3600/25", "86400/1"])
def test_no_live_control_is_correspondence(text):
    assert not TimeControl.parse(text).correspondence


def test_days_keeps_meaning_days_per_move():
    assert (TimeControl.parse("d3").days, CWC.days, ICCF.days) == (3, 0, 0)


def test_the_presets_offer_the_controls_real_events_use():
    renju = {p.control: p.clause for p in clock.presets("renju")}
    assert renju["d135max21"] == "RIF correspondence world championship"
    assert "d135+0" in renju  # the world correspondence gomoku championship: 135 days a player
    assert "d135max21" in {p.control for p in clock.presets("gomoku")}
    assert "d135max21" not in {p.control for p in clock.presets("russian")}
    for discipline in ("russian", "russian-64", "international", "giveaway", "renju", "connect6"):
        assert {p.control: p.clause for p in clock.presets(discipline)}["d50/10"] == "ICCF"


# ---- a time bank: the 21st day of a move, the bank running out -------------------------------
def test_a_move_on_the_last_millisecond_of_the_21st_day_is_in_time():
    left = time_left_after_move(CWC, left_ms=135 * DAY, elapsed_ms=21 * DAY - 1, moves_made=1)
    assert left == 114 * DAY + 1


def test_a_move_on_the_first_millisecond_after_the_21st_day_is_a_flag_fall():
    with pytest.raises(FlagFell) as fell:
        time_left_after_move(CWC, left_ms=135 * DAY, elapsed_ms=21 * DAY, moves_made=1)
    assert fell.value.overdue_ms == 0


def test_the_flag_falls_when_the_bank_runs_out_before_the_cap():
    # six moves of 20 days leave 15 days: the 7th move may take 15 days, not 21
    assert replay_white(CWC, [20 * DAY] * 6)["white"] == 15 * DAY
    assert CWC.allowance_ms(15 * DAY) == 15 * DAY
    assert replay_white(CWC, [20 * DAY] * 6 + [15 * DAY - 1])["white"] == 1
    with pytest.raises(FlagFell) as fell:
        replay_white(CWC, [20 * DAY] * 6 + [15 * DAY])
    assert fell.value.overdue_ms == 0


def test_the_days_added_a_move_go_into_the_bank_after_a_move_in_time():
    tc = TimeControl.parse("d135+1max21")
    assert time_left_after_move(tc, left_ms=10 * DAY, elapsed_ms=4 * DAY, moves_made=9) == 7 * DAY
    with pytest.raises(FlagFell):  # a late move earns nothing
        time_left_after_move(tc, left_ms=10 * DAY, elapsed_ms=10 * DAY, moves_made=9)


def test_a_bank_without_a_cap_lets_one_move_use_all_of_it():
    tc = TimeControl.parse("d30+3")
    assert tc.allowance_ms(30 * DAY) == 30 * DAY
    assert time_left_after_move(tc, left_ms=30 * DAY, elapsed_ms=30 * DAY - 1, moves_made=1) == 3 * DAY + 1


def test_the_cap_sets_the_deadline_while_the_bank_is_larger():
    assert clock.deadline_ms(turn_started_ms=0, left_ms=CWC.allowance_ms(135 * DAY)) == 21 * DAY
    assert clock.deadline_ms(turn_started_ms=0, left_ms=CWC.allowance_ms(15 * DAY)) == 15 * DAY


def test_days_per_move_keeps_its_fresh_allowance():
    tc = TimeControl.parse("d3")
    assert (tc.initial_ms(), tc.allowance_ms(3 * DAY), tc.bonus_ms(10)) == (3 * DAY, 3 * DAY, 0)
    assert time_left_after_move(tc, left_ms=3 * DAY, elapsed_ms=3 * DAY - 1, moves_made=4) == 3 * DAY


# ---- moves in days: the 10th move on day 50, carry-over (as 3.6.1) ----------------------------
def test_the_10th_move_on_the_last_millisecond_of_day_50_is_in_time_and_earns_the_next_50_days():
    left = replay_white(ICCF, [5 * DAY] * 9 + [5 * DAY - 1])
    assert left["white"] == 1 + 50 * DAY


def test_the_10th_move_at_the_end_of_day_50_is_a_flag_fall():
    with pytest.raises(FlagFell) as fell:
        replay_white(ICCF, [5 * DAY] * 9 + [5 * DAY])
    assert fell.value.overdue_ms == 0


def test_unused_days_are_carried_over_into_the_next_period():
    # 10 moves in 30 days: 20 days saved, so the next 10 moves have 70 days
    assert replay_white(ICCF, [3 * DAY] * 10)["white"] == 70 * DAY
    assert replay_white(ICCF, [3 * DAY] * 10 + [7 * DAY] * 9 + [7 * DAY - 1])["white"] == 1 + 50 * DAY
    with pytest.raises(FlagFell):
        replay_white(ICCF, [3 * DAY] * 10 + [7 * DAY] * 9 + [7 * DAY])


def test_further_periods_follow_the_live_rules():
    repeating = TimeControl.parse("d50/10,30/10")
    assert [repeating.bonus_ms(n) for n in (9, 10, 15, 20, 30)] == [0, 30 * DAY, 0, 30 * DAY, 30 * DAY]
    to_the_end = TimeControl.parse("d50/10,30")
    assert [to_the_end.bonus_ms(n) for n in (10, 20, 30)] == [30 * DAY, 0, 0]
    assert [ICCF.bonus_ms(n) for n in (10, 11, 20)] == [50 * DAY, 0, 50 * DAY]


# ---- vacations pause every kind -------------------------------------------------------------------
@pytest.mark.parametrize(("text", "left"), [("d50/10", 50 * DAY), ("d135max21", 135 * DAY), ("d30+3", 30 * DAY)])
def test_a_vacation_inside_a_period_moves_the_deadline_out_by_exactly_the_vacation(text, left):
    tc = TimeControl.parse(text)
    allowed = tc.allowance_ms(left)
    vacation = (3 * DAY + 17, 10 * DAY + 17)  # a week, starting mid-turn
    assert clock.deadline_ms(turn_started_ms=0, left_ms=allowed, pauses=[vacation]) == allowed + 7 * DAY
    # and the move at the last millisecond of the moved deadline is in time
    used = clock.thinking_ms(turn_started_ms=0, now_ms=allowed + 7 * DAY - 1, pauses=[vacation])
    assert used == allowed - 1
    time_left_after_move(tc, left_ms=left, elapsed_ms=used, moves_made=1)


# ---- limits ------------------------------------------------------------------------------------------
def test_no_correspondence_control_can_push_a_deadline_past_the_calendar():
    # at most a year to start with and 30 days a move: 90,000 moves still end before 9999
    furthest = datetime(2100, 1, 1, tzinfo=UTC).timestamp() * 1000 + (365 + 30 * 90_000) * DAY
    assert datetime.fromtimestamp(furthest / 1000, tz=UTC).year < 9999
    for text in ("d365+31", "d31/1", "d366/20", "d365+30max366"):
        with pytest.raises(BadTimeControl):
            TimeControl.parse(text)
