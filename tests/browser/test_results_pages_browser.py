"""The results pages of a 12-player championship (and a round robin's grid) read at 390 × 844
(a phone) and 1280 × 800: the page itself never scrolls sideways, every column
header and every figure is visible or reachable by scrolling its table's own frame (the
place and name columns stay in view and cover nothing), at 1280 px no table needs a scroll,
no internal code shows as text — in English or in Russian — and every time names its zone."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from club.championships import demo
from club.championships.models import Board
from games.services import game_move_make
from tests.browser.conftest import screenshot
from tests.conftest import make_member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)

VIEWPORTS = [(390, 844), (1280, 800)]
# Codes the club stores and must never print as words (case matters: "Swiss" is a word, "swiss" a code).
CODES = [
    "russian",
    "d1",
    "d3",
    "2700+10",
    "rif",
    "reject",
    "foul-loses",
    "shmulyan",
    "berger",
    "buchholz",
    "truncated-solkoff",
    "opponents-elo",
    "entries-open",
    "entries-closed",
    "round-robin",
    "swiss",
    "1-1/2-0",
    "protest:file",
    "sanction:warning",
    "create",
    "pair",
    "publish",
    "finish",
    "head-to-head",
]
# A time of day shown without a zone after it.
BARE_TIME = re.compile(r"(?<![+−\-\d])\b\d{1,2}:\d{2}(?::\d{2})?\b(?!\s+(?:[A-Z]{2,5}\b|UTC))")

# Every cell of every framed table: reachable in its frame, not under the sticky columns, not cut.
REACHABLE = """() => {
  const problems = [];
  const page = document.documentElement;
  if (page.scrollWidth > window.innerWidth + 1) problems.push(`the page scrolls sideways: ${page.scrollWidth} > ${window.innerWidth}`);
  for (const frame of document.querySelectorAll('.table-frame')) {
    const frameBox = frame.getBoundingClientRect();
    if (frameBox.right > window.innerWidth + 1) problems.push(`a frame sticks out: ${frameBox.right}`);
    for (const row of frame.querySelectorAll(':scope > table > thead > tr, :scope > table > tbody > tr')) {
      const cells = Array.from(row.children);
      for (const cell of cells) {
        if (!cell.textContent.trim()) continue;
        const sticky = getComputedStyle(cell).position === 'sticky';
        cell.scrollIntoView({block: 'nearest', inline: 'nearest'});
        let box = cell.getBoundingClientRect();
        if (!sticky) {
          const covered = Math.max(frameBox.left, ...cells.filter(c => getComputedStyle(c).position === 'sticky')
            .map(c => c.getBoundingClientRect().right));
          if (box.left < covered - 1) { frame.scrollLeft -= covered - box.left; box = cell.getBoundingClientRect(); }
          if (box.left < covered - 1 || box.right > frameBox.right + 1)
            problems.push(`cut: "${cell.textContent.trim()}" [${box.left}, ${box.right}] in [${covered}, ${frameBox.right}]`);
        } else if (box.left < frameBox.left - 1 || box.right > frameBox.right + 1) {
          problems.push(`sticky cut: "${cell.textContent.trim()}"`);
        }
        if (cell.scrollWidth > cell.clientWidth + 1 && getComputedStyle(cell).overflowX !== 'visible')
          problems.push(`clipped text: "${cell.textContent.trim()}"`);
      }
    }
    frame.scrollLeft = 0;
  }
  return problems;
}"""

# Every cell of every framed table seen as a reader sees it, by the elements' boxes: the frame
# scrolled (from the left) just far enough to bring the cell in, the cell must then stand clear of
# the sticky columns and be the element found at its own centre (nothing covers it), and its text
# must fit its box (scrollWidth <= clientWidth: "Place" never shows as "Plac"). ``fits`` lists the
# frames that must not need to scroll at all.
SEEN = """(fits) => {
  const problems = [];
  const page = document.documentElement;
  // A table folded away in a box (how a round was paired) is read opened.
  for (const box of document.querySelectorAll('details')) if (box.querySelector('.table-frame')) box.open = true;
  if (page.scrollWidth > window.innerWidth + 1) problems.push(`the page scrolls sideways: ${page.scrollWidth}`);
  for (const frame of document.querySelectorAll('.table-frame')) {
    const table = frame.querySelector(':scope > table');
    if (!table) continue;
    if (fits.some(selector => table.matches(selector)) && frame.scrollWidth > frame.clientWidth + 1)
      problems.push(`#${table.id} scrolls in its frame: ${frame.scrollWidth} > ${frame.clientWidth}`);
    for (const row of table.querySelectorAll(':scope > thead > tr, :scope > tbody > tr')) {
      const cells = Array.from(row.children);
      for (const cell of cells) {
        const text = cell.textContent.trim();
        if (!text) continue;
        const sticky = getComputedStyle(cell).position === 'sticky';
        frame.scrollLeft = 0;
        cell.scrollIntoView({block: 'center', inline: 'nearest'});
        frame.scrollLeft = 0;
        let frameBox = frame.getBoundingClientRect();
        let box = cell.getBoundingClientRect();
        if (box.right > frameBox.right) { frame.scrollLeft += box.right - frameBox.right; box = cell.getBoundingClientRect(); }
        // A scrolling cell must clear every sticky cell of its row; a sticky one, those before it.
        const before = sticky ? cells.slice(0, cells.indexOf(cell)) : cells;
        const covered = Math.max(frameBox.left, ...before.filter(c => c !== cell && getComputedStyle(c).position === 'sticky')
          .map(c => c.getBoundingClientRect().right));
        if (box.left < covered - 1 || box.right > frameBox.right + 1)
          problems.push(`#${table.id}: "${text}" is not reachable: [${box.left}, ${box.right}] in [${covered}, ${frameBox.right}]`);
        const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
        if (!hit || !cell.contains(hit)) problems.push(`#${table.id}: "${text}" is covered by ${hit && hit.outerHTML.slice(0, 60)}`);
        if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`#${table.id}: "${text}" is cut (${cell.scrollWidth} > ${cell.clientWidth})`);
      }
    }
    frame.scrollLeft = 0;
  }
  return problems;
}"""
# At 1280 px every results table shows whole: the tie-break columns are not behind a scroll.
FITS_AT_1280 = ["#standings", "#crosstable", "#pairings", "#player-games", "#starting-list", "#live-standings"]


@pytest.fixture
def twelve(staff, eager_celery):
    players = [
        make_member(f"player{i:02d}", display_name=f"Player {i:02d}", federation_rating=2200 - 40 * i)
        for i in range(12)
    ]
    return demo.twelve(**staff, players=players, start=timezone.now() - timedelta(days=5))


@pytest.fixture
def staff(organiser, chief_arbiter, arbiter):
    return {"organiser": organiser, "chief": chief_arbiter, "arbiter": arbiter}


def urls(championship) -> dict[str, str]:
    live = Board.objects.filter(round__championship=championship, game__status="active").select_related("round").first()
    player = championship.entries.select_related("member").order_by("start_number").first().member.username
    pk = championship.pk
    return {
        "results": f"/championships/{pk}/results/",
        "standings": f"/championships/{pk}/standings/",
        "crosstable": f"/championships/{pk}/crosstable/",
        "player": f"/championships/{pk}/players/{player}/",
        "pairing-sheet": f"/championships/{pk}/rounds/{live.round.number}/",
        "championship": f"/championships/{pk}/",
    }


def visible_words(page) -> str:
    return page.locator("body").inner_text()


def codes_shown(text: str) -> list[str]:
    return [code for code in CODES if re.search(rf"(?<![\w/+:-]){re.escape(code)}(?![\w/+:-])", text)]


@pytest.mark.parametrize("width,height", VIEWPORTS)
def test_every_results_page_reads_at_this_width_without_cutting(page, twelve, width, height):
    page.set_viewport_size({"width": width, "height": height})
    for name, url in urls(twelve).items():
        page.goto(url)
        expect(page.locator("h1")).to_contain_text(twelve.name)
        problems = page.evaluate(REACHABLE)
        assert problems == [], (name, width, problems[:5])
        text = visible_words(page)
        assert codes_shown(text) == [], (name, width)
        assert BARE_TIME.findall(text) == [], (name, width)
        screenshot(page, f"results-{name}-{width}")


def test_the_headers_of_the_standings_and_the_crosstable_are_all_there(page, twelve):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(urls(twelve)["standings"])
    headers = [h.strip() for h in page.locator("#standings thead th").all_inner_texts()]
    assert headers == [
        "Place",
        "Player",
        "№",
        "Points",
        "W / D / L",
        "Games left",  # the event runs: what is still to play shows here as on the full results
        "At most",
        "Shmulyan",
        "Berger",
        "Buchholz",
        "Solkoff",
        "Trunc. Solkoff",
        "Riga",
        "Sum of opp. ratings",
        "Club rating change",
        "Performance",
    ]
    assert page.locator("#standings tbody tr").count() == 12
    # The coefficient's clause is its tooltip.
    assert "1.13.6" in page.locator('#standings th[data-coefficient="buchholz"]').get_attribute("title")
    page.goto(urls(twelve)["crosstable"])
    assert page.locator("#crosstable tbody tr").count() == 12
    assert (
        page.locator("#crosstable thead th").count() == 3 + 4 + 1
    )  # place, №, name, the four rounds published, points


def test_the_pairing_sheet_names_the_zone_of_its_times_and_prints_on_a4(page, twelve):
    page.goto(urls(twelve)["pairing-sheet"])
    times = page.locator("time").all_inner_texts()
    assert times and all(re.search(r"(MSK|UTC[+−]\d\d:\d\d|UTC)$", t) for t in times), times
    expect(page.locator("#pairings tbody tr")).to_have_count(6)
    expect(page.locator("#pairings tr.live")).to_have_count(1)  # the game still going on
    page.emulate_media(media="print")
    expect(page.locator(".event-nav")).to_be_hidden()
    expect(page.locator(".site-header")).to_be_hidden()
    assert page.pdf(format="A4").startswith(b"%PDF")


def test_the_championship_page_is_not_a_long_scroll_on_a_phone(page, twelve):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(urls(twelve)["championship"])
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 4500, height
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_no_code_shows_in_the_russian_interface_either(page, twelve, live_server):
    page.context.add_cookies([{"name": "django_language", "value": "ru", "url": live_server.url}])
    page.set_viewport_size({"width": 390, "height": 844})
    for name, url in urls(twelve).items():
        page.goto(url)
        text = visible_words(page)
        assert codes_shown(text) == [], (name, codes_shown(text))
        assert BARE_TIME.findall(text) == [], name
        figures = page.locator("#standings tbody, #crosstable tbody, #pairings tbody, #player-games tbody")
        for body in figures.all_inner_texts():  # Russian figures: 0,5, never 0.5
            assert not re.search(r"\d\.\d", body), name


@pytest.fixture
def eight(staff, eager_celery):
    """A finished round robin of eight: its crosstable is the grid whose columns are the players."""
    players = [
        make_member(f"rr{i:02d}", display_name=f"Round Robin {i:02d}", federation_rating=2100 - 30 * i)
        for i in range(8)
    ]
    return demo.round_robin(**staff, players=players, start=timezone.now() - timedelta(days=10), name="Eight")


def in_language(page, live_server, language):
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("width,height", VIEWPORTS)
def test_every_cell_is_seen_whole_and_uncovered(page, live_server, twelve, eight, language, width, height):
    in_language(page, live_server, language)
    page.set_viewport_size({"width": width, "height": height})
    pages = {**urls(twelve), "players": f"/championships/{twelve.pk}/players/"}
    pages |= {f"round-robin {name}": f"/championships/{eight.pk}/{name}/" for name in ("standings", "crosstable")}
    for name, url in pages.items():
        page.goto(url)
        page.wait_for_load_state("load")
        problems = page.evaluate(SEEN, FITS_AT_1280 if width >= 1280 else [])
        assert problems == [], (name, language, width, problems[:6])


@pytest.mark.parametrize("language", ["en", "ru"])
def test_on_a_phone_the_pairing_sheet_shows_white_and_black_without_a_scroll(page, live_server, twelve, language):
    in_language(page, live_server, language)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(urls(twelve)["pairing-sheet"])
    frame = page.locator("#pairings").locator("xpath=..").bounding_box()
    for cell in page.locator("#pairings th.name, #pairings td.name, #pairings th.name2, #pairings td.name2").all():
        box = cell.bounding_box()
        assert frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"] + 1, cell.inner_text()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_at_1280_the_figure_that_settled_a_tie_is_in_sight_and_the_tie_is_told_in_words(
    page, live_server, twelve, language
):
    # 1.13.3: the reader sees which criterion placed the players tied on points, without scrolling a frame.
    in_language(page, live_server, language)
    page.set_viewport_size({"width": 1280, "height": 800})
    for kind in ("standings", "results"):
        page.goto(urls(twelve)[kind])
        expect(page.locator("ul.ties li").first).to_be_visible()
        frame = page.locator("#standings-frame").bounding_box()
        decided = page.locator("#standings td.decided").all()
        assert decided, kind
        for cell in decided:
            box = cell.bounding_box()
            assert frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"] + 1, kind


def test_the_live_count_is_the_move_being_played_not_half_moves(page, live_server, twelve):
    # A move is a pair of half-moves, as on a score sheet: after one move each the second move is being played.
    live = Board.objects.select_related("white", "black").get(
        round__championship=twelve, game__status="active", result=""
    )
    page.goto(urls(twelve)["pairing-sheet"])
    result = page.locator(f'#pairings tr[data-game="{live.game_id}"] td.result')
    expect(result).to_have_text("playing, move 1")
    now = timezone.now()
    game_move_make(game_id=live.game_id, member=live.white, text="c3-d4", expected_ply=0, now=now)
    game_move_make(game_id=live.game_id, member=live.black, text="f6-g5", expected_ply=1, now=now)
    expect(result).to_have_text("playing, move 2", timeout=30_000)  # the page follows the game by itself
    in_language(page, live_server, "ru")
    page.reload()
    expect(result).to_have_text("идёт игра, ход 2")
