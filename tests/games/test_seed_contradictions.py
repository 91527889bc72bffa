"""Where play used to contradict the seeds: each test names its clause."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group

from club.arbiters.services import result_decide
from games import clock
from games.models import GameEvent, Move
from games.services import (
    Conflict,
    Forbidden,
    game_check_in,
    game_draw_answer,
    game_draw_offer,
    game_repetition_claim,
    game_resign,
    games_sweep,
)
from members.models import Member
from members.roles import Role

from .conftest import T0, at, play
from .test_time_losses import _renju_fen_white_cannot_win


@pytest.fixture
def irina(db):
    member = Member.objects.create_user("irina", password="x")
    member.groups.add(Group.objects.get_or_create(name=Role.CHIEF_ARBITER)[0])
    return member


@pytest.fixture
def scheduled(new_game):
    return lambda **options: new_game(starts_at=T0, present=True, **options)  # both at the board (1.6.3)


# 1.7.9, 1.16.8: "проиграл время даже в теоретически выигранной им позиции" — no insufficient-material draw.
def test_a_draughts_flag_fall_loses_even_when_the_opponent_has_a_lone_king_against_three(scheduled):
    game = scheduled(time_control="300", start_fen="W:WKa1,Kc1,Ke1:BKh8")  # black could never win
    games_sweep(now=at(400))
    game.refresh_from_db()
    assert (game.result, game.termination, game.termination_clause) == ("0-1", "time", "003 1.16.8")


def test_a_classical_flag_fall_cites_1_7_9(scheduled):
    game = scheduled(time_control="2700", start_fen="W:WKa1,Kc1,Ke1:BKh8")
    games_sweep(now=at(2800))
    game.refresh_from_db()
    assert (game.result, game.termination_clause) == ("0-1", "003 1.7.9")


# renju 003 5.2.6.4, 000 9.2.6.4, 002 9.4: time runs out, the game is lost.
def test_a_renju_flag_fall_loses_even_when_the_opponent_could_never_make_five(scheduled):
    game = scheduled(discipline="renju", time_control="300", start_fen=_renju_fen_white_cannot_win())
    assert game.to_move == "black"
    games_sweep(now=at(400))
    game.refresh_from_db()
    assert (game.result, game.termination, game.termination_clause) == ("1-0", "time", "003 5.2.6.4")  # white wins


def test_both_flags_down_is_still_a_draw():  # 2.1.9.1.2
    verdict = clock.flag_fall_verdict(flagged="white", opponent_flag_down=True)
    assert (verdict.winner, verdict.clause) == (None, "003 2.1.9.1.2")


# 5.3.1.4, 000 9.3.1.3: a resignation made before the flag fell stands.
def test_a_resignation_made_before_the_flag_but_processed_after_it_stands(scheduled, anna):
    game = scheduled(time_control="300")
    games_sweep(now=at(301))  # the sweeper got to the flag first
    game.refresh_from_db()
    assert (game.result, game.termination) == ("0-1", "time")
    game = game_resign(game_id=game.pk, member=anna, now=at(299))
    assert (game.result, game.termination, game.termination_clause) == ("0-1", "resign", "003 5.3.1.4")
    assert GameEvent.objects.filter(game=game, kind="result-set").count() == 1


def test_a_draw_agreement_made_before_the_flag_stands(scheduled, anna, boris):
    game = play(scheduled(time_control="300"), anna, "c3-d4", 10)
    game_draw_offer(game_id=game.pk, member=anna, now=at(11))
    games_sweep(now=at(311))  # black's flag, processed before his acceptance
    game.refresh_from_db()
    assert (game.result, game.termination) == ("1-0", "time")
    game = game_draw_answer(game_id=game.pk, member=boris, accept=True, now=at(300))
    assert (game.result, game.termination) == ("1/2-1/2", "agreement")


# 5.3.1.3: the flag is down once it is established (the arbiter, the club's sweep, the
# opponent's claim); 5.3.1.4, 000 9.3.1.3: a resignation or agreement made while nobody had
# established it stands, even if the flag is found later to have fallen before it.
def test_a_resignation_after_a_flag_fall_nobody_has_established_stands(scheduled, boris):
    game = scheduled(time_control="300")  # anna (white) to move: her flag falls at 300 s
    game = game_resign(game_id=game.pk, member=boris, now=at(305))
    assert (game.result, game.termination, game.ended_at) == ("1-0", "resign", at(305))
    games_sweep(now=at(400))  # the flag found later changes nothing
    game.refresh_from_db()
    assert (game.result, game.termination) == ("1-0", "resign")
    assert GameEvent.objects.filter(game=game, kind="result-set").count() == 0


def test_an_agreement_after_a_flag_fall_nobody_has_established_stands(scheduled, anna, boris):
    game = play(scheduled(time_control="300"), anna, "c3-d4", 10)
    game_draw_offer(game_id=game.pk, member=anna, now=at(11))
    game = game_draw_answer(game_id=game.pk, member=boris, accept=True, now=at(320))  # black's flag: 310
    assert (game.result, game.termination, game.ended_at) == ("1/2-1/2", "agreement", at(320))


def test_a_player_absent_past_the_lateness_has_lost_before_his_opponent_resigns(new_game, boris):
    # 1.9.1: the forfeit for lateness is not a flag anyone must establish.
    game = new_game(starts_at=T0, time_control="2700", lateness_ms=10 * 60_000)
    game_check_in(game_id=game.pk, member=boris, now=T0)  # anna never comes
    game = game_resign(game_id=game.pk, member=boris, now=at(11 * 60))
    assert (game.result, game.termination) == ("-/+", "forfeit")


def test_declining_a_draw_after_the_flag_fell_establishes_it(scheduled, anna, boris):
    # Anything but a resignation or an agreement lets the server establish the flag (5.3.1.3).
    game = play(scheduled(time_control="300"), anna, "c3-d4", 10)
    game_draw_offer(game_id=game.pk, member=anna, now=at(11))
    game = game_draw_answer(game_id=game.pk, member=boris, accept=False, now=at(320))
    assert (game.result, game.termination, game.ended_at) == ("1-0", "time", at(310))


def test_a_resignation_after_the_flag_fell_changes_nothing(scheduled, anna):
    game = scheduled(time_control="300")
    games_sweep(now=at(301))
    with pytest.raises(Conflict) as refused:
        game_resign(game_id=game.pk, member=anna, now=at(302))
    assert refused.value.code == "game-over"
    game.refresh_from_db()
    assert (game.result, game.termination) == ("0-1", "time")


# 2.1.9.2: after a false claim with a written move, that move is played and the game goes on.
def test_a_false_repetition_claim_with_a_written_move_plays_the_move(new_game, anna, boris):
    game = new_game(start_fen="W:WKc1,Kh2:BKa7,Kh8", time_control="1800+30")
    for n, (member, text) in enumerate([(anna, "c1-d2"), (boris, "a7-b8")]):
        game = play(game, member, text, 1 + n)
    game = game_repetition_claim(game_id=game.pk, member=anna, expected_ply=2, move="d2-c1", now=at(20))
    assert game.status == "active" and game.ply == 3 and game.to_move == "black"
    assert Move.objects.filter(game=game, ply=3, notation__startswith="d2").exists()
    assert GameEvent.objects.filter(game=game, kind="repetition-claim-refused").count() == 1


# 3.6.2–3.6.3: international draughts 5–15 minutes is blitz, 15–30 rapid; Russian 2.1.11 unchanged.
@pytest.mark.parametrize(
    "control, discipline, speed",
    [
        ("600", "international", "blitz"),
        ("840", "international", "blitz"),
        ("180+2", "international", "blitz"),
        ("900", "international", "rapid"),
        ("600+5", "international", "rapid"),
        ("1800", "international", "rapid"),
        ("4800+60", "international", "classical"),
        ("600", "russian", "rapid"),
        ("300", "russian", "blitz"),
        ("2700", "russian", "classical"),
    ],
)
def test_speed_classes_come_from_each_disciplines_clauses(control, discipline, speed):
    assert clock.TimeControl.parse(control).speed_in(discipline) == speed


def test_an_international_ten_minute_game_is_rated_as_blitz(new_game):
    assert new_game(discipline="international", time_control="600").speed == "blitz"


# 2.1.10.4: after the game no claim; a correction only on grounds, with a reason, within the window.
def test_a_finished_club_game_is_corrected_only_within_the_window(new_game, anna, irina):
    game = new_game()
    game_resign(game_id=game.pk, member=anna, now=at(10))
    with pytest.raises(Conflict) as refused:
        result_decide(game_id=game.pk, by=irina, result="1-0", reason="wrong record", now=at(10) + timedelta(days=30))
    assert refused.value.code == "correction-window-closed"
    game.refresh_from_db()
    assert game.result == "0-1"
    game = result_decide(
        game_id=game.pk, by=irina, result="1-0", reason="wrong record", grounds="recording-error", now=at(60)
    )
    assert game.result == "1-0"


def test_a_correction_needs_grounds_the_rules_accept(new_game, anna, irina):
    from games.services import Invalid

    game = new_game()
    game_resign(game_id=game.pk, member=anna, now=at(10))
    with pytest.raises(Invalid) as refused:
        result_decide(
            game_id=game.pk, by=irina, result="1-0", reason="he says he was winning", grounds="claim", now=at(60)
        )
    assert refused.value.code == "bad-grounds"
    game.refresh_from_db()
    assert game.result == "0-1"


def test_a_player_may_not_correct_a_result(new_game, anna):
    game = new_game()
    game_resign(game_id=game.pk, member=anna, now=at(10))
    with pytest.raises(Forbidden):
        result_decide(game_id=game.pk, by=anna, result="1-0", reason="mine", now=at(20))
