"""A visitor joins the club in a real browser, logs in again, and sees their profile."""

import pytest
from playwright.sync_api import expect

from members.models import Member
from tests.browser.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery staple"


def test_a_visitor_signs_up_logs_in_and_sees_their_profile(page):
    page.goto("/")
    page.get_by_role("link", name="Join the club").click()

    page.get_by_label("Username").fill("marina")
    page.get_by_label("Email").fill("marina@club.test")
    page.get_by_label("Display name").fill("Marina Zaitseva")
    page.get_by_label("City").fill("Vologda")
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()

    expect(page.get_by_role("heading", name="Marina Zaitseva")).to_be_visible()
    assert Member.objects.filter(username="marina", city="Vologda").exists()

    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in").first).to_be_visible()

    page.get_by_role("link", name="Log in").first.click()
    page.get_by_label("Username").fill("marina")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()

    page.get_by_role("link", name="Marina Zaitseva").click()
    expect(page.get_by_role("heading", name="Marina Zaitseva")).to_be_visible()
    expect(page.get_by_text("Vologda")).to_be_visible()
    assert fits_the_screen(page)
    screenshot(page, "profile-after-signup")

    page.get_by_role("link", name="Members").click()
    expect(page.get_by_role("cell", name="Marina Zaitseva")).to_be_visible()
    assert fits_the_screen(page)
    screenshot(page, "member-list-on-a-phone")


def fits_the_screen(page) -> bool:
    """Nothing sticks out sideways on the phone-sized viewport the fixture uses."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_language_switch_shows_the_site_in_russian(page):
    page.goto("/")
    page.get_by_role("button", name="RU").click()

    expect(page.get_by_role("link", name="Участники")).to_be_visible()
    screenshot(page, "home-in-russian")
