"""A member's pages on a phone (390 px) in Russian: the home page accepts a challenge with one
button; "My games" names each event game's event and round, and a game left to the chief
arbiter's adjudication shows no move; the game page links its event and labels a time bank's
two clocks; the notice of a game's end names its event; another member's profile challenges
him through the prefilled form and lists his events; one's own profile creates an API token.
The pages never scroll sideways."""

import re
from datetime import timedelta

import pytest
from django.db.models import Q
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from club.championships import services as championships
from club.championships.models import Board, Championship
from games import services as games
from tests.browser.conftest import screenshot
from tests.browser.test_play_browser import club_server  # noqa: F401 (fixture)
from tests.conftest import make_member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)  # a busy 2-core machine


def phone_page(browser, server, member):
    client = Client()
    client.force_login(member)
    context = browser.new_context(
        base_url=server, locale="ru-RU", viewport={"width": 390, "height": 844}, has_touch=True
    )
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}])
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"


def test_a_members_pages_on_a_phone_in_russian(browser, club_server, organiser, chief_arbiter, eager_celery):
    anna, boris, vera = (make_member(name, display_name=name.title()) for name in ("anna", "boris", "vera"))
    event = championships.championship_create(
        organiser=organiser,
        name="Кубок по переписке",
        discipline="russian",
        time_control="d30+2max10",  # a time bank: 30 days, 2 added a move, at most 10 on one move
        play_mode="all-at-once",
        closes_at=timezone.now() + timedelta(days=30),
    )
    championships.arbiter_appoint(by=organiser, championship_id=event.pk, member=chief_arbiter, role="chief")
    championships.entries_open(by=organiser, championship_id=event.pk)
    for player in (anna, boris, vera):
        championships.entry_create(championship_id=event.pk, member=player)
    championships.entries_close(by=organiser, championship_id=event.pk)
    championships.section_start(by=chief_arbiter, championship_id=event.pk)
    # Anna's two games, whichever colours the lot gave her.
    first, second = (
        Board.objects.filter(Q(white=anna) | Q(black=anna), round__championship=event, black__isnull=False)
        .select_related("round")
        .order_by("pk")
    )
    games.challenge_create(challenger=vera, discipline="russian", time_control="d3", rated=False)
    page = phone_page(browser, club_server, anna)

    # Home: the open challenge is accepted with its own button, which opens the new game.
    page.goto("/")
    page.locator(".home-panel.challenges").get_by_role("button", name="Принять").click()
    expect(page.locator("#game")).to_be_visible()
    club_game_id = page.locator("#game").get_attribute("data-game")

    # My games: the event's games name the event and round, the club game says it is one.
    page.goto("/play/mine/")
    event_row = page.locator(f"tr[data-game='{first.game_id}']")
    expect(event_row.locator("td.event")).to_contain_text("Кубок по переписке")
    expect(event_row.locator("td.event")).to_contain_text(f"тур {first.round.number}")
    expect(page.locator(f"tr[data-game='{club_game_id}'] td.event")).to_have_text("клубная партия")
    no_sideways_scroll(page)

    # The game page: its event and round are links; the time bank's clocks say what each counts.
    event_row.locator("td a").first.click()
    facts = page.locator("dd.game-event")
    expect(facts.get_by_role("link", name="Кубок по переписке")).to_have_attribute(
        "href", f"/championships/{event.pk}/"
    )
    expect(facts.get_by_role("link", name=f"тур {first.round.number}")).to_be_visible()
    expect(page.locator(".player-white .clock-label")).to_have_text("на этот ход")
    expect(page.locator(".player-black .clock-label")).to_have_text("банк")
    # The runner's counts down from the cap, the other shows the whole bank.
    expect(page.locator(".player-white .clock")).to_have_text(re.compile(r"^9д 23:"))
    expect(page.locator(".player-black .clock")).to_have_text(re.compile(r"^30д "))
    no_sideways_scroll(page)
    screenshot(page, "members-pages-game-390-ru")

    # The game ends: the notice names the event and round.
    loser = first.black if first.white_id == anna.pk else first.white
    games.game_resign(game_id=first.game_id, member=loser)
    page.goto("/notifications/")
    expect(page.get_by_text(f"Кубок по переписке, тур {first.round.number}")).to_be_visible()

    # Play closes: the chief arbiter adjudicates the unfinished game, and no move is asked of anyone.
    Championship.objects.filter(pk=event.pk).update(closes_at=timezone.now() - timedelta(minutes=1))
    championships.play_close_due()
    page.goto("/play/mine/")
    waiting = page.locator(f"tr[data-game='{second.game_id}'] td.turn")
    expect(waiting).to_have_text("Игра закрыта: партия ждёт присуждения главным судьёй")
    expect(page.locator(f"tr[data-game='{second.game_id}']")).not_to_contain_text("Ваш ход")
    no_sideways_scroll(page)
    screenshot(page, "members-pages-my-games-390-ru")

    # Boris's profile: his events, and a challenge addressed to him.
    page.goto("/members/boris/")
    expect(page.locator("section.events-played")).to_contain_text("Кубок по переписке")
    no_sideways_scroll(page)
    page.get_by_role("link", name="Вызвать на партию").click()
    expect(page.locator("#id_opponent")).to_have_value("boris")

    # Her own profile: an API token, created and shown once.
    page.goto("/members/anna/")
    page.get_by_role("link", name="API-токены").click()
    page.get_by_role("button", name="Создать API-токен").click()
    key = page.locator("code.api-token-key").inner_text()
    assert len(key) >= 32
    no_sideways_scroll(page)
    screenshot(page, "members-pages-token-390-ru")
    assert page.errors == []
