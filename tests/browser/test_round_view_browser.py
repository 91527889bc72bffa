"""A round being played, seen on a phone (390 px) by a spectator who is not signed in:
its page follows the moves by itself, over its socket without a reload, and without
scripts by refreshing itself (its <noscript> refresh); it never scrolls sideways."""

import json
import urllib.request

import pytest
from knox.models import AuthToken
from playwright.sync_api import expect

from club.championships.models import Board
from tests.browser.test_play_browser import club_server  # noqa: F401 (fixture)
from tests.championships.test_live_round import live_swiss

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)

PHONE = {"width": 390, "height": 844}


def spectator(browser, server, *, scripts=True):
    context = browser.new_context(
        base_url=server, locale="en-GB", viewport=PHONE, has_touch=True, java_script_enabled=scripts
    )
    context.set_default_timeout(45_000)
    return context.new_page()


def move(server, member, game_id, text, ply):
    """A move through the REST API, as a player's app sends it to the server."""
    token = AuthToken.objects.create(user=member)[1]
    request = urllib.request.Request(
        f"{server}/api/games/{game_id}/moves/",
        data=json.dumps({"text": text, "expected_ply": ply}).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status in (200, 201)


@pytest.fixture
def staff(organiser, chief_arbiter, arbiter):
    return {"organiser": organiser, "chief": chief_arbiter, "arbiter": arbiter}


def test_on_a_phone_the_round_follows_its_moves_over_its_socket_and_fits_the_width(browser, club_server, staff):
    championship = live_swiss(staff, 8, "phone")
    board = Board.objects.filter(round__championship=championship).select_related("white", "black").first()
    page = spectator(browser, club_server)
    page.goto(f"/championships/{championship.pk}/rounds/1/")
    expect(page.locator("#live-round")).to_have_attribute("data-socket-open", "1")
    row = page.locator(f'tr[data-game="{board.game_id}"]')
    expect(row.locator(".result")).to_have_text("playing, move 1")
    page.evaluate("window.notReloaded = true")
    move(club_server, board.white, board.game_id, "c3-d4", 0)
    move(club_server, board.black, board.game_id, "f6-g5", 1)
    expect(row.locator(".result")).to_have_text("playing, move 2")  # a move is a pair of half-moves
    assert page.evaluate("window.notReloaded === true")  # redrawn over the socket, not reloaded
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # A phone keeps the sheet's columns and leaves the small boards to each game's own page
    # (static/championships/results.css): the move being played is in sight, its game a tap away.
    expect(row.locator(".result")).to_be_in_viewport()
    expect(row.locator(".mini-board")).to_be_hidden()
    expect(row.locator("a.game-link")).to_have_attribute("href", f"/play/games/{board.game_id}/")


def test_without_scripts_the_round_page_refreshes_itself_and_shows_the_new_move(browser, club_server, staff):
    championship = live_swiss(staff, 4, "noscript")
    board = Board.objects.filter(round__championship=championship).select_related("white", "black").first()
    page = spectator(browser, club_server, scripts=False)
    page.goto(f"/championships/{championship.pk}/rounds/1/")
    row = page.locator(f'tr[data-game="{board.game_id}"]')
    expect(row.locator(".result")).to_have_text("playing, move 1")
    move(club_server, board.white, board.game_id, "c3-d4", 0)
    move(club_server, board.black, board.game_id, "f6-g5", 1)
    # Its <noscript> refresh reloads the page (the test waits for it, no goto): the new move is there.
    expect(row.locator(".result")).to_have_text("playing, move 2", timeout=45_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
