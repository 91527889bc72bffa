"""Adjournment in the browser (003 5.3.3.2–5.3.3.3, 002 17.6): the chief
arbiter permits it from the game's arbiter page, the player to move seals his
move on the game page (his opponent's page does not show it), the clocks
stop, and at the set time the game resumes with the sealed move played, on
both players' pages.

The server runs in this process (tests/browser/test_play_browser.py's
``club_server``), so the server's clock is moved by the test, not waited for."""

from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from club.arbiters.models import Adjournment
from games.services import game_move_make
from games.timing import clocks_stopped
from tests.browser.test_play_browser import club_server, member_page  # noqa: F401 (fixture)
from tests.games_web.helpers import start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


class ServerClock:
    """The real time plus an offset the test moves forward."""

    def __init__(self, real):
        self.real, self.offset = real, timedelta()

    def __call__(self):
        return self.real() + self.offset


@pytest.fixture
def server_clock():
    stand_in = ServerClock(timezone.now)
    with mock.patch("django.utils.timezone.now", stand_in):
        yield stand_in


def test_an_adjourned_game_resumes_with_the_sealed_move_hidden_from_the_opponent_until_then(
    browser, club_server, server_clock, anna, boris, chief_arbiter
):
    game = start_game(white=anna, black=boris, time_control="2700")
    game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0)
    chief = member_page(browser, club_server, chief_arbiter)
    white = member_page(browser, club_server, anna)
    black = member_page(browser, club_server, boris)

    # 5.3.3.2: the chief arbiter permits the adjournment and sets the resumption time.
    resume_at = timezone.localtime(server_clock() + timedelta(hours=2)).replace(second=0, microsecond=0)
    chief.goto(f"/play/games/{game.pk}/")
    chief.get_by_role("link", name="Arbiter", exact=True).click()
    chief.locator("#id_adjourn_resume_at").fill(resume_at.strftime("%Y-%m-%dT%H:%M"))
    chief.locator("#id_adjourn_reason").fill("The hall closes at ten.")
    chief.get_by_role("button", name="Adjourn the game").click()
    expect(chief.locator(".messages")).to_contain_text("The game is adjourned")

    # 5.3.3.3: black, to move, seals his move on the game page; he sees it, white does not.
    black.goto(f"/play/games/{game.pk}/")
    black.locator("#seal-move").fill("f6-g5")
    black.get_by_role("button", name="Seal the move").click()
    expect(black.locator(".messages")).to_contain_text("Your move is sealed")
    expect(black.locator(".sealed-move")).to_have_text("f6-g5")
    white.goto(f"/play/games/{game.pk}/")
    expect(white.locator(".adjournment")).to_contain_text("The move is sealed and the clocks are stopped.")
    assert "f6-g5" not in white.content()
    expect(white.locator("#seal-move")).to_have_count(0)
    # Both pages say until when the game is adjourned — the notice first — and offer no move.
    shown = resume_at.strftime("%Y-%m-%d %H:%M")
    for page in (white, black):
        expect(page.locator("#status")).to_contain_text(f"The game is adjourned until {shown}")
        expect(page.locator("#status")).not_to_contain_text("Your move")
        expect(page.locator("#status")).not_to_contain_text("Waiting for the opponent")
        expect(page.locator("#actions .move-action")).to_have_count(0)
        assert page.locator(".adjournment").bounding_box()["y"] < page.locator("#board").bounding_box()["y"]
    # Before the set time the arbiter is not offered Resume, only told from when.
    chief.goto(f"/arbiters/games/{game.pk}/")
    expect(chief.get_by_role("button", name="Resume the game with the sealed move")).to_have_count(0)
    expect(chief.locator(".resume-later")).to_contain_text(shown)

    # The clocks stopped with black's time; the sealed move is not on the board yet.
    game.refresh_from_db()
    assert clocks_stopped(game) is not None and game.ply == 1

    # At the set time the arbiter resumes the game: the sealed move is played, on both pages.
    server_clock.offset = timedelta(hours=2, minutes=1)
    chief.reload()
    chief.get_by_role("button", name="Resume the game with the sealed move").click()
    expect(chief.locator(".messages")).to_contain_text("The game is resumed with the sealed move.")
    for page in (white, black):
        page.reload()
        expect(page.locator("#game")).to_have_attribute("data-ply", "2")
        expect(page.locator("#moves")).to_contain_text("f6-g5")
        expect(page.locator(".adjournment")).to_have_count(0)
    game.refresh_from_db()
    assert clocks_stopped(game) is None and game.to_move == "white"
    assert Adjournment.objects.get(game=game).status == "resumed"
    assert not (chief.errors or white.errors or black.errors)
