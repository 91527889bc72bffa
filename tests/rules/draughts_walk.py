"""Test helper: play quiet moves chosen by a rule, for draw-count tests."""

from __future__ import annotations

from dataclasses import replace


def walk(v, p, plies, allow=lambda p, m, q: True):
    """Play ``plies`` quiet moves: each time the first legal move that ``allow``
    accepts and after which neither side has a capture.  Returns the list of
    positions after each ply; asserts the game was still on before each move."""
    seen = []
    for ply in range(plies):
        assert v.result(p) is None, f"game ended early at ply {ply}: {v.result(p)}"
        for m in v.legal_moves(p):
            if m.captures:
                continue
            q = v.play(p, m)
            if allow(p, m, q) and _calm(v, q):
                break
        else:
            raise AssertionError(f"no suitable move at ply {ply} in {v.to_fen(p)}")
        p = q
        seen.append(p)
    return seen


def _calm(v, q):
    """Neither side has a capture in ``q`` (so the walk never has to capture)."""
    flipped = replace(q, white_to_move=not q.white_to_move)
    return not any(n.captures for n in v.legal_moves(q) + v.legal_moves(flipped))


def king_moves_only(p, m, q):
    return (p.kings >> _bit(p, m)) & 1 == 1


def _bit(p, m):
    return m.raw[0]
