"""Renju without an opening rule: start, moves, notation, positions, results (000 §9.2, 002, 003 §5.2)."""

import pytest

from games.rules import IllegalMove, Result, variant

RENJU = variant("renju")


def play_all(p, moves):
    for move in moves.split():
        p = RENJU.play(p, move)
    return p


def test_it_is_registered_with_its_titles_and_family():
    assert (RENJU.name, RENJU.family, RENJU.board_size) == ("renju", "renju", 15)
    assert RENJU.title_ru == "Рэндзю" and RENJU.title_en == "Renju"
    assert set(RENJU.opening_rules) == {"none", "rif", "yamaguchi", "soosorv8", "taraguchi10", "swap2"}


def test_black_starts_on_the_centre_point():  # 000 9.2.4.1
    p = RENJU.start()
    assert RENJU.turn(p) == "black"
    assert [m.notation for m in RENJU.legal_moves(p)] == ["h8"]
    with pytest.raises(IllegalMove, match="centre point h8"):
        RENJU.play(p, "a1")


def test_the_players_alternate_and_the_position_is_immutable():  # 002 4.2
    p = RENJU.start()
    q = RENJU.play(p, "h8")
    assert RENJU.turn(q) == "white" and RENJU.to_fen(p) == "B:B:W"
    assert RENJU.to_fen(RENJU.play(q, "h9")) == "B:Bh8:Wh9"
    assert hash(q) == hash(RENJU.play(RENJU.start(), "h8"))


@pytest.mark.parametrize(
    "text, reason",
    [
        ("p8", "off the 15×15 board"),
        ("h16", "off the 15×15 board"),
        ("h0", "not a point"),
        ("", "not a point"),
        ("h8h9", "not a point"),
        ("H8", "federation"),
        ("swap", "not allowed now"),
        ("i9,j10", "not allowed now"),
    ],
)
def test_bad_input_is_refused_with_a_reason_and_changes_nothing(text, reason):
    p = RENJU.play(RENJU.start(), "h8")
    with pytest.raises(IllegalMove, match=reason):
        RENJU.play(p, text)
    assert RENJU.to_fen(p) == "W:Bh8:W"


def test_an_occupied_point_is_refused():
    p = play_all(RENJU.start(), "h8")
    with pytest.raises(IllegalMove, match="h8 is occupied"):
        RENJU.play(p, "h8")


def test_federation_letters_are_an_explicit_alternative_notation():  # 000 9.2.2.2: A–H, I(J), K–P
    p = play_all(RENJU.start(), "h8")
    assert RENJU.to_fen(RENJU.play(p, "K10", notation="federation")) == "B:Bh8:Wj10"
    assert RENJU.to_fen(RENJU.play(p, "J9", notation="federation")) == "B:Bh8:Wi9"
    assert RENJU.to_fen(RENJU.play(p, "P15", notation="federation")) == "B:Bh8:Wo15"
    with pytest.raises(IllegalMove, match="federation"):
        RENJU.play(p, "Q1", notation="federation")


def test_a_foul_is_refused_by_default_naming_the_foul():  # 002 9.2 c
    p = RENJU.from_fen("B:Bg8,h8,i9,i10:Wa1,a3,a5,a7")
    with pytest.raises(IllegalMove, match="i8 is forbidden for black: double-three"):
        RENJU.play(p, "i8")
    assert "i8" not in {m.notation for m in RENJU.legal_moves(p)}


def test_under_the_foul_loses_policy_the_foul_is_played_and_white_wins():  # 002 9.2
    p = RENJU.from_fen("B:Bg8,h8,i9,i10:Wa1,a3,a5,a7", foul_policy="lose")
    q = RENJU.play(p, "i8")
    assert RENJU.result(q) == Result("white", "foul:double-three", "002 9.2")


def test_white_may_play_the_point_that_is_a_foul_for_black():  # 002 9.1: white has no fouls
    p = RENJU.from_fen("W:Bg8,h8,i9,i10,a1:Wa3,a5,a7")
    assert RENJU.result(RENJU.play(p, "i8")) is None


def test_black_wins_with_exactly_five():  # 002 9.1
    p = RENJU.from_fen("B:Bd8,e8,f8,g8:Wa1,a3,a5,a7")
    assert RENJU.result(RENJU.play(p, "h8")) == Result("black", "five", "002 9.1")


def test_five_wins_for_black_even_when_it_also_makes_a_double_three():  # 000 9.2.4.2
    p = RENJU.from_fen("B:Bd8,e8,f8,g8,h9,h10,i9,j10:Wa1,a3,a5,a7,a9,a11,a13,c1")
    assert RENJU.result(RENJU.play(p, "h8")).winner == "black"


