"""Record files: what a writer must escape so that a name cannot end a tag or
start a comment, and the extension and MIME type each record format is saved under."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.records import RECORD_FILES, game_record, records_of
from games.rules import pdn, renju_records

from .conftest import play

# Names as members and organisers typed them, and worse: PDN's own syntax — quotes and
# backslashes (tag values), braces and semicolons (comments), brackets (tags), parentheses
# (variations) — and line breaks, which end a tag line.
SYNTAX = '"\\{};[]()%$*\r\n\t'
names = st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(SYNTAX), max_size=80)


def on_one_line(value: str) -> str:
    return value.replace("\r", " ").replace("\n", " ")


@given(white=names, black=names, event=names)
def test_a_pdn_tag_value_reads_back_as_written_and_adds_no_tag_or_comment(white, black, event):
    """PDN: a tag value is a quoted string in which ``\\`` escapes ``"`` and ``\\``; braces and
    semicolons inside it are text, not comments. A line break would end the tag: it is a space."""
    text = pdn.write_game({"Event": event, "White": white, "Black": black}, ["c3-d4", "f6-g5"], "1-0")
    (game,) = pdn.read_games(text)
    assert (game.tags["Event"], game.tags["White"], game.tags["Black"]) == tuple(
        on_one_line(v) for v in (event, white, black)
    )
    assert list(game.tags) == ["Event", "White", "Black", "Result"]
    assert game.moves == ["c3-d4", "f6-g5"] and game.result == "1-0"


@given(white=names, black=names)
def test_a_renju_header_value_reads_back_as_written_in_both_formats(white, black):
    record = renju_records.Record(
        moves=["h8", "h9", "i9"], rule="none", result="1-0", tags={"Black": black, "White": white}
    )
    for format in ("plain", "sgf"):
        (back,) = renju_records.read_records(renju_records.write_record(record, format))
        assert (back.tags["Black"], back.tags["White"]) == (on_one_line(black), on_one_line(white))
        assert back.moves == record.moves and back.result == "1-0"


@pytest.mark.django_db
def test_many_games_records_are_each_ones_own_record(new_game, anna, boris):
    first = play(play(new_game(), anna, "c3-d4", 1), boris, "f6-g5", 2)
    second = play(new_game(), anna, "a3-b4", 1)
    assert records_of([first, second], "pdn") == [game_record(game=g, format="pdn") for g in (first, second)]


def test_each_format_has_its_own_extension_and_type():
    """Renju text records were saved as .txt, text/plain; see games/records.py for the choice."""
    assert {f: (r.extension, r.content_type.split(";")[0]) for f, r in RECORD_FILES.items()} == {
        "pdn": ("pdn", "application/x-draughts-pdn"),
        "renju": ("renju", "text/x-renju"),
        "plain": ("renju", "text/x-renju"),
        "sgf": ("sgf", "application/x-go-sgf"),
    }
