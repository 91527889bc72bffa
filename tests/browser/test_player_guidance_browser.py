"""The player's guidance as two members see it, clicking, at a
desk (1280 px) and on a phone: the challenger's lobby moves to the game, the
renju opening protocol names each step, fouls explain themselves, one header
and a home page that shows what waits for me, game actions only when possible."""

import pytest
from playwright.sync_api import expect

from games.models import Game
from games.services import game_move_make
from tests.browser.conftest import screenshot
from tests.browser.test_play_browser import click_move, club_server, member_page  # noqa: F401 (fixture)
from tests.games_web.helpers import start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)  # a busy 2-core machine
WIDTHS = {"desk": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def two_members(browser, server, first, second, width):
    pages = [member_page(browser, server, m, phone=width == "phone") for m in (first, second)]
    for page in pages:
        page.set_viewport_size(WIDTHS[width])
    return pages


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"


@pytest.mark.parametrize("width", WIDTHS)
def test_the_challengers_lobby_moves_to_the_game_when_it_is_accepted(
    browser, club_server, anna, boris, eager_celery, width
):
    anna_page, boris_page = two_members(browser, club_server, anna, boris, width)
    anna_page.goto("/play/challenges/new/")
    # Item 7: each discipline offers its own presets; renju has no 3+2 blitz.
    anna_page.locator("#id_discipline").select_option("renju")
    assert anna_page.locator("#id_time_control option[value='180+2']").get_attribute("hidden") is not None
    expect(anna_page.locator("#id_custom_time_control")).to_be_hidden()
    anna_page.locator("#id_discipline").select_option("russian")
    anna_page.locator("#id_opponent").fill("boris")
    anna_page.locator("#id_colour").select_option("white")
    # Blitz 3+2, a preset of Russian draughts, with its meaning on hover.
    preset = anna_page.locator("#id_time_control option[value='180+2']")
    expect(preset).to_have_text("3+2")
    expect(preset).to_have_attribute("title", "3 min each for the game, plus 2 s a move")
    anna_page.locator("#id_time_control").select_option("180+2")
    anna_page.get_by_role("button", name="Publish the challenge").click()
    expect(anna_page.locator("table.challenges.sent")).to_be_visible()  # she waits in the lobby

    boris_page.goto("/play/")
    boris_page.locator("table.challenges.received").get_by_role("button", name="Accept").click()
    expect(boris_page.locator("#game")).to_be_visible()
    game_id = boris_page.locator("#game").get_attribute("data-game")
    # Nobody reloads Anna's lobby: it goes to the game by itself.
    expect(anna_page).to_have_url(f"{club_server}/play/games/{game_id}/")
    expect(anna_page.locator("#game")).to_have_attribute("data-my-turn", "1")
    no_sideways_scroll(anna_page)
    screenshot(anna_page, f"lobby-after-acceptance-{width}")
    assert anna_page.errors == [] and boris_page.errors == []


@pytest.mark.parametrize("width", WIDTHS)
def test_the_renju_opening_protocol_names_each_step_and_draws_the_offers(
    browser, club_server, anna, boris, eager_celery, width
):
    game = start_game(white=boris, black=anna, discipline="renju", time_control="900", opening_rule="rif")
    black, white = two_members(browser, club_server, anna, boris, width)
    black.goto(f"/play/games/{game.id}/")
    white.goto(f"/play/games/{game.id}/")
    expect(white.locator(".opening-rule")).to_have_text("RIF opening rule (1996)")
    # 002 12.2-12.4: the tentative black places the first three stones.
    expect(black.locator("#status")).to_contain_text("Your move · Black (tentative): place the first three stones")
    expect(white.locator("#status")).to_contain_text("stone 1 of 3")
    for point in ("h8", "h9", "j10"):
        click_move(black, white, point)
    # 002 12.5: the tentative white chooses colours.
    expect(white.locator("#status")).to_contain_text("White: swap colours or keep them")
    white.get_by_role("button", name="Keep colours").click()
    expect(white.locator("#status")).to_contain_text("White: place the 4th stone")
    click_move(white, black, "g9")
    # 002 12.7: black offers two 5th moves; they stand on both boards as offers.
    expect(black.locator("#status")).to_contain_text("Black: offer 2 different 5th moves (0 offered)")
    click_move(black, white, "i10")
    expect(black.locator("#status")).to_contain_text("(1 offered)")
    click_move(black, white, "g7")
    for page in (black, white):
        expect(page.locator("#board [data-offer]")).to_have_count(2)
        expect(page.locator("#board [data-offer='i10']")).to_be_visible()
    expect(white.locator("#status")).to_contain_text("White: choose one of black's 5th moves, then play the 6th")
    screenshot(white, f"renju-protocol-offers-{width}")
    click_move(white, black, "g7")
    # The chosen offer is black's 5th stone; the protocol steps are not moves.
    for page in (black, white):
        expect(page.locator("#board [data-offer]")).to_have_count(0)
        expect(page.locator("#board [data-at='g7']")).to_have_attribute("data-piece", "b")
        expect(page.locator("#moves button.move")).to_have_text(["h8", "h9", "j10", "g9", "g7"])
        facts = page.locator("#protocol-facts")
        expect(facts).to_contain_text("after move 3: colours kept")
        expect(facts).to_contain_text("i10, g7")
        expect(facts.locator("dd").last).to_have_text("g7")
        expect(page.locator("#status")).not_to_contain_text("offer")
        no_sideways_scroll(page)
    screenshot(white, f"renju-protocol-{width}")
    assert black.errors == [] and white.errors == []


def _foul_game(anna, boris, policy):
    """Black (Anna) to move with f8 forbidden as a double three (002 9.2)."""
    game = start_game(
        white=boris, black=anna, discipline="renju", time_control="900", opening_rule="none", foul_policy=policy
    )
    for ply, point in enumerate(["h8", "a1", "i8", "a15", "h10", "o1", "i11", "o15"]):
        game_move_make(game_id=game.id, member=anna if ply % 2 == 0 else boris, text=point, expected_ply=ply)
    return game


@pytest.mark.parametrize("width", WIDTHS)
def test_a_refused_foul_says_why_and_a_losing_foul_asks_first(browser, club_server, anna, boris, eager_celery, width):
    refused, losing = _foul_game(anna, boris, "reject"), _foul_game(anna, boris, "foul-loses")
    black, white = two_members(browser, club_server, anna, boris, width)

    black.goto(f"/play/games/{refused.id}/")
    expect(black.locator(".foul-policy")).to_have_text("a forbidden stone is refused")
    expect(black.locator(".foul-legend")).to_contain_text("a black stone there is refused")
    expect(black.locator("#board [data-foul='f8']")).to_be_visible()
    black.locator("#board [data-square='f8']").click()
    expect(black.locator("#error")).to_have_text("f8 is forbidden for black (double three): the stone is refused.")
    assert Game.objects.get(id=refused.id).ply == 8

    white.goto(f"/play/games/{losing.id}/")
    black.goto(f"/play/games/{losing.id}/")
    expect(black.locator(".foul-legend")).to_contain_text("a black stone there loses the game")
    asked = []
    black.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    black.locator("#board [data-square='f8']").click()
    expect(black.locator("#board [data-foul='f8']")).to_be_visible()
    assert asked and "loses the game" in asked[0]
    assert Game.objects.get(id=losing.id).ply == 8  # dismissed: nothing played
    black.once("dialog", lambda dialog: dialog.accept())
    black.locator("#board [data-square='f8']").click()
    for page in (black, white):
        expect(page.locator("#game")).to_have_attribute("data-result", "1-0")
        expect(page.locator("#status")).to_contain_text("White wins (foul)")
    no_sideways_scroll(black)
    screenshot(black, f"renju-foul-lost-{width}")
    assert black.errors == [] and white.errors == []


@pytest.mark.parametrize("width", WIDTHS)
def test_the_home_page_shows_each_member_the_game_waiting_for_his_move(
    browser, club_server, anna, boris, eager_celery, width
):
    game = start_game(white=anna, black=boris)  # correspondence, white to move
    anna_page, boris_page = two_members(browser, club_server, anna, boris, width)
    for page in (anna_page, boris_page):
        page.goto("/")
        header = page.locator("header.site-header")
        expect(header.get_by_role("link", name="My games")).to_be_visible()
        expect(header.get_by_role("link", name="Notifications")).to_be_visible()
    expect(boris_page.locator(".home-panel.waiting [data-game]")).to_have_count(0)
    waiting = anna_page.locator(f".home-panel.waiting [data-game='{game.id}']")
    expect(waiting).to_contain_text("Boris Lebedev")
    expect(waiting).to_contain_text("you: white")
    no_sideways_scroll(anna_page)
    screenshot(anna_page, f"home-logged-in-{width}")
    waiting.get_by_role("link", name="Boris Lebedev").click()
    # The game page has the same header.
    expect(anna_page.locator("header.site-header").get_by_role("link", name="My games")).to_be_visible()
    boris_page.goto(f"/play/games/{game.id}/")
    click_move(anna_page, boris_page, "c3", "d4")
    boris_page.goto("/")
    expect(boris_page.locator(f".home-panel.waiting [data-game='{game.id}']")).to_contain_text("you: black")
    anna_page.goto("/")
    expect(anna_page.locator(".home-panel.waiting [data-game]")).to_have_count(0)
    assert anna_page.errors == [] and boris_page.errors == []


@pytest.mark.parametrize("width", WIDTHS)
def test_game_actions_appear_only_when_possible_and_destructive_ones_stand_apart(
    browser, club_server, anna, boris, eager_celery, width
):
    game = start_game(white=anna, black=boris, start_fen="W:WKc1,Kh2:BKa7,Kh8", time_control="1800+30")
    white, black = two_members(browser, club_server, anna, boris, width)
    white.goto(f"/play/games/{game.id}/")
    black.goto(f"/play/games/{game.id}/")
    # Move 0: only abort, styled as what it is; no claim, no draw offer.
    expect(white.locator("#actions button")).to_have_text(["Abort"])
    expect(white.get_by_role("button", name="Abort")).to_have_class("button game-action danger")
    expect(black.get_by_role("button", name="Claim threefold repetition")).to_have_count(0)
    shuffle = [("c1", "d2"), ("a7", "b8"), ("d2", "c1"), ("b8", "a7")] * 2
    for ply, squares in enumerate(shuffle):
        mover, other = (white, black) if ply % 2 == 0 else (black, white)
        expect(mover.get_by_role("button", name="Claim threefold repetition")).to_have_count(0)
        click_move(mover, other, *squares)
        if ply == 1:  # both have moved: resign replaces abort
            expect(black.get_by_role("button", name="Resign")).to_have_class("button game-action danger")
            expect(black.get_by_role("button", name="Offer draw")).to_have_class("button game-action")
    # The start position stands for the third time, white to move: only white may claim (2.1.9.2).
    expect(black.get_by_role("button", name="Claim threefold repetition")).to_have_count(0)
    white.get_by_role("button", name="Claim threefold repetition").click()
    for page in (white, black):
        expect(page.locator("#game")).to_have_attribute("data-result", "1/2-1/2")
        expect(page.locator("#actions button")).to_have_count(0)
    no_sideways_scroll(white)
    assert white.errors == [] and black.errors == []


@pytest.mark.parametrize("width", WIDTHS)
def test_a_conditional_move_is_played_for_me_when_the_opponent_plays_the_foreseen_move(
    browser, club_server, anna, boris, eager_celery, width
):
    from games.events import turns_announce

    game = start_game(white=anna, black=boris)  # correspondence
    white, black = two_members(browser, club_server, anna, boris, width)
    white.goto(f"/play/games/{game.id}/")
    black.goto(f"/play/games/{game.id}/")
    expect(white.get_by_label("Conditional moves")).to_have_count(0)  # her turn: she moves
    click_move(white, black, "c3", "d4")
    white.reload()
    white.get_by_label("Conditional moves").fill("b6-a5 b2-c3 a7-b6 a1-b2")
    white.get_by_role("button", name="Save the line").click()
    expect(white.locator(".messages")).to_contain_text("Your conditional moves are saved.")
    expect(white.get_by_label("Conditional moves")).to_have_value("b6-a5 b2-c3 a7-b6 a1-b2")
    click_move(black, white, "b6", "a5")
    turns_announce()  # what beat runs every few seconds
    black.reload()
    expect(black.locator("#moves button.move")).to_have_text(["c3-d4", "b6-a5", "b2-c3"])
    expect(black.locator("#game")).to_have_attribute("data-my-turn", "1")
    # Boris answers otherwise: the rest of Anna's line is cancelled, and it is her move.
    click_move(black, white, "f6", "g5")
    turns_announce()
    white.reload()
    expect(white.locator("#game")).to_have_attribute("data-my-turn", "1")
    expect(white.locator("#moves button.move")).to_have_count(4)
    no_sideways_scroll(white)
    assert white.errors == [] and black.errors == []
