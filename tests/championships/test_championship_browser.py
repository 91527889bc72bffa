"""In a real browser: an organiser creates a championship, two members enter,
the arbiter pairs and publishes round 1, and a player opens his game from the
championship page."""

import re

import pytest
from playwright.sync_api import expect

from club.championships.models import Board
from tests.browser.conftest import browser, page, screenshot  # noqa: F401,F811 (the browser suite's fixtures)
from tests.conftest import PASSWORD, make_member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def logged_in(chromium, live_server, member):
    context = chromium.new_context(base_url=live_server.url, locale="en-GB", viewport={"width": 1200, "height": 900})
    context.set_default_timeout(30_000)
    tab = context.new_page()
    tab.goto("/accounts/login/")
    tab.get_by_label("Username").fill(member.username)
    tab.get_by_label("Password").fill(PASSWORD)
    tab.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(tab.get_by_role("link", name=str(member))).to_be_visible()
    return tab


def test_an_organiser_creates_members_enter_the_arbiter_publishes_and_a_player_opens_his_game(
    page, browser, live_server
):  # noqa: F811
    organiser = make_member("grigory", "organiser", display_name="Grigory Organiser")
    chief = make_member("valentin", "chief_arbiter", display_name="Valentin Chief")
    arbiter = make_member("yelena", "arbiter", display_name="Yelena Arbiter")
    anna, boris = make_member("anna", display_name="Anna Orlova"), make_member("boris", display_name="Boris Lebedev")

    # The organiser creates the championship and appoints its arbiters.
    org = logged_in(browser, live_server, organiser)
    org.get_by_role("link", name="Championships").click()
    org.get_by_role("link", name="Create a championship").click()
    org.get_by_label("Name").fill("Spring club championship")
    org.get_by_label("Discipline").select_option("russian")
    org.locator("#id_time_control").select_option("d3")
    org.get_by_label("System:", exact=True).select_option("round-robin")
    org.get_by_role("button", name="Create").click()
    expect(org.get_by_role("heading", name="Spring club championship")).to_be_visible()
    for member, role in ((chief, "chief"), (arbiter, "arbiter")):
        org.get_by_label("Member").fill(member.username)
        org.get_by_label("Role").select_option(role)
        org.get_by_role("button", name="Appoint").click()
        expect(org.get_by_text(str(member)).first).to_be_visible()
    org.get_by_role("button", name="Open entries").click()
    championship_url = org.url

    # Two members enter.
    for member in (anna, boris):
        player = logged_in(browser, live_server, member)
        player.goto(championship_url)
        player.get_by_role("button", name="Enter").click()
        expect(player.get_by_role("button", name="Withdraw my entry")).to_be_visible()
        player.context.close()

    org.goto(championship_url)
    org.get_by_role("button", name="Close entries and draw the lot").click()
    expect(org.get_by_text("Lot seed")).to_be_visible()

    # The arbiter pairs round 1 (a draft shown first) and publishes it.
    arb = logged_in(browser, live_server, arbiter)
    arb.goto(championship_url)
    arb.get_by_role("button", name="Pair the next round").click()
    expect(arb.get_by_role("button", name="Publish the round")).to_be_visible()
    arb.get_by_label("I have checked the pairing: publish it and start the championship").check()  # round 1 starts it
    arb.get_by_role("button", name="Publish the round").click()
    expect(arb.locator("a.game-link")).to_have_count(1)

    # A player opens his game from the championship page.
    board = Board.objects.get()
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(board.white.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    page.goto(championship_url)
    screenshot(page, "championship-round-1")
    page.locator("a.game-link").click()
    expect(page).to_have_url(re.compile(rf"/play/games/{board.game_id}/$"))
