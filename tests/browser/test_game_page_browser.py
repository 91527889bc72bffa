"""What a player sees on the game page (issue 17 items 1, 12 and 13): every move
of a long game in the move list at desk and phone widths, the шашки-64 ballot,
the help under the board for its discipline, Connect6's first stone of a turn
marked, and a flagged clock at 0:00."""
import pytest
from django.test import Client
from playwright.sync_api import expect

from games import services
from games.rules import variant
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
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                               "url": live_server.url}])


@pytest.mark.parametrize("width", WIDTHS)
def test_every_move_of_a_forty_ply_game_is_visible_in_the_list(page, live_server, anna, boris, width):
    # Issue 17 item 1: CSS columns in a fixed-height box clipped earlier moves
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
