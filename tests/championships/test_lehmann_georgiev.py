"""Lehmann–Georgiev (003 3.6.4): "5 мин. + 3 сек. на все партии до первой
победы" — a knockout tie still drawn after its micro-match goes on to single
games at 5 min + 3 s per move, colours alternating, until the first win; the
series has one clock budget (each game starts with the times the players had
left at the end of the previous one). Through the API on the test database;
the games through the game layer at explicit instants."""

from datetime import timedelta

import pytest
from django.utils import timezone

from club.championships.models import Board, MatchGame
from games.models import Game
from games.rules import variant
from games.services import game_check_in, game_draw_answer, game_move_make, game_resign
from tests.championships.calls import ok

pytestmark = pytest.mark.django_db


def move(game: Game, at, *, offer_draw=False):
    game.refresh_from_db()
    v = variant(game.discipline)
    text = v.legal_moves(v.from_fen(game.fen))[0].notation
    mover = game.white if game.to_move == "white" else game.black
    game_move_make(game_id=game.pk, member=mover, text=text, expected_ply=game.ply, offer_draw=offer_draw, now=at)


def draw_now(game: Game, on_commit, at):
    """A move offering a draw (2.1.9.3), accepted at once."""
    with on_commit():
        move(game, at, offer_draw=True)
        game.refresh_from_db()
        other = game.white if game.to_move == "white" else game.black
        game_draw_answer(game_id=game.pk, member=other, accept=True, now=at)


def current(board: Board) -> Game:
    return board.match_games.select_related("game").order_by("-number").first().game


def test_a_drawn_knockout_tie_is_decided_by_a_lehmann_georgiev_series_on_one_clock(api, staff, players, on_commit):
    organiser, arbiter = api(staff["organiser"]), api(staff["arbiter"])
    body = {
        "name": "Final",
        "discipline": "international",
        "time_control": "d2",
        "system": "knockout",
        "games_per_pairing": 2,
        "tie_matches": 0,
        "tie_break": "lehmann-georgiev",
    }
    created = ok(organiser.post("/api/championships/", body), 201)
    assert created["tie_break"] == "lehmann-georgiev"
    url = f"/api/championships/{created['id']}/"
    ok(organiser.post(url + "arbiters/", {"member_id": staff["chief"].pk, "role": "chief"}))
    ok(organiser.post(url + "arbiters/", {"member_id": staff["arbiter"].pk, "role": "arbiter"}))
    ok(organiser.post(url + "open/"))
    for member in players[:2]:
        ok(api(member).post(url + "entry/"), 201)
    ok(organiser.post(url + "close/", {"seed": "lg"}))
    ok(arbiter.post(url + "rounds/"), 201)
    ok(arbiter.post(url + "rounds/1/publish/"))
    board = Board.objects.get(round__championship_id=created["id"])
    # The micro-match of two correspondence games is drawn 1:1 (two draws).
    draw_now(current(board), on_commit, timezone.now())
    draw_now(current(board), on_commit, timezone.now())
    first = current(board)
    # 3.6.4: the series' first game at 5 min + 3 s, full clocks, the board's white with white.
    assert (str(first.time_control), first.white_ms, first.black_ms) == ("300+3", 300_000, 300_000)
    assert first.white_id == board.white_id and MatchGame.objects.get(game=first).micro_match == 2
    s = first.starts_at
    for player in (first.white, first.black):  # both at the board when the series begins (1.6.3)
        game_check_in(game_id=first.pk, member=player, now=s)
    move(first, s + timedelta(seconds=10))  # white: 300 − 10 + 3 = 293 s
    move(first, s + timedelta(seconds=30))  # black: 300 − 20 + 3 = 283 s
    move(first, s + timedelta(seconds=40))  # white: 293 − 10 + 3 = 286 s
    # Black, thinking 5 s, offers a draw with his move (283 − 5 + 3 = 281 s); white accepts at once.
    draw_now(first, on_commit, s + timedelta(seconds=45))
    first.refresh_from_db()
    assert first.result == "1/2-1/2"
    second = current(board)
    # The next game: colours swapped, at once, each with the time he had left (281 s and 286 s).
    assert (second.white_id, second.black_id) == (board.black_id, board.white_id)
    assert (second.white_ms, second.black_ms) == (281_000, 286_000)
    assert second.starts_at == first.ended_at and str(second.time_control) == "300+3"
    board.refresh_from_db()
    assert board.result == ""
    # A draw again: the third game swaps back; the clocks carry on.
    s2 = second.starts_at
    move(second, s2 + timedelta(seconds=20))  # the board's black (white here): 281 − 20 + 3 = 264 s
    draw_now(second, on_commit, s2 + timedelta(seconds=50))  # the board's white moves: 286 − 30 + 3 = 259 s
    third = current(board)
    assert (third.white_id, third.white_ms, third.black_ms) == (board.white_id, 259_000, 264_000)
    # The first win decides the tie: the board's black wins with black.
    with on_commit():
        game_resign(game_id=third.pk, member=third.white, now=third.starts_at + timedelta(seconds=5))
    board.refresh_from_db()
    assert board.result == "0-1" and MatchGame.objects.filter(board=board).count() == 5
    detail = ok(api(None).get(url))
    assert detail["status"] == "finished"
    bracket = ok(api(None).get(url + "bracket/"))
    final = bracket[0]["matches"][0]
    assert final["winner_id"] == board.black_id
    assert [g["time_control"] for g in final["games"]] == ["d2", "d2", "300+3", "300+3", "300+3"]


