"""Two members play in two browsers, by clicking on the board, and see each
other's moves without reloading; a correspondence game tells the opponent.

The club runs here as it does in production: club/site/asgi.py's application (HTTP
through the WSGI handler on threads, WebSockets through Channels) under
uvicorn, in this process so that the in-memory channel
layer, the test database and the outbox are shared with the test.
"""

import re
import socket
import threading
import time

import pytest
from django.core import mail
from django.test import Client
from playwright.sync_api import expect

from games.models import Game
from games.tasks import turns_announce_task
from tests.browser.conftest import screenshot
from tests.games_web.helpers import start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)  # a 2-core machine running the whole suite can be slow


@pytest.fixture
def club_server(transactional_db, settings, monkeypatch):
    """The club's ASGI application (static files served from the finders) on a free port."""
    import uvicorn
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.core.wsgi import get_wsgi_application

    from club.site.asgi import club_application

    settings.LANGUAGE_CODE = "en"
    # The server's threads close their database connections after each request,
    # so none is left open to keep a PostgreSQL test database from being dropped.
    from django.db import connections

    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    application = club_application(StaticFilesHandler(get_wsgi_application()))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(application, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:  # a readiness wait, not a timed assertion
        if not thread.is_alive():
            pytest.fail("the ASGI server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def member_page(browser, server, member, *, websockets=True, phone=False):
    """A browser context logged in as ``member`` (session made by Django's test client)."""
    client = Client()
    client.force_login(member)
    viewport = {"width": 390, "height": 844} if phone else {"width": 900, "height": 1000}
    context = browser.new_context(base_url=server, locale="en-GB", viewport=viewport, has_touch=phone)
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}])
    if not websockets:
        context.add_init_script("delete window.WebSocket;")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def challenge_and_accept(
    challenger_page, opponent_page, *, discipline, colour, time_control, opponent, opening_rule=None
):
    """The challenger publishes a direct challenge in the lobby; the opponent accepts it."""
    challenger_page.goto("/play/")
    challenger_page.get_by_role("link", name="Create a challenge").click()
    challenger_page.locator("#id_discipline").select_option(discipline)
    challenger_page.locator("#id_opponent").fill(opponent)
    challenger_page.locator("#id_colour").select_option(colour)
    challenger_page.locator("#id_rated").uncheck()
    challenger_page.locator("#id_time_control").select_option("custom")
    challenger_page.locator("#id_custom_time_control").fill(time_control)
    if opening_rule:
        challenger_page.locator("#id_opening_rule").select_option(opening_rule)
    challenger_page.get_by_role("button", name="Publish the challenge").click()
    expect(challenger_page.locator("table.challenges.sent")).to_be_visible()

    opponent_page.goto("/play/")
    opponent_page.locator("table.challenges.received").get_by_role("button", name="Accept").click()
    expect(opponent_page.locator("#game")).to_be_visible()
    game_id = int(opponent_page.locator("#game").get_attribute("data-game"))
    # The challenger's lobby goes to the game by itself; a goto here would race it.
    expect(challenger_page).to_have_url(re.compile(rf"/play/games/{game_id}/$"))
    return game_id


def click_move(page, other, *squares):
    """Click a move square by square on ``page``; ``other`` sees it arrive without reloading."""
    root, other_root = page.locator("#game"), other.locator("#game")
    expect(root).to_have_attribute("data-my-turn", "1")
    ply = int(root.get_attribute("data-ply"))
    for square in squares:
        page.locator(f"#board [data-square='{square}']").click()
    expect(root).to_have_attribute("data-ply", str(ply + 1))
    expect(other_root).to_have_attribute("data-ply", str(ply + 1))


