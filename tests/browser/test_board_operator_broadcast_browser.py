"""A club night at the board broadcast with a delay, in the browser at 390 px: a board
operator the chief arbiter appointed types the moves of a board into its score sheet
as they are made (002 §17); the board's players and the arbiters see each move at
once, a spectator who is not logged in only the event's broadcast delay later, on
the game's page and on the round's page.

The server runs in this process (tests/browser/test_play_browser.py's
``club_server``), so its clock is moved past the delay by the test, not waited for."""

from datetime import timedelta

import pytest
from playwright.sync_api import expect

from club.championships import services
from club.championships.models import Board
from tests.browser.test_adjournment_browser import server_clock  # noqa: F401 (fixture)
from tests.browser.test_play_browser import club_server, member_page  # noqa: F401 (fixture)
from tests.conftest import make_member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)

DELAY_MINUTES = 1


def phone(browser, server, member=None):
    """A phone's page: ``member``'s, or a spectator's who is not logged in."""
    if member is not None:
        return member_page(browser, server, member, phone=True)
    context = browser.new_context(
        base_url=server, locale="en-GB", viewport={"width": 390, "height": 844}, has_touch=True
    )
    context.set_default_timeout(15_000)
    return context.new_page()


def test_an_operator_s_moves_reach_the_players_and_arbiters_at_once_and_a_spectator_the_delay_later(
    browser, club_server, server_clock, organiser, chief_arbiter, arbiter, eager_celery
):
    players = [make_member(n, display_name=f"{n.title()} Player") for n in ("anna", "boris", "vera", "gleb")]
    event = services.championship_create(
        organiser=organiser,
        name="Club night",
        discipline="russian",
        time_control="180+2",
        venue="board",
        system="swiss",
        swiss_system="buchholz",
        rounds_planned=3,
        lateness_minutes=1,
    )
    services.arbiter_appoint(by=organiser, championship_id=event.pk, member=chief_arbiter, role="chief")
    services.arbiter_appoint(by=organiser, championship_id=event.pk, member=arbiter, role="arbiter")
    services.entries_open(by=organiser, championship_id=event.pk)
    for member in players:
        services.entry_create(championship_id=event.pk, member=member)
    services.entries_close(by=organiser, championship_id=event.pk)
    services.broadcast_delay_set(by=organiser, championship_id=event.pk, minutes=DELAY_MINUTES)
    operator = make_member("ruslan", display_name="Ruslan Operator")
    services.board_operator_appoint(by=chief_arbiter, championship_id=event.pk, member=operator)
    services.round_pair(by=arbiter, championship_id=event.pk)
    services.round_publish(
        by=arbiter, championship_id=event.pk, round_number=1, starts_at=server_clock() + timedelta(minutes=1)
    )
    server_clock.offset = timedelta(minutes=2)  # the round has begun
    # The board's players are read from the board: the lot draws the colours.
    board = Board.objects.filter(round__championship=event, number=1).select_related("white", "black").get()
    game_page = f"/play/games/{board.game_id}/"

    typing = phone(browser, club_server, operator)
    typing.goto(f"/championships/{event.pk}/games/{board.game_id}/score-sheet/")
    typing.locator("#sheet-moves").fill("1. c3-d4")
    typing.get_by_role("button", name="Add the moves").click()
    expect(typing.locator(".sheet-moves li")).to_have_text(["c3-d4"])

    # The board's player and an arbiter see the move at once.
    for insider in (board.black, arbiter):
        page = phone(browser, club_server, insider)
        page.goto(game_page)
        expect(page.locator("#game")).to_have_attribute("data-ply", "1")
    # A spectator who is not logged in does not see it yet: not on the game's page, not on the round's.
    spectator = phone(browser, club_server)
    spectator.goto(game_page)
    expect(spectator.locator("#game")).to_have_attribute("data-ply", "0")
    spectator.goto(f"/championships/{event.pk}/rounds/1/")
    start_fen = spectator.locator(f'tr[data-game="{board.game_id}"] .mini-board').get_attribute("data-fen")

    # The broadcast delay passes on the server's clock: now the spectator sees the move.
    server_clock.offset += timedelta(minutes=DELAY_MINUTES, seconds=1)
    spectator.goto(game_page)
    expect(spectator.locator("#game")).to_have_attribute("data-ply", "1")
    spectator.goto(f"/championships/{event.pk}/rounds/1/")
    expect(spectator.locator(f'tr[data-game="{board.game_id}"] .mini-board')).not_to_have_attribute(
        "data-fen", start_fen
    )
