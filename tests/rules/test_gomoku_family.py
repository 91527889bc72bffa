"""Gomoku, standard gomoku and free renju (004 "Родственные рэндзю игры")."""

import pytest

from games.rules import IllegalMove, Result, variant

GOMOKU = variant("gomoku")
STANDARD = variant("gomoku-standard")
FREE_RENJU = variant("renju-free")


def test_the_family_is_registered_on_a_15_by_15_board():
    for v, name in [(GOMOKU, "gomoku"), (STANDARD, "gomoku-standard"), (FREE_RENJU, "renju-free")]:
        assert (v.name, v.family, v.board_size) == (name, "renju", 15)
        assert v.title_ru and v.title_en


def test_free_gomoku_lets_black_start_anywhere():
    assert len(GOMOKU.legal_moves(GOMOKU.start())) == 225
    assert GOMOKU.to_fen(GOMOKU.play(GOMOKU.start(), "a1")) == "W:Ba1:W"


def test_free_gomoku_has_no_fouls_for_black():  # 004: no fouls
    p = GOMOKU.from_fen("B:Bg8,h8,i9,i10:Wa1,a3,a5,a7")
    assert GOMOKU.result(GOMOKU.play(p, "i8")) is None


@pytest.mark.parametrize("colour", ["B", "W"])
def test_in_free_gomoku_five_or_more_wins_for_either_side(colour):  # 004 "5 или более"
    line, scattered = "c8,d8,e8,g8,h8", "a1,a3,a5,a7,a9"
    black, white = (line, scattered) if colour == "B" else (scattered, line)
    p = GOMOKU.from_fen(f"{colour}:B{black}:W{white}")
    winner = "black" if colour == "B" else "white"
    assert GOMOKU.result(GOMOKU.play(p, "f8")) == Result(winner, "overline", "004")


def test_in_standard_gomoku_an_overline_wins_for_nobody():  # 004 "Гомоку": long row wins nothing
    p = STANDARD.from_fen("W:Ba1,a3,a5,a7,a9:Wc8,d8,e8,g8,h8")
    after = STANDARD.play(p, "f8")
    assert STANDARD.result(after) is None and STANDARD.turn(after) == "black"


def test_in_standard_gomoku_exactly_five_wins():
    p = STANDARD.from_fen("B:Bc8,d8,e8,f8:Wa1,a3,a5,a7")
    assert STANDARD.result(STANDARD.play(p, "g8")) == Result("black", "five", "004")


def test_free_renju_starts_on_the_centre():
    assert [m.notation for m in FREE_RENJU.legal_moves(FREE_RENJU.start())] == ["h8"]


def test_free_renju_puts_blacks_second_stone_outside_the_central_square():  # 004
    p = FREE_RENJU.play(FREE_RENJU.play(FREE_RENJU.start(), "h8"), "h9")
    with pytest.raises(IllegalMove, match="outside the central 5×5"):
        FREE_RENJU.play(p, "j10")
    moves = {m.notation for m in FREE_RENJU.legal_moves(p)}
    assert "j10" not in moves and "k11" in moves and "f6" not in moves and "f5" in moves and len(moves) == 225 - 25
    later = FREE_RENJU.play(FREE_RENJU.play(p, "k11"), "g8")
    assert FREE_RENJU.result(FREE_RENJU.play(later, "i8")) is None  # later stones go anywhere


def test_free_renju_plays_by_gomoku_rules_exactly_five():  # 004 "по правилам гомоку"
    p = FREE_RENJU.from_fen("W:Ba1,a3,a5,a7,a9:Wc8,d8,e8,g8,h8")
    assert FREE_RENJU.result(FREE_RENJU.play(p, "f8")) is None


def test_the_family_shares_the_pass_and_draw_rules():  # 000 9.2.4.4, 002 10.3
    for v in (GOMOKU, STANDARD, FREE_RENJU):
        p = v.start()
        for move in ["h8", "h9"]:
            p = v.play(p, move)
        with pytest.raises(IllegalMove, match="opening moves"):
            v.play(p, "pass")
        for move in ["a1", "pass", "pass"]:
            p = v.play(p, move)
        assert v.result(p) == Result(None, "two-passes", "002 10.3")


def test_foul_free_variants_have_no_foul_api_surprises():
    p = GOMOKU.start()
    assert not hasattr(GOMOKU, "fouls")
    assert GOMOKU.can_win(p, "black") and GOMOKU.can_win(p, "white")
