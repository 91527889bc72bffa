"""The renju SGF as sgfmill (an SGF library nobody here wrote) reads it: the names in UTF-8 as CA[UTF-8]
declares (SGF FF[4] CA), the date as the spec's ISO DT (YYYY-MM-DD), every stone where the record put it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sgfmill import sgf

from games.rules.renju_records import Record, read_records, write_record

RIF_GAME = """[Event "Кубок клуба"]
[Date "2026.12.05"]
[Rule "rif"]
[Black "Анна Орлова"]
[White "Пётр Ёлкин"]
1. h8 2. h9 3. j10 swap 4. i7 i9,k10 k10 6. g8 7. i10 8. a1 9. l10 10. h10 11. m10 1-0
"""


def stones(record: Record) -> list[tuple[str, tuple[int, int]]]:
    """The stones on the board in order, as sgfmill names them: colour, (row from the bottom, column)."""
    placed = []
    colour = "b"
    for move in record.moves:
        if move in ("swap", "stay") or "," in move:
            continue  # the protocol's decisions and offers are not stones
        placed.append((colour, (int(move[1:]) - 1, ord(move[0]) - ord("a"))))
        colour = "w" if colour == "b" else "b"
    return placed


def test_sgfmill_reads_the_names_the_date_and_every_stone():
    (record,) = read_records(RIF_GAME)
    text = write_record(record, format="sgf")
    game = sgf.Sgf_game.from_bytes(text.encode("utf-8"))
    root = game.get_root()
    assert root.get("CA") == "UTF-8" and game.get_size() == 15
    assert (root.get("PB"), root.get("PW"), root.get("EV")) == ("Анна Орлова", "Пётр Ёлкин", "Кубок клуба")
    assert root.get("DT") == "2026-12-05"
    played = [node.get_move() for node in game.get_main_sequence()[1:] if node.get_move()[0] is not None]
    assert played == stones(record)
    assert read_records(text) == [record]  # and our own reader takes the ISO date back as the header's


@pytest.mark.parametrize(
    "header, iso", [("2026.12.05", "2026-12-05"), ("2026.12.??", "2026-12"), ("2026.??.??", "2026"), ("????.??.??", "")]
)
def test_an_unknown_part_of_the_date_is_left_out_as_sgf_says(header, iso):
    (record,) = read_records(RIF_GAME.replace("2026.12.05", header))
    root = sgf.Sgf_game.from_bytes(write_record(record, format="sgf").encode()).get_root()
    assert (root.get("DT") if root.has_property("DT") else "") == iso


@settings(max_examples=60, deadline=None)
@given(name=st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30).filter(str.strip))
def test_any_name_comes_out_of_sgfmill_as_written(name):
    record = Record(["h8", "h9", "i10"], tags={"Black": name.strip(), "White": "w"})
    root = sgf.Sgf_game.from_bytes(write_record(record, format="sgf").encode("utf-8")).get_root()
    assert root.get("PB") == name.strip()
