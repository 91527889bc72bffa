"""Parsers of outside text, fuzzed.

Whatever a member uploads, a reader either returns games or raises its one
documented error, ``IllegalMove``; what a writer writes reads back the same,
whatever the names in it (an SGF name can no longer forge a result).
"""

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.clock import BadTimeControl, TimeControl
from games.rules import IllegalMove, pdn, renju_records, variant
from games.rules.renju_records import Record, read_records, write_record

# Fragments that matter to the grammars, so that fuzzing reaches past the first character.
PDN_PIECES = [
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    ";",
    '"',
    "\\",
    "$3",
    "\n",
    " ",
    "Event",
    "GameType",
    '"25"',
    '"20"',
    "FEN",
    '"W:W21,22:B11"',
    '"B:Bb8"',
    "1.",
    "12...",
    "c3-d4",
    "f6-g5",
    "22-18",
    "28x19",
    "d4:f6:d8",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "2-0",
    "0-0",
    "Termination",
    '"forfeit"',
    "Result",
    "!?",
    "Kb8",
    "9" * 30,
]
RENJU_PIECES = [
    "[",
    "]",
    "(",
    ")",
    ";",
    '"',
    "\\",
    "\n",
    " ",
    "Variant",
    '"renju"',
    '"gomoku"',
    '"connect6"',
    "Rule",
    '"rif"',
    "Winner",
    '"black"',
    "Result",
    "h8",
    "h9",
    "j10",
    "swap",
    "stay",
    "declare",
    "2",
    "i9,k10",
    "pass",
    "1-0",
    "0-1",
    "0-0",
    "*",
    "B[hh]",
    "W[hg]",
    "B[]",
    "FM[ig][kf]",
    "SW[swap]",
    "DN[3]",
    "GM[4]",
    "GM[1]",
    "SZ[15]",
    "SZ[19]",
    "SZ[abc]",
    "GN[connect6]",
    "RE[B+]",
    "RE[W+F]",
    "RE[Void]",
    "DQ[both]",
    "PB[",
    "C[",
    "AddBlack",
]
TIME_PIECES = ["d", "D", "3", "300", "40", "/", ",", "+", "-", " ", "0", "9" * 30, "x"]


def fragments(pieces):
    return st.lists(st.sampled_from(pieces) | st.text(max_size=3), max_size=40).map("".join)


def _read_and_replay_pdn(text):
    for game in pdn.read_games(text):
        pdn.replay_game(game)


def _read_and_replay_renju(text):
    for record in read_records(text):
        renju_records.replay(record)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=200), fragments(PDN_PIECES)))
def test_pdn_reading_and_replaying_raises_nothing_but_illegal_move(text):
    with contextlib.suppress(IllegalMove):
        _read_and_replay_pdn(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=200), fragments(RENJU_PIECES)))
def test_renju_text_and_sgf_reading_and_replaying_raise_nothing_but_illegal_move(text):
    with contextlib.suppress(IllegalMove):
        _read_and_replay_renju(text)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=80), fragments(PDN_PIECES)))
def test_draughts_fen_raises_nothing_but_illegal_move(text):
    for name in ("russian", "international"):
        with contextlib.suppress(IllegalMove):
            variant(name).from_fen(text[: pdn.MAX_TAG_VALUE])


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=40), fragments(PDN_PIECES + RENJU_PIECES)))
def test_move_text_raises_nothing_but_illegal_move(text):
    for name in ("russian", "international", "giveaway", "renju", "gomoku", "connect6"):
        v = variant(name)
        with contextlib.suppress(IllegalMove):
            v.play(v.start(), text[: pdn.MAX_WORD])


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=40), fragments(TIME_PIECES)))
def test_time_controls_raise_nothing_but_bad_time_control(text):
    with contextlib.suppress(BadTimeControl):
        TimeControl.parse(text)


def test_the_hostile_inputs_of_the_issue_are_refused_with_a_named_fault():
    with pytest.raises(IllegalMove, match="AAAA.*has no value"):
        read_records("(;" + "A" * 40_000 + ")")
    with pytest.raises(IllegalMove, match=r"line 1: a comment '\{' is not closed"):
        pdn.read_games("{" * 80_000)
    with pytest.raises(IllegalMove, match=r"SZ\[abc\]: renju is played on a 15×15 board"):
        read_records("(;GM[4]SZ[abc];B[hh])")
    with pytest.raises(IllegalMove, match="game 1: line 1: a tag is written"):
        read_records("[foo")  # looped for ever: a header that is not one never ended the game


