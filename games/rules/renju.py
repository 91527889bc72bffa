"""Renju (000 §9.2, 002 RIF rules, 003 §5.2): 15×15, black's fouls, opening rules.

Using it
--------
    from games.rules import variant
    v = variant("renju")
    p = v.start(rule="rif")          # "none" (default), "rif", "yamaguchi", "soosorv8", "taraguchi10", "swap2"
    v.turn(p)                         # colour of the player who acts now
    p.phase                           # where the opening protocol stands (below)
    [m.notation for m in v.legal_moves(p)]
    p = v.play(p, "h8")
    v.foul(p, "i9")                   # "double-three" | "double-four" | "overline" | None
    v.fouls(p)                        # {point: kind} for every forbidden empty point

``RENJU.opening_rules`` maps each rule name to its (Russian, English) titles.

Fouls (002 9.2–9.3, 000 9.2.4.2)
--------------------------------
A black stone is forbidden when it makes an overline (six or more), two or
more fours (two fours on one line, ``X.XXX.X``, count as two), or two or
more threes — unless the same stone makes exactly five, which wins.  A *four*
is a line that one more stone turns into exactly five.  A *three* is a line
that one more stone turns into a straight four (four in a row whose both
ends complete exactly five), and it counts only if at least one such
completing point is itself allowed: the completing stone must not make a
five at the same time (rules-notes), nor be an overline, a double four or a
forbidden double three — judged recursively (9.3 a, b).  ``foul`` and
``fouls`` judge black's stones whichever side is to move; white has no
fouls and white's overline wins (9.1).

The default foul policy rejects a forbidden stone with IllegalMove naming
the foul.  ``start(foul_policy="lose")`` plays 002 9.2 literally: the stone
is placed and white wins (reason ``foul:<kind>``).

How fast: ``fouls`` first counts, in C, the black stones within five points
of every point along its lines and skips points with fewer than four (no
foul is possible there); each remaining point's four line windows (±5 cells)
are looked up in a pattern table keyed by the window text and filled on
first use; only a point with two candidate threes needs the recursive 9.3
look-ahead, memoised per (board, point).  See bench/renju_fouls.py.

Opening rules and phases
------------------------
``turn(p)`` is the colour of the player who acts now, in the players' current
colours.  The module never swaps stones: after ``swap`` the game layer
exchanges which member holds which colour, and ``turn`` goes on naming the
colour whose holder acts next.  ``p.phase`` is one of:

* ``"opening"`` — the tentative black places stones 1–3 (h8, then a white
  stone touching h8, then a black stone inside the central 5×5): ``turn`` is
  ``"black"`` even while the white 2nd stone is placed (002 12.2–4).  They
  always form one of the 26 openings (renju_openings.py).
* ``"declare"`` — actions ``"declare N"``: how many 5th moves will be offered.
  Yamaguchi: the tentative black, after stone 3, N = 1…10 (the rule sets no
  maximum; the platform caps it at 10).  Soosõrv-8: white, after the 4th
  stone, N = 1…8.
* ``"swap"`` — actions ``"swap"`` and ``"stay"``.  After stone 3 (or the
  Yamaguchi declaration) the tentative white decides (``turn`` "white",
  002 12.5); in Soosõrv-8 a second one after the declaration, decided by
  ``"black"`` (the other player).  Taraguchi-10: after each of stones 1–5
  the player who did not place it decides; after stone 4 black may instead
  answer ``"declare 10"`` (choice 2, below).  Swap2 adds ``"place2"``.
* ``"place"`` — Swap2 only: one player puts stones of both colours
  (``turn`` is that player's colour, ``to_move`` the stone's colour).
* ``"play"`` — free placement; ``pass`` is allowed from here once three
  stones stand and the opening protocol is over (002 12.9).
* ``"propose"`` — black offers the 5th moves (two under RIF 12.7, N under
  Yamaguchi / Soosõrv-8), all at once as ``"i9,j10"`` or one per action
  (``"i9"``, then ``"j10"``); ``legal_moves`` lists the points that may be
  offered next.  Offers must differ and must not be symmetric equivalents of
  each other in the current position (002 12.7 "unequal in all respects").
  With N = 1 the single offer is simply the 5th move.
* ``"choose"`` — white picks one offer by naming its point (``"j10"``); it
  becomes black's 5th stone and white plays the 6th move.

Sequences (sources):
* ``none``: black h8, then free (000 9.2.4.1; 002 11 allows a championship
  to play without an opening rule).
* ``rif`` (RIF 1996, 002 §11–12): opening → swap → 4th → propose 2 → choose.
* ``yamaguchi``: opening → declare (tentative black) → swap → 4th →
  propose N → choose.  Source: renju.net rule page "Yamaguchi rule"
  (renju.net/media/showrule.php?rule=5) and Wikipedia "Yamaguchi opening
  rule": the first player puts one of the 26 openings and declares how many
  5th moves will be offered; the next player may swap; white puts the 4th
  anywhere; black puts that many 5th moves (no symmetric ones); white
  chooses one and plays the 6th.
* ``soosorv8``: opening → swap → 4th → declare (white, 1–8) → swap (black
  decides) → propose N → choose.  Source: Wikipedia "Soosõrv opening rule"
  (Soosõrv-N, certified by RIF in 2011; Soosõrv-8 the World Championship
  rule since 2017): the white player puts the 4th move anywhere and declares
  1…N fifth moves; the other player may swap; black puts that many
  non-symmetric 5th moves; white chooses one and plays the 6th.
* ``taraguchi10`` (Taraguchi-N with N = 10): black h8 → swap → white's 2nd
  inside the central 3×3 → swap → black's 3rd inside 5×5 → swap → white's
  4th inside 7×7 → then black either answers ``swap``/``stay`` (choice 1:
  black's 5th inside 9×9 → swap → white's 6th anywhere) or ``declare 10``
  (choice 2: black offers ten 5th moves anywhere, no two symmetric
  equivalents in the position → white chooses one and plays the 6th).
  Every swap decision is the other player's: the one who did not place the
  stone just placed.  Source: Wikipedia "Taraguchi opening rule" and its
  section on Taraguchi-N ("Rule details": the two choices after the 4th
  move; N alternative 5th moves, "10 for instance", in place of the
  original five).  We implement that published Taraguchi-N form with
  N = 10 — the form the name "Taraguchi-10" denotes and that renju servers
  play (vint.ee's rules page states the same steps); the symmetry ban on
  the offers is the one of 002 12.7, which A. Meritee's renju.net note of
  2008 ("An introduction of Taraguchi rule") says carries over to this rule.
* ``swap2`` (gomoku and renju): the first player puts stones 1–3 (black,
  white, black; renju's first on h8, 000 9.2.4.1; the others anywhere) →
  the second player answers ``swap`` (takes black; white, now the first
  player, plays the 4th), ``stay`` (keeps white and plays the 4th) or
  ``place2`` (puts a white 4th and a black 5th stone) → after ``place2``
  the first player answers ``swap`` or ``stay`` and white plays the 6th.
  Sources: see ``FiveInARow`` in fiverow.py.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import chain

from games.rules.words import N_

from .base import BLACK, WHITE, IllegalMove
from .fiverow import BLACK_STONE, EMPTY, SWAP2, WHITE_STONE, FiveInARow, Geometry, Move, Position, place
from .renju_openings import identify

FIVE, OVERLINE, FOUR, THREE, NONE = "five", "overline", "four", "three", "none"
_NOTHING = (NONE, 0)
_BLACK = re.compile(BLACK_STONE)
_RADIUS = 5  # a window of ±5 cells decides exact five / overline / four / three through its centre


def _run_through_centre(cells: str) -> tuple[int, int]:
    """(first, last) index of the unbroken black run through the centre cell."""
    lo = hi = _RADIUS
    while lo > 0 and cells[lo - 1] == BLACK_STONE:
        lo -= 1
    while hi < 2 * _RADIUS and cells[hi + 1] == BLACK_STONE:
        hi += 1
    return lo, hi


def classify(window: str) -> tuple:
    """What a black stone on the centre of an 11-cell line window makes on that line.

    Returns ``("five", 0)``, ``("overline", 0)``, ``("four", count)`` — count 2
    for two fours on one line (``X.XXX.X``) — ``("three", offsets)`` with the
    offsets of the points that would turn it into a straight four, or
    ``("none", 0)``.  White stones and the board edge both block.
    """
    cells = window[:_RADIUS] + BLACK_STONE + window[_RADIUS + 1 :]
    lo, hi = _run_through_centre(cells)
    if hi - lo + 1 == 5:
        return (FIVE, 0)
    if hi - lo + 1 > 5:
        return (OVERLINE, 0)
    fours, threes = [], []
    for j in range(1, 2 * _RADIUS):
        if cells[j] != EMPTY:
            continue
        after = cells[:j] + BLACK_STONE + cells[j + 1 :]
        lo, hi = _run_through_centre(after)
        length = hi - lo + 1
        if length == 5:
            fours.append(j)
        elif (
            length == 4
            and after[lo - 1] == EMPTY
            and after[hi + 1] == EMPTY
            and after[lo - 2] != BLACK_STONE
            and after[hi + 2] != BLACK_STONE
        ):
            threes.append(j - _RADIUS)  # straight four: both ends give exactly five
    if fours:
        # The two completion points of one straight four (.XXXX.) are one four.
        straight = len(fours) == 2 and fours[1] - fours[0] == 5
        return (FOUR, 1 if straight else len(fours))
    if threes:
        return (THREE, tuple(threes))
    return _NOTHING


class FoulJudge:
    """Exact RIF foul verdicts on one board geometry, with pattern table and memo."""

    def __init__(self, geometry: Geometry):
        self.geometry = geometry
        self.table: dict[str, tuple] = {}
        self.memo: dict[tuple[str, int], str | None] = {}
        # The points within five steps of each point along its four lines.
        self.star = {
            i: [i + k * s for s in geometry.steps for k in (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5)] for i in geometry.points
        }

    def lines(self, board: str, i: int) -> list[tuple]:
        table = self.table
        found = []
        for s in self.geometry.steps:
            window = board[i - _RADIUS * s : i + _RADIUS * s + 1 : s]
            kind = table.get(window)
            if kind is None:
                kind = table[window] = classify(window)
            found.append(kind)
        return found

    def foul(self, board: str, i: int) -> str | None:
        """Foul kind of a black stone on the empty point ``i``, or None (allowed)."""
        key = (board, i)
        memo = self.memo
        if key in memo:
            return memo[key]
        verdict = self._judge(board, i, self.lines(board, i))
        if len(memo) > 200_000:
            memo.clear()
        memo[key] = verdict
        return verdict

    def _judge(self, board: str, i: int, kinds: list[tuple]) -> str | None:
        # 1. An exact five wins, whatever else the stone makes (000 9.2.4.2).
        # 2. Overline, then two or more fours (9.2 a, b).
        # 3. Two or more threes, each real only if some straight-four point is
        #    itself allowed and makes no five (9.3 a, b; recursive).
        names = [k[0] for k in kinds]
        if FIVE in names:
            return None
        if OVERLINE in names:
            return "overline"
        if sum(k[1] for k in kinds if k[0] == FOUR) >= 2:
            return "double-four"
        threes = [(s, k[1]) for s, k in zip(self.geometry.steps, kinds) if k[0] == THREE]
        if len(threes) < 2:
            return None
        after = place(board, i, BLACK_STONE)
        real = 0
        for step, offsets in threes:
            if any(self._completes(after, i + o * step) for o in offsets):
                real += 1
                if real >= 2:
                    return "double-three"
        return None

    def _completes(self, board: str, q: int) -> bool:
        """May black play ``q`` to make the straight four (no five with it, no foul)?"""
        if any(k[0] == FIVE for k in self.lines(board, q)):
            return False
        return self.foul(board, q) is None

    def fouls(self, board: str) -> dict[int, str]:
        """Every empty point where a black stone would be a foul.

        Only points with at least four black stones within five points along
        their lines are examined: two threes need 2 + 2 other stones, two fours
        3 + 3 (4 on one line, ``X.XXX.X``), an overline 5.  Counting is done
        by ``Counter`` over precomputed star neighbourhoods, in C.
        """
        found = {}
        judge, table, star = self._judge, self.table, self.star
        steps = self.geometry.steps
        r = _RADIUS
        blacks = [m.start() for m in _BLACK.finditer(board)]
        counts = Counter(chain.from_iterable(map(star.__getitem__, blacks)))
        for i, n in counts.items():
            if n < 4 or board[i] != EMPTY:
                continue
            kinds = []
            quiet = True  # most candidates still see nothing on any line
            for s in steps:
                window = board[i - r * s : i + r * s + 1 : s]
                kind = table.get(window)
                if kind is None:
                    kind = table[window] = classify(window)
                if kind is not _NOTHING:
                    quiet = False
                kinds.append(kind)
            if quiet:
                continue
            verdict = judge(board, i, kinds)
            if verdict:
                found[i] = verdict
        return dict(sorted(found.items()))


RULES = {
    "none": ("без дебютного регламента", "no opening rule"),
    "rif": ("правило RIF 1996", "RIF opening rule (1996)"),
    "yamaguchi": ("правило Ямагучи", "Yamaguchi opening rule"),
    "soosorv8": ("правило Соосырв-8", "Soosõrv-8 opening rule"),
    "taraguchi10": ("правило Тарагучи-10", "Taraguchi-10 opening rule"),
    "swap2": SWAP2,
}
_MAX_DECLARED = {"yamaguchi": 10, "soosorv8": 8}
# What happens to a black stone on a forbidden point (002 9.2): refused, or it loses.
# The one source of these names; the games layer maps its stored names onto them
# (games/positions.py, STORED_FOUL_POLICIES).
# "claim" (002 9.8): the stone stands and play goes on; white may point the foul out
# (the games layer judges the claim with ``foul`` on the position before the stone).
FOUL_POLICIES = ("reject", "lose", "claim")
TARAGUCHI_OFFERS = 10  # Taraguchi-N with N = 10: "declare 10" is choice 2


class Renju(FiveInARow):
    name = "renju"
    title_ru = "Рэндзю"
    title_en = "Renju"
    board_size = 15
    line = 5
    exact = frozenset({BLACK})  # black wins with exactly five; white with five or more (002 9.1)
    first_at_centre = True  # 000 9.2.4.1
    win_clause = "002 9.1"
    opening_rules = RULES

    def __init__(self):
        super().__init__()
        self.judge = FoulJudge(self.geometry)

    def start(self, rule: str = "none", foul_policy: str = "reject") -> Position:
        if foul_policy not in FOUL_POLICIES:
            raise IllegalMove(
                N_("unknown foul policy %(foul_policy)r: use one of %(FOUL_POLICIES)s (002 9.2)"),
                foul_policy=foul_policy,
                FOUL_POLICIES=FOUL_POLICIES,
            )
        p = super().start(rule)
        phase = {"none": "play", "taraguchi10": "play", "swap2": "place"}.get(rule, "opening")
        return p.replace(phase=phase, foul_policy=foul_policy)

    def from_fen(self, text: str, foul_policy: str = "reject") -> Position:
        return super().from_fen(text).replace(foul_policy=foul_policy)

    # ---- fouls -----------------------------------------------------
    def foul(self, p: Position, point) -> str | None:
        """Foul kind of a black stone on ``point`` (text or index); None if allowed or occupied."""
        i = self.geometry.parse(point) if isinstance(point, str) else point
        if p.board[i] != EMPTY:
            return None
        return self.judge.foul(p.board, i)

    def fouls(self, p: Position) -> dict[str, str]:
        """{point: kind} for every empty point forbidden to black (for the board's foul markers)."""
        return {self.geometry.name(i): kind for i, kind in self.judge.fouls(p.board).items()}

    def opening(self, p: Position):
        """The canonical opening (renju_openings.Opening) of the game's first three stones, or None."""
        g = self.geometry
        board = g.empty_board
        # Protocol actions (swap, stay, place2, declare N) are not stones.
        stones = [t for t in p.history if t not in ("swap", "stay", self.swap2_option) and not t.startswith("declare")]
        for n, text in enumerate(stones[:3]):
            if text == "pass":
                return None
            board = place(board, g.parse(text), BLACK_STONE if n != 1 else WHITE_STONE)
        return identify(board, g)

    # ---- moves -----------------------------------------------------
    def legal_moves(self, p: Position) -> list[Move]:
        if self.result(p) is not None:
            return []
        phase = p.phase
        if phase == "swap":
            return self._swap_actions(p)
        if phase == "declare":
            return [Move(f"declare {n}", "declare") for n in range(1, _MAX_DECLARED[p.rule] + 1)]
        if phase == "choose":
            return [Move(self.geometry.name(i), "choose") for i in p.proposals]
        if phase == "propose":
            return [
                Move(self.geometry.name(i), "propose")
                for i in self.geometry.points
                if self._offer_problem(p, i) is None
            ]
        if p.to_move == WHITE:
            moves = [Move(self.geometry.name(i), "stone") for i in self._playable(p)]
        else:
            moves = self._black_moves(p)
        if self._may_pass(p):
            moves.append(Move("pass", "pass"))
        return moves

    def _black_moves(self, p: Position) -> list[Move]:
        board, name = p.board, self.geometry.name
        if p.phase in ("opening", "place") or p.stones == 0 or (p.rule == "taraguchi10" and p.stones < 5):
            return [Move(name(i), "stone") for i in self._playable(p)]
        forbidden = self.judge.fouls(board) if p.foul_policy == "reject" else {}
        return [Move(name(i), "stone") for i in self.geometry.points if board[i] == EMPTY and i not in forbidden]

    def play(self, p: Position, text: str, *, notation: str = "canonical") -> Position:
        if not isinstance(text, str):
            raise IllegalMove(N_("a move is text, not %(type)s"), type=type(text).__name__)
        if self.result(p) is not None:
            raise IllegalMove(N_("the game is over"))
        text = text.strip()
        phase = p.phase
        if phase == "swap" and p.rule in ("taraguchi10", "swap2"):
            return self._answer_swap(p, text)
        if phase == "swap":
            if text not in ("swap", "stay"):
                raise IllegalMove(
                    N_("%(actor)s must now answer 'swap' or 'stay' (choice of colours), not %(text)r"),
                    actor=p.actor,
                    text=text,
                )
            return self._after_swap(p, text)
        if phase == "declare":
            return self._declare(p, text)
        if phase == "propose":
            return self._propose(p, text, notation)
        if phase == "choose":
            return self._choose(p, text, notation)
        if text in ("swap", "stay") or text.startswith("declare") or "," in text:
            raise IllegalMove(
                N_("%(text)r is not allowed now: the game is in its %(phase)r phase"), text=text, phase=phase
            )
        return super().play(p, text, notation=notation)

    def _may_pass(self, p: Position) -> bool:
        # 002 12.9: no pass in the first three moves; the protocol's moves 4-5 are placements too.
        protocol_done = p.rule in ("none", "swap2") or p.stones >= 5
        return p.phase == "play" and p.stones >= 3 and protocol_done

    def _check_stone(self, p: Position, i: int) -> None:
        g = self.geometry
        if p.board[i] != EMPTY:
            raise IllegalMove(N_("%(point)s is occupied"), point=g.name(i))
        n = p.stones
        if p.phase == "opening" or n == 0:
            if n == 0 and i != g.centre:
                raise IllegalMove(
                    N_("black's first stone goes on the centre point h8 (000 9.2.4.1), not %(point)s"), point=g.name(i)
                )
            if p.phase == "opening" and n == 1 and not g.in_square(i, 1):
                raise IllegalMove(
                    N_("the 2nd stone must touch h8 (central 3×3, 002 §11), not %(point)s"), point=g.name(i)
                )
            if p.phase == "opening" and n == 2 and not g.in_square(i, 2):
                raise IllegalMove(
                    N_("the 3rd stone must be inside the central 5×5 (002 §11), not %(point)s"), point=g.name(i)
                )
        if p.rule == "taraguchi10" and p.phase == "play" and 0 < n < 5 and not g.in_square(i, n):
            side = 2 * n + 1
            raise IllegalMove(
                N_("Taraguchi-10: stone %(number)s goes inside the central %(side)s×%(side)s square, not %(point)s"),
                number=n + 1,
                side=side,
                point=g.name(i),
            )
        if p.to_move == BLACK and p.foul_policy == "reject":
            kind = self.judge.foul(p.board, i)
            if kind:
                raise IllegalMove(
                    N_("%(point)s is forbidden for black: %(kind)s (002 9.2)"), point=g.name(i), kind=kind
                )

    def _place(self, p: Position, i: int, *, note: str | None = None) -> Position:
        foul = None
        if p.to_move == BLACK and p.foul_policy == "lose" and p.board[i] == EMPTY:
            foul = self.judge.foul(p.board, i)
        new = super()._place(p, i, note=note)
        if foul:
            return new.replace(outcome=(WHITE, f"foul:{foul}", "002 9.2"))
        if new.rule == "swap2":
            return new  # FiveInARow._after_placing
        if new.rule == "taraguchi10":
            # Each of stones 1-4, and a 5th placed under choice 1, lets the other player swap.
            return new.replace(phase="swap", actor=new.to_move) if new.stones <= 5 else new
        if new.phase == "opening":
            if new.stones < 3:
                return new.replace(actor=BLACK)  # the tentative black places stones 1-3
            if new.rule == "yamaguchi":
                return new.replace(phase="declare", actor=BLACK, to_move=WHITE)
            return new.replace(phase="swap", actor=WHITE, to_move=WHITE)
        if new.rule != "none" and new.stones == 4:
            if new.rule == "soosorv8":
                return new.replace(phase="declare", actor=WHITE, to_move=BLACK)
            declared = 2 if new.rule == "rif" else new.declared
            return new.replace(phase="propose", actor=BLACK, to_move=BLACK, declared=declared)
        return new

    # ---- the opening protocol --------------------------------------
    def _swap_actions(self, p: Position) -> list[Move]:
        moves = super()._swap_actions(p)
        if p.rule == "taraguchi10" and p.stones == 4:  # choice 2: black offers ten 5th moves
            moves.append(Move(f"declare {TARAGUCHI_OFFERS}", "declare"))
        return moves

    def _answer_swap(self, p: Position, text: str) -> Position:
        if p.rule == "taraguchi10" and p.stones == 4 and text == f"declare {TARAGUCHI_OFFERS}":
            return p.replace(
                phase="propose", actor=BLACK, to_move=BLACK, declared=TARAGUCHI_OFFERS, history=p.history + (text,)
            )
        return super()._answer_swap(p, text)

    def _after_swap(self, p: Position, text: str) -> Position:
        history = p.history + (text,)
        if p.stones == 3:  # the tentative white chose colours; white plays the 4th
            return p.replace(phase="play", actor=WHITE, to_move=WHITE, history=history)
        return p.replace(phase="propose", actor=BLACK, to_move=BLACK, history=history)  # Soosõrv-8, 2nd swap

    def _declare(self, p: Position, text: str) -> Position:
        top = _MAX_DECLARED[p.rule]
        parts = text.split()
        if len(parts) != 2 or parts[0] != "declare" or not parts[1].isdigit() or not 1 <= int(parts[1]) <= top:
            raise IllegalMove(
                N_(
                    "%(actor)s must now declare how many 5th moves will be offered: 'declare N' with N from 1 to %(top)s, not %(text)r"
                ),
                actor=p.actor,
                top=top,
                text=text,
            )
        n = int(parts[1])
        history = p.history + (text,)
        if p.rule == "yamaguchi":
            return p.replace(phase="swap", actor=WHITE, declared=n, history=history)
        return p.replace(phase="swap", actor=BLACK, declared=n, history=history)

    def _offer_problem(self, p: Position, i: int) -> IllegalMove | None:
        g = self.geometry
        if p.board[i] != EMPTY:
            return IllegalMove(N_("%(point)s is occupied"), point=g.name(i))
        if i in p.proposals:
            return IllegalMove(N_("%(point)s is already offered"), point=g.name(i))
        kind = self.judge.foul(p.board, i)
        if kind:
            return IllegalMove(N_("%(point)s is forbidden for black: %(kind)s (002 9.2)"), point=g.name(i), kind=kind)
        for symmetry in g.symmetries[1:]:
            other = next((j for j in p.proposals if symmetry[j] == i), None)
            if other is not None and g.transform(p.board, symmetry) == p.board:
                return IllegalMove(
                    N_("%(point)s is a symmetric equivalent of the offer %(other)s in this position (002 12.7)"),
                    point=g.name(i),
                    other=g.name(other),
                )
        return None

    def _propose(self, p: Position, text: str, notation: str) -> Position:
        points = [s.strip() for s in text.split(",")]
        if len(p.proposals) + len(points) > p.declared:
            raise IllegalMove(
                N_(
                    "black declared how many fifth moves to offer (%(declared)s); %(count)s offered, %(text)r is too many"
                ),
                declared=p.declared,
                count=len(p.proposals),
                text=text,
            )
        new = p
        for item in points:
            i = self.geometry.parse(item, notation)
            problem = self._offer_problem(new, i)
            if problem:
                raise problem
            new = new.replace(proposals=new.proposals + (i,))
        new = new.replace(
            history=p.history + (",".join(self.geometry.name(i) for i in new.proposals[len(p.proposals) :]),)
        )
        if len(new.proposals) < new.declared:
            return new
        if new.declared == 1:  # a single offer is simply the 5th move
            return self._fifth(new, new.proposals[0])
        return new.replace(phase="choose", actor=WHITE)

    def _choose(self, p: Position, text: str, notation: str) -> Position:
        i = self.geometry.parse(text, notation)
        if i not in p.proposals:
            offered = ", ".join(self.geometry.name(j) for j in p.proposals)
            raise IllegalMove(
                N_("white must choose one of the offered 5th moves (%(offered)s), not %(text)r"),
                offered=offered,
                text=text,
            )
        return self._fifth(p.replace(history=p.history + (self.geometry.name(i),)), i)

    def _fifth(self, p: Position, i: int) -> Position:
        board = place(p.board, i, BLACK_STONE)
        return p.replace(board=board, phase="play", actor=WHITE, to_move=WHITE, outcome=self._win_at(board, i, BLACK))


RENJU = Renju()
