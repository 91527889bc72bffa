"""Shared core of the five-in-a-row family: board geometry, notation, lines, symmetries.

Renju, gomoku, free renju and Connect6 all place stones on an empty square
board and win by a straight unbroken line; only the board size, the length
of the winning line, whether an overline wins, the fouls and the opening
protocol differ.  This module holds what they share; each discipline file
(renju.py, gomoku.py, connect6.py) adds its own rules.

Board representation
--------------------
A board is an immutable ``str`` laid out row by row with a border of ``PAD``
edge cells (``#``) around the ``size × size`` playing area, so that a window
of ``PAD`` cells either side of any point in any of the four directions is a
single stepped slice (``board[i - PAD*s : i + PAD*s + 1 : s]``) that never
wraps into another row.  Cells are ``.`` (empty), ``b`` (black), ``w``
(white) or ``#`` (off the board).  Strings make positions hashable and let
pattern tables be keyed by the window text itself.

Notation
--------
Canonical: column letter ``a``… then row number from 1 at the bottom
(``h8`` is the centre of the 15×15 board, 000 9.2.2.2 / RIF).  The Russian
federation letters its 15 columns A–H, I (or J), K–P (000 9.2.2.2): its K…P
are the canonical j…o.  That notation is accepted only when asked for
explicitly (``notation="federation"``) — never guessed from the text.
"""

from __future__ import annotations

import re

from games.rules.words import N_

from .base import BLACK, WHITE, IllegalMove, Result

PAD = 6  # enough for Connect6 (six in a row needs a look at ±6 cells)
EMPTY, BLACK_STONE, WHITE_STONE, EDGE = ".", "b", "w", "#"
STONE = {BLACK: BLACK_STONE, WHITE: WHITE_STONE}
COLOUR_OF = {BLACK_STONE: BLACK, WHITE_STONE: WHITE}
SWAP2 = ("правило Своп2", "Swap2 opening rule")  # (Russian, English) title; gomoku and renju offer it

_CANONICAL = re.compile(r"([a-z])([1-9][0-9]?)")
_FEDERATION_COLUMNS = "ABCDEFGHIKLMNOP"  # J is read as I (000 9.2.2.2)


