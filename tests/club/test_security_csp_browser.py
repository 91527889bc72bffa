"""The Content-Security-Policy blocks nothing the club's own pages need (chromium reports
every violation to the page as a ``securitypolicyviolation`` event)."""

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import browser, page  # noqa: F401  (fixtures)
from tests.games_web.helpers import start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation",
    (e) => window.__cspViolations.push({directive: e.violatedDirective, uri: e.blockedURI}));
"""


def violations(browser_page):
    """What the policy blocked of the club's own: its files and inline code. Anything from
    another host (Redoc's logo on its CDN) is blocked on purpose: the club loads nothing
    from outside."""
    own = urlsplit(browser_page.url).netloc
    return [
        f"{v['directive']} {v['uri']}"
        for v in browser_page.evaluate("window.__cspViolations")
        if urlsplit(v["uri"]).netloc in ("", own)
    ]


def test_the_game_page_plays_under_the_policy(page, live_server, anna, boris):  # noqa: F811
    game = start_game(white=anna, black=boris)
    page.context.add_cookies([{"name": "sessionid", "value": _session_of(anna), "url": live_server.url}])
    page.add_init_script(RECORD_VIOLATIONS)

    page.goto(f"/play/games/{game.id}/")

    expect(page.locator("#board svg, #board button").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert violations(page) == []


@pytest.mark.parametrize(
    "url", ["/", "/accounts/login/", "/signup/", "/play/challenges/new/", "/api/docs/", "/api/redoc/", "/admin/login/"]
)
def test_the_pages_show_without_violations(page, live_server, anna, url):  # noqa: F811
    page.context.add_cookies([{"name": "sessionid", "value": _session_of(anna), "url": live_server.url}])
    page.add_init_script(RECORD_VIOLATIONS)

    page.goto(url)
    page.wait_for_load_state("networkidle")

    assert violations(page) == []


def _session_of(member) -> str:
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(member.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = member.get_session_auth_hash()
    session.save()
    return session.session_key