def test_two_members_play_live_russian_draughts_to_a_draw_by_agreement(browser, club_server, anna, boris, eager_celery):
    white, black = member_page(browser, club_server, anna), member_page(browser, club_server, boris)
    game_id = challenge_and_accept(
        white, black, discipline="russian", colour="white", time_control="900", opponent="boris"
    )
    expect(white.locator("#game")).to_have_attribute("data-live", "socket")
    expect(black.locator("#game")).to_have_attribute("data-live", "socket")

    click_move(white, black, "c3", "d4")
    click_move(black, white, "f6", "e5")
    click_move(white, black, "d4", "f6")  # the capture d4:f6, the only legal move
    # Black has two captures: the board waits for the landing square that decides.
    click_move(black, white, "g7", "e5")
    expect(black.locator("#moves")).to_contain_text("d4:f6")
    expect(white.locator("#moves")).to_contain_text("g7:e5")
    # Both clocks are shown and the running one belongs to the side to move.
    expect(white.locator(".player-white .clock")).to_have_class("clock running")

    # A draw may be offered only right after one's own move (2.1.9.3).
    expect(black.get_by_role("button", name="Offer draw")).to_be_visible()
    expect(white.get_by_role("button", name="Offer draw")).to_have_count(0)
    # Black offers a draw with his next move; white declines it by moving.
    click_move(white, black, "a3", "b4")
    black.get_by_label("Offer a draw with this move").check()
    click_move(black, white, "h6", "g5")
    expect(white.locator("#offer")).to_have_text("Black offers a draw")
    click_move(white, black, "b4", "a5")
    expect(white.locator("#offer")).to_have_text("")
    click_move(black, white, "e7", "f6")
    # No position has stood three times: no repetition claim is offered (2.1.9.2).
    expect(white.get_by_role("button", name="Claim threefold repetition")).to_have_count(0)
    # Black's offer was declined, so the next offer is white's (2.1.9.4).
    expect(black.get_by_role("button", name="Offer draw")).to_have_count(0)
    click_move(white, black, "g3", "h4")
    white.get_by_role("button", name="Offer draw").click()
    expect(black.locator("#offer")).to_have_text("White offers a draw")
    black.get_by_role("button", name="Accept draw").click()

    for page in (white, black):
        expect(page.locator("#game")).to_have_attribute("data-result", "1/2-1/2")
        expect(page.locator("#status")).to_contain_text("Draw")
    screenshot(white, "play-russian-final")

    # The finished game is a viewer: step back to the start and forward again.
    board = white.locator("#board")
    white.get_by_role("button", name="Start position").click()
    expect(white.locator("#game")).to_have_attribute("data-view-ply", "0")
    expect(board.locator("[data-at='c3']")).to_have_attribute("data-piece", "w")
    white.get_by_role("button", name="Next move").click()
    expect(white.locator("#game")).to_have_attribute("data-view-ply", "1")
    expect(board.locator("[data-at='d4']")).to_have_attribute("data-piece", "w")
    assert board.locator("[data-at='c3']").count() == 0
    white.locator("#moves").get_by_role("button", name="g7:e5").click()
    expect(white.locator("#game")).to_have_attribute("data-view-ply", "4")
    game = Game.objects.get(id=game_id)
    assert (game.status, game.result, game.termination, game.ply) == ("finished", "1/2-1/2", "agreement", 9)
    assert white.errors == [] and black.errors == []


def test_two_members_play_live_renju_to_five_in_a_row(browser, club_server, anna, boris, eager_celery):
    black, white = member_page(browser, club_server, anna), member_page(browser, club_server, boris)
    game_id = challenge_and_accept(
        black, white, discipline="renju", colour="black", time_control="900", opponent="boris", opening_rule="none"
    )
    # A visitor who is not logged in watches from the start.
    spectator = browser.new_context(base_url=club_server, locale="en-GB").new_page()
    spectator.goto(f"/play/games/{game_id}/")
    expect(spectator.locator("#game")).to_have_attribute("data-live", "socket")
    for black_point, white_point in (("h8", "a1"), ("h9", "a2"), ("h10", "a3"), ("h11", "a4")):
        click_move(black, white, black_point)
        click_move(white, black, white_point)
    click_move(black, white, "h12")

    expect(spectator.locator("#game")).to_have_attribute("data-ply", "9")
    assert spectator.locator("#actions button").count() == 0
    for page in (black, white, spectator):
        expect(page.locator("#game")).to_have_attribute("data-result", "0-1")
        expect(page.locator("#status")).to_contain_text("Black wins")
    screenshot(black, "play-renju-final")
    # Renju diagrams keep row 1 at the bottom for both players.
    for page in (black, white):
        box_1, box_15 = (page.locator(f"#board [data-square='{p}']").bounding_box() for p in ("h1", "h15"))
        assert box_1["y"] > box_15["y"]
    game = Game.objects.get(id=game_id)
    assert (game.result, game.termination, game.black) == ("0-1", "five", anna)
    assert black.errors == [] and white.errors == []


