"""A player's claims from the game page, without the API: a threefold repetition in
draughts (003 2.1.9.2) and white's renju foul claim (002 9.8). Each form is shown only
to the player it is for; a refusal is a message and changes nothing."""

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club.arbiters.models import DrawClaim
from club.arbiters.services import draw_claim
from foundation.refusals import RuleRefusal
from games import services
from games.models import Game

pytestmark = pytest.mark.django_db

SHUFFLE = ["c1-d2", "a7-b8", "d2-c1", "b8-a7"]  # kings go back and forth: the start stands again every 4 plies
OPENING = ["h8", "a1", "i8", "a15", "h10", "o1", "i11", "o15", "f8"]  # f8: black's double three (002 9.2)


def logged_in(member):
    client = Client()
    client.force_login(member)
    return client


def outcome(response):
    """The messages a claim left for the page, as (level, text)."""
    return [(m.level_tag, m.message) for m in get_messages(response.wsgi_request)]


def played(game, moves, white, black, first="white"):
    side, start = first, game.ply
    for n, text in enumerate(moves):
        mover = white if side == "white" else black
        services.game_move_make(game_id=game.pk, member=mover, text=text, expected_ply=start + n)
        side = "black" if side == "white" else "white"
    game.refresh_from_db()
    return game


def kings(anna, boris):
    return services.game_create(
        discipline="russian", white=anna, black=boris, time_control="1800+30", start_fen="W:WKc1,Kh2:BKa7,Kh8"
    )


def renju(anna, boris, policy="foul-claim"):
    return services.game_create(
        discipline="renju", white=anna, black=boris, time_control="2700", opening_rule="none", foul_policy=policy
    )


def test_the_side_to_move_claims_a_repetition_from_the_page(anna, boris):
    # 2.1.9.2: after 8 plies the start position stands a third time; white, to move, claims.
    game = played(kings(anna, boris), SHUFFLE * 2, anna, boris)
    form = f'action="/play/games/{game.pk}/claims/repetition/"'
    assert form in logged_in(anna).get(f"/play/games/{game.pk}/").content.decode()
    assert form not in logged_in(boris).get(f"/play/games/{game.pk}/").content.decode()  # not his turn
    done = logged_in(anna).post(f"/play/games/{game.pk}/claims/repetition/", {"expected_ply": 8})
    assert outcome(done)[0][0] == "success"
    game.refresh_from_db()
    assert (game.result, game.termination) == ("1/2-1/2", "repetition")


def test_a_repetition_claim_by_a_non_player_or_a_false_one_is_refused_and_changes_nothing(anna, boris, organiser):
    game = played(kings(anna, boris), SHUFFLE, anna, boris)  # only the second time
    url = f"/play/games/{game.pk}/claims/repetition/"
    assert "/accounts/login/" in Client().post(url, {"expected_ply": 4}).url
    assert outcome(logged_in(organiser).post(url, {"expected_ply": 4}))[0][0] == "error"
    assert outcome(logged_in(anna).post(url, {"expected_ply": 4}))[0][0] == "error"
    game.refresh_from_db()
    assert (game.status, game.ply, game.result) == (Game.Status.ONGOING, 4, "")


def test_white_points_out_blacks_renju_foul_from_the_page(anna, boris):
    # 002 9.8: under "foul-claim" the foul stone stands and white may point it out right away.
    game = played(renju(anna, boris), OPENING, anna, boris, first="black")
    form = f'action="/play/games/{game.pk}/claims/foul/"'
    assert form in logged_in(anna).get(f"/play/games/{game.pk}/").content.decode()
    assert form not in logged_in(boris).get(f"/play/games/{game.pk}/").content.decode()  # black does not claim
    assert outcome(logged_in(boris).post(f"/play/games/{game.pk}/claims/foul/"))[0][0] == "error"
    game.refresh_from_db()
    assert game.status == Game.Status.ONGOING
    logged_in(anna).post(f"/play/games/{game.pk}/claims/foul/")
    game.refresh_from_db()
    assert (game.result, game.termination) == ("1-0", "foul:double-three")


