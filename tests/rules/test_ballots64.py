"""Шашки-64 starting positions by ballot (003 2.2.2): the tables, keys, the draw
by lot, how a ballot reads, and an organiser's own table checked cell by cell."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games.rules import IllegalMove, ballots64, variant

R = variant("russian")
ROOT = Path(__file__).resolve().parents[2]


def test_example_1_is_idf_2_iii_and_fmjd_32_ii():
    # 2.2.2 example 1, diagram 9: 1. ab4 bc5 2. ba5 cb4, white to move.
    for key in ("idf:2-III", "fmjd:32-II"):
        p = R.start(ballot=key)
        pieces = R.pieces(p)
        assert pieces["a5"] == "w" and pieces["b4"] == "b"
        assert "a3" not in pieces and "b6" not in pieces
        assert R.turn(p) == "white"


def test_example_2_is_idf_10_ii_and_fmjd_11_xii():
    # 2.2.2 example 2, diagram 10: the men on a1 and a7 relocated to b4 and a5.
    for key in ("idf:10-II", "fmjd:11-XII"):
        pieces = R.pieces(R.start(ballot=key))
        assert pieces["b4"] == "w" and pieces["a5"] == "b"
        assert "a1" not in pieces and "a7" not in pieces


def test_the_keys_stored_before_the_tables_shipped_still_give_their_positions():
    assert R.start(ballot="1/16") == R.start(ballot="idf:2-III")
    assert R.start(ballot="VI/24") == R.start(ballot="idf:10-II")
    assert ballots64.describe("1/16") == "idf 2-III: 1. ab4 bc5 2. ba5 cb4"


def test_both_public_tables_ship_with_their_source_named():
    assert ballots64.tables()[:2] == ["idf", "fmjd"]
    assert len(ballots64.keys("idf")) == 745 and len(ballots64.keys("fmjd")) == 736
    assert len(ballots64.keys()) == 745 + 736
    assert ballots64.table("fmjd").name == "FMJD Drawing Table 64"
    assert "DrawTablesIDF.scala @62efede4" in ballots64.table("idf").source
    with pytest.raises(IllegalMove, match="no ballot table 'rus'"):
        ballots64.keys("rus")
    for table_id in ("idf", "fmjd"):
        data = json.loads((ballots64.DATA / f"ballots64_{table_id}.json").read_text(encoding="utf-8"))
        assert data["table"] == table_id and "@" in data["source"] and data["url"].startswith("https://")


def test_a_draw_by_lot_takes_a_cell_of_the_championships_table():
    rng = random.Random(7)
    assert all(ballots64.draw(rng).startswith("idf:") for _ in range(20))
    drawn = {ballots64.draw(rng, table="fmjd") for _ in range(200)}
    assert drawn <= set(ballots64.keys("fmjd")) and len(drawn) > 100


def test_a_ballot_reads_as_numbered_moves_or_relocations():
    assert ballots64.describe("idf:2-III") == "idf 2-III: 1. ab4 bc5 2. ba5 cb4"
    assert ballots64.describe("idf:1-V") == "idf 1-V: 1. ab4 fe5 2. gh4 gf6 3. fg3"
    assert ballots64.describe("fmjd:11-XII") == "fmjd 11-XII: a1-b4 a7-a5"


def test_after_an_odd_number_of_opening_moves_black_moves_first():
    # idf 1-I is the single move ab4: the game goes on with black's reply.
    assert R.turn(R.start(ballot="idf:1-I")) == "black"


@pytest.mark.parametrize("key", ["99/99", "idf:99-I", "2-III", "xyz:2-III", ""])
def test_an_unknown_ballot_is_refused(key):
    with pytest.raises(IllegalMove, match="no ballot"):
        R.start(ballot=key)


def test_other_disciplines_have_no_ballots():
    assert variant("international").start(ballot=None) == variant("international").start()
    with pytest.raises(IllegalMove, match="no balloted starting positions"):
        variant("international").start(ballot="idf:2-III")


# ---- an organiser's own table (the federation's Appendix 5), same shape as the shipped ones
def _table_file(tmp_path, cells, table="rus"):
    path = tmp_path / f"{table}.json"
    path.write_text(
        json.dumps({"table": table, "name": "Приложение 5", "source": "the federation", "cells": cells}),
        encoding="utf-8",
    )
    return path


@pytest.fixture
def registry():
    # Loaded tables live in the module's registry: take them out again after each test.
    before = dict(ballots64._tables())
    yield
    ballots64._registry.clear()
    ballots64._registry.update(before)


def test_an_organisers_table_loads_and_its_cells_can_be_drawn(tmp_path, registry):
    path = _table_file(
        tmp_path,
        [
            {"key": "1/16", "moves": ["аb4", "bс5", "bа5", "сb4"]},  # Cyrillic а, с as printed in 2.2.2
            {
                "key": "VI/24",
                "relocations": [["a1", "b4"], ["a7", "a5"]],
                "fen": "W:Wb4,a3,c3,e3,g3,b2,d2,f2,h2,c1,e1,g1:Bb8,d8,f8,h8,c7,e7,g7,b6,d6,f6,h6,a5",
            },
            {"key": "full", "moves": ["c3-d4", "f6-g5"]},
        ],
    )
    ballots64.register(ballots64.load(path))
    assert "rus" in ballots64.tables()
    assert ballots64.keys("rus") == ["rus:1/16", "rus:VI/24", "rus:full"]
    assert R.start(ballot="rus:1/16") == R.start(ballot="idf:2-III")
    assert R.start(ballot="rus:VI/24") == R.start(ballot="idf:10-II")
    assert ballots64.draw(random.Random(1), table="rus") in ballots64.keys("rus")


def test_tables_named_in_the_environment_are_known_to_every_process(tmp_path, registry, monkeypatch):
    path = _table_file(tmp_path, [{"key": "1", "moves": ["cd4"]}], table="club")
    monkeypatch.setenv("BALLOTS64_TABLES", str(path))
    ballots64._registry.clear()
    assert ballots64.tables() == ["idf", "fmjd", "club"]
    assert R.turn(R.start(ballot="club:1")) == "black"


@pytest.mark.parametrize(
    "cell, error",
    [
        ({"key": "a", "moves": ["ab4", "ab6"]}, r"cell rus:a: move 2 \(ab6\): ab6 is no legal move here"),
        ({"key": "b", "moves": ["cd4", "fe5", "gh4"]}, r"cell rus:b: move 3 \(gh4\): capture is mandatory: d4:f6"),
        ({"key": "c", "relocations": [["a1", "c3"]]}, r"cell rus:c: a1-c3: c3 is occupied"),
        ({"key": "d", "relocations": [["d4", "e5"]]}, r"cell rus:d: d4-e5: no man on d4"),
        ({"key": "e", "relocations": [["a3", "a4"]]}, r"cell rus:e: a3-a4: a4 is not a playable square"),
        (
            {"key": "f", "relocations": [["a3", "b8"], ["b8", "a5"]]},
            r"cell rus:f: a3-b8: a man cannot stand on its crowning",
        ),
        ({"key": "g", "moves": ["cd4"], "fen": "W:Wd4:Bb8"}, r"cell rus:g: gives B:.*not the table's W:Wd4:Bb8"),
        (
            {"key": "h", "moves": ["cd4"], "relocations": [["a1", "a5"]]},
            r"cell rus:h: a cell has either moves or relocations",
        ),
        ({"moves": ["cd4"]}, r"cell 1: no key"),
        ({"key": "x" * 30, "moves": ["cd4"]}, r"the key is longer than 28 characters"),
    ],
)
def test_a_bad_cell_is_named_and_the_table_refused(tmp_path, cell, error):
    with pytest.raises(ballots64.BadTable, match=error):
        ballots64.load(_table_file(tmp_path, [cell]))


def test_every_bad_cell_is_listed_not_only_the_first(tmp_path):
    path = _table_file(
        tmp_path,
        [
            {"key": "1", "moves": ["ab5"]},
            {"key": "2", "moves": ["cd4"]},
            {"key": "3", "relocations": [["h8", "a1"]]},
            {"key": "1", "moves": ["cd4"]},
        ],
    )
    with pytest.raises(ballots64.BadTable) as e:
        ballots64.load(path)
    assert "3 bad cell(s)" in str(e.value)
    assert "cell rus:1: move 1" in str(e.value) and "cell rus:3: h8-a1: a1 is occupied" in str(e.value)
    assert "cell rus:1: key given twice" in str(e.value) and "rus:2" not in str(e.value)


def test_a_file_that_is_not_a_table_is_refused(tmp_path):
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    with pytest.raises(ballots64.BadTable, match="cannot read"):
        ballots64.load(tmp_path / "broken.json")
    with pytest.raises(ballots64.BadTable, match='no "cells"'):
        ballots64.load(_table_file(tmp_path, []))
    with pytest.raises(ballots64.BadTable, match="taken by a shipped table"):
        ballots64.register(ballots64.load(_table_file(tmp_path, [{"key": "1", "moves": ["cd4"]}], table="idf")))


def test_an_organiser_checks_a_table_file_from_the_command_line(tmp_path):
    good = _table_file(tmp_path, [{"key": "1/16", "moves": ["ab4", "bc5", "ba5", "cb4"]}], table="rus")
    bad = _table_file(tmp_path, [{"key": "2", "relocations": [["d4", "e5"]]}], table="bad")
    run = [sys.executable, "-m", "games.rules.ballots64"]
    ok = subprocess.run(run + [str(good)], capture_output=True, text=True, cwd=ROOT)
    assert ok.returncode == 0 and "table 'rus', 1 cells, every one replays" in ok.stdout
    refused = subprocess.run(run + [str(bad)], capture_output=True, text=True, cwd=ROOT)
    assert refused.returncode == 1 and "cell bad:2: d4-e5: no man on d4" in refused.stderr
