"""How a game starts: a scheduled start and the allowed lateness (1.6.3,
1.9.1, 1.9.2) for championship games; a challenge's live game whose clocks
wait for the first moves."""

from datetime import timedelta

import pytest
from django.utils import translation

from games.models import Game, GameEvent
from games.services import (
    Forbidden,
    Invalid,
    RuleRefusal,
    game_adjudicate,
    game_check_in,
    game_create,
    game_move_make,
    games_sweep,
)
from games.services.play import check_in_window

from .conftest import T0, at, play

MINUTE = 60
DAY = 86_400


@pytest.fixture
def round_game(anna, boris):
    """A championship round's game: Anna white, Boris black, 45′, starting at
    T0 with ten minutes of allowed lateness; created an hour before."""

    def make(**options):
        options.setdefault("time_control", "2700")
        options.setdefault("lateness_ms", 10 * MINUTE * 1000)
        return game_create(
            discipline="russian",
            white=anna,
            black=boris,
            starts_at=T0,
            now=at(-3600),
            event="Club championship",
            round="3",
            **options,
        )

    return make


def _ended(game):
    game.refresh_from_db()
    return game.status, game.result, game.termination, game.termination_clause


# ---- the scheduled start (1.6.3) ----------------------------------------------------------------
def test_no_move_is_accepted_before_the_scheduled_start(round_game, anna):
    game = round_game()
    with translation.override("en"), pytest.raises(RuleRefusal) as early:
        game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, now=at(-1))
    assert early.value.code == "not-started" and "starts at" in early.value.detail
    game.refresh_from_db()
    assert game.ply == 0


def test_the_clocks_start_at_the_scheduled_start_not_at_creation(round_game, anna):
    game = round_game()
    assert (game.turn_started_at, game.started_at, game.white_ms) == (T0, T0, 2_700_000)
    for member in (anna, game.black):  # both at the board before the start
        game_check_in(game_id=game.pk, member=member, now=at(-60))
    game = play(game, anna, "c3-d4", 30)
    assert game.white_ms == 2_700_000 - 30_000


# 1.6.3: «пуская … часы отсутствующего участника. Если отсутствует участник, играющий
# чёрными, то белые своего хода на доске не делают.»
def test_while_black_is_absent_his_clock_runs_and_white_waits(round_game, anna, boris):
    from games.selectors import game_clocks

    game = round_game(lateness_ms=None)
    game_check_in(game_id=game.pk, member=anna, now=at(-60))  # white there at the start, black not
    game.refresh_from_db()
    shown = game_clocks(game, now=at(300))
    assert (shown["running"], shown["white_ms"], shown["black_ms"]) == ("black", 2_700_000, 2_400_000)
    assert game.deadline == at(2700)  # black's flag, while he is away and no lateness is allowed
    with pytest.raises(RuleRefusal) as waits:
        game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, now=at(300))
    assert waits.value.code == "opponent-absent" and "1.6.3" in waits.value.detail
    from games.live import game_state

    page = game_state(game.pk, anna)  # the page, now: still waiting for black
    assert not page["my_turn"] and page["legal_moves"] == [] and "1.6.3" in page["start_text"]
    assert page["clock"]["running"] == "black"
    game.refresh_from_db()
    assert (game.ply, game.white_ms, game.black_ms, game.turn_started_at) == (0, 2_700_000, 2_700_000, T0)
    game_check_in(game_id=game.pk, member=boris, now=at(300))  # black comes: his five minutes are his
    game.refresh_from_db()
    assert (game.black_ms, game.turn_started_at, game.deadline) == (2_400_000, at(300), at(300 + 2700))
    game = play(game, anna, "c3-d4", 330)
    assert (game.white_ms, game.to_move) == (2_700_000 - 30_000, "black")


