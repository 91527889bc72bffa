"""Both players absent at a scheduled start (003 1.6.3; 002 §15 for renju).

003 1.6.3: «В случае отсутствия обоих участников пускаются часы игрока,
играющего белыми. Но как только появляется один из игроков, судья делит
пополам истёкшее время, устанавливает это время на обоих часах и пускает часы
отсутствующего участника.» 002 §15: «Если оба игрока отсутствуют, одни часы
должны быть запущены. Время на этих часах течет для обоих игроков.»
A player arrives when he checks in ("I am here") or makes his move.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import clock
from games.services import RuleRefusal, game_check_in, game_create

from .conftest import T0, at, play

MINUTE_MS = 60_000
BASE_MS = 2_700_000


@pytest.fixture
def scheduled(anna, boris):
    """A scheduled game at T0, 45′, ten minutes' allowed lateness: Anna white (black in renju moves first)."""

    def make(discipline="russian", **options):
        return game_create(
            discipline=discipline,
            white=anna,
            black=boris,
            time_control="2700",
            starts_at=T0,
            lateness_ms=10 * MINUTE_MS,
            now=at(-3600),
            **options,
        )

    return make


def test_the_time_until_black_arrives_is_halved_between_both_clocks(scheduled, boris):
    # 1.6.3: both absent; black comes after 6 minutes: each clock shows 3 minutes gone,
    # and the absent white's clock runs from then.
    game = scheduled()
    game_check_in(game_id=game.pk, member=boris, now=at(360))
    game.refresh_from_db()
    assert (game.white_ms, game.black_ms) == (BASE_MS - 3 * MINUTE_MS, BASE_MS - 3 * MINUTE_MS)
    assert (game.to_move, game.turn_started_at) == ("white", at(360))


def test_white_arriving_first_halves_the_time_and_then_black_s_clock_runs(scheduled, anna, boris):
    # 1.6.3: white comes after 4 minutes: 2 minutes off each clock, and the absent black's clock
    # runs («пускает часы отсутствующего участника»); white makes no move until black comes.
    game = scheduled()
    game_check_in(game_id=game.pk, member=anna, now=at(240))
    game.refresh_from_db()
    assert (game.white_ms, game.black_ms) == (BASE_MS - 2 * MINUTE_MS, BASE_MS - 2 * MINUTE_MS)
    with pytest.raises(RuleRefusal):
        play(game, anna, "c3-d4", 250)
    game_check_in(game_id=game.pk, member=boris, now=at(300))
    game.refresh_from_db()
    assert (game.white_ms, game.black_ms) == (BASE_MS - 2 * MINUTE_MS, BASE_MS - 3 * MINUTE_MS)
    game = play(game, anna, "c3-d4", 330)
    assert (game.white_ms, game.to_move) == (BASE_MS - 2 * MINUTE_MS - 30_000, "black")


def test_renju_runs_one_clock_for_both(scheduled, anna):
    # 002 §15: one clock runs for both: the 6 minutes until the first arrives are on each clock.
    game = scheduled("renju", opening_rule="none")
    game_check_in(game_id=game.pk, member=anna, now=at(360))
    game.refresh_from_db()
    assert (game.white_ms, game.black_ms) == (BASE_MS - 6 * MINUTE_MS, BASE_MS - 6 * MINUTE_MS)
    assert game.turn_started_at == at(360)


def test_the_time_is_shared_only_once_and_not_when_one_was_there_at_the_start(scheduled, anna, boris):
    # 1.6.3: the halving is for the first arrival of two absent players only.
    game = scheduled()
    game_check_in(game_id=game.pk, member=boris, now=at(-60))  # black there before the start
    game_check_in(game_id=game.pk, member=anna, now=at(300))
    game.refresh_from_db()
    assert (game.white_ms, game.black_ms, game.turn_started_at) == (BASE_MS, BASE_MS, T0)
    other = scheduled()
    game_check_in(game_id=other.pk, member=boris, now=at(120))
    game_check_in(game_id=other.pk, member=anna, now=at(300))
    other.refresh_from_db()
    assert (other.white_ms, other.black_ms, other.turn_started_at) == (
        BASE_MS - MINUTE_MS,
        BASE_MS - MINUTE_MS,
        at(120),
    )


@given(st.integers(min_value=0, max_value=3_600_000))
def test_halving_loses_no_millisecond_and_for_both_charges_each_all(elapsed):
    # 1.6.3: «делит пополам»; 002 §15: «для обоих».
    first, other = clock.both_absent_charges(elapsed, one_clock_for_both=False)
    assert first + other == elapsed and 0 <= first - other <= 1
    assert clock.both_absent_charges(elapsed, one_clock_for_both=True) == (elapsed, elapsed)
