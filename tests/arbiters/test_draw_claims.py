"""Draws only an arbiter grants: the stronger side stopping the clocks in sudden
death (1.7.13, 1.16.8) and the 5-move rule in a clearly drawn position
(2.1.9.1.6, 1.16.7), through the API."""

from datetime import UTC, datetime, timedelta

import pytest

from club.arbiters.models import DrawClaim
from games.services import game_create, game_move_make

from .test_clocks_and_adjournment import _as, _post, clock, live  # noqa: F401


@pytest.fixture
def both_here(live, clock):  # noqa: F811
    from games.services import game_check_in

    for player in (live.white, live.black):
        game_check_in(game_id=live.pk, member=player, now=clock.now)
    return live


def test_stopping_the_clocks_fixes_a_draw_the_arbiter_confirms(client, both_here, staff, clock):  # noqa: F811
    game = both_here
    clock.advance(60)
    claimed = _post(_as(client, game.white), f"/api/arbiters/games/{game.pk}/draw-claims/", {"kind": "stop-clocks"})
    assert claimed.status_code == 201
    game.refresh_from_db()
    assert game.turn_started_at is None and game.white_ms == 2640_000  # both clocks stopped at his claim
    # the player cannot grant his own claim
    assert (
        _post(
            _as(client, game.white),
            f"/api/arbiters/draw-claims/{claimed.json()['id']}/decision/",
            {"grant": True, "reason": "mine"},
        ).status_code
        == 403
    )
    granted = _post(
        _as(client, staff["arbiter"]),
        f"/api/arbiters/draw-claims/{claimed.json()['id']}/decision/",
        {"grant": True, "reason": "white had too little time to win a won ending"},
    )
    assert granted.status_code == 200
    game.refresh_from_db()
    assert (game.result, game.termination_clause) == ("1/2-1/2", "003 1.7.13")


def test_a_refused_stop_claim_restarts_the_clocks(client, both_here, staff, clock):  # noqa: F811
    game = both_here
    claimed = _post(_as(client, game.white), f"/api/arbiters/games/{game.pk}/draw-claims/", {"kind": "stop-clocks"})
    clock.advance(600)
    _post(
        _as(client, staff["arbiter"]),
        f"/api/arbiters/draw-claims/{claimed.json()['id']}/decision/",
        {"grant": False, "reason": "the position is not won"},
    )
    game.refresh_from_db()
    assert (game.status, game.turn_started_at, game.white_ms) == ("active", clock.now, 2700_000)


def test_only_the_side_to_move_stops_the_clocks(client, both_here, clock):  # noqa: F811
    game = both_here
    refused = _post(_as(client, game.black), f"/api/arbiters/games/{game.pk}/draw-claims/", {"kind": "stop-clocks"})
    assert refused.status_code == 403 and not DrawClaim.objects.exists()
    game.refresh_from_db()
    assert game.turn_started_at is not None


def test_a_five_move_claim_outside_an_endgame_of_kings_is_refused_and_changes_nothing(
    client,
    both_here,
    players,
    clock,  # noqa: F811
):
    # 2.1.9.1.6: «К явно ничейным позициям относятся дамочные эндшпиля» — at the start, no king
    # is on the board: the rule could not grant the draw, so the claim is refused.
    game = both_here
    outsider = next(p for p in players[:4] if p.pk not in (game.white_id, game.black_id))
    assert (
        _post(_as(client, outsider), f"/api/arbiters/games/{game.pk}/draw-claims/", {"kind": "five-moves"}).status_code
        == 403
    )
    refused = _post(_as(client, game.black), f"/api/arbiters/games/{game.pk}/draw-claims/", {"kind": "five-moves"})
    assert refused.status_code == 409 and refused.json()["error"] == "not-a-king-endgame"
    assert "2.1.9.1.6" in refused.json()["detail"] and not DrawClaim.objects.exists()


# Three kings against one, white to move (white plays for the win), as a club game the club's arbiter judges.
THREE_KINGS = "W:WKc1,Ke1,Kg1:BKh8"
QUIET = ["c1-a3", "h8-g7", "a3-b4", "g7-f8", "b4-a5", "f8-e7", "a5-b6", "e7-d8", "b6-a7", "d8-c7"]
# The same with a black man white must take at once: the force ratio changes after the claim.
CAPTURE_FIRST = "W:WKc1,Ke1,Kg1:BKa7,f4"
AFTER_CAPTURE = ["c1:g5", "a7-b8", "g5-f6", "b8-a7", "f6-e7", "a7-b8", "e7-d8", "b8-a7", "d8-c7", "a7-b8", "c7-b6"]


START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def ending(players):
    def make(fen):
        return game_create(
            discipline="russian", white=players[0], black=players[1], time_control="d3", start_fen=fen, now=START
        )

    return make