def test_a_series_needs_a_tie_to_break_and_a_live_control(api, staff):
    organiser = api(staff["organiser"])
    base = {"name": "Cup", "discipline": "international", "time_control": "d2", "tie_break": "lehmann-georgiev"}
    response = organiser.post("/api/championships/", base)  # a round robin of single games: no tie
    assert response.status_code == 400 and response.json()["error"] == "bad-tie-break"
    response = organiser.post("/api/championships/", {**base, "system": "knockout", "tie_time_control": "d1"})
    assert response.status_code == 400 and response.json()["error"] == "bad-time-control"
    response = organiser.post("/api/championships/", {**base, "system": "knockout", "tie_break": "armageddon"})
    assert response.status_code == 400


def test_a_drawn_micro_match_of_a_round_robin_goes_to_the_series_when_set(api, staff, players, on_commit):
    # 1.11 "as the regulations set": here a Lehmann–Georgiev series instead of a drawn result.
    organiser, arbiter = api(staff["organiser"]), api(staff["arbiter"])
    body = {
        "name": "Match",
        "discipline": "international",
        "time_control": "d2",
        "games_per_pairing": 2,
        "tie_break": "lehmann-georgiev",
        "tie_time_control": "180+2",
    }
    url = "/api/championships/{}/".format(ok(organiser.post("/api/championships/", body), 201)["id"])
    ok(organiser.post(url + "arbiters/", {"member_id": staff["chief"].pk, "role": "chief"}))
    ok(organiser.post(url + "arbiters/", {"member_id": staff["arbiter"].pk, "role": "arbiter"}))
    ok(organiser.post(url + "open/"))
    for member in players[:2]:
        ok(api(member).post(url + "entry/"), 201)
    ok(organiser.post(url + "close/", {"seed": "rr"}))
    ok(arbiter.post(url + "rounds/"), 201)
    ok(arbiter.post(url + "rounds/1/publish/"))
    board = Board.objects.get(round__number=1, black__isnull=False)
    draw_now(current(board), on_commit, timezone.now())
    draw_now(current(board), on_commit, timezone.now())
    series = current(board)
    assert (str(series.time_control), series.white_ms) == ("180+2", 180_000)  # the control the regulations set
    board.refresh_from_db()
    assert board.result == ""  # the 1:1 micro-match does not stand
    with on_commit():
        game_resign(game_id=series.pk, member=series.black, now=series.starts_at + timedelta(seconds=5))
    board.refresh_from_db()
    assert board.result == "1-0" and ok(api(None).get(url))["status"] == "finished"
