"""A time bank ("d30+2max10": 30 days for the game, 2 added after each move, at most 10 on one
move) shows two different things on its two clocks: the runner's counts this move's time (the
bank, but at most the cap), the other's the bank. The game page says which is which."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.services import game_move_make
from tests.games_web.helpers import start_game

pytestmark = pytest.mark.django_db


def page_state(game, member, language="en"):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(member)
    html = client.get(reverse("games:game", args=[game.id])).content.decode()
    state = json.loads(re.search(r'<script id="game-state" type="application/json">(.*?)</script>', html).group(1))
    texts = json.loads(re.search(r'<script id="game-texts" type="application/json">(.*?)</script>', html).group(1))
    return html, state, texts


def test_a_time_banks_clocks_are_labelled_this_moves_time_and_the_bank(anna, boris):
    game = start_game(white=anna, black=boris, time_control="d30+2max10")
    game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    html, state, texts = page_state(game, anna)
    assert state["clock"]["bank"] is True and state["clock"]["running"] == "black"
    # The runner's clock stops at the cap (10 days), the other shows the bank (30 + 2 days).
    assert state["clock"]["black_ms"] <= 10 * 86_400_000 < state["clock"]["white_ms"]
    assert (texts["clockThisMove"], texts["clockBank"]) == ("for this move", "bank")
    assert html.count('<span class="clock-label" hidden></span>') == 2
    _html, _state, russian = page_state(game, anna, "ru")
    assert (russian["clockThisMove"], russian["clockBank"]) == ("на этот ход", "банк")


@pytest.mark.parametrize("control", ["d3", "300+3"])
def test_other_controls_clocks_need_no_label(anna, boris, control):
    game = start_game(white=anna, black=boris, time_control=control)
    assert page_state(game, anna)[1]["clock"]["bank"] is False