def test_black_absent_until_his_flag_falls_loses_on_time(round_game, anna):
    # 1.6.3 with no lateness allowed: the absent player's clock is the one that runs out.
    game = round_game(lateness_ms=None)
    game_check_in(game_id=game.pk, member=anna, now=at(-60))
    assert games_sweep(now=at(2700)) == 1
    assert _ended(game)[:3] == ("finished", "1-0", "time")


# ---- lateness (1.9.1, 1.9.2) ----------------------------------------------------------------------
# 1.9.1: white absent when the allowed lateness passes loses by forfeit
def test_white_absent_past_the_lateness_loses_by_forfeit(round_game, boris):
    game = round_game()
    game_check_in(game_id=game.pk, member=boris, now=at(-60))
    game.refresh_from_db()
    assert game.deadline == at(10 * MINUTE)  # the lateness moment is what the sweep looks at
    assert games_sweep(now=at(10 * MINUTE - 1)) == 0
    assert games_sweep(now=at(10 * MINUTE)) == 1
    assert _ended(game) == ("finished", "-/+", "forfeit", "003 1.9.1")
    assert game.ended_at == at(10 * MINUTE)


# 1.9.1: black who never checked in forfeits; white, there, waited (1.6.3)
def test_black_absent_past_the_lateness_loses_by_forfeit(round_game, anna):
    game = round_game()
    game_check_in(game_id=game.pk, member=anna, now=at(20))
    game.refresh_from_db()
    assert game.deadline == at(10 * MINUTE)
    assert games_sweep(now=at(11 * MINUTE)) == 1
    assert _ended(game) == ("finished", "+/-", "forfeit", "003 1.9.1")


# 1.9.2: both absent, both lose
def test_both_absent_both_lose(round_game):
    game = round_game()
    assert games_sweep(now=at(10 * MINUTE)) == 1
    assert _ended(game) == ("finished", "-/-", "forfeit", "003 1.9.2")


def test_a_player_who_checked_in_but_has_not_moved_plays_on(round_game, anna, boris):
    game = round_game()
    game_check_in(game_id=game.pk, member=anna, now=at(20))
    game_check_in(game_id=game.pk, member=boris, now=at(30))
    game.refresh_from_db()
    # 1.6.3: the 20 s both were away are halved; then black's clock ran until he came at 30 s.
    assert (game.white_ms, game.black_ms) == (2_700_000 - 10_000, 2_700_000 - 20_000)
    # Both here: only the clock counts now — white's, from black's arrival.
    assert game.deadline == at(30 + 2700 - 10)
    assert games_sweep(now=at(20 * MINUTE)) == 0
    game = play(game, anna, "c3-d4", 25 * MINUTE)
    assert game.status == "active" and game.white_ms == 2_700_000 - 10_000 - (25 * MINUTE - 30) * 1000


def test_a_late_move_after_the_lateness_is_refused_and_the_game_forfeited(round_game, boris):
    game = round_game()
    game_check_in(game_id=game.pk, member=boris, now=at(0))
    with pytest.raises(RuleRefusal) as late:
        game_move_make(game_id=game.pk, member=game.white, text="c3-d4", expected_ply=0, now=at(10 * MINUTE + 5))
    assert late.value.code == "forfeit"
    assert _ended(game) == ("finished", "-/+", "forfeit", "003 1.9.1")
    assert game.ply == 0


def test_the_allowed_lateness_is_at_most_the_first_period_and_an_hour(anna, boris):
    blitz = game_create(
        discipline="russian",
        white=anna,
        black=boris,
        time_control="300",
        starts_at=T0,
        lateness_ms=3_600_000,
        now=at(-60),
    )
    classical = game_create(
        discipline="russian",
        white=anna,
        black=boris,
        time_control="7200",
        starts_at=T0,
        lateness_ms=2 * 3_600_000,
        now=at(-60),
    )
    assert (blitz.lateness_ms, classical.lateness_ms) == (300_000, 3_600_000)


