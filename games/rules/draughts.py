"""The shared draughts core: board geometry, move generation, notation, FEN.

Disciplines (``russian``, ``international``, ``giveaway``) are thin
configurations of :class:`Draughts` in their own files; they differ only in
board size, capture rules (3.4.1 majority, 2.1.5.15 vs 3.4.2 promotion
mid-capture), notation, win inversion (4.1) and draw counts.

Discipline API (beyond games/rules/__init__.py)
-----------------------------------------------
``legal_moves(p)`` -> list of :class:`Move` (``notation``, ``path``,
``captures``, ``start``, ``end``, ``paths``); ``play(p, text_or_move)``;
``find_move(p, text)``; ``result(p)``; ``can_win(p, color)``;
``can_claim_repetition(p)``; ``perft(p, depth, distinct=True)``;
``from_fen``/``to_fen``; ``pieces(p)`` -> ``{square: "w"|"W"|"b"|"B"}``;
``start()`` (Russian: ``start(ballot=key)``, see ballots64).  Canonical
notation: ``c3-d4``, ``c3:e5`` (Russian), ``32-28``, ``28x19`` (10×10); the
full path (``d2:g5:e7:c5:a7``) only when two moves share start and end.
``play`` also takes any legal full path, the turning squares alone, ``x`` or
``:`` for captures, and a wrong separator, as long as the move is unambiguous.

Board representation
--------------------
Bitboards on Python ints with one "ghost" bit every ``size + 1`` bits, so
every diagonal step is a shift by ``h`` or ``h + 1`` (``h = size // 2``) and
a step off the side of the board always lands on a ghost bit that is never
set.  Playable squares are numbered 1 … N²/2 as in PDN (square 1 is the
leftmost dark square of the top row, black's back row; white plays up).
For an 8×8 board that is PDN's numbering (1 = b8, 29 = a1, 32 = g1).

Captures (2.1.5.9, 2.1.5.12, Turkish strike 2.1.5.17): captured pieces stay
on the board until the capture ends, so they block and can never be jumped
twice; the capturing piece's start square counts as empty, so it may be
crossed or even ended on.  A capture stops only when no further capture is
possible, and a flying king must land on a square from which it can go on
capturing when there is one (2.1.5.6).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from games.rules.words import N_

from .base import BLACK, WHITE, IllegalMove, Result


class Move(NamedTuple):
    """One legal move.  ``notation`` is canonical and stable (stored by the game layer).

    ``path`` lists the squares the piece stands on (start, every landing square,
    end); ``captures`` the captured squares in capture order.  ``paths`` holds
    every legal path of this move (ring captures can be taken in several
    orders; they are one move because start, end and captured set agree).
    ``raw`` is the core's own form.  Immutable (a named tuple: cheap to build,
    and ``legal_moves`` builds many).
    """

    notation: str
    path: tuple
    captures: tuple
    start: str
    end: str
    paths: tuple = ()
    raw: tuple = ()

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class Position:
    """An immutable position with what the draw rules need.

    ``white``/``black``/``kings`` are bitboards in the core's layout;
    ``white_to_move`` says who acts.  ``king_plies`` counts consecutive plies
    of king moves without capture (2.1.9.1.8, 3.5); ``ratio_plies`` counts
    plies since the last capture or promotion, i.e. since the force ratio was
    established (2.1.9.1.3–.5, 3.5); ``road_plies`` counts plies since a lone
    king on the main road started facing three pieces (2.1.9.1.7).
    ``history`` holds the keys of positions since the last irreversible move
    (man move or capture), this one last, for repetition (2.1.9.1.9).
    """

    white: int
    black: int
    kings: int
    white_to_move: bool = True
    king_plies: int = 0
    ratio_plies: int = 0
    road_plies: int = 0
    history: tuple = ()

    @property
    def key(self) -> tuple:
        return (self.white, self.black, self.kings, self.white_to_move)


def king_endgame(p: Position) -> bool:
    """Is ``p`` an endgame of kings (both sides have one), the «дамочные эндшпиля» where a
    clearly drawn position may be claimed under the five-move rule (2.1.9.1.6)?"""
    return bool(p.white & p.kings) and bool(p.black & p.kings)


def _bits(x: int):
    while x:
        b = x & -x
        yield b.bit_length() - 1
        x ^= b


def _popcount(x: int) -> int:
    return x.bit_count()


class Geometry:
    """Square numbering, coordinates and ray tables of a ``size``×``size`` board."""

    def __init__(self, size: int):
        self.size = size
        h = self.h = size // 2
        period = 2 * h + 1
        self.squares = size * size // 2
        self.bit_of = [None]  # square number -> bit
        self.coords = {}  # bit -> (row from top, column from left)
        self.number_of = {}  # bit -> square number
        for n in range(1, self.squares + 1):
            r, c = divmod(n - 1, h)
            col = 2 * c + (1 if r % 2 == 0 else 0)
            bit = period * (r // 2) + (h if r % 2 else 0) + c
            self.bit_of.append(bit)
            self.coords[bit] = (r, col)
            self.number_of[bit] = n
        by_coord = {rc: bit for bit, rc in self.coords.items()}
        self.valid = sum(1 << b for b in self.coords)
        # Directions 0..3: up-left, up-right, down-left, down-right; reverse is 3 - d.
        steps = ((-1, -1), (-1, 1), (1, -1), (1, 1))
        self.deltas = (-(h + 1), -h, h, h + 1)
        nbits = max(self.coords) + 1
        self.rays = [None] * nbits
        for bit, (r, col) in self.coords.items():
            rays = []
            for d, (dr, dc) in enumerate(steps):
                ray = []
                rr, cc = r + dr, col + dc
                while (rr, cc) in by_coord:
                    assert by_coord[rr, cc] - (by_coord[rr - dr, cc - dc]) == self.deltas[d]
                    ray.append(by_coord[rr, cc])
                    rr, cc = rr + dr, cc + dc
                rays.append(tuple(ray))
            self.rays[bit] = tuple(rays)
        self.top_row = sum(1 << b for b, (r, _) in self.coords.items() if r == 0)
        self.bottom_row = sum(1 << b for b, (r, _) in self.coords.items() if r == size - 1)
        # The long diagonal from white's lower-left corner (a1 / square 46): "большая дорога".
        self.main_road = sum(1 << b for b, (r, col) in self.coords.items() if r + col == size - 1)

    def algebraic(self, bit: int) -> str:
        r, col = self.coords[bit]
        return "abcdefghijklmnop"[col] + str(self.size - r)

    def bit_of_algebraic(self, name: str) -> int | None:
        m = re.fullmatch(r"([a-p])(\d{1,2})", name)
        if not m:
            return None
        col = ord(m.group(1)) - ord("a")
        r = self.size - int(m.group(2))
        for bit, rc in self.coords.items():
            if rc == (r, col):
                return bit
        return None


def build_generator(geo: Geometry, majority: bool, king_mid_capture: bool):
    """Return ``gen(us, them, kings, white, all_paths)`` over raw moves.

    A raw move is ``(frm, to, captured_mask, promotes, path, captured_order)``
    with bit indices; ``path`` is the tuple of landing bits (start first).
    Without ``all_paths`` moves sharing start, end, captured set (and
    promotion) are merged into one.  Written as one closure with tables in
    local variables because it is the hot loop of perft.
    """
    rays = geo.rays
    h = geo.h
    valid = geo.valid
    top_row, bottom_row = geo.top_row, geo.bottom_row
    d0, d1 = h + 1, h  # magnitudes of the diagonal shifts

    def captures(us, them, kings, white):
        empty_base = valid & ~(us | them)
        promo_row = top_row if white else bottom_row
        out = []
        men = us & ~kings
        # Men that have an adjacent enemy with an empty square behind it.
        cand = (
            (men & (them << d0) & (empty_base << 2 * d0))
            | (men & (them << d1) & (empty_base << 2 * d1))
            | (men & (them >> d1) & (empty_base >> 2 * d1))
            | (men & (them >> d0) & (empty_base >> 2 * d0))
        )

        for frm in _bits(cand | (us & kings)):
            empty = empty_base | (1 << frm)
            is_king = (kings >> frm) & 1
            promoted = not is_king  # king_dfs runs for a man only after 2.1.5.15 crowning

            def king_dfs(s, cm, path, caps, last_dir):
                found = False
                for d in range(4):
                    if d + last_dir == 3:
                        continue
                    ray = rays[s][d]
                    i = 0
                    n = len(ray)
                    while i < n and (empty >> ray[i]) & 1:
                        i += 1
                    if i >= n - 1:
                        continue
                    v = ray[i]
                    if not (them >> v) & 1 or (cm >> v) & 1:
                        continue
                    j = i + 1
                    lands = []
                    while j < n and (empty >> ray[j]) & 1:
                        lands.append(ray[j])
                        j += 1
                    if not lands:
                        continue
                    found = True
                    ncm = cm | (1 << v)
                    ncaps = caps + (v,)
                    cont = False
                    for land in lands:
                        if king_dfs(land, ncm, path + (land,), ncaps, d):
                            cont = True
                    if not cont:
                        for land in lands:
                            out.append((frm, land, ncm, promoted, path + (land,), ncaps))
                return found

            def man_dfs(s, cm, path, caps):
                found = False
                r = rays[s]
                for d in range(4):
                    ray = r[d]
                    if len(ray) < 2:
                        continue
                    v = ray[0]
                    land = ray[1]
                    if not (them >> v) & 1 or (cm >> v) & 1 or not (empty >> land) & 1:
                        continue
                    found = True
                    ncm = cm | (1 << v)
                    npath = path + (land,)
                    ncaps = caps + (v,)
                    if (promo_row >> land) & 1:
                        if king_mid_capture:
                            # 2.1.5.15: it goes on capturing as a king in the same move.
                            if not king_dfs(land, ncm, npath, ncaps, d):
                                out.append((frm, land, ncm, True, npath, ncaps))
                            continue
                        # 3.4.2.1: passing the last row it goes on as a man;
                        # 3.4.2.2: crowned only if the capture ends there.
                        if not man_dfs(land, ncm, npath, ncaps):
                            out.append((frm, land, ncm, True, npath, ncaps))
                        continue
                    if not man_dfs(land, ncm, npath, ncaps):
                        out.append((frm, land, ncm, False, npath, ncaps))
                return found

            if is_king:
                king_dfs(frm, 0, (frm,), (), -1)
            else:
                man_dfs(frm, 0, (frm,), ())
        return out

    def gen(us, them, kings, white, all_paths=False):
        caps = captures(us, them, kings, white)
        if caps:
            if majority:
                best = max(_popcount(m[2]) for m in caps)
                caps = [m for m in caps if _popcount(m[2]) == best]
            if all_paths:
                return caps
            seen = {}
            for m in caps:
                k = (m[0], m[1], m[2], m[3])
                if k not in seen:
                    seen[k] = m
            return list(seen.values())
        return quiet(us, them, kings, white)

    def quiet(us, them, kings, white):
        empty = valid & ~(us | them)
        men = us & ~kings
        out = []
        if white:
            promo = top_row
            for delta in (d0, d1):
                t = (men >> delta) & empty
                while t:
                    b = t & -t
                    t ^= b
                    to = b.bit_length() - 1
                    out.append((to + delta, to, 0, bool(promo & b), (to + delta, to), ()))
        else:
            promo = bottom_row
            for delta in (d0, d1):
                t = (men << delta) & empty
                while t:
                    b = t & -t
                    t ^= b
                    to = b.bit_length() - 1
                    out.append((to - delta, to, 0, bool(promo & b), (to - delta, to), ()))
        k = us & kings
        while k:
            b = k & -k
            k ^= b
            frm = b.bit_length() - 1
            for ray in rays[frm]:
                for to in ray:
                    if not (empty >> to) & 1:
                        break
                    out.append((frm, to, 0, False, (frm, to), ()))
        return out

    def count_quiet(us, them, kings, white):
        """Number of quiet moves, without building them (perft's last ply)."""
        empty = valid & ~(us | them)
        men = us & ~kings
        if white:
            n = ((men >> d0) & empty).bit_count() + ((men >> d1) & empty).bit_count()
        else:
            n = ((men << d0) & empty).bit_count() + ((men << d1) & empty).bit_count()
        k = us & kings
        while k:
            b = k & -k
            k ^= b
            for ray in rays[b.bit_length() - 1]:
                for to in ray:
                    if not (empty >> to) & 1:
                        break
                    n += 1
        return n

    def perft(us, them, kings, white, depth, all_paths):
        caps = captures(us, them, kings, white)
        if caps:
            if majority:
                best = max(_popcount(m[2]) for m in caps)
                caps = [m for m in caps if _popcount(m[2]) == best]
            if not all_paths and len(caps) > 1:
                seen = {}
                for m in caps:
                    seen.setdefault((m[0], m[1], m[2], m[3]), m)
                caps = list(seen.values())
            if depth == 1:
                return len(caps)
            moves = caps
        else:
            if depth == 1:
                return count_quiet(us, them, kings, white)
            moves = quiet(us, them, kings, white)
        total = 0
        for frm, to, cm, promotes, _path, _caps in moves:
            fb = 1 << frm
            tb = 1 << to
            nus = (us ^ fb) | tb
            nthem = them & ~cm
            nk = kings & ~cm
            if nk & fb:
                nk = (nk ^ fb) | tb
            elif promotes:
                nk |= tb
            total += perft(nthem, nus, nk, not white, depth - 1, all_paths)
        return total

    return gen, perft


class Draughts:
    """A draughts discipline: one configuration of the shared core.

    Subclasses set the class attributes and implement ``_draw`` (the
    discipline's automatic draw counts) and the square naming.
    """

    family = "draughts"
    name = ""
    title_ru = ""
    title_en = ""
    board_size = 8
    majority = False  # 3.4.1
    king_mid_capture = True  # 2.1.5.15 (Russian) vs 3.4.2 (international)
    giveaway = False  # 4.1: win by losing every piece or being blocked
    capture_sep = ":"
    numeric_notation = False  # international: squares 1-50 (3.3)
    king_only_draw_plies = 30  # 2.1.9.1.8: 15 moves of each side with kings only

    def __init__(self):
        self.geo = Geometry(self.board_size)
        self._gen, self._perft = build_generator(self.geo, self.majority, self.king_mid_capture)
        g = self.geo
        self._name = {b: (str(g.number_of[b]) if self.numeric_notation else g.algebraic(b)) for b in g.coords}
        self._bit_by_name = {v: k for k, v in self._name.items()}
        self._name_list = [self._name.get(b) for b in range(max(g.coords) + 1)]
        rows = self.board_size // 2 - 1
        black = sum(1 << g.bit_of[n] for n in range(1, rows * g.h + 1))
        white = sum(1 << g.bit_of[n] for n in range(g.squares - rows * g.h + 1, g.squares + 1))
        self._start = self._fresh(white, black, 0, True)

    # ------------------------------------------------------------------ positions
    def _fresh(self, white, black, kings, white_to_move) -> Position:
        return Position(white, black, kings, white_to_move, 0, 0, 0, ((white, black, kings, white_to_move),))

    def start(self, ballot: str | None = None) -> Position:
        """The starting position (2.1.3.1, 3.2 diagram 12); only шашки-64 has ballots."""
        if ballot is not None:
            raise IllegalMove(N_("%(name)s has no balloted starting positions"), name=self.name)
        return self._start

    def turn(self, p: Position) -> str:
        return WHITE if p.white_to_move else BLACK

    def pieces(self, p: Position) -> dict:
        """``{square name: "w"/"W"/"b"/"B"}`` (capital = king), for display."""
        out = {}
        for bit in _bits(p.white | p.black):
            man = "w" if (p.white >> bit) & 1 else "b"
            out[self._name[bit]] = man.upper() if (p.kings >> bit) & 1 else man
        return out

    # ------------------------------------------------------------------ moves
    def _raw_moves(self, p: Position, all_paths=False):
        if p.white_to_move:
            return self._gen(p.white, p.black, p.kings, True, all_paths)
        return self._gen(p.black, p.white, p.kings, False, all_paths)

    def legal_moves(self, p: Position) -> list[Move]:
        """Every legal move once (same start, end and captured set = one move)."""
        raw = self._raw_moves(p, all_paths=True)
        name = self._name_list
        if not raw or not raw[0][2]:
            moves = []
            for m in raw:  # quiet moves: one path each, never ambiguous
                a, b = name[m[0]], name[m[1]]
                path = (a, b)
                moves.append(Move(a + "-" + b, path, (), a, b, (path,), m))
            return moves
        groups: dict = {}
        for m in raw:
            groups.setdefault((m[0], m[1], m[2], m[3]), []).append(m)
        ends: dict = {}
        for k in groups:
            ends[(k[0], k[1])] = ends.get((k[0], k[1]), 0) + 1
        sep = self.capture_sep
        moves = []
        for k, variants in groups.items():
            first = variants[0]
            paths = tuple(tuple(map(name.__getitem__, m[4])) for m in variants)
            path = paths[0]
            caps = tuple(map(name.__getitem__, first[5]))
            start, end = name[k[0]], name[k[1]]
            notation = start + sep + end if ends[(k[0], k[1])] == 1 else sep.join(path)
            moves.append(Move(notation, path, caps, start, end, paths, first))
        return moves

    def perft(self, p: Position, depth: int, distinct: bool = True) -> int:
        """Leaf count at ``depth``; ``distinct=False`` counts every capture path."""
        if depth < 1:
            return 1
        if p.white_to_move:
            return self._perft(p.white, p.black, p.kings, True, depth, not distinct)
        return self._perft(p.black, p.white, p.kings, False, depth, not distinct)

    def _parse_squares(self, text: str):
        t = text.strip().lower().replace("х", "x").replace("–", "-").replace("−", "-")
        t = t.replace("а", "a").replace("с", "c").replace("е", "e")  # Cyrillic look-alikes
        seps = re.findall(r"[-:x]", t)
        parts = re.split(r"[-:x]", t)
        if len(parts) < 2 or any(not s for s in parts):
            raise IllegalMove(N_("cannot read the move %(text)r"), text=text)
        bits = []
        for s in parts:
            if s not in self._bit_by_name:
                raise IllegalMove(N_("%(s)r is not a playable square"), s=s)
            bits.append(self._bit_by_name[s])
        return bits, any(c in ":x" for c in seps)

    def find_move(self, p: Position, text: str) -> Move:
        """The legal move that ``text`` names, or ``IllegalMove`` saying why not."""
        bits, capture = self._parse_squares(text)
        names = [self._name[b] for b in bits]
        moves = self.legal_moves(p)
        if not moves:
            raise IllegalMove(N_("the game is over: no legal moves"))
        for m in moves:
            if m.notation == text.strip():
                return m
        start, end = names[0], names[-1]
        if len(names) == 2:
            matching = [m for m in moves if m.start == start and m.end == end]
        else:
            matching = [m for m in moves if any(_is_subpath(names, path) for path in m.paths)]
        captures = [m for m in moves if m.captures]
        if not matching:
            if captures and not (capture and any(m.start == start for m in captures)):
                listed = ", ".join(m.notation for m in captures[:6])
                raise IllegalMove(N_("capture is mandatory: %(listed)s"), listed=listed)
            raise IllegalMove(N_("illegal move %(move)s"), move=text.strip())
        # A wrong separator ("38x33" for a quiet move, as in real PDN files) is
        # tolerated: the squares alone identify the move.
        if len(matching) > 1:
            listed = " or ".join(m.notation for m in matching)
            raise IllegalMove(N_("ambiguous capture, give the path: %(listed)s"), listed=listed)
        return matching[0]

    def play(self, p: Position, move) -> Position:
        """The position after ``move`` (a :class:`Move` or its text); ``IllegalMove`` otherwise."""
        if self.result(p) is not None:
            raise IllegalMove(N_("the game is over"))
        m = move if isinstance(move, Move) and move in self.legal_moves(p) else None
        if m is None:
            if isinstance(move, Move):
                raise IllegalMove(N_("illegal move %(notation)s"), notation=move.notation)
            m = self.find_move(p, str(move))
        return self._apply(p, m.raw)

    def _apply(self, p: Position, raw) -> Position:
        frm, to, cm, promotes = raw[0], raw[1], raw[2], raw[3]
        fb, tb = 1 << frm, 1 << to
        white, black, kings = p.white, p.black, p.kings
        was_king = bool(kings & fb)
        if p.white_to_move:
            white = (white ^ fb) | tb
            black &= ~cm
        else:
            black = (black ^ fb) | tb
            white &= ~cm
        kings &= ~cm
        if was_king:
            kings = (kings ^ fb) | tb
        elif promotes:
            kings |= tb
        turn = not p.white_to_move
        king_plies = p.king_plies + 1 if was_king and not cm else 0
        ratio_plies = 0 if cm or promotes else p.ratio_plies + 1
        key = (white, black, kings, turn)
        history = p.history + (key,) if was_king and not cm else (key,)
        nxt = Position(white, black, kings, turn, king_plies, ratio_plies, 0, history)
        if self._road_situation(nxt):
            road = p.road_plies + 1 if self._road_situation(p) and not cm else 0
            nxt = Position(white, black, kings, turn, king_plies, ratio_plies, road, history)
        return nxt

    def _road_situation(self, p: Position) -> bool:
        return False

    # ------------------------------------------------------------------ results
    def result(self, p: Position) -> Result | None:
        """None while play goes on; else the winner (or draw), the reason and its clause."""
        mover = self.turn(p)
        own = p.white if p.white_to_move else p.black
        if not own or not self._raw_moves(p):
            reason = "no-pieces" if not own else "blocked"
            if self.giveaway:
                return Result(mover, reason, "4.1")
            return Result(WHITE if mover == BLACK else BLACK, reason, "2.1.8.1")
        clause = self._draw(p)
        if clause:
            return Result(None, f"draw:{clause}", clause)
        return None

    def _draw(self, p: Position) -> str | None:
        raise NotImplementedError

    def can_win(self, p: Position, color: str) -> bool:
        """Could ``color`` still win?  Not with no pieces left (1.7.12); in giveaway
        a side that has lost every piece has already won, and its opponent cannot."""
        mine = p.white if color == WHITE else p.black
        theirs = p.black if color == WHITE else p.white
        if self.giveaway:
            return not mine or bool(theirs)
        return bool(mine)

    def can_claim_repetition(self, p: Position) -> bool:
        """2.1.9.1.9 / 2.1.9.2: the same position with the same side to move a third time."""
        return p.history.count(p.key) >= 3

    def _strong_moves(self, p: Position, plies: int, strong_white: bool) -> int:
        """Moves made by the strong side during the last ``plies`` plies."""
        last_mover_white = not p.white_to_move
        if plies % 2 == 0:
            return plies // 2
        return plies // 2 + (1 if last_mover_white == strong_white else 0)

    # ------------------------------------------------------------------ FEN
    def to_fen(self, p: Position) -> str:
        """PDN FEN: ``W:Wa1,c1,Kd4:Bb8`` (Russian squares) or ``W:W31,K28:B1`` (10×10)."""

        def side(mask):
            items = []
            for bit in sorted(_bits(mask), key=lambda b: self.geo.number_of[b]):
                items.append(("K" if (p.kings >> bit) & 1 else "") + self._name[bit])
            return ",".join(items)

        return f"{'W' if p.white_to_move else 'B'}:W{side(p.white)}:B{side(p.black)}"

    def from_fen(self, text: str) -> Position:
        """Read PDN FEN; numeric or algebraic squares, ranges ``1-12``, ``K`` kings,
        a missing side, a trailing dot, surrounding quotes."""
        t = text.strip().strip('"').strip()
        if t.endswith("."):
            t = t[:-1]
        parts = [s.strip() for s in t.split(":")]
        if not parts or parts[0].upper() not in ("W", "B"):
            raise IllegalMove(N_("FEN must start with W or B: %(text)r"), text=text)
        white_to_move = parts[0].upper() == "W"
        masks = {"W": 0, "B": 0}
        kings = 0
        for part in parts[1:]:
            if not part:
                continue
            color = part[0].upper()
            if color not in masks:
                raise IllegalMove(N_("bad FEN field %(part)r"), part=part)
            for item in part[1:].split(","):
                item = item.strip()
                if not item:
                    continue
                king = item[0] in "Kk"
                if king:
                    item = item[1:]
                for bit in self._fen_squares(item, text):
                    if (masks["W"] | masks["B"]) >> bit & 1:
                        raise IllegalMove(N_("square %(square)s given twice in FEN"), square=self._name[bit])
                    masks[color] |= 1 << bit
                    if king:
                        kings |= 1 << bit
        return self._fresh(masks["W"], masks["B"], kings, white_to_move)

    def _fen_squares(self, item: str, text: str):
        g = self.geo
        m = re.fullmatch(r"(\d+)-(\d+)", item)
        if m:
            a, b = int(m.group(1)), int(m.group(2))
            if not 1 <= a <= b <= g.squares:
                raise IllegalMove(N_("bad square range %(item)r in FEN"), item=item)
            return [g.bit_of[n] for n in range(a, b + 1)]
        if item.isdigit():
            n = int(item)
            if not 1 <= n <= g.squares:
                raise IllegalMove(N_("no square %(n)s on this board"), n=n)
            return [g.bit_of[n]]
        bit = g.bit_of_algebraic(item.lower())
        if bit is None:
            raise IllegalMove(N_("%(item)r is not a playable square (FEN %(text)r)"), item=item, text=text)
        return [bit]


def _is_subpath(names, path) -> bool:
    """``names`` is ``path`` or a subsequence of it with the same start and end
    (2.1.6.2 records only the squares where the capture turns)."""
    if names[0] != path[0] or names[-1] != path[-1]:
        return False
    it = iter(path)
    return all(any(n == q for q in it) for n in names)
