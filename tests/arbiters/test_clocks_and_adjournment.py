"""Clock decisions (1.7.8, 5.3.1.5–5.3.1.6) and adjournment with a sealed move
(5.3.3.2–5.3.3.3, 002 17.6), end to end through the API. The server's clock
is a stand-in moved by the test (``clock.now``), so no test waits."""

from datetime import timedelta
from unittest import mock

import pytest

from club.arbiters.models import Adjournment, AuditEntry
from club.championships import services as championships
from club.championships.models import Board
from games.models import Game
from games.services import game_check_in

from .conftest import T0


class Clock:
    def __init__(self):
        self.now = T0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock():
    stand_in = Clock()
    with mock.patch("django.utils.timezone.now", stand_in):
        yield stand_in


@pytest.fixture
def live(make_championship, players, staff, on_commit, clock):
    """A 45-minute round robin; round 1 published at T0: its first game (white to move)."""
    championship = make_championship(players[:4], time_control="2700")
    with on_commit():
        championships.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
        championships.round_publish(
            by=staff["arbiter"],
            championship_id=championship.pk,
            round_number=1,
            starts_at=T0,
            now=T0 - timedelta(hours=1),
        )
    board = Board.objects.filter(round__championship=championship, game__isnull=False).order_by("number").first()
    for player in (board.white, board.black):  # both at the board at the start (1.6.3)
        game_check_in(game_id=board.game_id, member=player, now=T0 - timedelta(minutes=1))
    board.game.refresh_from_db()
    return board.game


def _as(client, member):
    client.force_login(member)
    return client


def _post(client, url, data=None):
    return client.post(url, data or {}, content_type="application/json")


def test_an_adjourned_game_resumes_with_its_sealed_move(client, live, staff, clock):
    game = live
    clock.advance(60)
    assert (
        _post(_as(client, game.white), f"/api/games/{game.pk}/moves/", {"text": "c3-d4", "expected_ply": 0}).status_code
        == 201
    )
    clock.advance(30)
    resume_at = clock.now + timedelta(hours=20)
    # a plain arbiter may not adjourn: only the chief arbiter permits it (5.3.3.2)
    refused = _post(
        _as(client, staff["arbiter"]),
        f"/api/arbiters/games/{game.pk}/adjournment/",
        {"resume_at": resume_at.isoformat(), "reason": "the hall closes"},
    )
    assert refused.status_code == 403 and not Adjournment.objects.exists()
    ordered = _post(
        _as(client, staff["chief"]),
        f"/api/arbiters/games/{game.pk}/adjournment/",
        {"resume_at": resume_at.isoformat(), "reason": "the hall closes"},
    )
    assert ordered.status_code == 201
    # white is not to move and cannot seal
    assert (
        _post(
            _as(client, game.white),
            f"/api/arbiters/games/{game.pk}/adjournment/seal/",
            {"move": "d4-e5", "expected_ply": 1},
        ).status_code
        == 403
    )
    clock.advance(120)  # black thinks two minutes over his sealed move: that time counts
    sealed = _post(
        _as(client, game.black),
        f"/api/arbiters/games/{game.pk}/adjournment/seal/",
        {"move": "b6-a5", "expected_ply": 1},
    )
    assert sealed.status_code == 200 and sealed.json()["sealed_move"] == "b6-a5"
    game.refresh_from_db()
    assert game.turn_started_at is None and game.black_ms == 2700_000 - 150_000 and game.ply == 1
    # hidden from the opponent and spectators; the arbiters see it
    assert _as(client, game.white).get(f"/api/arbiters/games/{game.pk}/adjournment/").json()[0]["sealed_move"] is None
    assert (
        _as(client, staff["arbiter"]).get(f"/api/arbiters/games/{game.pk}/adjournment/").json()[0]["sealed_move"]
        == "b6-a5"
    )
    # no move while the clocks are stopped, and no flag falls overnight
    clock.advance(3 * 3600)
    moved = _post(_as(client, game.black), f"/api/games/{game.pk}/moves/", {"text": "b6-a5", "expected_ply": 1})
    assert moved.status_code == 409 and moved.json()["error"] == "clocks-stopped"
    adjournment = Adjournment.objects.get()
    championship_id = adjournment.game.championship_board.round.championship_id
    page = _as(client, staff["chief"]).get(f"/arbiters/championships/{championship_id}/")
    assert page.status_code == 200 and list(page.context["adjourned"]) == [adjournment]  # resumption order
    too_early = _post(_as(client, staff["arbiter"]), f"/api/arbiters/adjournments/{adjournment.pk}/resume/")
    assert too_early.status_code == 409 and too_early.json()["error"] == "too-early"
    clock.now = resume_at
    resumed = _post(_as(client, staff["arbiter"]), f"/api/arbiters/adjournments/{adjournment.pk}/resume/")
    assert resumed.status_code == 200, resumed.json()
    game.refresh_from_db()
    assert (game.ply, game.to_move, game.status) == (2, "white", "active")
    assert game.black_ms == 2700_000 - 150_000 and game.turn_started_at == resume_at
    assert {"adjournment:order", "adjournment:seal", "adjournment:resume"} <= set(
        AuditEntry.objects.values_list("action", flat=True)
    )


