"""The shipped шашки-64 tables (003 2.2.2) against the public reference:
every cell of the IDF and FMJD Drawing Tables 64 replays legally from the
normal start and gives the table's position, and the shipped data is the
reference's, cell for cell."""

import json

import pytest

from games.rules import ballots64, variant
from tests.conftest import shared_path

R = variant("russian")
FILES = {"idf": "idf_drawing_table_64.json", "fmjd": "fmjd_drawing_table_64.json"}


def _reference(table_id: str) -> dict:
    # Missing ../shared: skipped on a developer's machine, a failure in CI.
    return json.loads(shared_path(f"reference/ballots64/{FILES[table_id]}").read_text(encoding="utf-8"))


def _side_by_moves(cell: dict) -> str:
    return "white" if len(cell["moves"]) % 2 == 0 else "black"


@pytest.mark.parametrize("table_id", ["idf", "fmjd"])
def test_every_cell_replays_to_the_tables_position(table_id):
    ref = _reference(table_id)
    shipped = ballots64.keys(table_id)
    assert shipped == [f"{table_id}:{cell['key']}" for cell in ref["cells"]]
    assert len(shipped) == ref["counts"]["cells"]
    for cell in ref["cells"]:
        key = f"{table_id}:{cell['key']}"
        p = ballots64._replay_cell(ballots64.entry(key))  # raises IllegalMove on an illegal move
        table_side = _side_by_moves(cell) if cell["kind"] == "moves" else cell["side_to_move"]
        # The source's numeric FEN (1 = b8 … 32 = g1) holds the placement; the side as decided.
        expected = R.from_fen(table_side[0].upper() + cell["fen"][1:])
        assert p.key == expected.key, key
        assert R.legal_moves(p) and R.result(p) is None, key


@pytest.mark.parametrize("table_id", ["idf", "fmjd"])
def test_the_shipped_cells_are_the_references(table_id):
    ref = _reference(table_id)
    for cell in ref["cells"]:
        ours = ballots64.entry(f"{table_id}:{cell['key']}")
        if cell["kind"] == "moves":
            assert ours["moves"] == cell["moves"] and "relocations" not in ours
        else:
            # The reference writes [white, black], null for a side that relocates nothing.
            assert ours["relocations"] == [pair for pair in cell["relocations"] if pair] and "moves" not in ours
            assert ours.get("to_move", "white") == cell["side_to_move"]
        side = _side_by_moves(cell) if cell["kind"] == "moves" else cell["side_to_move"]
        assert R.from_fen(ours["fen"]).key == R.from_fen(side[0].upper() + cell["fen_algebraic"][1:]).key


def test_the_moves_decide_the_side_to_move_where_the_source_fen_disagrees():
    # validation_report.json: IDF 9-XXVII and FMJD 45-IX give black to move after six plies.
    references = {table_id: _reference(table_id) for table_id in FILES}
    report = json.loads(shared_path("reference/ballots64/validation_report.json").read_text(encoding="utf-8"))
    disagreeing = []
    for table_id in ("idf", "fmjd"):
        for cell in references[table_id]["cells"]:
            if cell["kind"] == "moves" and cell["side_to_move"] != _side_by_moves(cell):
                disagreeing.append(f"{table_id}:{cell['key']}")
    assert disagreeing == ["idf:9-XXVII", "fmjd:45-IX"]
    failures = [f for t in report.values() for f in t["failures"]]
    assert [f.split(":")[0] for f in failures] == ["9-XXVII", "45-IX"]
    for key in disagreeing:
        assert R.turn(R.start(ballot=key)) == "white"
        assert ballots64.entry(key)["fen"].startswith("W:")
