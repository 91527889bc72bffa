"""How a Russian game ends (003 2.1.8, 2.1.9): wins, the automatic draw counts
and the threefold-repetition claim."""

from games.rules import variant
from games.rules.base import Result

from .draughts_walk import king_moves_only, walk

R = variant("russian")
ROAD = {"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"}  # «большая дорога»


def kings_on(p, color):
    return {sq for sq, c in R.pieces(p).items() if c == ("W" if color == "white" else "B")}


def test_a_side_without_pieces_has_lost():
    # 2.1.8.1
    assert R.result(R.from_fen("B:Wa1:B")) == Result("white", "no-pieces", "2.1.8.1")
    assert not R.can_win(R.from_fen("B:Wa1:B"), "black")
    assert R.can_win(R.from_fen("B:Wa1:B"), "white")


def test_a_side_whose_pieces_are_all_blocked_has_lost():
    # 2.1.8.1 «у соперника заперты все шашки»
    p = R.from_fen("W:Wh2:Bg3,f4")
    assert R.legal_moves(p) == []
    assert R.result(p) == Result("black", "blocked", "2.1.8.1")
    assert R.can_win(p, "white")  # blocked, but still has pieces (1.7.12 asks about pieces)


def test_the_start_position_is_not_over():
    assert R.result(R.start()) is None


def test_fifteen_moves_of_kings_only_draw_automatically():
    # 2.1.9.1.8: 15 moves of each side, kings only, no capture, men standing still.
    p = R.from_fen("W:WKh4,a1,c1,e1,g1:BKa5,b8,d8,f8,h8")
    seen = walk(R, p, 29, king_moves_only)
    assert R.result(seen[-1]) is None
    [last] = walk(R, seen[-1], 1, king_moves_only)
    assert R.result(last) == Result(None, "draw:2.1.9.1.8", "2.1.9.1.8")


def test_a_man_move_restarts_the_king_only_count():
    p = R.from_fen("W:WKh4,a1,c1,e1,g1:BKa5,b8,d8,f8,h8")
    seen = walk(R, p, 20, king_moves_only)
    q = R.play(seen[-1], "a1-b2")
    assert q.king_plies == 0
    seen = walk(R, q, 29, king_moves_only)
    assert R.result(seen[-1]) is None


def test_kings_on_both_sides_two_pieces_five_moves():
    # 2.1.9.1.5: 2–3 pieces, both sides with kings: 5 moves without a change of force.
    seen = walk(R, R.from_fen("W:WKc1:BKh8"), 9)
    assert R.result(seen[-1]) is None
    [last] = walk(R, seen[-1], 1)
    assert R.result(last) == Result(None, "draw:2.1.9.1.5", "2.1.9.1.5")


def test_kings_on_both_sides_four_pieces_thirty_moves():
    # 2.1.9.1.5: 4–5 pieces -> 30 moves.  A white man steps now and then so that
    # the king-only count of 2.1.9.1.8 never runs out first.
    def mostly_kings(p, m, q):
        man_due = p.white_to_move and p.king_plies >= 20
        return king_moves_only(p, m, q) != man_due

    seen = walk(R, R.from_fen("W:WKc1,a1:BKd8,h8"), 59, mostly_kings)
    assert R.result(seen[-1]) is None
    [last] = walk(R, seen[-1], 1, mostly_kings)
    assert R.result(last) == Result(None, "draw:2.1.9.1.5", "2.1.9.1.5")


def test_kings_on_both_sides_six_pieces_sixty_moves():
    # 2.1.9.1.5: 6–7 pieces -> 60 moves.
    def mostly_kings(p, m, q):
        man_due = p.white_to_move and p.king_plies >= 26
        return king_moves_only(p, m, q) != man_due

    seen = walk(R, R.from_fen("W:WKa1,e1,g1,h2:BKd8,b8"), 119, mostly_kings)
    assert R.result(seen[-1]) is None
    [last] = walk(R, seen[-1], 1, mostly_kings)
    assert R.result(last) == Result(None, "draw:2.1.9.1.5", "2.1.9.1.5")


def test_eight_pieces_with_kings_on_both_sides_have_no_force_ratio_count():
    # 2.1.9.1.5 stops at 7 pieces; only the king-only count of 2.1.9.1.8 applies.
    p = R.from_fen("W:WKh4,a1,c1,e1,g1:BKa5,b8,d8,f8,h8")
    assert R.result(walk(R, p, 29, king_moves_only)[-1]) is None


def test_three_kings_holding_the_main_road_against_one_king_fifteen_moves():
    # 2.1.9.1.3: the strong side's 15th move without taking the lone king.
    def keep_road(p, m, q):
        return bool(kings_on(q, "white") & ROAD) and not (kings_on(q, "black") & ROAD)

    seen = walk(R, R.from_fen("W:WKa1,Kc1,Ke1:BKh6"), 28, keep_road)
    assert R.result(seen[-1]) is None
    [last] = walk(R, seen[-1], 1, keep_road)  # white's 15th move
    assert R.result(last) == Result(None, "draw:2.1.9.1.3", "2.1.9.1.3")


def test_three_kings_and_a_man_against_one_king_fifteen_moves():
    # 2.1.9.1.4
    def off_road(p, m, q):
        return not (kings_on(q, "black") & ROAD) and king_moves_only(p, m, q)

    seen = walk(R, R.from_fen("W:WKc1,Ke1,Kg1,a3:BKh6"), 28, off_road)
    assert R.result(seen[-1]) is None
    [last] = walk(R, seen[-1], 1, off_road)
    assert R.result(last) == Result(None, "draw:2.1.9.1.4", "2.1.9.1.4")


def test_three_pieces_against_a_lone_king_on_the_main_road_five_moves():
    # 2.1.9.1.7: two kings and a man against a king on the main road.
    def on_road(p, m, q):
        return bool(kings_on(q, "black") & ROAD) and king_moves_only(p, m, q)

    seen = walk(R, R.from_fen("W:WKc1,Ke1,a3:BKh8"), 8, on_road)
    assert R.result(seen[-1]) is None
    [last] = walk(R, seen[-1], 1, on_road)  # white's 5th move
    assert R.result(last) == Result(None, "draw:2.1.9.1.7", "2.1.9.1.7")


def test_threefold_repetition_is_a_claim_not_an_automatic_draw():
    # 2.1.9.1.9 and 2.1.9.2: the same position with the same side to move three times.
    p = R.from_fen("W:WKh4,a1,c1,e1,g1:BKa5,b8,d8,f8,h8")
    for _ in range(2):
        for text in ("h4-g3", "a5-b4", "g3-h4", "b4-a5"):
            assert not R.can_claim_repetition(p)
            p = R.play(p, text)
    assert R.can_claim_repetition(p)
    assert R.result(p) is None


def test_a_finished_game_accepts_no_move():
    import pytest

    from games.rules import IllegalMove

    with pytest.raises(IllegalMove, match="over"):
        R.play(R.from_fen("W:Wh2:Bg3,f4"), "h2-g1")