def test_an_arbiter_stops_and_restarts_the_clocks_for_an_interruption(client, live, staff, clock):
    from games.services import game_check_in

    game = live
    for player in (game.white, game.black):  # both at the board (1.9.1)
        game_check_in(game_id=game.pk, member=player, now=clock.now)
    clock.advance(100)
    assert (
        _post(_as(client, game.white), f"/api/arbiters/games/{game.pk}/clocks/stop/", {"reason": "I stop"}).status_code
        == 403
    )  # a player may not (he calls the arbiter)
    stopped = _post(
        _as(client, staff["arbiter"]), f"/api/arbiters/games/{game.pk}/clocks/stop/", {"reason": "power cut"}
    )
    assert stopped.status_code == 200
    clock.advance(3600)  # longer than white's 45 minutes: no flag falls while stopped
    game.refresh_from_db()
    assert game.status == "active" and game.white_ms == 2600_000
    assert (
        _post(
            _as(client, staff["arbiter"]), f"/api/arbiters/games/{game.pk}/clocks/start/", {"reason": "power back"}
        ).status_code
        == 200
    )
    game.refresh_from_db()
    assert game.turn_started_at == clock.now
    moved = _post(_as(client, game.white), f"/api/games/{game.pk}/moves/", {"text": "c3-d4", "expected_ply": 0})
    assert moved.status_code == 201, moved.json()


# 1.7.8: a shortened time leaves at least 15 minutes in draughts.
def test_a_clock_correction_never_shortens_a_draughts_player_below_15_minutes(client, live, staff, clock):
    game = live
    clock.advance(60)
    below = _post(
        _as(client, staff["arbiter"]),
        f"/api/arbiters/games/{game.pk}/clocks/",
        {"white_ms": 14 * 60_000, "black_ms": 2700_000, "reason": "clock ran fast"},
    )
    assert below.status_code == 409 and below.json()["error"] == "below-minimum"
    game.refresh_from_db()
    assert (game.white_ms, game.black_ms) == (2700_000, 2700_000)
    ok = _post(
        _as(client, staff["arbiter"]),
        f"/api/arbiters/games/{game.pk}/clocks/",
        {"white_ms": 15 * 60_000, "black_ms": 2700_000, "reason": "clock ran slow for white"},
    )
    assert ok.status_code == 200
    game.refresh_from_db()
    assert (game.white_ms, game.turn_started_at) == (15 * 60_000, clock.now)
    assert AuditEntry.objects.filter(action="clocks:correct", clause="003 1.7.8").count() == 1


def test_a_player_may_not_correct_the_clocks(client, live, clock):
    game = live
    refused = _post(
        _as(client, game.white),
        f"/api/arbiters/games/{game.pk}/clocks/",
        {"white_ms": 3600_000, "black_ms": 2700_000, "reason": "I want more"},
    )
    assert refused.status_code == 403
    assert Game.objects.get(pk=game.pk).white_ms == 2700_000


# 5.3.1.5: renju keeps at least 5 minutes.
def test_a_renju_correction_keeps_at_least_5_minutes(players, chief_arbiter, clock):
    from club.arbiters.services import clock_correct
    from games.services import RuleRefusal, game_create

    game = game_create(white=players[0], black=players[1], discipline="renju", time_control="2700", now=T0)
    with pytest.raises(RuleRefusal) as refused:
        clock_correct(by=chief_arbiter, game_id=game.pk, white_ms=4 * 60_000, black_ms=2700_000, reason="fast")
    assert refused.value.code == "below-minimum"
    game = clock_correct(by=chief_arbiter, game_id=game.pk, white_ms=5 * 60_000, black_ms=2700_000, reason="fast")
    assert game.white_ms == 5 * 60_000


def test_a_clock_correction_reads_the_games_time_control_once(client, live, staff, clock):
    # The control is read once per text, however many times the correction asks for it.
    from games import clock as clock_maths
    from games.clock import TimeControl

    clock.advance(600)
    clock_maths._parsed.cache_clear()
    with mock.patch.object(TimeControl, "_read", wraps=TimeControl._read) as read:
        answer = _post(
            _as(client, staff["chief"]),
            f"/api/arbiters/games/{live.pk}/clocks/",
            {"white_ms": 2000_000, "black_ms": 2700_000, "reason": "The clock was set wrongly."},
        )
    assert answer.status_code == 200, answer.content
    assert [call.args for call in read.call_args_list] == [("2700",)]
