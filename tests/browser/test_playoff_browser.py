"""The play-off flow in the browser (1.13.2): the chief arbiter opens the play-offs from his
desk, creates one between the two players tied for first on the event page, the games
are played, and the final standings mark the places it decided."""

from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect

from club.championships import demo
from club.championships.models import Playoff
from games.services import game_resign
from tests.browser.test_play_browser import club_server, member_page  # noqa: F401 (fixture)
from tests.conftest import make_member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


def test_the_chief_arbiter_settles_a_tie_for_first_with_a_play_off_from_the_pages(
    browser, club_server, organiser, chief_arbiter, arbiter, eager_celery
):
    pyotr, olga, ivan, marina = (
        make_member(name, display_name=name.title(), federation_rating=2000 - 50 * i)
        for i, name in enumerate(["pyotr", "olga", "ivan", "marina"])
    )
    top = {pyotr.pk, olga.pk}

    def decide(white, black):
        # Pyotr and Olga draw each other and beat the others, who draw: 2½ each at the top.
        if {white.pk, black.pk} == top or not {white.pk, black.pk} & top:
            return "draw"
        return "white" if white.pk in top else "black"

    event = demo.round_robin(
        organiser=organiser,
        chief=chief_arbiter,
        arbiter=arbiter,
        players=[pyotr, olga, ivan, marina],
        start=datetime(2026, 3, 1, 12, tzinfo=UTC),
        decide=decide,
    )

    chief = member_page(browser, club_server, chief_arbiter)
    chief.goto(f"/championships/{event.pk}/desk/")
    chief.locator("a.playoff-link").click()
    form = chief.locator("form.playoff-form")
    form.locator("[name='usernames']").fill("pyotr, olga")
    form.locator("[name='time_control']").fill("600+5")
    form.locator("[name='games_per_pair']").fill("2")
    form.locator("[name='reason']").fill("the title")
    form.get_by_role("button", name="Create the play-off").click()
    expect(chief.locator(".messages")).to_contain_text("The play-off is created: 2 games")
    expect(chief.locator(".playoff-pending .playoff-games li")).to_have_count(2)

    # The games themselves are played on the game pages (their own tests); Olga resigns both.
    for game in Playoff.objects.get().games.all():
        game_resign(game_id=game.game_id, member=olga)

    chief.goto(f"/championships/{event.pk}/")
    expect(chief.locator(".playoff-decided")).to_be_visible()
    results = member_page(browser, club_server, marina)
    results.goto(f"/championships/{event.pk}/results/")
    first = results.locator("#standings tbody tr").first
    expect(first).to_have_attribute("data-player", "pyotr")
    expect(first.locator(".playoff-mark")).to_have_text("play-off")