def test_a_claim_that_does_not_apply_to_the_discipline_is_neither_offered_nor_accepted(anna, boris):
    # A foul claim only under renju's "foul-claim" policy (002 9.8); no repetition claim in renju.
    draughts = played(kings(anna, boris), SHUFFLE * 2, anna, boris)
    assert "/claims/foul/" not in logged_in(anna).get(f"/play/games/{draughts.pk}/").content.decode()
    assert outcome(logged_in(anna).post(f"/play/games/{draughts.pk}/claims/foul/"))[0][0] == "error"
    stones = played(renju(anna, boris, policy="reject"), OPENING[:8], anna, boris, first="black")
    assert "/claims/foul/" not in logged_in(anna).get(f"/play/games/{stones.pk}/").content.decode()
    assert "/claims/repetition/" not in logged_in(boris).get(f"/play/games/{stones.pk}/").content.decode()  # to move
    assert outcome(logged_in(anna).post(f"/play/games/{stones.pk}/claims/foul/"))[0][0] == "error"
    assert (
        outcome(logged_in(boris).post(f"/play/games/{stones.pk}/claims/repetition/", {"expected_ply": 8}))[0][0]
        == "error"
    )
    for game in (draughts, stones):
        game.refresh_from_db()
        assert game.status == Game.Status.ONGOING and not game.result
    assert (draughts.ply, stones.ply) == (8, 8)


def test_a_player_asks_the_arbiter_for_a_draw_by_the_five_move_rule_from_the_page(anna, boris, organiser):
    # 003 2.1.9.1.6: play goes on while the arbiter judges the position; one claim waits at a time.
    game = played(kings(anna, boris), SHUFFLE[:2], anna, boris)
    form = f'action="/arbiters/games/{game.pk}/draw-claim/"'
    assert form in logged_in(boris).get(f"/play/games/{game.pk}/").content.decode()
    assert form not in logged_in(organiser).get(f"/play/games/{game.pk}/").content.decode()
    url = f"/arbiters/games/{game.pk}/draw-claim/"
    assert outcome(logged_in(organiser).post(url, {"kind": "five-moves"}))[0][0] == "error"
    assert not DrawClaim.objects.exists()
    assert outcome(logged_in(boris).post(url, {"kind": "five-moves"}))[0][0] == "success"
    claim = DrawClaim.objects.get()
    assert (claim.game_id, claim.claimed_by, claim.kind, claim.status) == (game.pk, boris, "five-moves", "pending")
    assert form not in logged_in(anna).get(f"/play/games/{game.pk}/").content.decode()  # one claim waits


def test_the_five_move_claim_is_not_a_renju_rule(anna, boris):
    # 003 2.1.9.1.6 is a draughts rule: neither offered nor accepted in renju.
    game = played(renju(anna, boris), OPENING[:2], anna, boris, first="black")
    assert "/draw-claim/" not in logged_in(anna).get(f"/play/games/{game.pk}/").content.decode()
    refused = logged_in(anna).post(f"/arbiters/games/{game.pk}/draw-claim/", {"kind": "five-moves"})
    assert outcome(refused)[0][0] == "error"
    assert not DrawClaim.objects.exists()


def test_the_claim_forms_are_offered_only_where_the_rules_could_grant_them(anna, boris):
    # 2.1.9.2: the repetition claim to the side to move once the position stands a third time,
    # or with the move that would make it so; 2.1.9.1.6: the five-move claim in an endgame of
    # kings («дамочные эндшпиля»). At move 2 of the start position, neither.
    repetition, five_moves = "repetition-claim", 'class="draw-claim five-moves"'
    opening = services.game_create(discipline="russian", white=anna, black=boris, time_control="1800+30")
    opening = played(opening, ["c3-d4", "f6-g5"], anna, boris)
    page = logged_in(anna).get(f"/play/games/{opening.pk}/").content.decode()
    assert repetition not in page and five_moves not in page
    with pytest.raises(RuleRefusal) as refused:  # and the service refuses it: nothing is recorded
        draw_claim(member=anna, game_id=opening.pk, kind="five-moves")
    assert refused.value.code == "not-a-king-endgame" and not DrawClaim.objects.exists()

    ending = played(kings(anna, boris), SHUFFLE[:3], anna, boris)  # b8-a7 would bring the start a 2nd time
    page = logged_in(boris).get(f"/play/games/{ending.pk}/").content.decode()
    assert repetition not in page and five_moves in page
    ending = played(ending, SHUFFLE[3:] + SHUFFLE[:3], anna, boris, first="black")  # now a 3rd time
    page = logged_in(boris).get(f"/play/games/{ending.pk}/").content.decode()
    assert repetition in page
    assert repetition not in logged_in(anna).get(f"/play/games/{ending.pk}/").content.decode()  # not her turn

    services.game_resign(game_id=ending.pk, member=anna)
    for member in (anna, boris):  # the game is over: no claim at all (2.1.10.4)
        page = logged_in(member).get(f"/play/games/{ending.pk}/").content.decode()
        assert repetition not in page and five_moves not in page
