"""An event's renju games as the RIF database's XML and as a RenLib library, read back by
readers written from the formats' descriptions apart from the writers
(tests/rules/renju_exchange_readers.py; docs/exports.md)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import variant
from games.rules.renju_exchange import renlib, rif_xml
from games.rules.renju_records import Record, read_records

from .renju_exchange_readers import read_renlib, read_rif, renlib_games

RENJU = variant("renju")

# 002 §12 (RIF 1996): opening h8 h9 j10, white swaps, 4th i7, black offers i9 and k10, white takes k10.
RIF_GAME = """[Rule "rif"]
[Black "Иванов Иван"]
[White "Petrov & <Co>"]
[Round "3"]
h8 h9 j10 swap i7 i9,k10 k10 g8 i10 a1 l10 h10 m10 1-0
"""


def test_a_rif_game_keeps_players_opening_offers_swap_every_stone_and_the_result():
    (record,) = read_records(RIF_GAME)
    tournament, (game,) = read_rif(rif_xml([record], "Кубок клуба", "2026-12-01", "2026-12-05"))
    assert tournament == "Кубок клуба"
    assert (game.black, game.white, game.round) == ("Иванов Иван", "Petrov & <Co>", "3")
    assert game.moves == [
        "h8",
        "h9",
        "j10",
        "i7",
        "k10",
        "g8",
        "i10",
        "a1",
        "l10",
        "h10",
        "m10",
    ]  # the chosen 5th among the stones
    assert game.alt == ["i9", "k10"] and game.swap == "R"
    assert game.opening == "3D"  # h8 h9 j10: Kagetsu, 3rd of the direct openings (renju_openings.py)
    assert game.bresult == "1" and game.info == "1-0"


def test_results_are_black_s_score_and_those_rif_cannot_say_are_left_empty_with_the_club_s_notation():
    (record,) = read_records(RIF_GAME)
    expected = {"0-1": "0", "1/2-1/2": "0.5", "-/+": "0", "-/-": "", "0-0": "", "*": ""}
    for result, bresult in expected.items():
        record.result = result
        (game,) = read_rif(rif_xml([record], "Cup"))[1]
        assert (game.bresult, game.info) == (bresult, result)


def test_a_renlib_library_merges_games_that_share_moves_and_comments_each_game_at_its_end():
    first, second = read_records(RIF_GAME + "\n" + RIF_GAME.replace("m10 1-0", "k11 1/2-1/2"))
    second.tags["Black"], second.tags["White"] = "Sidorov", "Kuznetsov"
    data = renlib([first, second])
    assert data[:10] == b"\xffRenLib\xff\x03\x04" and data[20:22] == b"\x78\x00"  # h8 opens the tree
    root = read_renlib(data)
    assert [n.point for n in root.children] == ["h8"]  # one trunk: the common moves are written once
    games = renlib_games(root)
    stones = ["h8", "h9", "j10", "i7", "k10", "g8", "i10", "a1", "l10", "h10"]
    assert sorted(games) == [
        (stones + ["k11"], "Sidorov - Kuznetsov 0.5-0.5"),
        (stones + ["m10"], "Иванов Иван - Petrov & <Co> 1-0"),
    ]


def test_a_game_without_a_stone_is_no_path_in_the_library():
    (record,) = read_records(RIF_GAME)
    empty = Record([], result="*", tags={"Black": "A", "White": "B"})
    assert renlib_games(read_renlib(renlib([empty, record]))) == renlib_games(read_renlib(renlib([record])))


def test_characters_xml_cannot_hold_become_question_marks_and_the_rest_is_kept():
    (record,) = read_records(RIF_GAME)
    record.tags["Black"] = "Ivanov\x01\x1b"
    (game,) = read_rif(rif_xml([record], "Cup\x00"))[1]
    assert game.black == "Ivanov??"


def _board_of(stones):
    """The board the stones make, placed in turn black, white, black, … (002 §3)."""
    p = RENJU.start()
    for stone in stones:
        p = RENJU.play(p, stone)
    return p.board


@st.composite
def random_games(draw):
    rng = draw(st.randoms(use_true_random=False))
    rule = draw(st.sampled_from(["none", "rif", "yamaguchi", "soosorv8", "taraguchi10", "swap2"]))
    p, moves, offers, swaps = RENJU.start(rule=rule), [], [], ""
    while RENJU.result(p) is None and len(moves) < 40:
        move = rng.choice(RENJU.legal_moves(p)).notation
        if move == "pass":
            continue
        if move.startswith("declare"):
            move = move if rule == "taraguchi10" else "declare 2"
        if p.phase == "propose" and p.declared != 1:
            offers.append(move)
        if p.phase == "swap" and move in ("swap", "stay", "place2"):
            swaps += {"swap": "R", "stay": "-", "place2": "2"}[move]
        moves.append(move)
        p = RENJU.play(p, move)
    printable = st.characters(blacklist_categories=("Cc", "Cs"))
    names = draw(st.lists(st.text(printable, min_size=1, max_size=12), min_size=2, max_size=2))
    result = draw(st.sampled_from(["1-0", "0-1", "1/2-1/2", "*"]))
    record = Record(moves, rule=rule, result=result, tags={"Black": names[0], "White": names[1]})
    return record, p.board, offers, swaps


@settings(max_examples=12, deadline=None)
@given(st.lists(random_games(), min_size=1, max_size=2))
def test_random_legal_games_round_trip_through_both_writers_and_the_independent_readers(games):
    records = [record for record, *_ in games]
    _tournament, read = read_rif(rif_xml(records, "Cup"))
    for (record, board, offers, swaps), game in zip(games, read):
        assert (game.black, game.white) == (record.tags["Black"], record.tags["White"])
        assert _board_of(game.moves) == board  # every stone, in order
        assert game.alt == offers and game.swap == swaps
        assert game.info == record.result
    library = renlib_games(read_renlib(renlib(records)))
    for record, board, *_ in games:
        comment = f"{record.tags['Black']} - {record.tags['White']} "
        comment += {"1/2-1/2": "0.5-0.5"}.get(record.result, record.result)
        comment = comment.encode("cp1251", errors="replace").decode("cp1251")
        matches = [moves for moves, text in library if text == comment]
        assert any(_board_of(moves) == board for moves in matches)
