"""The lobby's live games, seen on a phone (390 px) by a visitor who is not signed in: each
row follows its game by itself over the lobby's socket (the game's spectators' frames), its
ply and last move, then its result; a live game that starts while the page is open joins
the list and is followed the same way; without scripts the list is the page's, as before; the
page never scrolls sideways."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from games import presentation, services
from tests.browser.test_play_browser import club_server  # noqa: F401 (fixture)
from tests.browser.test_round_view_browser import PHONE, move, spectator
from tests.games_web.helpers import start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


def test_on_a_phone_a_visitor_s_lobby_follows_a_live_game_to_its_result(browser, club_server, anna, boris):
    game = start_game(white=anna, black=boris, discipline="russian", time_control="300+3")
    page = spectator(browser, club_server)
    page.goto("/play/")
    expect(page.locator("ul.live-games")).to_have_attribute("data-socket-open", "1")
    row = page.locator(f'ul.live-games li[data-game="{game.id}"]')
    expect(row.locator(".live-state")).to_have_text("")
    page.evaluate("window.notReloaded = true")
    move(club_server, anna, game.id, "c3-d4", 0)
    expect(row.locator(".live-state")).to_have_text("ply 1: c3-d4")
    move(club_server, boris, game.id, "f6-g5", 1)
    expect(row.locator(".live-state")).to_have_text("ply 2: f6-g5")
    ended = services.game_resign(game_id=game.id, member=boris)
    with translation.override("en"):
        result = presentation.result_text(ended)  # the words the game page shows
    expect(row).to_have_class("over")
    expect(row.locator(".live-state")).to_have_text(result)
    assert page.evaluate("window.notReloaded === true")  # drawn from the socket's frames, not reloaded
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_without_scripts_the_lobby_lists_the_live_games_with_their_last_move(browser, club_server, anna, boris):
    game = start_game(white=anna, black=boris, discipline="russian", time_control="300+3")
    move(club_server, anna, game.id, "c3-d4", 0)
    page = spectator(browser, club_server, scripts=False)
    page.goto("/play/")
    row = page.locator(f'ul.live-games li[data-game="{game.id}"]')
    expect(row.locator("a")).to_have_attribute("href", f"/play/games/{game.id}/")
    expect(row.locator(".live-state")).to_have_text("ply 1: c3-d4")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_on_a_phone_a_live_game_that_starts_after_the_lobby_opened_appears_and_follows_its_moves(
    browser, club_server, anna, boris
):
    page = spectator(browser, club_server)
    page.goto("/play/")
    expect(page.locator("ul.live-games")).to_have_attribute("data-socket-open", "1")
    expect(page.locator("#live-games")).to_be_hidden()  # no live game yet
    page.evaluate("window.notReloaded = true")
    game = start_game(white=anna, black=boris, discipline="russian", time_control="300+3")
    row = page.locator(f'ul.live-games li[data-game="{game.id}"]')
    expect(row.locator("a")).to_have_attribute("href", f"/play/games/{game.id}/")
    expect(row.locator("a")).to_have_text(f"{anna} – {boris}")
    expect(page.locator("#live-games")).to_be_visible()
    move(club_server, anna, game.id, "c3-d4", 0)
    expect(row.locator(".live-state")).to_have_text("ply 1: c3-d4")
    assert page.evaluate("window.notReloaded === true")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
