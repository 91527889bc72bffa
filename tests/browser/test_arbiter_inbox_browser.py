"""The chief arbiter's inbox in the browser, at a phone's width in Russian and a
desktop's in English: a draw claim (1.7.13), a protest (1.3.1) and the games
a correspondence event's closing date leaves to adjudicate arrive; from the
inbox he follows each item's link and acts on it, and the item leaves the inbox.
The page never scrolls sideways (every item's box within the viewport)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from club.arbiters import services as arbiters
from club.arbiters.models import DrawClaim, Protest
from club.championships import services as championships
from club.championships.models import Championship
from games.models import Game
from games.services import game_create, game_move_make
from tests.browser.conftest import screenshot
from tests.browser.test_play_browser import club_server  # noqa: F401 (fixture)
from tests.conftest import make_member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


def official_page(browser, server, member, *, width, locale):
    client = Client()
    client.force_login(member)
    context = browser.new_context(
        base_url=server, locale=locale, viewport={"width": width, "height": 900}, has_touch=width < 500
    )
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}])
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def no_sideways_scroll(page):
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for box in [item.bounding_box() for item in page.locator(".inbox-item").all()]:
        assert box["x"] >= 0 and box["x"] + box["width"] <= width


def open_item(page, kind):
    page.goto("/arbiters/")
    item = page.locator(f".inbox-item[data-kind='{kind}']").first
    expect(item.locator(".inbox-deadline")).to_be_visible()
    no_sideways_scroll(page)
    item.locator("a.button").click()


@pytest.mark.parametrize(("width", "locale"), [(390, "ru-RU"), (1280, "en-GB")])
def test_the_chief_arbiter_acts_on_a_claim_a_protest_and_an_adjudication_from_his_inbox(
    browser, club_server, organiser, chief_arbiter, eager_celery, width, locale
):
    players = [make_member(name, display_name=name.title()) for name in ("anna", "boris", "vera")]
    now = timezone.now()
    event = championships.championship_create(
        organiser=organiser,
        name="Correspondence cup",
        discipline="russian",
        time_control="d3",
        play_mode="all-at-once",
        closes_at=now + timedelta(days=30),
    )
    championships.arbiter_appoint(by=organiser, championship_id=event.pk, member=chief_arbiter, role="chief")
    championships.entries_open(by=organiser, championship_id=event.pk)
    for player in players:
        championships.entry_create(championship_id=event.pk, member=player)
    championships.entries_close(by=organiser, championship_id=event.pk)
    championships.section_start(by=chief_arbiter, championship_id=event.pk)
    games = list(Game.objects.filter(championship_board__round__championship=event).order_by("pk"))
    # a club game at 45 minutes: its white stops the clocks and claims the draw (1.7.13)
    club_game = game_create(discipline="russian", white=players[0], black=players[1], time_control="2700")
    game_move_make(game_id=club_game.pk, member=club_game.white, text="c3-d4", expected_ply=0)
    club_game.refresh_from_db()
    mover = club_game.white if club_game.to_move == "white" else club_game.black
    claim = arbiters.draw_claim(member=mover, game_id=club_game.pk, kind="stop-clocks")

    page = official_page(browser, club_server, chief_arbiter, width=width, locale=locale)
    page.goto("/")
    expect(page.locator(".inbox-panel li[data-kind='claim']")).to_be_visible()

    # the claim: to the game's arbiter page, refused with a reason
    open_item(page, "claim")
    decision = page.locator("form[data-action='draw-decision']")
    decision.locator("select[name='grant']").select_option("refuse")
    decision.locator("textarea[name='reason']").fill("Play on: the position is not won for either side.")
    decision.locator("button[type='submit']").click()
    expect(page.locator(".messages")).to_be_visible()
    claim.refresh_from_db()
    assert claim.status == DrawClaim.Status.REFUSED

    # the protest: to the event's desk, rejected with its reasons
    (sanction,) = arbiters.sanction_issue(
        by=chief_arbiter, member_id=games[0].black_id, kind="remark", reason="late reply", game_id=games[0].pk
    )
    protest = arbiters.protest_file(member=games[0].black, sanction_id=sanction.pk, text="The server was down.")
    open_item(page, "protest")
    ruling = page.locator(f"#protest-{protest.pk} form.ruling")
    ruling.locator("input[name='ruling']").fill("The server answered all day.")
    ruling.locator("button[value='no']").click()
    expect(page.locator(".messages")).to_be_visible()
    protest.refresh_from_db()
    assert protest.status == Protest.Status.REJECTED

    # the closing date passes: each unfinished game waits, with its position, on the desk
    Championship.objects.filter(pk=event.pk).update(closes_at=timezone.now() - timedelta(minutes=1))
    championships.play_close_due()
    page.goto("/arbiters/")
    expect(page.locator(".inbox-item[data-kind='adjudication']")).to_have_count(3)
    expect(page.locator(".inbox-item[data-kind='claim'], .inbox-item[data-kind='protest']")).to_have_count(0)
    screenshot(page, f"arbiter-inbox-{width}-{locale}")
    open_item(page, "adjudication")
    waiting = page.locator("article.awaiting:target")
    expect(waiting.locator(".position-board svg")).to_be_visible()
    # no move was made in it: the game did not take place, both lose by forfeit (1.12.2)
    waiting.locator("select[name='result']").select_option("-/-")
    waiting.locator("input[name='reason']").fill("Neither player ever moved.")
    waiting.locator("button[name='adjudicate']").click()
    expect(page.locator(".messages")).to_be_visible()
    assert page.url.endswith(f"/championships/{event.pk}/desk/")
    page.goto("/arbiters/")
    expect(page.locator(".inbox-item[data-kind='adjudication']")).to_have_count(2)
    no_sideways_scroll(page)
    assert Game.objects.filter(championship_board__round__championship=event, result="-/-").count() == 1
    assert page.errors == []
