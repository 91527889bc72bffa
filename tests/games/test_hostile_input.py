"""Hostile input at the games layer's edges:
every bad value gets a clear 400 or refusal and changes nothing; what is
stored fits its column (PostgreSQL with server-side binding refuses text
longer than a column, so several of these were 500s there)."""

import threading
from datetime import datetime, timedelta, timezone

import pytest
from django.db import connections
from django.utils import translation
from rest_framework.test import APIClient

from games import clock
from games.models import Challenge, Game, Move, Vacation
from games.rules import variant
from games.services import (
    Invalid,
    RuleRefusal,
    challenge_accept,
    challenge_create,
    game_create,
    game_move_make,
    vacation_take,
)
from games.services.vacations import vacation_days_used

from .conftest import T0, at


@pytest.fixture
def api(anna):
    client = APIClient()
    client.force_authenticate(anna)
    return client


def post_challenge(api, **fields):
    return api.post("/api/challenges/", {"discipline": "russian", "time_control": "300", **fields}, format="json")


# ---- time controls (items 2, 9) -------------------------------------------------------------------
@pytest.mark.parametrize(
    "control", ["10+1000000000000", "0+5", "1", "300+61", "99999999999999999999", "300/5,300", "1" * 70]
)
def test_an_absurd_time_control_is_refused(api, control):
    answer = post_challenge(api, time_control=control)
    assert answer.status_code == 400, answer.content
    assert not Challenge.objects.exists()


# 000 9.4.1: renju is played with a time for the whole game, with or without an increment
def test_a_control_the_discipline_does_not_allow_is_refused_with_the_reason(api):
    answer = post_challenge(api, discipline="renju", time_control="2700/20,900")
    assert answer.status_code == 400 and "9.4.1" in answer.json()["detail"]
    assert post_challenge(api, discipline="russian", time_control="2700/20,900").status_code == 201


def test_every_preset_of_every_discipline_is_allowed():
    for discipline in ("russian", "russian-64", "international", "giveaway", "renju", "connect6"):
        for preset in clock.presets(discipline):
            clock.check_allowed(clock.TimeControl.parse(preset.control), discipline)


def test_no_stored_control_can_push_a_deadline_past_the_calendar():
    with pytest.raises(clock.BadTimeControl):
        clock.TimeControl.parse("10+1000000000000")
    with pytest.raises(clock.BadTimeControl):
        clock.TimeControl.parse("86401")


def test_a_challenge_that_expired_before_it_was_made_is_refused(api):
    answer = post_challenge(api, expires_at="2020-01-01T00:00:00Z")
    assert answer.status_code == 400 and answer.json()["error"] == "bad-expiry"
    assert not Challenge.objects.exists()


# ---- start positions (item 7) ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "discipline, fen",
    [
        ("russian", "W:W:Bb8"),  # white has nothing to move: black has already won (2.1.8.1)
        ("giveaway", "W:W:Bb8"),  # white has given all his pieces away: already won (4.1)
        ("russian", "W:Wz9:Bb8"),  # no such square
    ],
)
def test_a_start_position_that_cannot_be_played_is_refused(api, discipline, fen):
    answer = post_challenge(api, discipline=discipline, start_fen=fen)
    assert answer.status_code == 400 and answer.json()["error"] == "bad-start"
    assert not Challenge.objects.exists()


def test_a_custom_start_position_is_stored_as_the_rules_write_it_and_not_rated(api, boris):
    fen = "W:W" + " " * 420 + "c3, e3:B b8"  # longer than the old 400-character column
    answer = post_challenge(api, start_fen=fen, rated=True, opponent_id=boris.pk)
    assert answer.status_code == 201, answer.content
    assert (answer.json()["start_fen"], answer.json()["rated"]) == ("W:Wc3,e3:Bb8", False)
    game = challenge_accept(challenge_id=answer.json()["id"], member=boris)
    assert (game.start_fen, game.rated) == ("W:Wc3,e3:Bb8", False)


# ---- sizes of what is stored (item 5) ---------------------------------------------------------------
def test_an_idempotency_key_longer_than_its_column_is_a_400(api, anna, boris):
    game = game_create(discipline="russian", white=anna, black=boris, time_control="300")
    answer = api.post(
        f"/api/games/{game.pk}/moves/",
        {"text": "c3-d4", "expected_ply": 0},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k" * 200,
    )
    assert answer.status_code == 400 and answer.json()["error"] == "bad-idempotency-key"
    assert not Move.objects.exists()


def test_a_move_is_stored_in_normal_form_and_an_overlong_one_is_refused(anna, boris):
    game = game_create(discipline="renju", white=anna, black=boris, time_control="2700", opening_rule="none")
    with pytest.raises(Invalid) as refused:
        game_move_make(game_id=game.pk, member=boris, text="h8" * 100, expected_ply=0)
    assert refused.value.code == "move-too-long"
    outcome = game_move_make(game_id=game.pk, member=boris, text="  h8" + " " * 300, expected_ply=0)
    assert outcome.move.notation == "h8"


