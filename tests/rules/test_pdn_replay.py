"""The real games of ../shared/reference/pdn replay without one illegal move,
through ``python -m games.rules replay``."""

import io
import subprocess
import sys
import types
from pathlib import Path

import pytest

from games.rules import __main__ as rules_cli
from games.rules.__main__ import main
from tests.conftest import shared_path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "reference" / "pdn"
# From PROVENANCE.md: games and plies of each file.
EXPECTED = {
    "russian_ussr_ch_1950_153games.pdn": (153, 8730),
    "intl_wk2003_23games.pdn": (23, 2381),
    "intl_nk2003_amsterdam_33games.pdn": (33, 3268),
    "intl_prof2_16games.pdn": (16, 1616),
    "intl_misc_nk_rk_kurnik_32games.pdn": (32, 3568),
    "intl_wiersma_34games.pdn": (34, 2500),
}


@pytest.fixture
def _corpus_present():
    shared_path("reference/pdn")  # skips here, fails in CI, when it is missing


needs_corpus = pytest.mark.usefixtures("_corpus_present")


@needs_corpus
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_reference_game_replays(name):
    out = io.StringIO()
    assert main(["replay", str(CORPUS / name)], out) == 0, out.getvalue()
    games, plies = EXPECTED[name]
    assert out.getvalue().endswith(f"{games} games, {plies} plies, 0 failed\n")


@needs_corpus
def test_the_command_line_replays_the_whole_corpus():
    files = sorted(str(p) for p in CORPUS.glob("*.pdn"))
    run = subprocess.run(
        [sys.executable, "-m", "games.rules", "replay", *files], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count(" 0 failed") == len(files)


def test_a_failure_names_the_game_the_move_and_the_reason(tmp_path):
    bad = tmp_path / "bad.pdn"
    bad.write_text(
        '[White "A"]\n[Black "B"]\n1. c3-d4 f6-e5 2. a3-b4 *\n\n[White "C"]\n[Black "D"]\n1. c3-d4 f6-e5 2. d4:f6 *\n',
        encoding="utf-8",
    )
    out = io.StringIO()
    assert main(["replay", str(bad)], out) == 1
    text = out.getvalue()
    assert "game 1 (A - B, russian): ply 3 (2. a3-b4): capture is mandatory: d4:f6" in text
    assert text.endswith("2 games, 3 plies, 1 failed\n")


def test_files_that_are_not_pdn_go_to_the_renju_replay(tmp_path, monkeypatch):
    calls = []
    fake = types.SimpleNamespace(
        replay=lambda path, out: calls.append(("replay", path)) or 3,
        fouls=lambda text, out: calls.append(("fouls", text)) or 0,
    )
    monkeypatch.setattr(rules_cli, "renju_cli", fake)
    record = tmp_path / "game.renlib"
    record.write_text("h8 h9", encoding="utf-8")
    assert main(["replay", str(record)], io.StringIO()) == 3
    assert main(["fouls", "h8 h9 i9"], io.StringIO()) == 0
    assert calls == [("replay", str(record)), ("fouls", "h8 h9 i9")]


def test_perft_command_prints_each_depth():
    out = io.StringIO()
    assert main(["perft", "russian", "3", "--all-paths"], out) == 0
    lines = out.getvalue().splitlines()
    assert [line.split()[2] for line in lines] == ["7", "49", "302"]