def test_a_lateness_without_a_scheduled_start_or_below_zero_is_refused(anna, boris):
    for options in ({"lateness_ms": 60_000}, {"lateness_ms": -1, "starts_at": T0}):
        with pytest.raises(Invalid):
            game_create(discipline="russian", white=anna, black=boris, time_control="300", now=at(-60), **options)
    assert not Game.objects.exists()


# 1.12.2: unplayed games are not rated
def test_a_forfeit_is_not_rated(round_game, boris, eager_celery, settings):
    from ratings.models import Rating

    settings.GAME_FINISHED_TASKS = ["ratings.tasks.rating_apply_game"]
    game = round_game()
    game_check_in(game_id=game.pk, member=boris, now=at(0))
    assert games_sweep(now=at(10 * MINUTE)) == 1
    assert _ended(game)[1] == "-/+"
    assert not Rating.objects.filter(member_id__in=[game.white_id, game.black_id]).exists()


def test_the_lateness_is_adjudicated_once(round_game):
    game = round_game()
    assert game_adjudicate(game_id=game.pk, now=at(10 * MINUTE)) is True
    assert game_adjudicate(game_id=game.pk, now=at(10 * MINUTE + 1)) is False
    assert games_sweep(now=at(11 * MINUTE)) == 0
    assert GameEvent.objects.filter(game=game, kind="finished").count() == 1


# 1.9: a scheduled game is played or forfeited, never called off by a player
def test_a_scheduled_game_cannot_be_aborted(round_game, anna):
    from games import live
    from games.services import game_abort

    game = round_game()
    assert "abort" not in [b["id"] for b in live.game_state(game.pk, anna)["buttons"]]
    with pytest.raises(RuleRefusal) as refused:
        game_abort(game_id=game.pk, member=anna, now=at(0))
    assert refused.value.code == "abort-scheduled"
    assert _ended(game)[0] == "active"


# ---- check-in -----------------------------------------------------------------------------------
def test_check_in_is_idempotent_and_keeps_the_first_instant(round_game, boris):
    game = round_game()
    game_check_in(game_id=game.pk, member=boris, now=at(-60))
    game_check_in(game_id=game.pk, member=boris, now=at(5))
    game.refresh_from_db()
    assert game.black_checked_in_at == at(-60) and game.white_checked_in_at is None


def test_check_in_is_for_the_players_only_and_opens_shortly_before_the_start(round_game, boris, chiara):
    game = round_game()
    with pytest.raises(Forbidden):
        game_check_in(game_id=game.pk, member=chiara, now=at(0))
    too_early = T0 - check_in_window() - timedelta(seconds=1)
    with pytest.raises(RuleRefusal) as refused:
        game_check_in(game_id=game.pk, member=boris, now=too_early)
    assert refused.value.code == "check-in-not-open"
    game.refresh_from_db()
    assert game.black_checked_in_at is None


def test_check_in_after_the_lateness_has_passed_comes_too_late(round_game, anna):
    game = round_game()
    game_check_in(game_id=game.pk, member=anna, now=at(10 * MINUTE + 1))
    assert _ended(game) == ("finished", "-/-", "forfeit", "003 1.9.2")  # both were absent at the lateness


# ---- correspondence no-show ----------------------------------------------------------------------
def test_a_correspondence_first_move_period_run_out_is_a_forfeit(anna, boris):
    game = game_create(
        discipline="russian", white=anna, black=boris, time_control="d3", starts_at=T0, lateness_ms=0, now=at(-DAY)
    )
    assert game.deadline == at(3 * DAY)  # the first move's period starts at the scheduled start
    with pytest.raises(RuleRefusal):
        game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, now=at(-1))
    game = play(game, anna, "c3-d4", DAY)
    assert games_sweep(now=at(4 * DAY)) == 1
    assert _ended(game) == ("finished", "+/-", "forfeit", "003 1.9.1")


