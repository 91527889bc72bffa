"""The club's pages meet WCAG 2.2 A and AA as far as axe-core (bundled by
axe-playwright-python) can tell: every rule tagged wcag2a, wcag2aa, wcag21a,
wcag21aa or wcag22aa passes on the pages a visitor and a player use most, in
both languages, on a phone (390 px) and a desk (1280 px)."""

from datetime import timedelta

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.test import Client
from django.utils import timezone

from club.championships import demo
from club.championships.models import Board
from tests.conftest import make_member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
WIDTHS = [(390, 844), (1280, 800)]
# axe-core lets a small target pass when nothing else is near it; the game page holds itself to
# 24 × 24 px for every control whatever the spacing (2.5.8), links inside a line of text excepted.
SMALL_CONTROLS = """() => Array.from(document.querySelectorAll(
    'button, input:not([type=hidden]), select, textarea, summary, [role=button], nav a, .viewer a'))
  .map(e => [e.id || e.name || e.textContent.trim(), e.getBoundingClientRect()])
  .filter(([, box]) => box.width > 0 && (box.width < 24 || box.height < 24))
  .map(([name, box]) => `${name} ${Math.round(box.width)}x${Math.round(box.height)}`)"""


@pytest.fixture
def twelve(organiser, chief_arbiter, arbiter, eager_celery):
    """A Swiss three rounds in, the fourth going on: results, ratings and live games to show."""
    players = [
        make_member(f"player{i:02d}", display_name=f"Player {i:02d}", federation_rating=2200 - 40 * i)
        for i in range(12)
    ]
    return demo.twelve(
        organiser=organiser,
        chief=chief_arbiter,
        arbiter=arbiter,
        players=players,
        start=timezone.now() - timedelta(days=5),
    )


def violations(page) -> list[str]:
    """One line per rule broken: its id, what it asks and the first elements that break it."""
    found = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG_TAGS}}).response["violations"]
    return [f"{v['id']}: {v['help']} at {[node['target'] for node in v['nodes'][:3]]}" for v in found]


def log_in(page, live_server, member) -> None:
    client = Client()
    client.force_login(member)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}])


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("width,height", WIDTHS)
def test_the_pages_break_no_wcag_a_or_aa_rule(page, live_server, twelve, language, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}])
    live = Board.objects.filter(round__championship=twelve, game__status="active").select_related("round").first()
    finished = Board.objects.filter(round__championship=twelve, game__status="finished").first()
    player = live.game.white
    visitor_pages = [
        "/",
        "/accounts/login/",
        "/signup/",
        "/championships/",
        f"/championships/{twelve.pk}/",
        f"/championships/{twelve.pk}/results/",
        f"/championships/{twelve.pk}/standings/",
        f"/championships/{twelve.pk}/rounds/{live.round.number}/",
        "/ratings/",
        f"/ratings/members/{player.username}/",
        "/members/",
        f"/members/{player.username}/",
        f"/play/games/{finished.game_id}/",
    ]
    player_pages = ["/", "/play/mine/", f"/play/games/{live.game_id}/", f"/play/games/{finished.game_id}/"]
    broken = {}
    for url in visitor_pages:
        page.goto(url)
        broken[url] = violations(page)
    log_in(page, live_server, player)
    for url in player_pages:
        page.goto(url)
        broken[f"{url} (a player)"] = violations(page)
        if url.startswith("/play/games/"):
            broken[f"{url} (a player)"] += page.evaluate(SMALL_CONTROLS)
    assert {url: rules for url, rules in broken.items() if rules} == {}