def _play(game, moves):
    for text in moves:
        game.refresh_from_db()
        mover = game.white if game.to_move == "white" else game.black
        game_move_make(
            game_id=game.pk, member=mover, text=text, expected_ply=game.ply, now=START + timedelta(minutes=game.ply + 1)
        )
    game.refresh_from_db()


def _decide(client, arbiter, claim_id):
    return _post(
        _as(client, arbiter),
        f"/api/arbiters/draw-claims/{claim_id}/decision/",
        {"grant": True, "reason": "white made no progress in five moves"},
    )


def test_the_five_move_draw_is_granted_only_after_the_fifth_move_of_the_side_playing_to_win(client, ending, staff):
    # 2.1.9.1.6, 1.16.7 •3: the server counts the moves played after the claim: four are not enough.
    game = ending(THREE_KINGS)
    claimed = _post(_as(client, game.black), f"/api/arbiters/games/{game.pk}/draw-claims/", {"kind": "five-moves"})
    assert claimed.status_code == 201
    assert _decide(client, staff["arbiter"], claimed.json()["id"]).json()["error"] == "five-moves-not-made"
    _play(game, QUIET[:8])  # white's 4th move and black's reply
    refused = _decide(client, staff["arbiter"], claimed.json()["id"])
    assert refused.status_code == 409 and "4" in refused.json()["detail"]
    # The arbiter is told the claim still waits, in the page's language.
    assert any(words in refused.json()["detail"] for words in ("nothing recorded", "ничего не записано"))
    game.refresh_from_db()
    assert (game.status, game.result) == ("active", "") and DrawClaim.objects.get().status == "pending"
    _play(game, QUIET[8:9])  # white's 5th move
    granted = _decide(client, staff["arbiter"], claimed.json()["id"])
    assert granted.status_code == 200, granted.content
    game.refresh_from_db()
    assert (game.result, game.termination_clause) == ("1/2-1/2", "003 2.1.9.1.6")


def test_a_capture_after_the_claim_starts_the_count_again(client, ending, staff):
    # 2.1.9.1.6: a capture sets a new force ratio — a new position; five moves are counted after it.
    game = ending(CAPTURE_FIRST)
    claimed = _post(_as(client, game.black), f"/api/arbiters/games/{game.pk}/draw-claims/", {"kind": "five-moves"})
    _play(game, AFTER_CAPTURE[:10])  # white's 5 moves since the claim, the first a capture
    refused = _decide(client, staff["arbiter"], claimed.json()["id"])
    assert refused.status_code == 409 and refused.json()["error"] == "five-moves-not-made"
    _play(game, AFTER_CAPTURE[10:])  # the 5th since the capture
    assert _decide(client, staff["arbiter"], claimed.json()["id"]).status_code == 200


def test_no_draw_claim_while_the_arbiter_has_the_clocks_stopped(client, players, staff):
    # 2.1.9.1.6 needs play going on: in an adjournment or once play has closed for
    # adjudication there is no claim, on the page or through the API.
    from club.arbiters.selectors import five_moves_claim_open
    from club.arbiters.services import clocks_stop

    game = game_create(
        discipline="russian", white=players[0], black=players[1], time_control="2700", start_fen=THREE_KINGS
    )
    assert five_moves_claim_open(game, game.black)
    clocks_stop(by=staff["arbiter"], game_id=game.pk, reason="the hall closes")
    game.refresh_from_db()
    assert not five_moves_claim_open(game, game.black)
    refused = _post(_as(client, game.black), f"/api/arbiters/games/{game.pk}/draw-claims/", {"kind": "five-moves"})
    assert refused.status_code == 409 and refused.json()["error"] == "clocks-stopped"
    assert not DrawClaim.objects.exists()


def test_the_arbiter_s_decision_form_has_no_default_and_an_unchosen_decision_records_nothing(client, ending, staff):
    # The arbiter chooses to grant or refuse: a form sent as it came grants nothing.
    game = ending(THREE_KINGS)
    claim = _post(_as(client, game.black), f"/api/arbiters/games/{game.pk}/draw-claims/", {"kind": "five-moves"})
    client.force_login(staff["arbiter"])
    page = client.get(f"/arbiters/games/{game.pk}/").content.decode()
    assert '<option value="" selected>—</option><option value="grant">' in page
    sent = client.post(
        f"/arbiters/games/{game.pk}/",
        {"action": "draw-decision", "claim": claim.json()["id"], "grant": "", "reason": "clearly drawn"},
    )
    assert sent.status_code in (200, 400)
    game.refresh_from_db()
    assert (game.status, game.result) == ("active", "") and DrawClaim.objects.get().status == "pending"
