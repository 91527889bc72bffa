"""The SVG board (static/games/board.js), driven in chromium on its demo page.

The board never judges moves: it offers the legal moves it is given and
reports the one the player spelled out by clicks or keys.
"""

from pathlib import Path

import pytest

DEMO = Path(__file__).resolve().parents[2] / "static" / "games" / "board-demo.html"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True)
        yield browser
        browser.close()


@pytest.fixture
def demo(browser):
    context = browser.new_context(viewport={"width": 600, "height": 700})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def open_size(size):
        page.goto(f"{DEMO.as_uri()}?size={size}")
        return page

    yield open_size
    context.close()
    assert errors == []


def played(page):
    return page.locator("#played").get_attribute("data-moves")


def test_a_multi_step_capture_is_chosen_square_by_square_among_the_legal_paths(demo):
    page = demo(8)
    page.click("[data-square='g3']")
    page.click("[data-square='e5']")
    assert played(page) == ""  # g3:e5 goes on to c7 or c3: not a move yet
    page.click("[data-square='c3']")
    assert played(page) == "g3:e5:c3"


def test_a_square_outside_every_legal_path_cancels_the_choice(demo):
    page = demo(8)
    page.click("[data-square='e3']")
    assert page.locator("svg").get_attribute("data-picked") == "e3"
    page.click("[data-square='a5']")
    assert page.locator("svg").get_attribute("data-picked") == ""
    page.click("[data-square='e3']")
    page.click("[data-square='g5']")
    assert played(page) == "e3:g5"


def test_the_pieces_and_kings_come_from_the_fen_on_numbered_squares(demo):
    page = demo(10)
    assert page.locator("[data-at='46']").get_attribute("data-piece") == "W"
    assert page.locator("[data-at='1']").get_attribute("data-piece") == "b"
    assert page.locator("[data-at='28']").get_attribute("data-piece") == "w"
    assert page.locator("g.cb-piece").count() == 14 + 16
    page.click("[data-square='28']")
    page.click("[data-square='19']")
    assert played(page) == "28x19"


def test_the_keyboard_picks_the_same_moves(demo):
    page = demo(8)
    page.focus("svg.club-board")
    # The cursor starts on the first movable piece, e3: Enter picks it,
    # up-left twice reaches c5 (via d4), Enter; then e7.
    page.keyboard.press("Enter")
    assert page.locator("svg").get_attribute("data-picked") == "e3"
    for key in ("ArrowUp", "ArrowUp", "ArrowLeft", "ArrowLeft"):
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    for key in ("ArrowUp", "ArrowUp", "ArrowRight", "ArrowRight"):
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    assert played(page) == "e3:c5:e7"


def test_flipping_turns_the_board_and_clicks_still_land_on_the_right_square(demo):
    page = demo(8)
    box_before = page.locator("[data-square='a1']").bounding_box()
    page.evaluate("board.flip()")
    box_after = page.locator("[data-square='a1']").bounding_box()
    assert box_after["y"] < box_before["y"] and box_after["x"] > box_before["x"]
    page.click("[data-square='e3']")
    page.click("[data-square='g5']")
    assert played(page) == "e3:g5"


def test_renju_shows_coordinates_the_last_stone_and_black_fouls(demo):
    page = demo(15)
    assert page.locator("[data-foul='f10']").count() == 1
    assert page.locator("[data-at='h8']").get_attribute("data-piece") == "b"
    letters = page.locator("text.cb-coord").all_text_contents()
    assert "a" in letters and "o" in letters and "15" in letters
    page.evaluate("showSample({legalMoves: [{notation: 'k10'}, {notation: 'pass'}]})")
    page.click("[data-square='k10']")
    assert played(page) == "k10"


def test_the_19_board_draws_every_intersection(demo):
    page = demo(19)
    assert page.locator("rect.cb-point").count() == 19 * 19
    assert page.locator("[data-at='k11']").get_attribute("data-piece") == "b"


def test_connect6_joins_the_two_points_clicked_into_one_turn(demo):
    page = demo(19)
    page.evaluate("showSample({pairPoints: ['a1', 'b2', 'c3', 's19']})")
    page.click("[data-square='b2']")
    page.click("[data-square='b2']")  # the same point twice cancels the choice
    assert played(page) == ""
    page.click("[data-square='c3']")
    page.click("[data-square='s19']")
    assert played(page) == "c3,s19"


def test_a_redraw_with_the_same_position_keeps_a_half_entered_capture(demo):
    page = demo(8)
    page.click("[data-square='g3']")
    page.evaluate("showSample()")
    page.click("[data-square='e5']")
    page.click("[data-square='c7']")
    assert played(page) == "g3:e5:c7"
