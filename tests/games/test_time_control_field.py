"""A time control is read once, where it enters, and carried typed: its text and its value
are one (format then parse gives the value back, for every kind the seeds and the club
use: 003 2.1.11, 2.2.3, 3.6, 000 9.4, correspondence), and a stored row gives back the
value it was given, from a model, a query's values or a query's filter."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from hypothesis import assume, given
from hypothesis import strategies as st

from games import clock
from games.clock import (
    CORRESPONDENCE_DAYS,
    DAY_S,
    MAX_DAYS,
    MAX_DAYS_A_MOVE,
    MAX_INCREMENT,
    MAX_PERIOD_MOVES,
    MAX_PERIOD_SECONDS,
    MAX_PERIODS,
    MAX_TEXT,
    Period,
    TimeControl,
)
from games.models import Challenge, Game

from .conftest import at

moves = st.integers(1, MAX_PERIOD_MOVES)


@st.composite
def live(draw) -> TimeControl:
    # 3.6.1, 2.2.3.1: periods by moves, the last one to the end of the game or repeating; Fischer increments.
    by_moves = draw(st.lists(st.builds(Period, st.integers(1, MAX_PERIOD_SECONDS), moves), max_size=MAX_PERIODS - 1))
    last = draw(st.builds(Period, st.integers(1, MAX_PERIOD_SECONDS), st.none() | moves))
    return TimeControl(periods=(*by_moves, last), increment=draw(st.integers(0, MAX_INCREMENT)))


@st.composite
def bank(draw) -> TimeControl:
    days = draw(st.integers(1, MAX_DAYS))
    cap = draw(st.integers(0, days))
    added = draw(st.integers(0, MAX_DAYS_A_MOVE))
    return TimeControl(periods=(Period(days * DAY_S),), increment=added * DAY_S, cap=cap * DAY_S, in_days=True)


@st.composite
def moves_in_days(draw) -> TimeControl:
    count = draw(st.integers(1, MAX_PERIODS))
    periods = []
    for i in range(count):
        n = draw(moves if i < count - 1 else st.none() | moves)
        days = draw(st.integers(1, min(MAX_DAYS, MAX_DAYS_A_MOVE * n) if n else MAX_DAYS))
        periods.append(Period(days * DAY_S, n))
    return TimeControl(periods=tuple(periods), in_days=True)


controls = st.one_of(
    st.just(TimeControl()),  # untimed: an imported game
    st.integers(0, MAX_INCREMENT).map(lambda inc: TimeControl(periods=(Period(0),), increment=inc or 1)),
    live(),
    st.sampled_from(CORRESPONDENCE_DAYS).map(lambda d: TimeControl(days=d)),
    bank(),
    moves_in_days(),
)


@given(controls)
def test_parse_after_format_gives_the_value_back(tc):
    text = str(tc)
    assume(len(text) <= MAX_TEXT)  # a longer one cannot be stored, so never is
    assert TimeControl.parse(text) == tc


@given(controls)
def test_format_is_canonical(tc):
    # The stored text is the one text of its value: a query by value finds the row.
    text = str(tc)
    assume(len(text) <= MAX_TEXT)
    assert str(TimeControl.parse(text)) == text


WORLD = TimeControl(periods=(Period(135 * DAY_S),), cap=21 * DAY_S, in_days=True)  # d135max21


@pytest.mark.parametrize(
    "tc",
    [
        TimeControl(periods=(Period(180),), increment=2),  # 003 2.1.11.3
        TimeControl(periods=(Period(7200, 50), Period(3600, 25))),  # 003 3.6.1
        TimeControl(days=3),
        WORLD,
        TimeControl(),
    ],
    ids=str,
)
def test_the_field_round_trips_through_the_database(anna, tc):
    challenge = Challenge.objects.create(
        challenger=anna, discipline="renju", time_control=tc, expires_at=at() + timedelta(days=1)
    )
    assert Challenge.objects.get(pk=challenge.pk).time_control == tc
    assert Challenge.objects.filter(pk=challenge.pk).values_list("time_control", flat=True).get() == tc
    assert Challenge.objects.filter(time_control=tc).get().pk == challenge.pk
    stored = Challenge.objects.filter(pk=challenge.pk).values_list("time_control", flat=True)
    assert str(stored.get()) == str(tc)


def test_text_assigned_is_held_typed_and_stored_canonical(anna):
    # A fixture's, a restored backup's or a script's text is read where it is assigned.
    challenge = Challenge(challenger=anna, discipline="renju", time_control="D135 max21", expires_at=at())
    assert challenge.time_control == WORLD
    challenge.save()
    assert Challenge.objects.filter(time_control="d135max21").exists()


def test_a_malformed_text_is_refused_where_it_enters(anna):
    with pytest.raises(ValidationError):
        Challenge(challenger=anna, discipline="renju", time_control="d4", expires_at=at())


def test_a_game_without_a_control_is_untimed(anna, boris):
    game = Game.objects.create(discipline="russian", white=anna, black=boris, speed="untimed")
    game.refresh_from_db()
    assert (game.time_control, game.time_control.timed) == (TimeControl(), False)


@pytest.mark.parametrize("discipline", ["russian", "russian-64", "international", "giveaway", "renju", "gomoku"])
def test_each_preset_is_named_by_the_speed_its_control_has(discipline):
    # 2.1.11, 2.2.3, 3.6, 4.3, 000 9.4: the speed class comes from the control (the form groups
    # the presets by it); the name only says it, and must say the same.
    for preset in clock.presets(discipline):
        assert preset.name.split()[0] == preset.time_control.speed_in(discipline), preset
