"""Property tests (hypothesis): FEN and notation round-trips, and that
``play`` accepts exactly the legal moves."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import IllegalMove, variant

VARIANTS = ["russian", "international", "giveaway"]
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def random_boards(draw, name):
    """Any placement of men and kings (no man on its own crowning row)."""
    v = variant(name)
    geo = v.geo
    squares = list(range(1, geo.squares + 1))
    chosen = draw(st.lists(st.sampled_from(squares), unique=True, max_size=14))
    white, black, kings = [], [], []
    for n in chosen:
        bit = geo.bit_of[n]
        king = draw(st.booleans())
        if draw(st.booleans()):
            if not king and (geo.top_row >> bit) & 1:
                king = True
            white.append(n)
        else:
            if not king and (geo.bottom_row >> bit) & 1:
                king = True
            black.append(n)
        if king:
            kings.append(n)

    def side(ns):
        return ",".join(("K" if n in kings else "") + str(n) for n in ns)

    turn = draw(st.sampled_from("WB"))
    return v.from_fen(f"{turn}:W{side(white)}:B{side(black)}")


@st.composite
def played_positions(draw, name):
    """A position reached by up to 40 random legal moves from the start."""
    v = variant(name)
    p = v.start()
    for _ in range(draw(st.integers(0, 40))):
        moves = v.legal_moves(p)
        if not moves or v.result(p) is not None:
            break
        p = v.play(p, moves[draw(st.integers(0, len(moves) - 1))])
    return p


def positions(name):
    return st.one_of(random_boards(name), played_positions(name))


@pytest.mark.parametrize("name", VARIANTS)
def test_fen_round_trips(name):
    v = variant(name)

    @SETTINGS
    @given(positions(name))
    def check(p):
        fen = v.to_fen(p)
        q = v.from_fen(fen)
        assert q.key == p.key
        assert v.to_fen(q) == fen

    check()


@pytest.mark.parametrize("name", VARIANTS)
def test_every_listed_move_plays_by_its_notation_and_by_each_of_its_paths(name):
    v = variant(name)
    sep = v.capture_sep

    @SETTINGS
    @given(positions(name))
    def check(p):
        if v.result(p) is not None:
            return
        moves = v.legal_moves(p)
        assert len({m.notation for m in moves}) == len(moves), "notations are unambiguous"
        for m in moves:
            q = v.play(p, m.notation)
            assert q == v.play(p, m)
            assert v.turn(q) != v.turn(p)
            for path in m.paths:
                if m.captures:
                    assert v.play(p, sep.join(path)) == q

    check()


@pytest.mark.parametrize("name", VARIANTS)
def test_any_other_text_is_refused_and_changes_nothing(name):
    v = variant(name)
    names = list(v._bit_by_name)

    @SETTINGS
    @given(positions(name), st.sampled_from(names), st.sampled_from(names), st.sampled_from("-:x"), st.text(max_size=6))
    def check(p, a, b, sep, junk):
        if v.result(p) is not None:
            return
        before = (v.to_fen(p), p)
        legal = {(m.start, m.end) for m in v.legal_moves(p)}
        for text in (f"{a}{sep}{b}", junk, f"{a}{sep}{b}{sep}{a}"):
            squares = [s for s in text.replace(":", "-").replace("x", "-").split("-")]
            if len(squares) == 2 and (squares[0], squares[1]) in legal:
                continue
            if len(squares) > 2 and any(
                any(path[0] == squares[0] and path[-1] == squares[-1] for path in m.paths) for m in v.legal_moves(p)
            ):
                continue
            with pytest.raises(IllegalMove):
                v.play(p, text)
        assert (v.to_fen(p), p) == before

    check()
