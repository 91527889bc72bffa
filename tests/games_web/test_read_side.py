"""The read side of the play pages: reads in games/selectors.py, words in
games/presentation.py, one position cache, one clock-now, and template
filters that import no view."""

import ast
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from django.utils import timezone
from rest_framework.test import APIClient

from games import clock, live, positions, selectors
from games.models import Game
from games.services import game_move_make
from tests.games_web.helpers import start_game

ROOT = Path(__file__).resolve().parents[2]


# ---- template filters import no view ----------------------------------------------------------------------
def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names += [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def _is_view(name: str) -> bool:
    parts = name.split(".")
    return "views" in parts or "live" in parts or "api" in parts


def test_the_play_template_filters_import_no_view_in_their_source():
    files = sorted((ROOT / "games" / "templatetags").glob("*.py"))
    assert len(files) >= 2
    assert [f"{path.name}: {name}" for path in files for name in _imports(path) if _is_view(name)] == []


def test_loading_the_play_template_filters_loads_no_view_module():
    """Transitively too: a fresh interpreter with Django set up has loaded no
    view of the games app, and loading the filters (and the presentation
    module behind them) loads none either."""
    script = (
        "import sys, django; django.setup()\n"
        "def views(): return sorted(m for m in sys.modules if m.startswith('games.')"
        " and ('views' in m.split('.') or m == 'games.live'))\n"
        "before = views()\n"
        "import games.templatetags.play\n"
        "print(before, views())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**__import__("os").environ, "DJANGO_SETTINGS_MODULE": "club.site.settings"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[]", "[]"]


# ---- one position cache --------------------------------------------------------------------------------------
def test_the_page_and_the_services_read_one_position_cache(anna, boris, django_assert_num_queries):
    positions.forget_all()
    game = start_game(white=anna, black=boris, time_control="600+5")
    game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    game.refresh_from_db()

    state = live.game_state(game.id, boris)  # the page replays the moves once ...
    with django_assert_num_queries(0):  # ... and the services find that position without a query
        position = positions.game_position(game)
    assert position is positions.game_replay(game, ("c3-d4",)).position
    assert state["ply"] == 1 and state["moves"][0]["notation"] == "c3-d4"


def test_the_replay_of_the_next_move_is_one_step_on_the_last(anna, boris, monkeypatch):
    positions.forget_all()
    game = start_game(white=anna, black=boris, time_control="600+5")
    first = positions.game_replay(game, ("c3-d4",))
    monkeypatch.setattr(positions, "game_start_position", lambda g: (_ for _ in ()).throw(AssertionError("replayed")))

    second = positions.game_replay(game, ("c3-d4", "f6-g5"))

    assert second.steps[:1] == first.steps and len(second.steps) == 2
    # Another move list at the same ply is never served the cached one.
    monkeypatch.undo()
    other = positions.game_replay(game, ("c3-d4", "f6-e5"))
    assert other.notations == ("c3-d4", "f6-e5") and other.steps[1].fen != second.steps[1].fen


# ---- one clock-now ---------------------------------------------------------------------------------------------
def test_clocks_now_counts_the_running_clock_down_to_its_flag_and_shows_a_fallen_flag_at_zero():
    shown = clock.clocks_now(white_ms=60_000, black_ms=50_000, to_move="white", now_ms=1_000, flag_ms=31_000)
    assert shown == {"white": 30_000, "black": 50_000}
    assert clock.clocks_now(white_ms=60_000, black_ms=5, to_move="black", now_ms=9, flag_ms=5)["black"] == 0
    assert clock.clocks_now(white_ms=1, black_ms=2, to_move="white", now_ms=0, flag_ms=None) == {"white": 1, "black": 2}
    stopped = clock.clocks_now(white_ms=700, black_ms=2, to_move="white", now_ms=0, flag_ms=None, flag_fell=True)
    assert stopped == {"white": 0, "black": 2}


def test_the_page_the_api_and_the_selector_show_the_same_clocks(anna, boris):
    game = start_game(white=anna, black=boris, time_control="600+5")
    game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
    game_move_make(game_id=game.id, member=boris, text="f6-g5", expected_ply=1)
    game_move_make(game_id=game.id, member=anna, text="d4-e5", expected_ply=2)  # black's clock runs now
    started = Game.objects.get(pk=game.pk).turn_started_at
    Game.objects.filter(pk=game.pk).update(turn_started_at=started - timedelta(seconds=90))
    game = Game.objects.get(pk=game.pk)

    now = timezone.now()
    mine = selectors.game_clocks(game, now=now)
    page = live.game_state(game.id, anna)["clock"]
    api = APIClient().get(f"/api/games/{game.id}/").json()["clocks"]

    assert mine["running"] == page["running"] == api["running"] == "black"
    assert mine["white_ms"] == page["white_ms"] == api["white_ms"] == game.white_ms
    # Read a moment apart: each within a second of the selector's figure.
    assert game.black_ms - 91_000 < mine["black_ms"] <= game.black_ms - 90_000
    assert abs(page["black_ms"] - mine["black_ms"]) < 1_000 and abs(api["black_ms"] - mine["black_ms"]) < 1_000


def test_after_a_loss_on_time_every_reader_shows_the_flagged_clock_at_zero(anna, boris):
    game = start_game(white=anna, black=boris, time_control="600+5")
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED, result="0-1", termination="time", ended_at=timezone.now(), deadline=None
    )
    game = Game.objects.get(pk=game.pk)

    assert selectors.game_clocks(game)["white_ms"] == 0
    assert live.game_state(game.id)["clock"]["white_ms"] == 0
    assert APIClient().get(f"/api/games/{game.id}/").json()["clocks"]["white_ms"] == 0
