"""The renju opening protocol end to end through the API (002 §11–12, RIF 1996),
and the foul policies (002 9.2)."""

import pytest
from rest_framework.test import APIClient

from games.models import Game


@pytest.fixture
def client_of():
    def make(member):
        client = APIClient()
        client.force_authenticate(member)
        return client

    return make


def _challenge_and_accept(client_of, challenger, opponent, **options):
    body = {"discipline": "renju", "time_control": "2700+10", "opponent_id": opponent.pk, "colour": "black", **options}
    created = client_of(challenger).post("/api/challenges/", body, format="json")
    assert created.status_code == 201, created.json()
    accepted = client_of(opponent).post(f"/api/challenges/{created.json()['id']}/accept/")
    assert accepted.status_code == 201, accepted.json()
    return accepted.json()["id"]


def _act(client, game_id, text):
    ply = client.get(f"/api/games/{game_id}/").json()["ply"]
    return client.post(f"/api/games/{game_id}/moves/", {"text": text, "expected_ply": ply}, format="json")


def test_the_rif_opening_with_a_swap_and_two_fifth_move_offers(client_of, anna, boris):
    # Anna challenges as (tentative) black: she places the first three stones.
    game_id = _challenge_and_accept(client_of, anna, boris, opening_rule="rif")
    a, b = client_of(anna), client_of(boris)
    for stone in ("h8", "h9", "j10"):  # 002 12.2–12.4
        assert _act(a, game_id, stone).status_code == 201
    # 12.5: the tentative white (Boris) chooses colours; Anna may not.
    refused = _act(a, game_id, "swap")
    assert refused.status_code == 409 and refused.json()["error"] == "not-your-turn"
    assert _act(b, game_id, "swap").status_code == 201
    game = Game.objects.get(pk=game_id)
    assert (game.black_id, game.white_id) == (boris.pk, anna.pk)  # the members exchanged colours
    # Now white (Anna) plays the 4th stone; black (Boris) offers two 5th moves.
    assert _act(a, game_id, "g7").status_code == 201
    offer = _act(b, game_id, "i9,k10")
    assert offer.status_code == 201, offer.json()
    # 12.7: white chooses one of them and plays the 6th move.
    wrong = _act(a, game_id, "a1")
    assert wrong.status_code == 409 and wrong.json()["error"] == "illegal-move"
    assert _act(a, game_id, "k10").status_code == 201
    assert _act(a, game_id, "f6").status_code == 201
    state = b.get(f"/api/games/{game_id}/").json()
    assert state["ply"] == 8 and state["to_move"] == "black" and state["status"] == "active"
    record = b.get(f"/api/games/{game_id}/record/?as=renju").json()["text"]
    assert '[Rule "rif"]' in record and "i9,k10" in record and "swap" in record


def test_a_foul_is_rejected_by_default_naming_the_rule(client_of, anna, boris):
    game_id = _challenge_and_accept(client_of, anna, boris, opening_rule="none")  # free play, foul policy "reject"
    a, b = client_of(anna), client_of(boris)
    # black (Anna) builds h7-h8 and i9-j9: h9 would make two threes (double three)
    for member, stone in ((a, "h8"), (b, "a1"), (a, "h7"), (b, "a3"), (a, "i9"), (b, "a5"), (a, "j9"), (b, "a7")):
        assert _act(member, game_id, stone).status_code == 201
    foul = _act(a, game_id, "h9")
    assert foul.status_code == 409 and foul.json()["error"] == "illegal-move"
    assert "002 9.2" in foul.json()["detail"]
    assert Game.objects.get(pk=game_id).ply == 8


def test_under_foul_loses_a_foul_ends_the_game_for_white(client_of, anna, boris):
    game_id = _challenge_and_accept(client_of, anna, boris, opening_rule="none", foul_policy="foul-loses")
    a, b = client_of(anna), client_of(boris)
    for member, stone in ((a, "h8"), (b, "a1"), (a, "h7"), (b, "a3"), (a, "i9"), (b, "a5"), (a, "j9"), (b, "a7")):
        assert _act(member, game_id, stone).status_code == 201
    played = _act(a, game_id, "h9")
    assert played.status_code == 201
    game = Game.objects.get(pk=game_id)
    assert (game.status, game.result, game.termination_clause) == (
        "finished",
        "1-0",
        "002 9.2",
    )  # Game.result is white-first: white wins
    assert game.moves.get(ply=9).foul


def test_pass_is_a_move_and_two_passes_draw(client_of, anna, boris):
    game_id = _challenge_and_accept(client_of, anna, boris, opening_rule="none")
    a, b = client_of(anna), client_of(boris)
    for member, stone in ((a, "h8"), (b, "h9"), (a, "j10")):
        assert _act(member, game_id, stone).status_code == 201
    assert _act(b, game_id, "pass").status_code == 201  # 000 9.2.4.4
    assert _act(a, game_id, "pass").status_code == 201
    game = Game.objects.get(pk=game_id)
    assert (game.status, game.result) == ("finished", "1/2-1/2")
