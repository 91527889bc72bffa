"""PDN reading and writing: what real files contain."""

import pytest

from games.rules import IllegalMove
from games.rules.pdn import game_variant, read_games, replay_game, write_game

RUSSIAN_GAME = (
    '\ufeff[White "Блиндер Б."]\r\n[Black "Миротин Б."]\r\n[Result "1-0"]\r\n'
    '[FEN "W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4."]\r\n\r\n'
    "1. c3-d4 d6-e5 2. b2-c3 e7-d6 3. e3-f4 b6-a5 4. f2-e3 c7-b6 5. c1-b2 b6-c5\r\n"
    "6. d4:b6 a5:c7 1-0\r\n"
)


def test_bom_crlf_numeric_fen_with_trailing_dot_and_no_gametype():
    [game] = read_games(RUSSIAN_GAME)
    assert game.tags["White"] == "Блиндер Б."
    assert game.result == "1-0"
    assert game.moves[:2] == ["c3-d4", "d6-e5"] and len(game.moves) == 12
    assert game_variant(game) == "russian"
    v, positions = replay_game(game)
    assert v.name == "russian" and len(positions) == 13
    assert positions[0] == v.start()


def test_comments_variations_nags_and_glued_move_numbers_are_skipped():
    text = (
        '[Event "nk"]\n[Result "2-0"]\n[GameType "20"]\n\n'
        "{ a comment with 1. 32-28 inside } 1.32-28 $1 19-23! ( 1... 18-22 "
        "( 1... 17-21 ) 2. 37-32 ) 2.28x19 14x23 ; rest of line 3. 99-1\n2-0\n"
    )
    [game] = read_games(text)
    assert game.moves == ["32-28", "19-23", "28x19", "14x23"]
    assert game.result == "2-0"
    assert game_variant(game) == "international"


def test_several_games_results_of_every_style():
    text = "".join(
        f'[Event "{i}"]\n\n1. 32-28 19-23 {result}\n\n'
        for i, result in enumerate(["1-0", "0-1", "1/2-1/2", "2-0", "1-1", "0-2", "*"])
    )
    games = read_games(text)
    assert [g.result for g in games] == ["1-0", "0-1", "1/2-1/2", "2-0", "1-1", "0-2", "*"]
    assert all(g.moves == ["32-28", "19-23"] for g in games)


def test_missing_gametype_with_numbers_above_32_is_international():
    [game] = read_games("1. 33-28 18-22 *")
    assert game_variant(game) == "international"


def test_gametype_with_extra_fields():
    [game] = read_games('[GameType "20,W,10,10,N1,0"]\n1. 33-28 *')
    assert game_variant(game) == "international"
    [game] = read_games('[GameType "25"]\n1. 22-17 *')  # PDN 8×8 numbers: c3-b4
    v, positions = replay_game(game)
    assert v.name == "russian" and v.pieces(positions[1]).get("b4") == "w"


def test_algebraic_fen():
    [game] = read_games('[FEN "B:Wa1,c3:Bh8,Kd6"]\n1... d6-e5 *')
    v, positions = replay_game(game)
    assert v.to_fen(positions[0]) == "B:Wc3,a1:Bh8,Kd6"
    assert v.pieces(positions[1])["e5"] == "B"


def test_an_illegal_move_names_the_ply_and_the_reason():
    [game] = read_games("1. c3-d4 f6-e5 2. a3-b4 *")
    with pytest.raises(IllegalMove, match=r"ply 3 \(2\. a3-b4\): capture is mandatory: d4:f6"):
        replay_game(game)


def test_unknown_gametype_is_refused():
    [game] = read_games('[GameType "21"]\n1. 9-13 *')
    with pytest.raises(IllegalMove, match="GameType 21"):
        game_variant(game)


def test_write_then_read_gives_the_same_game():
    tags = {"White": 'Иванов "И." \\ мл.', "Black": "Петров", "Event": "Кубок", "GameType": "25"}
    moves = ["c3-d4", "f6-e5", "d4:f6", "g7:e5"] * 12
    text = write_game(tags, moves, "1/2-1/2")
    assert all(len(line) <= 80 for line in text.splitlines())
    [game] = read_games(text)
    assert game.tags == {**tags, "Result": "1/2-1/2"}
    assert game.moves == moves
    assert game.result == "1/2-1/2"


def test_a_game_from_a_position_with_black_to_move_is_numbered_from_1_dots():
    tags = {"FEN": "B:Wa1,c3:Bh8,Kd6", "GameType": "25"}
    text = write_game(tags, ["d6-e5", "c3-b4", "e5-d4"], "*")
    assert "1... d6-e5 2. c3-b4 e5-d4 *" in text
    [game] = read_games(text)
    _v, positions = replay_game(game)
    assert len(positions) == 4


def test_the_discipline_can_be_given_for_giveaway_records():
    [game] = read_games("1. c3-d4 f6-e5 2. d4:f6 *")
    v, positions = replay_game(game, discipline="giveaway")
    assert v.name == "giveaway" and len(positions) == 4