def test_white_wins_with_five_or_an_overline():  # 002 9.1
    p = RENJU.from_fen("W:Ba1,a3,a5,a7,a9,a11:Wc8,d8,e8,g8,h8")
    assert RENJU.result(RENJU.play(p, "f8")) == Result("white", "overline", "002 9.1")


def test_a_pass_is_a_move_but_not_in_the_first_three_moves():  # 000 9.2.4.4, 002 12.9
    p = play_all(RENJU.start(), "h8 h9")
    assert "pass" not in {m.notation for m in RENJU.legal_moves(p)}
    with pytest.raises(IllegalMove, match="002 12.9"):
        RENJU.play(p, "pass")
    p = play_all(p, "j10 pass")
    assert RENJU.turn(p) == "black" and RENJU.result(p) is None


def test_two_passes_in_a_row_draw():  # 002 10.3, 000 9.2.7.1 б
    p = play_all(RENJU.start(), "h8 h9 j10 pass pass")
    assert RENJU.result(p) == Result(None, "two-passes", "002 10.3")
    assert RENJU.legal_moves(p) == []
    with pytest.raises(IllegalMove, match="game is over"):
        RENJU.play(p, "a1")


def test_a_stone_between_passes_resets_the_count():
    p = play_all(RENJU.start(), "h8 h9 j10 pass a1 pass")
    assert RENJU.result(p) is None


def _full_board_fen(last_empty: str) -> str:
    # Pairs of colours along each row, shifted by two every row: no line of three anywhere.
    g = RENJU.geometry
    black, white = [], []
    for y in range(15):
        for x in range(15):
            name = g.name(g.index(x, y))
            if name == last_empty:
                continue
            (black if (x + 2 * y) % 4 < 2 else white).append(name)
    return f"W:B{','.join(black)}:W{','.join(white)}"


def test_neither_side_able_to_make_five_is_a_draw():  # 003 5.2.7.1 в, 000 9.2.7.1 в
    p = RENJU.from_fen(_full_board_fen("o15"))
    assert not RENJU.can_win(p, "black") and not RENJU.can_win(p, "white")
    assert RENJU.result(p) == Result(None, "no-winning-line", "003 5.2.7.1 в")


def test_a_full_board_is_a_draw():  # 002 10.1
    p = RENJU.from_fen(_full_board_fen("none"))
    assert RENJU.result(p) == Result(None, "full-board", "002 10.1")


def _drawn_board_with_column_a(column: dict[str, str]) -> str:
    cells = {}
    for colour, part in zip("bw", _full_board_fen("none")[3:].split(":W")):
        cells.update({name: colour for name in part.split(",")})
    cells.update(column)
    black = ",".join(n for n, c in cells.items() if c == "b")
    white = ",".join(n for n, c in cells.items() if c == "w")
    return f"W:B{black}:W{white}"


def test_black_cannot_win_where_every_free_window_would_make_an_overline():  # 002 9.1: exactly five
    # Column a: a1 black, a2-a5 empty, a6 black, a7 white.  Any five there
    # touches a1 or a6 and so would be six; every other line is blocked.
    column = {"a1": "b", "a2": ".", "a3": ".", "a4": ".", "a5": ".", "a6": "b", "a7": "w"}
    p = RENJU.from_fen(_drawn_board_with_column_a(column))
    assert not RENJU.can_win(p, "black") and not RENJU.can_win(p, "white")
    assert RENJU.result(p).reason == "no-winning-line"
    # With a6 white instead, a1-a5 is a possible exact five.
    q = RENJU.from_fen(_drawn_board_with_column_a({**column, "a6": "w"}))
    assert RENJU.can_win(q, "black") and RENJU.result(q) is None


def test_positions_read_and_write_as_fen():
    text = "B:Bh8,j10:Wh9"
    p = RENJU.from_fen(text)
    assert RENJU.to_fen(p) == text and RENJU.turn(p) == "black"
    assert RENJU.to_fen(RENJU.from_fen("W:Bj10,h8:Wh9")) == "W:Bh8,j10:Wh9"


@pytest.mark.parametrize("text", ["", "B:h8:W", "X:Bh8:Wh9", "B:Bh8:Wh8", "B:Bz1:W", "B:Bh8"])
def test_a_malformed_position_is_refused(text):
    with pytest.raises(IllegalMove):
        RENJU.from_fen(text)


def test_the_foul_map_is_reported_whichever_side_is_to_move():
    black_to_move = RENJU.from_fen("B:Bg8,h8,i9,i10:W")
    white_to_move = RENJU.from_fen("W:Bg8,h8,i9,i10:W")
    assert RENJU.fouls(black_to_move) == RENJU.fouls(white_to_move) == {"i8": "double-three"}


def test_asking_for_the_verdict_of_a_point_off_the_board_is_refused():
    with pytest.raises(IllegalMove, match="off the 15×15 board"):
        RENJU.foul(RENJU.start(), "h16")
