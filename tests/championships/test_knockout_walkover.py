"""Knockout (003 1.2) when both players of a tie lose by forfeit, "−/−" (1.9.2:
neither came; 1.12.2: an unplayed game is scored "+"/"−"). Neither goes
through — a "−" is a loss for both — so the next opponent gets a walkover
(a bye), and a slot where both neighbouring ties were lost so stays empty,
the bracket keeping its positions. Before this, the bracket stopped: the
next round was refused for want of a winner."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from club.championships import pairing
from club.championships.models import Board
from games.models import Game
from games.services import game_resign
from tests.championships.calls import ok
from tests.conftest import make_member


def test_a_tie_nobody_won_gives_the_neighbouring_winner_a_walkover():
    assert pairing.knockout_next([None, 7, 3, 9]) == [(7, None), (3, 9)]
    assert pairing.knockout_next([5, None, None, None]) == [(5, None), None]
    assert pairing.knockout_next([None, None]) == [None]


@given(st.lists(st.one_of(st.none(), st.integers(1, 10**6)), min_size=2, max_size=64).filter(lambda w: len(w) % 2 == 0))
def test_every_player_still_in_goes_through_to_exactly_one_slot(winners):
    slots = pairing.knockout_next(winners)
    assert len(slots) == len(winners) // 2
    placed = [p for slot in slots if slot for p in slot if p is not None]
    assert sorted(placed) == sorted(w for w in winners if w is not None)
    for i, slot in enumerate(slots):
        pair = winners[2 * i : 2 * i + 2]
        assert (slot is None) == (pair == [None, None])


def ongoing(board):
    return Game.objects.filter(championship_match_game__board=board, status=Game.Status.ONGOING).first()


@pytest.mark.django_db
def test_a_double_forfeit_in_the_first_round_gives_a_walkover_and_the_bracket_finishes(api, staff, on_commit):
    eight = [make_member(f"wo{i}", display_name=f"Wo {i}", federation_rating=2000 - 10 * i) for i in range(8)]
    organiser, arbiter, chief = api(staff["organiser"]), api(staff["arbiter"]), api(staff["chief"])
    body = {"name": "Cup", "discipline": "russian", "time_control": "d2", "system": "knockout"}
    pk = ok(organiser.post("/api/championships/", body), 201)["id"]
    url = f"/api/championships/{pk}/"
    ok(organiser.post(url + "arbiters/", {"member_id": staff["chief"].pk, "role": "chief"}))
    ok(organiser.post(url + "arbiters/", {"member_id": staff["arbiter"].pk, "role": "arbiter"}))
    ok(organiser.post(url + "open/"))
    for member in eight:
        ok(api(member).post(url + "entry/"), 201)
    ok(organiser.post(url + "close/"))
    ok(arbiter.post(url + "rounds/"), 201)
    ok(arbiter.post(url + "rounds/1/publish/"))
    ties = list(Board.objects.filter(round__championship_id=pk, round__number=1).order_by("number"))
    # Tie 1 (seeds 1 and 8): neither came — the chief arbiter records "−/−" (1.9.2).
    game = ongoing(ties[0])
    ok(chief.post(url + "results/", {"game_id": game.pk, "result": "-/-", "reason": "neither came (1.9.2)"}))
    ties[0].refresh_from_db()
    assert ties[0].result == "-/-"
    for board in ties[1:]:  # the higher seed wins the others
        with on_commit():
            game_resign(game_id=ongoing(board).pk, member=board.black)
    ok(arbiter.post(url + "rounds/"), 201)
    second = list(Board.objects.filter(round__championship_id=pk, round__number=2).order_by("number"))
    # Tie 2's winner (seed 4 beat seed 5) gets a walkover where he would have met tie 1's.
    assert [(b.number, b.white_id, b.black_id) for b in second] == [
        (1, ties[1].white_id, None),
        (2, ties[2].white_id, ties[3].white_id),
    ]
    ok(arbiter.post(url + "rounds/2/publish/"))
    with on_commit():
        game_resign(game_id=ongoing(second[1]).pk, member=second[1].black)
    ok(arbiter.post(url + "rounds/"), 201)
    ok(arbiter.post(url + "rounds/3/publish/"))
    final = Board.objects.get(round__championship_id=pk, round__number=3)
    assert {final.white_id, final.black_id} == {ties[1].white_id, ties[2].white_id}
    with on_commit():
        game_resign(game_id=ongoing(final).pk, member=final.black)
    assert ok(api(None).get(url))["status"] == "finished"
    bracket = ok(api(None).get(url + "bracket/"))
    assert [len(r["matches"]) for r in bracket] == [4, 2, 1]
    assert bracket[0]["matches"][0]["result"] == "-/-" and bracket[0]["matches"][0]["winner_id"] is None
    assert bracket[1]["matches"][0]["black"] is None and bracket[1]["matches"][0]["winner_id"] == ties[1].white_id


@pytest.mark.django_db
def test_two_neighbouring_double_forfeits_leave_an_empty_slot_and_a_walkover_after_it(api, staff, on_commit):
    eight = [make_member(f"ws{i}", display_name=f"Ws {i}", federation_rating=2000 - 10 * i) for i in range(8)]
    organiser, arbiter, chief = api(staff["organiser"]), api(staff["arbiter"]), api(staff["chief"])
    body = {"name": "Cup 2", "discipline": "russian", "time_control": "d2", "system": "knockout"}
    pk = ok(organiser.post("/api/championships/", body), 201)["id"]
    url = f"/api/championships/{pk}/"
    ok(organiser.post(url + "arbiters/", {"member_id": staff["chief"].pk, "role": "chief"}))
    ok(organiser.post(url + "arbiters/", {"member_id": staff["arbiter"].pk, "role": "arbiter"}))
    ok(organiser.post(url + "open/"))
    for member in eight:
        ok(api(member).post(url + "entry/"), 201)
    ok(organiser.post(url + "close/"))
    ok(arbiter.post(url + "rounds/"), 201)
    ok(arbiter.post(url + "rounds/1/publish/"))
    ties = list(Board.objects.filter(round__championship_id=pk, round__number=1).order_by("number"))
    for board in ties[:2]:
        ok(chief.post(url + "results/", {"game_id": ongoing(board).pk, "result": "-/-", "reason": "absent"}))
    for board in ties[2:]:
        with on_commit():
            game_resign(game_id=ongoing(board).pk, member=board.black)
    ok(arbiter.post(url + "rounds/"), 201)
    second = list(Board.objects.filter(round__championship_id=pk, round__number=2))
    # Slot 1 is empty (no board); slot 2 is played.
    assert [(b.number, b.white_id, b.black_id) for b in second] == [(2, ties[2].white_id, ties[3].white_id)]
    ok(arbiter.post(url + "rounds/2/publish/"))
    with on_commit():
        game_resign(game_id=ongoing(second[0]).pk, member=second[0].white)
    ok(arbiter.post(url + "rounds/"), 201)
    final = Board.objects.get(round__championship_id=pk, round__number=3)
    # The final: a walkover for the only player left in the bracket.
    assert (final.number, final.white_id, final.black_id) == (1, ties[3].white_id, None)
    ok(arbiter.post(url + "rounds/3/publish/"))
    assert ok(api(None).get(url))["status"] == "finished"
