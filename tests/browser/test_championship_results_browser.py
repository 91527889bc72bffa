"""A visitor opens a finished championship: the crosstable and the
standings as computed, the arithmetic behind a figure on demand, and the
print version the chief arbiter signs (A4)."""

import pytest
from playwright.sync_api import expect

from club.championships import demo
from club.championships.selectors import results as publish
from tests.browser.conftest import screenshot
from tests.championships.conftest import T0, players, staff  # noqa: F401 (the personas, as fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)  # a busy 2-core machine

# pyotr beats everyone; olga and ivan draw; both beat marina (the hand-worked
# event of tests/championships/test_publish_round_robin.py).
WINNERS = {frozenset(("olga", "ivan")): None}


def hand_worked(white, black):
    if frozenset((white.username, black.username)) in WINNERS:
        return "draw"
    order = ["pyotr", "olga", "ivan", "marina"]
    return "white" if order.index(white.username) < order.index(black.username) else "black"


@pytest.fixture
def finished(players, staff, eager_celery):  # noqa: F811
    return demo.round_robin(**staff, players=players[:4], start=T0, decide=hand_worked, name="Club final")


def cells(row):
    return [text.strip() for text in row.locator(":scope > td").all_inner_texts()]


def test_a_finished_championship_shows_its_crosstable_and_standings_as_computed(page, finished):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/championships/{finished.pk}/")
    page.locator("a.results-link").click()
    expect(page.locator("#crosstable")).to_be_visible()
    rows = page.locator("#crosstable tbody tr")
    expect(rows).to_have_count(4)
    # place, start number (the lot's: the same № as on every page), name, the grid in the order of places, points
    number = {e.member.name: str(e.start_number) for e in finished.entries.select_related("member")}
    grid = [
        ["1", number["Pyotr"], "Pyotr", "", "1", "1", "1", "3"],
        ["2", number["Ivan"], "Ivan", "0", "", "½", "1", "1.5"],
        ["3", number["Olga"], "Olga", "0", "½", "", "1", "1.5"],
        ["4", number["Marina"], "Marina", "0", "0", "0", "", "0"],
    ]
    assert [cells(rows.nth(i)) for i in range(4)] == grid
    headers = page.locator("#crosstable thead th").all_inner_texts()
    assert headers[3:7] == [row[1] for row in grid]  # each column headed by its player's №
    computed = publish.results(finished)["standings"]
    standing = page.locator("#standings > tbody > tr")
    expect(standing).to_have_count(4)
    for i, row in enumerate(computed):
        shown = cells(standing.nth(i))
        assert shown[:4] == [row["place"], row["player"].name, str(row["player"].number), row["points"]]
        # The figure that settled a tie on points carries its sign (1.13.3).
        figures = [f["value"] + ("*" if f["decided"] else "") for f in row["figures"]]
        assert [cell.replace("\n", "") for cell in shown[5 : 5 + len(figures)]] == figures
    # The arithmetic behind Pyotr's Sonneborn-Berger (1.13.5), on demand.
    berger = standing.nth(0).locator('td[data-coefficient="berger"]')
    arithmetic = berger.locator(".arithmetic")
    expect(arithmetic).to_be_hidden()
    berger.locator("summary").click()
    expect(arithmetic).to_be_visible()
    expect(arithmetic).to_contain_text("Olga")
    expect(arithmetic).to_contain_text("= 6")
    screenshot(page, "championship-results")
    # Every game links to its viewer.
    expect(page.locator("a.game-link")).to_have_count(6)


def test_the_print_version_is_an_a4_document_with_the_chief_arbiter_and_the_date(page, finished):
    page.goto(f"/championships/{finished.pk}/results/")
    page.locator("a.print-link").click()
    expect(page.locator("h1")).to_have_text("Club final")
    expect(page.locator("dd.chief-arbiter")).to_have_text("Valentin Chief")
    expect(page.locator(".printed-on")).not_to_be_empty()
    expect(page.locator("#crosstable tbody tr")).to_have_count(4)
    page.emulate_media(media="print")
    expect(page.locator(".no-print")).to_be_hidden()  # print CSS (A4) applies
    assert page.locator("body").evaluate("b => getComputedStyle(b).fontFamily").startswith('"DejaVu Serif"')
    pdf = page.pdf(format="A4", print_background=True)
    assert pdf.startswith(b"%PDF")
    screenshot(page, "championship-results-print")