def test_a_correspondence_first_move_missed_is_a_forfeit_even_after_a_check_in(anna, boris):
    game = game_create(
        discipline="russian", white=anna, black=boris, time_control="d3", starts_at=T0, lateness_ms=0, now=at(-DAY)
    )
    game_check_in(game_id=game.pk, member=anna, now=at(0))
    assert games_sweep(now=at(3 * DAY)) == 1
    assert _ended(game) == ("finished", "-/+", "forfeit", "003 1.9.1")


def test_a_correspondence_player_who_has_moved_loses_on_time_as_usual(anna, boris):
    game = game_create(
        discipline="russian", white=anna, black=boris, time_control="d1", starts_at=T0, lateness_ms=0, now=at(-DAY)
    )
    game = play(game, anna, "c3-d4", 60)
    game = play(game, boris, "f6-g5", 120)
    assert games_sweep(now=at(120 + DAY)) == 1
    assert _ended(game) == ("finished", "0-1", "time", "003 1.7.9")


# ---- a challenge's live game: the clocks wait for the first moves ---------------------------------
def test_the_first_moves_of_a_challenge_s_live_game_are_not_charged(new_game, anna, boris):
    game = new_game(time_control="180+2")
    assert game.deadline == at(60)  # the first-move grace, not white's flag
    game = play(game, anna, "c3-d4", 50)
    assert (game.white_ms, game.deadline) == (180_000 + 2_000, at(50 + 60))  # a move made: its increment
    game = play(game, boris, "f6-g5", 100)
    assert (game.black_ms, game.deadline) == (182_000, at(100 + 182))  # white's clock runs from here
    game = play(game, anna, "d4-c5", 110)
    assert game.white_ms == 182_000 - 10_000 + 2_000


def test_a_live_game_whose_first_move_does_not_come_is_aborted_unrated(new_game):
    game = new_game(time_control="180+2")
    assert games_sweep(now=at(59)) == 0
    assert games_sweep(now=at(60)) == 1
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("aborted", "", "no-first-move")


def test_black_s_first_move_has_its_own_grace(new_game, anna, boris):
    game = play(new_game(), anna, "c3-d4", 10)
    with pytest.raises(RuleRefusal) as late:
        game_move_make(game_id=game.pk, member=boris, text="f6-g5", expected_ply=1, now=at(70))
    assert late.value.code == "game-aborted"
    game.refresh_from_db()
    assert (game.status, game.ply) == ("aborted", 1)


def test_the_grace_is_a_setting(new_game, settings):
    settings.GAMES_FIRST_MOVE_SECONDS = 15
    assert new_game().deadline == at(15)


# ---- "I am here" on the page and through the API --------------------------------------------------
def test_the_page_offers_i_am_here_to_a_player_who_has_not_come_yet(round_game, anna, boris):
    from games import live

    game = round_game()
    assert "present" in [b["id"] for b in live.game_state(game.pk, boris)["buttons"]]
    game_check_in(game_id=game.pk, member=boris, now=at(-60))
    assert "present" not in [b["id"] for b in live.game_state(game.pk, boris)["buttons"]]
    assert "present" not in [b["id"] for b in live.game_state(game.pk, None)["buttons"]]


def test_a_player_checks_in_through_the_api(anna, boris, chiara):
    from django.utils import timezone
    from rest_framework.test import APIClient

    game = game_create(
        discipline="russian",
        white=anna,
        black=boris,
        time_control="2700",
        starts_at=timezone.now() + timedelta(minutes=5),
        lateness_ms=600_000,
    )
    client = APIClient()
    client.force_authenticate(chiara)
    assert client.post(f"/api/games/{game.pk}/present/").status_code == 403
    client.force_authenticate(boris)
    answer = client.post(f"/api/games/{game.pk}/present/")
    assert answer.status_code == 200 and answer.json()["status"] == "active"
    assert answer.json()["black_checked_in_at"] and answer.json()["lateness_ms"] == 600_000
    game.refresh_from_db()
    assert game.black_checked_in_at is not None and game.white_checked_in_at is None
