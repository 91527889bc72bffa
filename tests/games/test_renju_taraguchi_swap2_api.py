"""Taraguchi-10 and Swap2 played end to end through the game API, every branch.

The rules are cited in tests/rules/test_renju_taraguchi_swap2.py (Wikipedia
"Taraguchi opening rule" / Taraguchi-N with N = 10; Swap2 as Wikipedia
"Gomoku" and the vint.ee rules page describe it).  Here each step is taken by
the member the rule names — the other member is refused with
``not-your-turn`` — and each ``swap`` exchanges which member holds which
colour.
"""

import pytest
from django.conf import settings
from django.utils import translation
from rest_framework.test import APIClient

from games.live import game_state
from games.models import Game

TEN = "i1,k3,m5,n2,o1,o14,l8,j8,k9,e4"  # ten 5th moves, no two symmetric in 1 h8 2 i9 3 j10 4 g7


@pytest.fixture
def client_of():
    def make(member):
        client = APIClient()
        client.force_authenticate(member)
        return client

    return make


def _game(client_of, first, second, discipline, rule):
    """``first`` challenges as black: the first player, who starts every protocol."""
    body = {
        "discipline": discipline,
        "time_control": "2700+10",
        "opponent_id": second.pk,
        "colour": "black",
        "opening_rule": rule,
    }
    created = client_of(first).post("/api/challenges/", body, format="json")
    assert created.status_code == 201, created.json()
    accepted = client_of(second).post(f"/api/challenges/{created.json()['id']}/accept/")
    assert accepted.status_code == 201, accepted.json()
    return accepted.json()["id"]


def _steps(client_of, game_id, members, steps):
    """Play ``steps`` [(who, action)] where who is "first" or "second"; the other member is refused each time.

    Before each protocol action the game page's state names the step, in the
    site's language (Russian by default: the text is translated)."""
    for who, action in steps:
        actor = members[who]
        other = members["second" if who == "first" else "first"]
        with translation.override(settings.LANGUAGE_CODE):  # the page's language, not the API's
            state = game_state(game_id, actor)  # what the game page shows the member
        ply = state["ply"]
        if state["phase"] != "play" or ply < 5:
            step = state["protocol"]["step"]
            assert any("а" <= c <= "я" for c in step.lower()), (who, action, step)
            assert action in [m["notation"] for m in state["legal_moves"]] or "," in action
        refused = client_of(other).post(
            f"/api/games/{game_id}/moves/", {"text": action, "expected_ply": ply}, format="json"
        )
        assert refused.status_code == 409 and refused.json()["error"] == "not-your-turn", (who, action)
        made = client_of(actor).post(
            f"/api/games/{game_id}/moves/", {"text": action, "expected_ply": ply}, format="json"
        )
        assert made.status_code == 201, (who, action, made.json())


def _colours(game_id, members):
    game = Game.objects.get(pk=game_id)
    names = {member.pk: who for who, member in members.items()}
    return names[game.black_id], names[game.white_id]


def test_taraguchi_10_swaps_after_every_stone_and_ten_offers(client_of, anna, boris):
    game_id = _game(client_of, anna, boris, "renju", "taraguchi10")
    members = {"first": anna, "second": boris}
    _steps(
        client_of,
        game_id,
        members,
        [
            ("first", "h8"),
            ("second", "swap"),  # the second player takes black ...
            ("first", "i9"),
            ("second", "stay"),  # ... so the first, now white, puts the 2nd (3×3)
            ("second", "j10"),
            ("first", "swap"),  # black's 3rd (5×5); the first player takes black back
            ("second", "g7"),  # white's 4th (7×7)
            ("first", "declare 10"),  # choice 2: black will offer ten 5th moves
            ("first", TEN),
            ("second", "l8"),
            ("second", "a1"),  # white chooses one and plays the 6th
        ],
    )
    assert _colours(game_id, members) == ("first", "second")
    state = client_of(anna).get(f"/api/games/{game_id}/").json()
    assert (state["ply"], state["to_move"], state["status"]) == (11, "black", "active")
    assert state["fen"] == "B:Bh8,j10,l8:Wa1,g7,i9"
    record = client_of(anna).get(f"/api/games/{game_id}/record/?as=renju").json()["text"]
    assert '[Rule "taraguchi10"]' in record and "declare 10" in record and TEN in record


def test_taraguchi_10_choice_1_the_fifth_in_the_9x9_and_a_last_swap(client_of, anna, boris):
    game_id = _game(client_of, anna, boris, "renju", "taraguchi10")
    members = {"first": anna, "second": boris}
    _steps(
        client_of,
        game_id,
        members,
        [
            ("first", "h8"),
            ("second", "stay"),
            ("second", "i9"),
            ("first", "stay"),
            ("first", "j10"),
            ("second", "stay"),
            ("second", "g7"),
            ("first", "swap"),  # choice 1: black's holder may swap; the second player is black now
            ("second", "l4"),  # the 5th, inside the central 9×9
            ("first", "swap"),  # the other player may swap once more: first is black again
            ("second", "a15"),  # white plays the 6th
        ],
    )
    assert _colours(game_id, members) == ("first", "second")
    ply = client_of(anna).get(f"/api/games/{game_id}/").json()["ply"]
    outside = client_of(anna).post(f"/api/games/{game_id}/moves/", {"text": "swap", "expected_ply": ply}, format="json")
    assert outside.status_code == 409 and outside.json()["error"] == "illegal-move"  # the protocol is over