def test_a_correspondence_move_shows_in_the_opponents_games_and_is_emailed(
    browser, club_server, anna, boris, eager_celery
):
    white, black = member_page(browser, club_server, anna), member_page(browser, club_server, boris)
    game_id = challenge_and_accept(
        white, black, discipline="russian", colour="white", time_control="d3", opponent="boris"
    )
    assert [m.to for m in mail.outbox] == [["boris@club.test"], ["anna@club.test"]]  # the challenge, its acceptance
    click_move(white, black, "c3", "d4")

    black.goto("/play/mine/")
    row = black.locator(f"table.ongoing tr[data-game='{game_id}']")
    expect(row).to_have_class("my-turn")
    expect(row.locator("td.turn")).to_have_text("Your move")
    turns_announce_task()  # what beat runs every few seconds
    move_mails = [m for m in mail.outbox if "c3-d4" in m.body]
    assert [m.to for m in move_mails] == [["boris@club.test"]]
    assert f"/play/games/{game_id}/" in move_mails[0].body

    white.goto("/play/mine/")
    expect(white.locator(f"table.ongoing tr[data-game='{game_id}'] td.turn")).to_have_text("Opponent's move")
    assert white.errors == [] and black.errors == []


def test_without_websockets_the_page_polls_and_misses_no_move(browser, club_server, anna, boris, eager_celery):
    game = start_game(white=anna, black=boris, discipline="international", time_control="600+5")
    white = member_page(browser, club_server, anna)
    black = member_page(browser, club_server, boris, websockets=False, phone=True)
    white.goto(f"/play/games/{game.id}/")
    black.goto(f"/play/games/{game.id}/")
    expect(black.locator("#game")).to_have_attribute("data-live", "polling")
    expect(white.locator("#game")).to_have_attribute("data-live", "socket")

    click_move(white, black, "32", "28")
    click_move(black, white, "19", "23")
    click_move(white, black, "28", "19")  # 28x19: a capture on the numbered board
    expect(black.locator("#moves")).to_contain_text("28x19")
    # On a phone the black player sees his own side at the bottom.
    box_1, box_50 = (black.locator(f"#board [data-square='{n}']").bounding_box() for n in ("1", "50"))
    assert box_1["y"] > box_50["y"]
    screenshot(black, "play-international-phone-polling")

    # White's socket drops; a move made meanwhile still arrives, and the socket comes back.
    white.evaluate("clubGame.socket.close()")
    click_move(black, white, "14", "23")  # the recapture 14x23
    expect(white.locator("#moves")).to_contain_text("14x23")
    expect(white.locator("#game")).to_have_attribute("data-live", "socket")
    assert white.errors == [] and black.errors == []


def test_the_renju_opening_protocol_is_played_with_the_boards_points_and_buttons(
    browser, club_server, anna, boris, eager_celery
):
    game = start_game(white=boris, black=anna, discipline="renju", time_control="900", opening_rule="rif")
    black = member_page(browser, club_server, anna)  # the tentative black
    white = member_page(browser, club_server, boris)
    black.goto(f"/play/games/{game.id}/")
    white.goto(f"/play/games/{game.id}/")
    # 002 12.2-12.4: the tentative black places the first three stones, the 2nd one white.
    click_move(black, white, "h8")
    expect(black.locator("#game")).to_have_attribute("data-my-turn", "1")
    click_move(black, white, "h9")
    click_move(black, white, "j10")
    # 002 12.5: the tentative white chooses colours with buttons, not the board.
    expect(white.get_by_role("button", name="Keep colours")).to_be_visible()
    white.get_by_role("button", name="Swap colours").click()
    expect(white.locator("#game")).to_have_attribute("data-ply", "4")
    game.refresh_from_db()
    assert (game.white, game.black) == (anna, boris)
    # Now Boris holds black and Anna, white, plays the 4th stone on the board.
    click_move(black, white, "g8")
    expect(white.locator(".player-black .name")).to_have_text("Boris Lebedev")
    assert black.errors == [] and white.errors == []