# ---- round trips: whatever a name holds, the record reads back the same -----------------
NAMES = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n"), max_size=30)
GAME = ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"]  # black's five on row 8


@settings(max_examples=200, deadline=None)
@given(
    black=NAMES,
    white=NAMES,
    event=NAMES,
    format=st.sampled_from(["plain", "sgf"]),
    result=st.sampled_from(renju_records.RESULTS),
)
def test_a_renju_record_reads_back_as_written_whatever_the_names(black, white, event, format, result):
    record = Record(list(GAME), result=result, tags={"Event": event, "Black": black, "White": white})
    assert read_records(write_record(record, format=format)) == [record]


def test_an_sgf_name_cannot_forge_a_result():
    forger = "x\\]RE[W+]PB[x"  # with ']' alone escaped, '\\' would close the value and RE[W+] would count
    record = Record(list(GAME), result="1-0", tags={"Black": forger, "White": "w"})
    sgf = write_record(record, format="sgf")
    assert "PB[x\\\\\\]RE[W+\\]PB[x]" in sgf
    (back,) = read_records(sgf)
    assert back.result == "1-0" and back.tags["Black"] == forger


@settings(max_examples=150, deadline=None)
@given(white=NAMES, black=NAMES, result=st.sampled_from(["1-0", "0-1", "1/2-1/2", "0-0", "+/-", "-/+", "-/-", "*"]))
def test_a_pdn_game_reads_back_as_written_whatever_the_names(white, black, result):
    text = pdn.write_game({"White": white, "Black": black, "GameType": "25"}, ["c3-d4", "f6-g5"], result)
    (game,) = pdn.read_games(text)
    assert (game.tags["White"], game.tags["Black"], game.moves, game.result) == (
        white,
        black,
        ["c3-d4", "f6-g5"],
        result,
    )


@pytest.mark.parametrize("result, winner", [("1-0", "black"), ("0-1", "white"), ("1/2-1/2", "none")])
def test_renju_text_says_who_won_in_words_and_refuses_a_contradiction(result, winner):
    text = write_record(Record(list(GAME), result=result))
    assert f'[Result "{result}"]' in text and f'[Winner "{winner}"]' in text
    other = "white" if winner == "black" else "black"
    with pytest.raises(IllegalMove, match=f"Result {result} means winner {winner}"):
        read_records(text.replace(f'[Winner "{winner}"]', f'[Winner "{other}"]'))


@pytest.mark.parametrize(
    "result, score, sgf", [("+/-", "1-0", "RE[B+F]"), ("-/+", "0-1", "RE[W+F]"), ("-/-", "0-0", "RE[Void]DQ[both]")]
)
def test_a_renju_forfeit_is_its_score_and_a_termination_in_text_and_sgfs_forfeit_mark(result, score, sgf):
    record = Record(list(GAME), result=result)
    assert f'[Result "{score}"]' in write_record(record) and '[Termination "forfeit"]' in write_record(record)
    assert sgf in write_record(record, format="sgf")


def test_pdn_writes_a_forfeit_as_its_score_and_a_termination_other_tools_can_read():
    text = pdn.write_game({"GameType": "25"}, [], "-/+")
    assert '[Result "0-1"]' in text and '[Termination "forfeit"]' in text and text.rstrip().endswith("0-1")


def test_sgf_variations_are_skipped_and_only_the_main_line_is_read():
    (record,) = read_records("(;GM[4];B[hh](;W[hg];B[ii])(;W[ai];B[aj]))")
    assert record.moves == ["h8", "h9", "i7"]


def test_the_replay_command_names_an_unreadable_pdn_file_and_exits_non_zero(tmp_path):
    import io

    from games.rules.__main__ import main

    path = tmp_path / "broken.pdn"
    path.write_text('[Event "x"]\n1. c3-d4 {unclosed', encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(path)], out) == 1
    assert f"{path}: cannot read: line 2: a comment '{{' is not closed" in out.getvalue()


@pytest.mark.parametrize("format", ["pdn", "plain", "sgf"])
def test_a_line_break_in_a_name_becomes_a_space_and_cannot_end_the_header(format):
    name = 'Anna\n[Result "0-1"]'
    if format == "pdn":
        (game,) = pdn.read_games(pdn.write_game({"White": name, "GameType": "25"}, ["c3-d4"], "1-0"))
        assert (game.tags["White"], game.result) == ('Anna [Result "0-1"]', "1-0")
    else:
        (record,) = read_records(write_record(Record(list(GAME), result="1-0", tags={"White": name}), format=format))
        assert (record.tags["White"], record.result) == ('Anna [Result "0-1"]', "1-0")
