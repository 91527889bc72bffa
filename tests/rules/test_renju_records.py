"""Renju records: plain move list and SGF, import and export (records keep the
opening rule and the 5th-move offers), and the CLI that replays them."""

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import IllegalMove, variant
from games.rules.__main__ import main
from games.rules.renju_cli import fouls, replay
from games.rules.renju_records import Record, read_records, write_record
from games.rules.renju_records import replay as replay_record

RENJU = variant("renju")

RIF_GAME = """[Event "Club championship"]
[Rule "rif"]
[Black "Ivanov"]
[White "Petrov"]
1. h8 2. h9 3. j10 swap 4. i7 i9,k10 k10 6. g8 7. i10 8. a1 9. l10 10. h10 11. m10 1-0
"""


def test_a_plain_record_keeps_rule_offers_result_and_headers():
    (record,) = read_records(RIF_GAME)
    assert record.rule == "rif" and record.result == "1-0" and record.variant == "renju"
    assert record.proposals == (("i9", "k10"),)
    assert record.moves[:8] == ["h8", "h9", "j10", "swap", "i7", "i9,k10", "k10", "g8"]
    assert record.tags == {"Event": "Club championship", "Black": "Ivanov", "White": "Petrov"}


def test_the_recorded_game_replays_to_the_recorded_result():
    (record,) = read_records(RIF_GAME)
    p = replay_record(record)
    assert RENJU.result(p).winner == "black"  # i10…m10, exactly five (002 9.1)


@pytest.mark.parametrize("format", ["plain", "sgf"])
def test_writing_and_reading_back_gives_the_same_record(format):
    (record,) = read_records(RIF_GAME)
    again = read_records(write_record(record, format=format))
    assert again == [record]


def test_sgf_uses_rows_from_the_top_and_private_properties_for_the_protocol():
    (record,) = read_records(RIF_GAME)
    sgf = write_record(record, format="sgf")
    assert sgf.startswith("(;FF[4]GM[4]CA[UTF-8]SZ[15]RU[rif]")
    assert ";B[hh];W[hg];B[jf];SW[swap];W[ii];FM[ig][kf];B[kf];W[gh]" in sgf
    assert "RE[B+]" in sgf and "PB[Ivanov]" in sgf


def test_yamaguchi_and_soosorv_declarations_survive_both_formats():
    record = Record(["h8", "h9", "i10", "stay", "j8", "declare 2", "swap", "g10,g7", "g7", "k11"], rule="soosorv8")
    for format in ("plain", "sgf"):
        assert read_records(write_record(record, format=format)) == [record]


def test_several_games_in_one_text_mix_formats():
    (record,) = read_records(RIF_GAME)
    text = write_record(record) + "\n" + write_record(record, format="sgf") + RIF_GAME
    assert len(read_records(text)) == 3


def test_an_illegal_move_in_a_record_names_the_action():
    (record,) = read_records('[Rule "rif"]\nh8 h9 h11 *')
    with pytest.raises(IllegalMove, match="action 3 'h11': the 3rd stone must be inside the central 5×5") as caught:
        replay_record(record)
    assert caught.value.move_number == 3


def test_a_pass_round_trips_through_sgf_as_an_empty_move():
    record = Record(["h8", "h9", "a1", "pass", "b2"], result="*")
    sgf = write_record(record, format="sgf")
    assert ";W[]" in sgf and read_records(sgf) == [record]


def test_a_gomoku_record_names_its_variant():
    record = Record(["a1", "b2", "c3"], variant="gomoku")
    for format in ("plain", "sgf"):
        assert read_records(write_record(record, format=format)) == [record]


def test_an_sgf_whose_ru_is_not_an_opening_rule_reads_as_no_rule():
    (record,) = read_records("(;GM[4]FF[4]SZ[15]RU[Renju]PB[A]PW[B]RE[Draw];B[hh];W[hg])")
    assert (record.rule, record.moves, record.result) == ("none", ["h8", "h9"], "1/2-1/2")


def test_an_sgf_for_another_game_is_refused():
    with pytest.raises(IllegalMove, match="GM\\[1\\]"):
        read_records("(;GM[1]SZ[19];B[pd])")


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["none", "rif", "yamaguchi", "soosorv8"]))
def test_random_legal_games_round_trip_through_both_formats(rng, rule):
    p, moves = RENJU.start(rule=rule), []
    while RENJU.result(p) is None and len(moves) < 40:
        move = rng.choice(RENJU.legal_moves(p)).notation
        if p.phase == "propose":  # offer every declared 5th move at once
            while p.phase == "propose":
                p = RENJU.play(p, move)
                moves.append(move)
                if p.phase == "propose":
                    move = rng.choice(RENJU.legal_moves(p)).notation
            continue
        if move.startswith("declare"):
            move = "declare 2"
        moves.append(move)
        p = RENJU.play(p, move)
    record = Record(moves, rule=rule)
    for format in ("plain", "sgf"):
        (again,) = read_records(write_record(record, format=format))
        assert RENJU.to_fen(replay_record(again)) == RENJU.to_fen(p)


# ---- the CLI -----------------------------------------------------------------
def test_replay_reports_games_and_plies_and_exits_zero_when_all_are_legal(tmp_path):
    path = tmp_path / "games.txt"
    path.write_text(RIF_GAME + "\n" + RIF_GAME, encoding="utf-8")
    out = io.StringIO()
    assert replay(str(path), out) == 0
    assert "2 games, 26 plies, 0 illegal" in out.getvalue()


def test_replay_names_the_game_and_the_move_of_a_failure_and_exits_non_zero(tmp_path):
    path = tmp_path / "games.sgf"
    bad = RIF_GAME.replace("11. m10", "11. h10")
    path.write_text(RIF_GAME + bad, encoding="utf-8")
    out = io.StringIO()
    assert replay(str(path), out) == 1
    assert "game 2 (Ivanov – Petrov): ILLEGAL at action 13 'h10': h10 is occupied" in out.getvalue()


def test_replay_refuses_a_result_that_contradicts_the_rules(tmp_path):
    path = tmp_path / "games.txt"
    path.write_text(RIF_GAME.replace("1-0", "0-1"), encoding="utf-8")
    out = io.StringIO()
    assert replay(str(path), out) == 1
    assert "recorded result 0-1 but the rules give 1-0" in out.getvalue()


def test_replay_of_a_missing_file_exits_non_zero(tmp_path):
    out = io.StringIO()
    assert replay(str(tmp_path / "nothing.txt"), out) == 2


def test_the_fouls_command_draws_the_map():
    out = io.StringIO()
    assert fouls("h8 h9 g8 a1 i9 a3 i10 a5", out) == 0
    text = out.getvalue()
    assert " 8 + + + + + + X X 3 + + + + + +" in text
    assert "fouls for black: i8 double-three" in text


def test_the_fouls_command_accepts_a_fen_and_reports_bad_moves():
    out = io.StringIO()
    assert fouls("W:Bd8,f8,h8,j8:W", out) == 0 and "g8 double-four" in out.getvalue()
    out = io.StringIO()
    assert fouls("h8 h8", out) == 1 and "move 2 'h8': h8 is occupied" in out.getvalue()


def test_python_m_games_rules_dispatches_to_the_renju_commands(tmp_path):
    path = tmp_path / "games.txt"
    path.write_text(RIF_GAME, encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(path)], out=out) == 0
    out = io.StringIO()
    assert main(["fouls", "h8 h9 g8 a1 i9 a3 i10 a5"], out=out) == 0 and "i8 double-three" in out.getvalue()
