"""Connect6 (004 "Коннект6"): 19×19, six or more in a row wins.

Black opens with one stone; from then on each turn places two stones.  One
turn is one action so that the game layer's one-move-per-turn clocks work:
``"j10,k11"`` (two distinct empty points, in either order; recorded as
given).  ``legal_moves`` lists each pair once, in board order, as a lazy
sequence (``len``, indexing, iteration, ``in``).  A single point is accepted only for black's first stone or when a
single empty point is left.  Either stone of the pair completing a line of
six or more wins.  ``pass`` skips a whole turn (not on the first move); two
passes in a row, a full board or no six-window left for either side draws,
as in the rest of the family.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from games.rules.words import N_

from .base import BLACK, WHITE, IllegalMove
from .fiverow import EMPTY, STONE, FiveInARow, Move, Position, place


class PairMoves(Sequence):
    """Every two-stone action on the given empty points, made on demand.

    A mid-game Connect6 position has tens of thousands of pairs; building them
    all would cost the game server a noticeable pause on every move, while
    ``len`` and membership can be answered without it.
    """

    def __init__(self, names: list[str], extra: list[Move]):
        self.names, self.extra = names, extra
        n = len(names)
        self.pairs = n * (n - 1) // 2

    def __len__(self):
        return self.pairs + len(self.extra)

    def __iter__(self):
        for a, b in combinations(self.names, 2):
            yield Move(f"{a},{b}", "stones")
        yield from self.extra

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[j] for j in range(*k.indices(len(self)))]
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError(k)
        if k >= self.pairs:
            return self.extra[k - self.pairs]
        n = len(self.names)
        a = 0
        while k >= n - 1 - a:  # rows of the pair triangle: a with every later point
            k -= n - 1 - a
            a += 1
        return Move(f"{self.names[a]},{self.names[a + 1 + k]}", "stones")

    def __contains__(self, move):
        return move in self.extra or (
            getattr(move, "kind", None) == "stones"
            and len(parts := move.notation.split(",")) == 2
            and parts[0] in self.names
            and parts[1] in self.names
            and self.names.index(parts[0]) < self.names.index(parts[1])
        )


class Connect6(FiveInARow):
    name = "connect6"
    title_ru = "Коннект6"
    title_en = "Connect6"
    board_size = 19
    line = 6
    exact = frozenset()
    no_pass_before = 1
    win_clause = "004"

    def legal_moves(self, p: Position) -> list[Move]:
        if self.result(p) is not None:
            return []
        name = self.geometry.name
        empty = [i for i in self.geometry.points if p.board[i] == EMPTY]
        passes = [Move("pass", "pass")] if self._may_pass(p) else []
        if p.stones == 0 or len(empty) == 1:
            return [Move(name(i), "stone") for i in empty] + passes
        return PairMoves([name(i) for i in empty], passes)

    def play(self, p: Position, text: str, *, notation: str = "canonical") -> Position:
        if not isinstance(text, str):
            raise IllegalMove(N_("a move is text, not %(type)s"), type=type(text).__name__)
        if self.result(p) is not None:
            raise IllegalMove(N_("the game is over"))
        if text.strip() == "pass":
            return super().play(p, text)
        g = self.geometry
        points = [g.parse(item, notation) for item in text.split(",")]
        single = p.stones == 0 or p.board.count(EMPTY) == 1
        if len(points) != (1 if single else 2):
            wanted = "one stone" if single else "two stones, e.g. 'j10,k11'"
            raise IllegalMove(N_("this turn places %(wanted)s; got %(move)r"), wanted=wanted, move=text.strip())
        if len(points) == 2 and points[0] == points[1]:
            raise IllegalMove(
                N_("the two stones of a turn go on two different points, not twice on %(point)s"),
                point=g.name(points[0]),
            )
        colour = p.to_move
        board, outcome = p.board, None
        for i in points:
            if board[i] != EMPTY:
                raise IllegalMove(N_("%(point)s is occupied"), point=g.name(i))
            board = place(board, i, STONE[colour])
            outcome = outcome or self._win_at(board, i, colour)
        other = WHITE if colour == BLACK else BLACK
        note = ",".join(g.name(i) for i in points)
        return p.replace(
            board=board, to_move=other, actor=other, passes=0, outcome=outcome, history=p.history + (note,)
        )


CONNECT6 = Connect6()
