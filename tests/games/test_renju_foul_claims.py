"""The third renju foul policy (002 9.8): a foul stone stands, and white may
point it out — a double three or four only before he plays on, an overline
for the rest of the game."""

import pytest

from games.models import Move
from games.services import RuleRefusal
from games.services.fouls import game_foul_claim

from .conftest import at, play

OPENING = ["h8", "a1", "i8", "a15", "h10", "o1", "i11", "o15"]  # then f8 is black's double three


@pytest.fixture
def renju(new_game):
    return lambda policy, control="2700": new_game(
        discipline="renju", time_control=control, foul_policy=policy, opening_rule="none"
    )


def _to_the_foul(game, anna, boris):
    for n, text in enumerate(OPENING + ["f8"]):
        game = play(game, boris if n % 2 == 0 else anna, text, n + 1)
    return game


def test_under_foul_claim_the_foul_stone_stands_and_white_claims_it_at_once(renju, anna, boris):
    game = _to_the_foul(renju("foul-claim"), anna, boris)
    assert game.status == "active" and game.ply == 9  # the foul was not refused
    game = game_foul_claim(game_id=game.pk, member=anna, now=at(20))
    assert (game.result, game.termination, game.termination_clause) == ("1-0", "foul:double-three", "002 9.8")


def test_a_double_three_cannot_be_claimed_after_white_plays_on(renju, anna, boris):
    game = _to_the_foul(renju("foul-claim"), anna, boris)
    game = play(game, anna, "b2", 20)
    game = play(game, boris, "n14", 21)
    with pytest.raises(RuleRefusal) as refused:
        game_foul_claim(game_id=game.pk, member=anna, now=at(22))
    assert refused.value.code == "claim-refused"
    game.refresh_from_db()
    assert game.status == "active" and game.ply == 11


def test_black_cannot_claim_and_other_policies_have_no_claims(renju, anna, boris):
    from games.services import Forbidden

    game = _to_the_foul(renju("foul-claim"), anna, boris)
    with pytest.raises(Forbidden):
        game_foul_claim(game_id=game.pk, member=boris, now=at(20))
    game = renju("reject")
    for n, text in enumerate(OPENING):
        game = play(game, boris if n % 2 == 0 else anna, text, n + 1)
    with pytest.raises(RuleRefusal) as refused:
        game_foul_claim(game_id=game.pk, member=anna, now=at(20))
    assert refused.value.code == "no-foul-claims"
    assert Move.objects.filter(game=game).count() == 8


def test_white_claims_the_foul_through_the_api(renju, anna, boris, client):
    game = _to_the_foul(renju("foul-claim", "-"), anna, boris)  # untimed: the API acts at the real time
    client.force_login(anna)
    answer = client.post(f"/api/games/{game.pk}/claims/foul/")
    assert answer.status_code == 200
    game.refresh_from_db()
    assert (game.result, game.termination_clause) == ("1-0", "002 9.8")


def test_a_challenge_may_choose_the_foul_claim_policy(anna):
    from games.services import challenge_create

    challenge = challenge_create(challenger=anna, discipline="renju", time_control="2700", foul_policy="foul-claim")
    assert challenge.foul_policy == "foul-claim"