class Geometry:
    """Index arithmetic of one board size (15×15 renju, 19×19 Connect6)."""

    def __init__(self, size: int):
        self.size = size
        self.width = size + PAD  # one row: PAD edge cells then the points
        self.steps = (1, self.width, self.width + 1, self.width - 1)  # —, |, /, \
        length = (size + 2 * PAD) * self.width + PAD
        cells = [EDGE] * length
        self.points = [self.index(x, y) for y in range(size) for x in range(size)]
        for i in self.points:
            cells[i] = EMPTY
        self.empty_board = "".join(cells)
        self.centre = self.index(size // 2, size // 2)
        self._xy = {i: (x, y) for y in range(size) for x in range(size) for i in [self.index(x, y)]}
        self.symmetries = self._symmetries()

    def index(self, x: int, y: int) -> int:
        return (y + PAD) * self.width + x + PAD

    def xy(self, i: int) -> tuple[int, int]:
        return self._xy[i]

    def name(self, i: int) -> str:
        x, y = self._xy[i]
        return f"{chr(ord('a') + x)}{y + 1}"

    def parse(self, text: str, notation: str = "canonical") -> int:
        """Point index of ``text``; IllegalMove when it is not a point of this board."""
        text = text.strip()
        if notation == "federation":
            match = re.fullmatch(r"([A-Z])([1-9][0-9]?)", text)
            letter = match and ("I" if match.group(1) == "J" else match.group(1))
            if not match or letter not in _FEDERATION_COLUMNS[: self.size]:
                raise IllegalMove(
                    N_("%(text)r is not a point in federation notation (columns A–H, I or J, K–P; rows 1–%(size)s)"),
                    text=text,
                    size=self.size,
                )
            x = _FEDERATION_COLUMNS.index(letter)
        elif notation == "canonical":
            match = _CANONICAL.fullmatch(text)
            if not match:
                hint = " (federation letters need notation='federation')" if text[:1].isupper() else ""
                raise IllegalMove(
                    N_(
                        "%(text)r is not a point: expected a column a–%(last_column)s and a row 1–%(size)s, e.g. h8%(hint)s"
                    ),
                    text=text,
                    last_column=chr(96 + self.size),
                    size=self.size,
                    hint=hint,
                )
            x = ord(match.group(1)) - ord("a")
        else:
            raise IllegalMove(N_("unknown notation %(notation)r: use 'canonical' or 'federation'"), notation=notation)
        y = int(match.group(2)) - 1
        if not (0 <= x < self.size and 0 <= y < self.size):
            raise IllegalMove(N_("%(text)r is off the %(size)s×%(size)s board"), text=text, size=self.size)
        return self.index(x, y)

    def _symmetries(self) -> list[dict[int, int]]:
        """The 8 symmetries of the square board as point-index maps (identity first)."""
        n = self.size - 1
        transforms = [
            lambda x, y: (x, y),
            lambda x, y: (n - y, x),
            lambda x, y: (n - x, n - y),
            lambda x, y: (y, n - x),
            lambda x, y: (n - x, y),
            lambda x, y: (x, n - y),
            lambda x, y: (y, x),
            lambda x, y: (n - y, n - x),
        ]
        return [{i: self.index(*t(*self._xy[i])) for i in self.points} for t in transforms]

    def transform(self, board: str, symmetry: dict[int, int]) -> str:
        cells = list(self.empty_board)
        for i in self.points:
            cells[symmetry[i]] = board[i]
        return "".join(cells)

    def run(self, board: str, i: int, step: int) -> int:
        """Length of the unbroken line of board[i]'s colour through ``i`` along ``step``."""
        colour = board[i]
        j = i - step
        while board[j] == colour:
            j -= step
        k = i + step
        while board[k] == colour:
            k += step
        return (k - j) // step - 1

    def in_square(self, i: int, half: int) -> bool:
        """Is ``i`` inside the central (2·half+1)² square?"""
        x, y = self._xy[i]
        c = self.size // 2
        return abs(x - c) <= half and abs(y - c) <= half


def place(board: str, i: int, stone: str) -> str:
    return board[:i] + stone + board[i + 1 :]


def parse_fen(text: str, geometry: Geometry) -> tuple[str, str]:
    """``"B:Bh8,j10:Wh9"`` → (board, colour to move); IllegalMove on any defect."""
    parts = text.strip().split(":")
    if len(parts) != 3 or parts[0] not in ("B", "W") or parts[1][:1] != "B" or parts[2][:1] != "W":
        raise IllegalMove(
            N_(
                "%(text)r is not a position: expected e.g. 'B:Bh8,j10:Wh9' (side to move, black's stones, white's stones)"
            ),
            text=text,
        )
    board = geometry.empty_board
    for part, stone in ((parts[1], BLACK_STONE), (parts[2], WHITE_STONE)):
        body = part[1:]
        for item in filter(None, (s.strip() for s in body.split(","))) if body.strip() else ():
            i = geometry.parse(item)
            if board[i] != EMPTY:
                raise IllegalMove(N_("%(item)s appears twice in the position %(text)r"), item=item, text=text)
            board = place(board, i, stone)
    return board, BLACK if parts[0] == "B" else WHITE


def format_fen(board: str, to_move: str, geometry: Geometry) -> str:
    """Stones listed column by column (a1, a2, …, b1, …), so equal positions give equal text."""
    order = sorted(geometry.points, key=geometry.xy)
    black = ",".join(geometry.name(i) for i in order if board[i] == BLACK_STONE)
    white = ",".join(geometry.name(i) for i in order if board[i] == WHITE_STONE)
    return f"{'B' if to_move == BLACK else 'W'}:B{black}:W{white}"


def diagram(board: str, geometry: Geometry, marks: dict[int, str] | None = None) -> str:
    """Text picture of the board, row 15 on top: X black, O white, + empty, marks drawn over empties."""
    marks = marks or {}
    symbol = {BLACK_STONE: "X", WHITE_STONE: "O", EMPTY: "+"}
    lines = []
    for y in range(geometry.size - 1, -1, -1):
        row = []
        for x in range(geometry.size):
            i = geometry.index(x, y)
            row.append(marks.get(i, symbol[board[i]]) if board[i] == EMPTY else symbol[board[i]])
        lines.append(f"{y + 1:>2} " + " ".join(row))
    lines.append("   " + " ".join(chr(97 + x) for x in range(geometry.size)))
    return "\n".join(lines)


class Move(tuple):
    """One action a player may take: ``.notation`` is the text ``play`` accepts, ``.kind`` its sort."""

    __slots__ = ()

    def __new__(cls, notation: str, kind: str):
        return tuple.__new__(cls, (notation, kind))

    notation = property(lambda self: self[0])
    kind = property(lambda self: self[1])

    def __repr__(self):
        return f"Move({self[0]!r}, {self[1]!r})"


class Position(tuple):
    """Immutable, hashable state of a five-in-a-row game.

    Fields: ``board`` (padded board string, see the module docstring),
    ``to_move`` (colour of the next stone), ``actor`` (colour of the player who
    acts now — differs from ``to_move`` during opening protocols), ``phase``
    (``"play"`` once play is free; renju opening phases are listed in
    renju.py), ``rule`` (opening rule name), ``passes`` (consecutive passes),
    ``outcome`` (None or (winner, reason, clause)), ``proposals`` (renju 5th
    move offers), ``declared`` (announced number of 5th moves), ``history``
    (every action text played since the start, for records) and
    ``foul_policy`` (renju: "reject" or "lose").
    """

    __slots__ = ()
    _fields = (
        "board",
        "to_move",
        "actor",
        "phase",
        "rule",
        "passes",
        "outcome",
        "proposals",
        "declared",
        "history",
        "foul_policy",
    )

    def __new__(
        cls,
        board,
        to_move,
        actor,
        phase="play",
        rule="none",
        passes=0,
        outcome=None,
        proposals=(),
        declared=0,
        history=(),
        foul_policy="reject",
    ):
        return tuple.__new__(
            cls, (board, to_move, actor, phase, rule, passes, outcome, proposals, declared, history, foul_policy)
        )

    board = property(lambda self: self[0])
    to_move = property(lambda self: self[1])
    actor = property(lambda self: self[2])
    phase = property(lambda self: self[3])
    rule = property(lambda self: self[4])
    passes = property(lambda self: self[5])
    outcome = property(lambda self: self[6])
    proposals = property(lambda self: self[7])
    declared = property(lambda self: self[8])
    history = property(lambda self: self[9])
    foul_policy = property(lambda self: self[10])

    def replace(self, **changes) -> Position:
        values = dict(zip(self._fields, self))
        values.update(changes)
        return Position(**values)

    @property
    def stones(self) -> int:
        return self[0].count(BLACK_STONE) + self[0].count(WHITE_STONE)

    def __repr__(self):
        return "Position(" + ", ".join(f"{k}={v!r}" for k, v in zip(self._fields[1:], self[1:])) + ")"


class FiveInARow:
    """A placement game won by an unbroken line; subclasses set the rules.

    Class attributes: ``board_size``, ``line`` (winning length), ``exact``
    (colours for which only exactly ``line`` stones win; a longer line wins for
    nobody), ``family = "renju"``.  Plain moves are points (``h8``) and
    ``pass`` (a move, 000 9.2.4.4); two passes in a row, a full board or a
    position where neither side can still make a winning line end the game
    drawn.
    """

    family = "renju"
    board_size = 15
    line = 5
    exact: frozenset = frozenset()
    first_at_centre = False  # must black's first stone be the centre point?
    no_pass_before = 3  # 002 12.9: no pass during the first three moves
    opening_rules = {"none": ("без дебютного регламента", "no opening rule")}

    # Swap2 (gomoku and renju).  Sources: Wikipedia "Gomoku" (Swap2, the
    # Gomoku World Championship rule since 2009) and the club rules of
    # vint.ee and vcpr.cz ("Swap2"): the first player puts three stones, two
    # black and one white; the second player plays white (and the 4th stone),
    # takes black, or puts two more stones, one white and one black, and
    # the first player chooses the colour; then white plays the 6th.  Phases:
    # ``"place"`` (one player puts stones of both colours: ``turn`` is that
    # player's colour, ``to_move`` the colour of the stone), ``"swap"``
    # (``"swap"``, ``"stay"``, and after three stones ``"place2"``: Swap2's
    # third option).  As in renju, a swap exchanges the members, not stones.
    swap2_option = "place2"

    def __init__(self):
        self.geometry = Geometry(self.board_size)

    # ---- positions -------------------------------------------------
    def start(self, rule: str = "none") -> Position:
        if rule not in self.opening_rules:
            raise IllegalMove(
                N_("unknown opening rule %(rule)r for %(name)s; known: %(known)s"),
                rule=rule,
                name=self.name,
                known=", ".join(self.opening_rules),
            )
        return Position(
            self.geometry.empty_board, BLACK, BLACK, rule=rule, phase="place" if rule == "swap2" else "play"
        )

    def from_fen(self, text: str) -> Position:
        """Any position, whatever its history (rule "none", free play, side to move from the text)."""
        board, to_move = parse_fen(text, self.geometry)
        return Position(board, to_move, to_move, outcome=self._outcome_of_board(board))

    def to_fen(self, p: Position) -> str:
        return format_fen(p.board, p.to_move, self.geometry)

    def turn(self, p: Position) -> str:
        """Colour of the player who must act now (see renju.py for opening protocols)."""
        return p.actor

    # ---- moves -----------------------------------------------------
    def legal_moves(self, p: Position) -> list[Move]:
        if self.result(p) is not None:
            return []
        if p.phase == "swap":
            return self._swap_actions(p)
        moves = [Move(self.geometry.name(i), "stone") for i in self._playable(p)]
        if self._may_pass(p):
            moves.append(Move("pass", "pass"))
        return moves

    def play(self, p: Position, text: str, *, notation: str = "canonical") -> Position:
        """Position after the action ``text``; IllegalMove (position unchanged) if refused."""
        if not isinstance(text, str):
            raise IllegalMove(N_("a move is text, not %(type)s"), type=type(text).__name__)
        if self.result(p) is not None:
            raise IllegalMove(N_("the game is over"))
        text = text.strip()
        if p.phase == "swap":
            return self._answer_swap(p, text)
        if text == "pass":
            if not self._may_pass(p):
                raise IllegalMove(N_("no pass during the opening moves (002 12.9)"))
            passes = p.passes + 1
            outcome = (None, "two-passes", "002 10.3") if passes >= 2 else None
            other = WHITE if p.to_move == BLACK else BLACK
            return p.replace(to_move=other, actor=other, passes=passes, outcome=outcome, history=p.history + ("pass",))
        i = self.geometry.parse(text, notation)
        return self._place(p, i)

    # ---- Swap2 (and the swaps of renju's Taraguchi-10) ---------------
    def _swap_actions(self, p: Position) -> list[Move]:
        moves = [Move("swap", "swap"), Move("stay", "stay")]
        if p.rule == "swap2" and p.stones == 3:
            moves.append(Move(self.swap2_option, "place2"))
        return moves

    def _answer_swap(self, p: Position, text: str) -> Position:
        """The colour decision: the members exchange colours on ``swap`` (the game layer
        does that); the colour to move then acts, except after Swap2's ``place2``."""
        allowed = [m.notation for m in self._swap_actions(p)]
        if text not in allowed:
            raise IllegalMove(
                N_("%(actor)s must now answer %(allowed)s (choice of colours), not %(text)r"),
                actor=p.actor,
                allowed=" or ".join(map(repr, allowed)),
                text=text,
            )
        history = p.history + (text,)
        if text == self.swap2_option:  # the second player puts a white 4th and a black 5th stone
            return p.replace(phase="place", actor=p.actor, to_move=WHITE, history=history)
        return p.replace(phase="play", actor=p.to_move, history=history)

    def _after_placing(self, before: Position, new: Position) -> Position:
        """Swap2's placements: stones 1-3 by the first player, 4-5 by the second; then a colour choice
        by the other player (the second after three stones, the first after five)."""
        if new.outcome is not None:
            return new
        if new.stones in (3, 5):
            return new.replace(phase="swap", actor=WHITE if new.stones == 3 else BLACK)
        return new.replace(actor=before.actor)

    def _playable(self, p: Position):
        board = p.board
        for i in self.geometry.points:
            if board[i] == EMPTY:
                try:
                    self._check_stone(p, i)
                except IllegalMove:
                    continue
                yield i

    def _may_pass(self, p: Position) -> bool:
        return p.phase == "play" and p.stones >= self.no_pass_before

    def _check_stone(self, p: Position, i: int) -> None:
        """Raise IllegalMove if the side to move may not put a stone on ``i``."""
        if p.board[i] != EMPTY:
            raise IllegalMove(N_("%(point)s is occupied"), point=self.geometry.name(i))
        if self.first_at_centre and p.stones == 0 and i != self.geometry.centre:
            raise IllegalMove(
                N_("black's first stone goes on the centre point %(centre)s (000 9.2.4.1)"),
                centre=self.geometry.name(self.geometry.centre),
            )

    def _place(self, p: Position, i: int, *, note: str | None = None) -> Position:
        self._check_stone(p, i)
        colour = p.to_move
        board = place(p.board, i, STONE[colour])
        outcome = self._win_at(board, i, colour)
        other = WHITE if colour == BLACK else BLACK
        new = p.replace(
            board=board,
            to_move=other,
            actor=other,
            passes=0,
            outcome=outcome,
            history=p.history + (note or self.geometry.name(i),),
        )
        return self._after_placing(p, new) if p.phase == "place" else new

    # ---- results ---------------------------------------------------
    def _win_at(self, board: str, i: int, colour: str):
        """(winner, reason, clause) if the stone on ``i`` completes a winning line."""
        longest = max(self.geometry.run(board, i, s) for s in self.geometry.steps)
        if longest == self.line or (longest > self.line and colour not in self.exact):
            reason = ("five" if self.line == 5 else "six") if longest == self.line else "overline"
            return (colour, reason, self.win_clause)
        return None

    win_clause = "004"

    def _outcome_of_board(self, board: str):
        winners = {}
        for i in self.geometry.points:
            if board[i] in COLOUR_OF:
                colour = COLOUR_OF[board[i]]
                if colour not in winners:
                    won = self._win_at(board, i, colour)
                    if won:
                        winners[colour] = won
        if len(winners) == 2:
            raise IllegalMove(N_("both colours already have a winning line in this position"))
        return next(iter(winners.values()), None)

    def result(self, p: Position) -> Result | None:
        """Result once the game is over by the rules, else None."""
        if p.outcome is not None:
            return Result(*p.outcome)
        if EMPTY not in p.board:
            return Result(None, "full-board", "002 10.1")
        if not self.can_win(p, BLACK) and not self.can_win(p, WHITE):
            return Result(None, "no-winning-line", "003 5.2.7.1 в")
        return None

    def can_win(self, p: Position, colour: str) -> bool:
        """Is there still a window of ``line`` cells that ``colour`` could fill into a winning line?

        A window qualifies when it holds no opponent stone and, for a colour
        that needs an exact line, is not flanked by its own stone (filling it
        would make an overline, 9.2 a).  Fouls that future play might force are
        not considered: this answers "can this side ever make a line at all".
        """
        board, g, n = p.board, self.geometry, self.line
        own, other = STONE[colour], STONE[WHITE if colour == BLACK else BLACK]
        exact = colour in self.exact
        for step in g.steps:
            for i in g.points:
                window = board[i : i + n * step : step]
                if len(window) == n and other not in window and EDGE not in window:
                    if exact and (board[i - step] == own or board[i + n * step] == own):
                        continue
                    return True
        return False


def read_diagram(text: str, geometry: Geometry) -> tuple[str, dict[str, str]]:
    """Board from a text picture (rows ``"15 . . X O …"``, row numbers first), and its marks.

    ``X`` black, ``O`` white, ``.`` or ``+`` empty; any other symbol on a
    point is returned as a mark ``{point: symbol}`` (e.g. foul markers in a
    published diagram) and leaves the point empty.  The inverse of ``diagram``.
    """
    board, marks = geometry.empty_board, {}
    for line in text.strip("\n").splitlines():
        cells = line.split()
        if not cells or not cells[0].isdigit():
            continue
        y = int(cells[0]) - 1
        row = cells[1 : 1 + geometry.size]
        if len(row) != geometry.size or not 0 <= y < geometry.size:
            raise IllegalMove(
                N_("diagram row %(row)r does not fit the %(size)s×%(size)s board"), row=line.strip(), size=geometry.size
            )
        for x, symbol in enumerate(row):
            i = geometry.index(x, y)
            if symbol in "XO":
                board = place(board, i, BLACK_STONE if symbol == "X" else WHITE_STONE)
            elif symbol not in ".+":
                marks[geometry.name(i)] = symbol
    return board, marks
