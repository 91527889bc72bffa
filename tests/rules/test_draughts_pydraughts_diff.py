"""Differential test against pydraughts 0.6.7 (test-only dependency): random
playouts in ``russian`` and ``international``, the same set of legal moves —
every capture path — in every position visited.

pydraughts is slow (tens of milliseconds per position), so the suite plays a
few dozen games; DRAUGHTS_DIFF_GAMES=1000 runs the thousands.
"""

import os
import random

import pytest

pydraughts = pytest.importorskip("draughts")
from draughts.convert import _number_to_algebraic  # noqa: E402

from games.rules import variant  # noqa: E402

GAMES = int(os.environ.get("DRAUGHTS_DIFF_GAMES", "4"))
MAX_PLIES = 150


def _names(name):
    """Our square names -> pydraughts square numbers for that variant."""
    if name == "russian":
        return {_number_to_algebraic(str(n), variant="russian"): n for n in range(1, 33)}
    return {str(n): n for n in range(1, 51)}


def _their_moves(board):
    """pydraughts' legal moves by path (computed once per position: it is slow)."""
    return {tuple(m.steps_move): m for m in board.legal_moves()}


def _our_paths(v, p, number):
    return {tuple(number[s] for s in path) for m in v.legal_moves(p) for path in m.paths}


@pytest.mark.parametrize("name, pyname", [("russian", "russian"), ("international", "standard")])
def test_random_playouts_agree_with_pydraughts(name, pyname):
    v = variant(name)
    number = _names(name)
    positions = 0
    for game in range(GAMES):
        rng = random.Random(f"{name}-{game}")
        p = v.start()
        board = pydraughts.Board(pyname)
        for _ply in range(MAX_PLIES):
            ours = _our_paths(v, p, number)
            their_moves = _their_moves(board)
            theirs = set(their_moves)
            positions += 1
            assert ours == theirs, (
                f"game {game}, {v.to_fen(p)}: ours-theirs {ours - theirs}, theirs-ours {theirs - ours}"
            )
            if not ours or v.result(p) is not None:
                break
            move = rng.choice(v.legal_moves(p))
            path = rng.choice(move.paths)
            p = v.play(p, ":".join(path) if move.captures else move.notation)
            board.push(their_moves[tuple(number[s] for s in path)])
    assert positions > GAMES * 10
