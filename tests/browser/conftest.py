"""Playwright driving Debian's chromium against pytest-django's live server.

Use the ``page`` fixture (a fresh browser context per test) with ``live_server``;
``screenshot(page, name)`` keeps a picture under test-artifacts/ for humans.
Tests here carry ``@pytest.mark.browser``; the suite's conftest skips them
with a reason where /usr/bin/chromium is missing (and fails in CI).

Mark them ``django_db(transaction=True)``: the live server needs committed
data. The role groups a flush wipes come back through club's post_migrate
handler, so no serialized rollback is needed (it would collide with them).
"""

import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


@pytest.fixture
def browser(monkeypatch):
    """Chromium, started per test: Playwright's event loop must not outlive the test.

    While that loop runs in this thread Django takes every ORM call for async code,
    so the test's own (synchronous) fixtures and assertions are allowed through.
    """
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, live_server, settings):
    """A page in a fresh context (no cookies), in English, whose relative URLs go to the live server."""
    settings.LANGUAGE_CODE = "en"
    context = browser.new_context(base_url=live_server.url, locale="en-GB", viewport={"width": 390, "height": 844})
    context.set_default_timeout(30_000)  # generous: CI machines are small and busy
    page = context.new_page()
    yield page
    context.close()


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
