"""Redraw docs/screenshots/board-<size>.png from static/games/board-demo.html.

    /work/venv/bin/python docs/screenshots/make_screenshots.py

Needs Playwright and Debian's chromium (/usr/bin/chromium), nothing else:
the demo page is opened from disk, so no server runs.
"""
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
DEMO = HERE.parent.parent / "static" / "games" / "board-demo.html"
SIZES = (8, 10, 15, 19)


def main() -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True)
        page = browser.new_page(viewport={"width": 600, "height": 600}, device_scale_factor=1)
        for size in SIZES:
            page.goto(f"{DEMO.as_uri()}?size={size}")
            board = page.locator("svg.club-board")
            if size in (8, 10):
                # Show the legal-move hints of a half-entered capture.
                page.locator("[data-square='e3']" if size == 8 else "[data-square='28']").click()
            board.screenshot(path=str(HERE / f"board-{size}.png"))
            print(HERE / f"board-{size}.png")
        browser.close()


if __name__ == "__main__":
    main()
