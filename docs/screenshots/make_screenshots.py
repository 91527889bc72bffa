"""Redraw docs/screenshots/board-<size>.png: real positions, real legal moves.

    /work/venv/bin/python docs/screenshots/make_screenshots.py

Each board shows a position reached by legal play (a seeded random playout
through the rules module), with the legal moves, capture paths and renju foul
points the rules module gives for it — the same data the game page gets from
the server. Needs Playwright and Debian's chromium (/usr/bin/chromium); the
board gallery static/games/board-demo.html is opened from disk, no server.
"""

import random
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from games.rules import variant  # noqa: E402  (after the path is set)

DEMO = ROOT / "static" / "games" / "board-demo.html"


def _draughts_with_a_capture_choice(name: str, seed: int):
    """Play seeded random moves until the side to move must choose among captures."""
    v = variant(name)
    rng = random.Random(seed)
    p, last = v.start(), None
    for ply in range(200):
        moves = v.legal_moves(p)
        if ply >= 12 and len(moves) >= 2 and all(m.captures for m in moves):
            return v, p, last, moves
        if not moves:
            break
        last = rng.choice(moves)
        p = v.play(p, last.notation)
    raise RuntimeError(f"no capture choice found for {name}")


def _renju_with_fouls(seed: int):
    """Stones placed near the centre until black, to move, has forbidden points."""
    v = variant("renju")
    rng = random.Random(seed)
    p, last = v.start(), None
    for _ in range(120):
        if v.result(p) is not None:
            p, last = v.start(), None
        if v.turn(p) == "black" and v.fouls(p) and last is not None:
            return v, p, last
        near = [m for m in v.legal_moves(p) if _near_centre(m.notation, 3)]
        last = rng.choice(near)
        p = v.play(p, last.notation)
    raise RuntimeError("no renju position with fouls found")


def _near_centre(point: str, radius: int) -> bool:
    return abs(ord(point[0]) - ord("h")) <= radius and abs(int(point[1:]) - 8) <= radius


def _connect6(seed: int):
    v = variant("connect6")
    rng = random.Random(seed)
    p, last = v.start(), None
    for _ in range(5):
        moves = [m for m in v.legal_moves(p) if all(_near_centre_19(pt) for pt in m.notation.split(","))]
        last = rng.choice(moves)
        p = v.play(p, last.notation)
    return v, p, last


def _near_centre_19(point: str) -> bool:
    return abs(ord(point[0]) - ord("j")) <= 3 and abs(int(point[1:]) - 10) <= 3


def samples() -> dict:
    out = {}
    for size, name, seed in ((8, "russian", 7), (10, "international", 3)):
        v, p, last, moves = _draughts_with_a_capture_choice(name, seed)
        out[size] = {
            "fen": v.to_fen(p),
            "lastMove": list(last.path),
            "fouls": [],
            "legalMoves": [{"notation": m.notation, "path": list(m.path)} for m in moves],
            "click": moves[0].path[0],
        }
    v, p, last = _renju_with_fouls(seed=11)
    out[15] = {
        "fen": v.to_fen(p),
        "lastMove": [last.notation],
        "fouls": sorted(v.fouls(p)),
        "legalMoves": [],
        "click": None,
    }
    v, p, last = _connect6(seed=5)
    out[19] = {"fen": v.to_fen(p), "lastMove": last.notation.split(","), "fouls": [], "legalMoves": [], "click": None}
    return out


def main() -> None:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium",
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        page = browser.new_page(viewport={"width": 600, "height": 600}, device_scale_factor=1)
        for size, sample in samples().items():
            page.goto(f"{DEMO.as_uri()}?size={size}")
            page.evaluate(
                """(s) => board.update({
                pieces: ClubBoard.parseFen(s.fen, board.geometry),
                lastMove: s.lastMove, fouls: s.fouls, legalMoves: s.legalMoves,
            })""",
                sample,
            )
            if sample["click"]:
                page.locator(f"[data-square='{sample['click']}']").click()  # show a capture's hints
            path = HERE / f"board-{size}.png"
            page.locator("svg.club-board").screenshot(path=str(path))
            print(path, sample["fen"])
        browser.close()


if __name__ == "__main__":
    main()
