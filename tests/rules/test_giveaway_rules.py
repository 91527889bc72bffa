"""Giveaway draughts, поддавки (003 §4): Russian moves, inverted wins (4.1),
only the 4.2 draws."""

from games.rules import variant
from games.rules.base import Result

from .draughts_walk import king_moves_only, walk

G = variant("giveaway")


def test_moves_are_the_russian_moves():
    R = variant("russian")
    assert G.perft(G.start(), 5) == R.perft(R.start(), 5)
    p = "B:Wb4,d4,f4,a3,e3,b2,d2,f2,a1,g1:Ba5,c5,d6,h6,c7,e7,g7,b8,f8,h4"
    assert [m.notation for m in G.legal_moves(G.from_fen(p))] == ["a5:c3"]


def test_a_side_that_gave_away_every_piece_wins():
    # 4.1 «отданы все шашки»
    p = G.from_fen("W:W:Bh8")
    assert G.result(p) == Result("white", "no-pieces", "4.1")
    assert G.can_win(p, "white")
    assert not G.can_win(p, "black")


def test_a_side_whose_pieces_are_blocked_wins():
    # 4.1 «соперник запер все шашки»
    assert G.result(G.from_fen("W:Wh2:Bg3,f4")) == Result("white", "blocked", "4.1")


def test_capturing_is_still_mandatory():
    p = G.from_fen("W:Wc3:Bd4,h8")
    assert [m.notation for m in G.legal_moves(p)] == ["c3:e5"]


def test_kings_only_for_fifteen_moves_is_a_draw():
    # 4.2 keeps 2.1.9.1.8.
    seen = walk(G, G.from_fen("W:WKh4,a1,c1,e1,g1:BKa5,b8,d8,f8,h8"), 30, king_moves_only)
    assert G.result(seen[-2]) is None
    assert G.result(seen[-1]) == Result(None, "draw:2.1.9.1.8", "2.1.9.1.8")


def test_three_kings_on_the_main_road_against_one_king_draw_after_fifteen_moves():
    # 4.2 keeps 2.1.9.1.3.
    road = {"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"}

    def keep_road(p, m, q):
        kings = G.pieces(q)
        return any(kings.get(s) == "W" for s in road) and not any(kings.get(s) == "B" for s in road)

    seen = walk(G, G.from_fen("W:WKa1,Kc1,Ke1:BKh6"), 29, keep_road)
    assert G.result(seen[-2]) is None
    assert G.result(seen[-1]) == Result(None, "draw:2.1.9.1.3", "2.1.9.1.3")


def test_the_russian_two_king_count_does_not_apply():
    # 4.2 does not list 2.1.9.1.5: king against king plays on past 5 moves.
    seen = walk(G, G.from_fen("W:WKc1:BKd8"), 12)
    assert G.result(seen[-1]) is None
