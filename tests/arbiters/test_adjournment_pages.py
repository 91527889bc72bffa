"""Adjournment pages that tell the truth (003 5.3.3.2–5.3.3.3, 002 17.6):
the seal takes the words of the game page's buttons; once sealed, both players'
pages say the game is adjourned until the set time and offer no move the server
would refuse; Resume is offered only from that time; a game decided meanwhile
leaves the adjourned list. The server's clock is a stand-in moved by the test."""

from datetime import timedelta

import pytest
from django.urls import reverse

from club.arbiters import services as arbiters
from club.arbiters.models import Adjournment
from club.championships import services as championships
from games.services import game_move_make
from tests.games_web.helpers import start_game

from .conftest import T0
from .test_clocks_and_adjournment import clock, live  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


def _adjourned_and_sealed(game, chief, *, move, resume_in=timedelta(hours=20), now=T0):
    adjournment = arbiters.adjournment_order(
        by=chief, game_id=game.pk, resume_at=now + resume_in, reason="the hall closes", now=now
    )
    game.refresh_from_db()
    sealer = game.white if game.to_move == "white" else game.black
    arbiters.move_seal(member=sealer, game_id=game.pk, move=move, expected_ply=game.ply, now=now)
    adjournment.refresh_from_db()
    return adjournment


def _state(client, member, game):
    client.force_login(member)
    return client.get(reverse("games:game-state", args=[game.pk])).json()


def test_the_seal_takes_keep_colours_as_the_button_says(client, anna, boris, chief_arbiter):
    # 002 §12 (RIF): after three stones white swaps colours or keeps them; 5.3.3.3: he seals that choice.
    game = start_game(white=anna, black=boris, discipline="renju", time_control="2700", opening_rule="rif")
    for ply, stone in enumerate(["h8", "h9", "j10"]):
        game_move_make(game_id=game.pk, member=boris, text=stone, expected_ply=ply)
    arbiters.adjournment_order(by=chief_arbiter, game_id=game.pk, resume_at=T0 + timedelta(days=400), reason="late")
    client.force_login(anna)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert 'name="move" value="stay"' in page and 'name="move" value="swap"' in page  # the buttons' own choices

    client.post(reverse("arbiters:seal", args=[game.pk]), {"move": "keep", "expected_ply": 3})

    assert Adjournment.objects.get(game=game).sealed_move == "stay"


def test_after_sealing_both_pages_say_adjourned_until_the_set_time_and_offer_no_move(client, live, staff, clock):
    # 5.3.3.3: the clocks stop with the sealed move; nobody moves until the game resumes.
    game = live
    _adjourned_and_sealed(game, staff["chief"], move="c3-d4")
    for member in (game.white, game.black):
        state = _state(client, member, game)
        assert state["my_turn"] is False and state["legal_moves"] == []
        assert "2026-03-02" in state["paused_text"]  # T0 + 20 h, in the viewer's zone
        assert not [b for b in state["buttons"] if b["id"] in ("claim", "claim-with-move")]
        page = client.get(reverse("games:game", args=[game.pk])).content.decode()
        assert page.index('class="adjournment"') < page.index('id="game"')  # the notice comes first


def test_resume_is_offered_only_from_the_time_the_chief_arbiter_set(client, live, staff, clock):
    game = live
    adjournment = _adjourned_and_sealed(game, staff["chief"], move="c3-d4")
    client.force_login(staff["arbiter"])
    desk = reverse("arbiters:game", args=[game.pk])

    early = client.get(desk).content.decode()
    clock.now = adjournment.resume_at
    due = client.get(desk).content.decode()

    assert 'data-action="resume"' not in early and "resume-later" in early
    assert 'data-action="resume"' in due


def test_a_game_decided_while_adjourned_leaves_the_adjourned_list(client, live, staff, clock):
    # 1.10.4: the chief arbiter decides the game; it is no longer waiting to resume.
    game = live
    _adjourned_and_sealed(game, staff["chief"], move="c3-d4")
    championship_id = game.championship_board.round.championship_id
    client.force_login(staff["chief"])
    log = reverse("arbiters:championship-log", args=[championship_id])
    assert len(client.get(log).context["adjourned"]) == 1

    championships.board_result_set(
        by=staff["chief"], championship_id=championship_id, game_id=game.pk, result="1/2-1/2", reason="agreed by both"
    )

    assert client.get(log).context["adjourned"] == []
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert 'class="adjournment"' not in page
