"""Five in a row on the infinite field (004 "5 в ряд на бесконечном поле"): «обычно играют на
клеточном листе бумаги», no fouls, «для победы надо построить ряд из 5 или более камней».

No edge: the field shown starts as gomoku-19's 19×19 (its points keep their names, a1…s19)
and grows as stones approach its edge, so that ``MARGIN`` free lines always lie between
every stone and the edge (``field``). A stone goes on any empty point of the field shown; a full field
never happens, and neither side ever runs out of room for a line: the only draws are an
agreement and two passes in a row (the family's pass rule, 002 10.3).

Names go on past the 19×19 square both ways: columns ``a``…``z``, ``aa``, ``ab``… to the
right, ``-a`` (the column left of ``a``), ``-b``… to the left; rows 1, 2, … upwards and 0,
-1, … downwards — ``t20`` is just outside its top-right corner, ``-a0`` its bottom-left.
Records and positions (``B:Bj10,-a0:Wk11``) keep those names.
"""

from __future__ import annotations

import re

from games.rules.words import N_

from .base import BLACK, WHITE, IllegalMove, Result, opponent
from .fiverow import Move

START = 19  # the field first shown, gomoku-19's board
MARGIN = 4  # free lines kept between every stone and the field's edge: room for a five
LINE = 5
STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))
STONE = {BLACK: "b", WHITE: "w"}
_POINT = re.compile(r"(-?)([a-z]{1,3})(-?\d{1,4})")


def column_name(x: int) -> str:
    """Column ``x`` (0 is ``a``): a…z, aa, ab… to the right; -a, -b… to the left of ``a``."""
    if x < 0:
        return "-" + column_name(-x - 1)
    letters = ""
    x += 1
    while x:
        x, digit = divmod(x - 1, 26)
        letters = chr(97 + digit) + letters
    return letters


def point_name(x: int, y: int) -> str:
    return f"{column_name(x)}{y + 1}"


def parse_point(text: str) -> tuple[int, int]:
    """(x, y) of a point's name; IllegalMove if it is not one."""
    match = _POINT.fullmatch(text.strip())
    if match is None:
        raise IllegalMove(
            N_("%(text)r is not a point: a column (a…z, aa…, or -a… left of a) and a row, e.g. j10"), text=text
        )
    minus, letters, row = match.groups()
    x = 0
    for letter in letters:
        x = x * 26 + ord(letter) - 96
    x -= 1
    return (-x - 1 if minus else x), int(row) - 1


class Position(tuple):
    """Immutable, hashable state: ``stones`` (frozenset of (x, y, "b"/"w")), ``to_move``,
    ``passes`` (in a row), ``outcome`` (None or (winner, reason, clause)), ``history``
    (every move's text). ``phase``, ``actor``, ``rule``, ``proposals`` and ``declared``
    answer as the other five-in-a-row positions do: no opening protocol here."""

    __slots__ = ()

    def __new__(cls, stones=frozenset(), to_move=BLACK, passes=0, outcome=None, history=()):
        return tuple.__new__(cls, (frozenset(stones), to_move, passes, outcome, tuple(history)))

    stones_placed = property(lambda self: self[0])
    to_move = property(lambda self: self[1])
    passes = property(lambda self: self[2])
    outcome = property(lambda self: self[3])
    history = property(lambda self: self[4])
    actor = to_move
    phase = "play"
    rule = "none"
    proposals = ()
    declared = 0

    @property
    def stones(self) -> int:
        return len(self[0])

    def colour_at(self, x: int, y: int) -> str | None:
        for colour in "bw":
            if (x, y, colour) in self[0]:
                return colour
        return None

    def __repr__(self):
        return f"Position(to_move={self.to_move!r}, stones={self.stones}, outcome={self.outcome!r})"


def field(p: Position) -> tuple[int, int, int, int]:
    """The field shown: (left, bottom, right, top), inclusive — the 19×19 start, grown to keep
    ``MARGIN`` free lines beyond every stone, and kept square (a sheet, drawn as a board) by
    growing its shorter side to the right or upwards."""
    left, bottom, right, top = 0, 0, START - 1, START - 1
    for x, y, _ in p.stones_placed:
        left, bottom = min(left, x - MARGIN), min(bottom, y - MARGIN)
        right, top = max(right, x + MARGIN), max(top, y + MARGIN)
    side = max(right - left, top - bottom)
    return left, bottom, left + side, bottom + side


