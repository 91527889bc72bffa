"""What a player sees on the game page: every move
of a long game in the move list at desk and phone widths, the шашки-64 ballot,
the help under the board for its discipline, Connect6's first stone of a turn
marked, and a flagged clock at 0:00."""

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from games import services
from games.rules import variant
from games.services import games_sweep
from tests.browser.conftest import screenshot
from tests.games_web.helpers import start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)  # a busy 2-core machine
WIDTHS = {"desk": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def _forty_plies() -> list[str]:
    """A Russian game of 40 plies: each side makes its first legal move, preferring
    a capture of more than one piece so that long notations appear too."""
    v = variant("russian")
    p, played = v.start(), []
    while len(played) < 40:
        moves = v.legal_moves(p)
        move = max(moves, key=lambda m: len(m.captures))
        played.append(move.notation)
        p = v.play(p, move)
        assert v.result(p) is None or len(played) == 40
    return played


def _login(page, live_server, member):
    client = Client()
    client.force_login(member)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )


@pytest.mark.parametrize("width", WIDTHS)
def test_every_move_of_a_forty_ply_game_is_visible_in_the_list(page, live_server, anna, boris, width):
    # CSS columns in a fixed-height box clipped earlier moves
    # into a sideways-scrolled strip; rows of white/black scroll vertically.
    game = start_game(white=anna, black=boris)
    plies = _forty_plies()
    for ply, text in enumerate(plies):
        services.game_move_make(game_id=game.id, member=anna if ply % 2 == 0 else boris, text=text, expected_ply=ply)
    page.set_viewport_size(WIDTHS[width])
    page.goto(f"/play/games/{game.id}/")
    moves = page.locator("ol#moves button.move")
    expect(moves).to_have_count(40)
    box = page.locator("ol#moves")
    assert box.evaluate("el => el.scrollWidth <= el.clientWidth"), "the move list scrolls sideways"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    rows = page.locator("ol#moves > li")
    expect(rows).to_have_count(20)
    # Scrolled to, each move lies inside the list and is what a finger on it
    # would touch (measured in one pass: the page redraws the list on updates).
    seen = box.evaluate("""list => [...list.querySelectorAll("button.move")].map(b => {
        b.scrollIntoView({block: "nearest"});
        const r = b.getBoundingClientRect(), l = list.getBoundingClientRect();
        const inside = r.width > 0 && r.left >= l.left && r.right <= l.right && r.top >= l.top && r.bottom <= l.bottom;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const row = b.closest("li");
        return {text: b.textContent, inside, onTop: hit === b, row: row.value, column: [...row.children].indexOf(b)};
    })""")
    assert [s["text"] for s in seen] == plies
    for i, s in enumerate(seen):
        assert s["inside"] and s["onTop"], s
        assert (s["row"], s["column"]) == (i // 2 + 1, i % 2), s  # white's and black's move of one numbered row
    screenshot(page, f"move-list-{width}")


def test_connect6_marks_the_first_of_the_two_stones_until_the_second(page, live_server, anna, boris):
    # 004 (Connect6): after black's first stone each turn places two; the first
    # one must show on the board while the player chooses the second.
    game = start_game(white=anna, black=boris, discipline="connect6")
    services.game_move_make(game_id=game.id, member=boris, text="j10", expected_ply=0)
    _login(page, live_server, anna)
    page.set_viewport_size(WIDTHS["desk"])
    page.goto(f"/play/games/{game.id}/")
    expect(page.locator("#game")).to_have_attribute("data-my-turn", "1")
    page.locator('[data-square="k10"]').click()
    pending = page.locator('[data-pending="k10"]')
    expect(pending).to_be_visible()
    expect(pending).to_have_class("cb-piece cb-pending cb-white")
    screenshot(page, "connect6-first-stone")
    page.locator('[data-square="k11"]').click()
    expect(page.locator("#game")).to_have_attribute("data-ply", "2")
    expect(page.locator("[data-pending]")).to_have_count(0)
    expect(page.locator('[data-at="k10"].cb-white')).to_have_count(1)
    expect(page.locator('[data-at="k11"].cb-white')).to_have_count(1)


def test_the_clock_of_a_player_who_lost_on_time_shows_zero(page, live_server, anna, boris):
    # 1.7.9: the flag fell; the clock must not go on showing the time his turn began with.
    game = start_game(white=anna, black=boris, time_control="300")
    services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    services.game_move_make(game_id=game.id, member=boris, text="f6-g5", expected_ply=1)
    assert games_sweep(now=timezone.now() + dt.timedelta(hours=1)) == 1
    _login(page, live_server, anna)
    page.goto(f"/play/games/{game.id}/")
    expect(page.locator("#status")).to_contain_text("0 – 1")
    expect(page.locator(".player-white .clock")).to_have_text("0:00")
    expect(page.locator(".player-black .clock")).to_have_text("5:00")


def test_a_shashki_64_game_page_names_the_drawn_ballot(page, live_server, anna, boris):
    game = start_game(white=anna, black=boris, ballot="idf:2-III")
    page.goto(f"/play/games/{game.id}/")
    expect(page.locator("dd.ballot")).to_have_text("idf 2-III: 1. ab4 bc5 2. ba5 cb4")
    expect(page.locator('[data-at="a5"].cb-white')).to_have_count(1)
    expect(page.locator('[data-at="b4"].cb-black')).to_have_count(1)