def test_taraguchi_10_refuses_a_stone_outside_its_square(client_of, anna, boris):
    game_id = _game(client_of, anna, boris, "renju", "taraguchi10")
    members = {"first": anna, "second": boris}
    _steps(client_of, game_id, members, [("first", "h8"), ("second", "stay")])
    wrong = client_of(boris).post(f"/api/games/{game_id}/moves/", {"text": "h10", "expected_ply": 2}, format="json")
    assert wrong.status_code == 409 and wrong.json()["error"] == "illegal-move"  # the 2nd goes inside 3×3
    assert Game.objects.get(pk=game_id).ply == 2


@pytest.mark.parametrize("discipline", ["renju", "gomoku"])
@pytest.mark.parametrize("choice, colours", [("swap", ("second", "first")), ("stay", ("first", "second"))])
def test_swap2_the_second_player_chooses_a_colour(client_of, anna, boris, discipline, choice, colours):
    game_id = _game(client_of, anna, boris, discipline, "swap2")
    members = {"first": anna, "second": boris}
    _steps(client_of, game_id, members, [("first", "h8"), ("first", "h9"), ("first", "j10"), ("second", choice)])
    assert _colours(game_id, members) == colours
    white = colours[1]
    _steps(client_of, game_id, members, [(white, "g7")])  # white plays the 4th, then play is free
    state = client_of(anna).get(f"/api/games/{game_id}/").json()
    assert (state["ply"], state["to_move"], game_state(game_id, anna)["phase"]) == (5, "black", "play")


@pytest.mark.parametrize("discipline", ["renju", "gomoku"])
@pytest.mark.parametrize("choice, colours", [("swap", ("second", "first")), ("stay", ("first", "second"))])
def test_swap2_two_more_stones_then_the_first_player_chooses(client_of, anna, boris, discipline, choice, colours):
    game_id = _game(client_of, anna, boris, discipline, "swap2")
    members = {"first": anna, "second": boris}
    _steps(
        client_of,
        game_id,
        members,
        [
            ("first", "h8"),
            ("first", "h9"),
            ("first", "j10"),
            ("second", "place2"),
            ("second", "g7"),
            ("second", "k11"),  # a white and a black stone
            ("first", choice),  # the first player chooses the colour
        ],
    )
    assert _colours(game_id, members) == colours
    _steps(client_of, game_id, members, [(colours[1], "f6")])  # white plays the 6th
    state = client_of(anna).get(f"/api/games/{game_id}/").json()
    assert state["fen"] == "B:Bh8,j10,k11:Wf6,g7,h9" and state["to_move"] == "black"
    record = client_of(anna).get(f"/api/games/{game_id}/record/?as=sgf").json()["text"]
    assert "RU[swap2]" in record and ";SW[place2]" in record and f";SW[{choice}]" in record


def test_an_opening_rule_of_another_discipline_is_refused(client_of, anna, boris):
    body = {
        "discipline": "gomoku",
        "time_control": "2700+10",
        "opponent_id": boris.pk,
        "colour": "black",
        "opening_rule": "taraguchi10",
    }
    refused = client_of(anna).post("/api/challenges/", body, format="json")
    assert refused.status_code == 400 and refused.json()["error"] == "bad-opening-rule"


def test_championships_and_challenges_take_the_rule_names_from_the_rules_module(db):
    from club.championships.forms import ChampionshipForm
    from games.rules import variant
    from games.services.start_rule import opening_rules_of

    RENJU_RULES = opening_rules_of("renju")

    assert tuple(variant("renju").opening_rules) == RENJU_RULES
    assert {"taraguchi10", "swap2"} <= set(RENJU_RULES)
    assert opening_rules_of("gomoku") == opening_rules_of("gomoku-standard") == ("none", "swap2")
    assert opening_rules_of("connect6") == opening_rules_of("russian") == ()
    assert [name for name, _ in ChampionshipForm().fields["opening_rule"].choices] == ["", *RENJU_RULES]


@pytest.mark.parametrize("chosen, stored", [("swap2", "swap2"), ("none", "")])
def test_the_challenge_form_offers_swap2_for_gomoku(client, anna, chosen, stored):
    from django.urls import reverse

    from games.models import Challenge

    client.force_login(anna)
    response = client.post(
        reverse("games:challenge-new"),
        {"discipline": "gomoku", "colour": "black", "rated": "on", "time_control": "d3", "opening_rule": chosen},
    )
    assert response.status_code == 302, response.content
    assert Challenge.objects.get().opening_rule == stored
