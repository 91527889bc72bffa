"""Draws only an arbiter grants: the stronger side stopping the clocks in sudden
death (1.7.13, 1.16.8) and the 5-move rule in a clearly drawn position
(2.1.9.1.6, 1.16.7), through the API."""

import pytest

from club.arbiters.models import DrawClaim

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


def test_the_five_move_rule_is_the_arbiters_decision(client, both_here, staff, players, clock):  # noqa: F811
    game = both_here
    outsider = next(p for p in players[:4] if p.pk not in (game.white_id, game.black_id))
    assert (
        _post(_as(client, outsider), f"/api/arbiters/games/{game.pk}/draw-claims/", {"kind": "five-moves"}).status_code
        == 403
    )
    claimed = _post(_as(client, game.black), f"/api/arbiters/games/{game.pk}/draw-claims/", {"kind": "five-moves"})
    assert claimed.status_code == 201
    game.refresh_from_db()
    assert game.turn_started_at is not None  # play goes on while the arbiter judges
    granted = _post(
        _as(client, staff["chief"]),
        f"/api/arbiters/draw-claims/{claimed.json()['id']}/decision/",
        {"grant": True, "reason": "clearly drawn, no progress in 5 moves"},
    )
    assert granted.status_code == 200
    game.refresh_from_db()
    assert (game.result, game.termination_clause) == ("1/2-1/2", "003 2.1.9.1.6")
