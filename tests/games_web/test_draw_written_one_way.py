"""A draw is written one way on every page — ½ – ½, the pages' one result helper
(``games.results.shown``, behind the ``board_result`` and ``result_shown`` filters) —
never 1/2-1/2 or ½-½; the exports keep their standards' notation (PDN: 1-1 in the
Russian federation's 2-point scoring, rules-notes)."""

import json
import re

import pytest
from django.test import Client
from django.utils import translation

from club.championships.forms import ROUND_RESULT_CHOICES
from club.championships.templatetags.championships import board_result
from games import presentation, results, services
from games.models import Game
from tests.games_web.helpers import start_game

pytestmark = pytest.mark.django_db

OTHER_DRAWS = re.compile(r"1/2-1/2|½-½|½ - ½|0\.5-0\.5")


def test_the_helper_writes_every_result_with_a_spaced_dash():
    assert results.shown("1/2-1/2") == "½ – ½"
    assert results.shown("1-0") == "1 – 0"
    assert results.shown("0-0") == "0 – 0"
    assert results.shown("+/-") == "+ – −"
    assert board_result("1/2-1/2") == results.shown("1/2-1/2")
    assert dict(ROUND_RESULT_CHOICES)["1/2-1/2"] == "½ – ½"


@pytest.fixture
def drawn(anna, boris):
    game = start_game(white=anna, black=boris)
    services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    services.game_draw_offer(game_id=game.id, member=anna)
    services.game_draw_answer(game_id=game.id, member=boris, accept=True)
    game = Game.objects.get(pk=game.id)
    assert game.result == results.DRAW
    return game


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_game_page_and_my_games_write_a_draw_one_way(drawn, anna, language):
    with translation.override(language):
        assert presentation.result_text(drawn).startswith("½ – ½ · ")
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    browser.force_login(anna)
    browser.cookies["django_language"] = language
    game_page = browser.get(f"/play/games/{drawn.id}/").content.decode()
    state = json.loads(re.search(r'<script id="game-state" type="application/json">(.*?)</script>', game_page).group(1))
    assert state["status_text"].startswith("½ – ½ · ")
    for url in ("/play/mine/", f"/embed/games/{drawn.id}/"):
        html = browser.get(url).content.decode()
        assert "½ – ½" in html, url
        assert not OTHER_DRAWS.search(html), (url, OTHER_DRAWS.findall(html))


def test_the_pdn_export_keeps_the_standards_notation(drawn, anna):
    browser = Client()
    browser.force_login(anna)
    pdn = browser.get(f"/play/games/{drawn.id}/download/").content.decode()
    assert '[Result "1/2-1/2"]' in pdn
    assert pdn.rstrip().endswith("1/2-1/2")