def test_a_long_connect6_game_keeps_its_whole_position(anna, boris):
    game = game_create(discipline="connect6", white=anna, black=boris, time_control="d14")
    cols = "abcdefghijklmnopqrs"
    # Stones in pairs of columns, alternating colours row by row: no six in a row anywhere.
    points = {
        colour: [f"{cols[x]}{y + 1}" for y in range(19) for x in range(19) if ((x // 2) + y) % 2 == side]
        for side, colour in enumerate(("black", "white"))
    }
    texts = [points["black"].pop(0)]
    for turn in range(140):
        stones = points["white" if turn % 2 == 0 else "black"]
        texts.append(f"{stones.pop(0)},{stones.pop(0)}")
    for ply, text in enumerate(texts):
        member = game.black if ply % 2 == 0 else game.white
        game = game_move_make(game_id=game.pk, member=member, text=text, expected_ply=ply).game
    game.refresh_from_db()
    assert game.ply == 141 and len(game.fen) > 800
    assert game.fen == variant("connect6").to_fen(variant("connect6").from_fen(game.fen))


def test_an_arbiter_clause_longer_than_its_column_is_a_400(anna, boris, chief_arbiter):
    game = game_create(discipline="russian", white=anna, black=boris, time_control="d3")
    client = APIClient()
    client.force_authenticate(chief_arbiter)
    answer = client.post(
        f"/api/games/{game.pk}/result/",
        {"result": "1-0", "reason": "a no-show", "clause": "003 1.9.1 " * 10},
        format="json",
    )
    assert answer.status_code == 400
    game.refresh_from_db()
    assert game.status == "active"


def test_an_event_name_longer_than_its_column_is_refused(anna, boris):
    with pytest.raises(Invalid):
        game_create(discipline="russian", white=anna, black=boris, time_control="300", round="1" * 21)
    assert not Game.objects.exists()


# ---- numbers (item 5) -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "fields", [{"rating_min": 2**63}, {"rating_max": 2**40}, {"rating_min": -1}, {"opponent_id": 2**70}]
)
def test_numbers_out_of_bounds_are_a_400(api, fields):
    answer = post_challenge(api, **fields)
    assert answer.status_code == 400, answer.content
    assert not Challenge.objects.exists()


def test_an_expected_ply_beyond_any_game_is_a_400(api, anna, boris):
    game = game_create(discipline="russian", white=anna, black=boris, time_control="300")
    answer = api.post(f"/api/games/{game.pk}/moves/", {"text": "c3-d4", "expected_ply": 2**63}, format="json")
    assert answer.status_code == 400


# ---- rating range (item 8) ------------------------------------------------------------------------
def test_an_unrated_member_is_told_what_the_rating_range_means_for_him(anna, boris):
    challenge = challenge_create(challenger=anna, discipline="russian", time_control="300", rating_max=1600)
    with translation.override("en"), pytest.raises(RuleRefusal) as refused:
        challenge_accept(challenge_id=challenge.pk, member=boris)
    assert "no club rating" in refused.value.detail and "russian blitz" in refused.value.detail


# ---- vacations (item 9) ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "fields",
    [
        {"days": 10**12},
        {"days": 31},
        {"days": 5, "starts_at": "9999-12-01T00:00:00Z"},
        {"days": 5, "starts_at": "2099-01-01T00:00:00Z"},
    ],
)
def test_a_huge_or_far_future_vacation_is_refused(api, fields):
    answer = api.post("/api/vacations/", fields, format="json")
    assert answer.status_code == 400, answer.content
    assert not Vacation.objects.exists()


def test_a_vacation_across_new_year_counts_to_each_year_by_its_days(anna):
    msk = timezone(timedelta(hours=3))  # the club's zone (Europe/Moscow)
    now = datetime(2026, 12, 1, 12, tzinfo=msk)
    vacation_take(member=anna, days=20, starts_at=datetime(2026, 12, 22, tzinfo=msk), now=now)
    assert vacation_days_used(member=anna, year=2026) == 10
    assert vacation_days_used(member=anna, year=2027) == 10
    with pytest.raises(RuleRefusal):
        vacation_take(member=anna, days=21, starts_at=datetime(2027, 3, 1, tzinfo=msk), now=now)
    vacation_take(member=anna, days=20, starts_at=datetime(2027, 3, 1, tzinfo=msk), now=now)


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_four_concurrent_vacation_requests_spend_the_allowance_once(anna):
    """Four 20-day requests at once against a 30-day allowance: one is booked."""
    barrier = threading.Barrier(4)
    outcomes = []

    def request(i):
        try:
            barrier.wait()
            start = T0 + timedelta(days=40 * i)
            outcomes.append(vacation_take(member=anna, days=20, starts_at=start, now=T0))
        except RuleRefusal as refusal:
            outcomes.append(refusal)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=request, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(isinstance(o, Vacation) for o in outcomes) == 1
    assert Vacation.objects.filter(member=anna).count() == 1
    assert vacation_days_used(member=anna, year=at(0).year) == 20