class GomokuInfinite:
    name = "gomoku-infinite"
    title_ru = "5 в ряд на бесконечном поле"
    title_en = "Five in a row on the infinite field"
    family = "renju"
    board_size = START  # the field first shown; ``field`` says how far it has grown
    line = LINE
    infinite = True
    no_pass_before = 3  # 002 12.9, as every five-in-a-row game here
    opening_rules = {"none": ("без дебютного регламента", "no opening rule")}
    win_clause = "004"

    def start(self, rule: str = "none") -> Position:
        if rule not in self.opening_rules:
            raise IllegalMove(N_("unknown opening rule %(rule)r for %(name)s; known: none"), rule=rule, name=self.name)
        return Position()

    def turn(self, p: Position) -> str:
        return p.to_move

    def field(self, p: Position) -> tuple[int, int, int, int]:
        return field(p)

    def legal_moves(self, p: Position) -> list[Move]:
        """Every empty point of the field shown (and ``pass`` after the first three stones)."""
        if self.result(p) is not None:
            return []
        left, bottom, right, top = field(p)
        taken = {(x, y) for x, y, _ in p.stones_placed}
        moves = [
            Move(point_name(x, y), "stone")
            for y in range(bottom, top + 1)
            for x in range(left, right + 1)
            if (x, y) not in taken
        ]
        if p.stones >= self.no_pass_before:
            moves.append(Move("pass", "pass"))
        return moves

    def play(self, p: Position, text: str, *, notation: str = "canonical") -> Position:
        if not isinstance(text, str):
            raise IllegalMove(N_("a move is text, not %(type)s"), type=type(text).__name__)
        if notation != "canonical":
            raise IllegalMove(N_("the infinite field is written in its own names only (e.g. j10, t20, -a0)"))
        if self.result(p) is not None:
            raise IllegalMove(N_("the game is over"))
        text = text.strip()
        other = opponent(p.to_move)
        if text == "pass":
            if p.stones < self.no_pass_before:
                raise IllegalMove(N_("no pass during the opening moves (002 12.9)"))
            passes = p.passes + 1
            outcome = (None, "two-passes", "002 10.3") if passes >= 2 else None
            return Position(p.stones_placed, other, passes, outcome, p.history + ("pass",))
        x, y = parse_point(text)
        left, bottom, right, top = field(p)
        if not (left <= x <= right and bottom <= y <= top):
            raise IllegalMove(
                N_(
                    "%(text)s is beyond the field shown (%(corner)s–%(far_corner)s): it grows as stones come near its edge"
                ),
                text=text,
                corner=point_name(left, bottom),
                far_corner=point_name(right, top),
            )
        if p.colour_at(x, y) is not None:
            raise IllegalMove(N_("%(text)s is occupied"), text=text)
        stones = p.stones_placed | {(x, y, STONE[p.to_move])}
        new = Position(stones, other, 0, None, p.history + (point_name(x, y),))
        won = self._win_at(new, x, y)
        return Position(stones, other, 0, won, new.history) if won else new

    def _win_at(self, p: Position, x: int, y: int):
        colour = p.colour_at(x, y)
        for dx, dy in STEPS:
            run = 1
            for sign in (1, -1):
                k = 1
                while p.colour_at(x + sign * k * dx, y + sign * k * dy) == colour:
                    run += 1
                    k += 1
            if run >= LINE:
                winner = BLACK if colour == "b" else WHITE
                return (winner, "five" if run == LINE else "overline", self.win_clause)
        return None

    def result(self, p: Position) -> Result | None:
        """Over only by a line of five or more, or two passes: the field is never full."""
        return Result(*p.outcome) if p.outcome is not None else None

    def can_win(self, p: Position, colour: str) -> bool:
        """Always, while the game goes on: the field has room for a line in every direction."""
        return p.outcome is None

    def to_fen(self, p: Position) -> str:
        """Stones column by column, as the other five-in-a-row positions list them."""
        order = sorted(p.stones_placed)
        black = ",".join(point_name(x, y) for x, y, c in order if c == "b")
        white = ",".join(point_name(x, y) for x, y, c in order if c == "w")
        return f"{'B' if p.to_move == BLACK else 'W'}:B{black}:W{white}"

    def from_fen(self, text: str) -> Position:
        parts = text.strip().split(":")
        if len(parts) != 3 or parts[0] not in ("B", "W") or parts[1][:1] != "B" or parts[2][:1] != "W":
            raise IllegalMove(N_("%(text)r is not a position: expected e.g. 'B:Bj10,t20:Wk11'"), text=text)
        stones: set[tuple[int, int, str]] = set()
        seen: set[tuple[int, int]] = set()
        for part, colour in ((parts[1][1:], "b"), (parts[2][1:], "w")):
            for item in filter(None, (s.strip() for s in part.split(","))):
                x, y = parse_point(item)
                if (x, y) in seen:
                    raise IllegalMove(N_("%(item)s appears twice in the position %(text)r"), item=item, text=text)
                seen.add((x, y))
                stones.add((x, y, colour))
        p = Position(stones, BLACK if parts[0] == "B" else WHITE)
        winners = {w for x, y, _ in stones if (w := self._win_at(p, x, y))}
        if len({w[0] for w in winners}) > 1:
            raise IllegalMove(N_("both colours already have a winning line in this position"))
        return Position(stones, p.to_move, 0, min(winners) if winners else None)


GOMOKU_INFINITE = GomokuInfinite()
