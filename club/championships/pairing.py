"""Pairings of championships (003 §1.2, 1.6.2, 1.15): pure, plain data in and out, no Django.

Round robin
    ``round_robin(n, cycles)`` gives the Berger tables ("таблицы очерёдности игр", 1.6.2;
    the same table as FIDE C.05 Annex 1) by start number.

Swiss (1.15)
    ``swiss(system, players, rounds, seed=...)`` pairs the next round by one of the four
    systems of the rules: ``"blind"`` (1.15.4), ``"coefficients"`` (1.15.5),
    ``"solkoff"`` (1.15.6) and ``"buchholz"`` (1.15.7). Every pairing keeps the common
    rules of 1.15.2 as hard constraints: no rematch, no second win without play, never
    the same colour four times running, withdrawn players not paired, the odd player
    out gets the bye. Within them each system follows its own written procedure; where
    that procedure cannot be completed, its backtracking (1.15.5.5, 1.15.7.5, 1.15.8)
    breaks the fewest, latest pairs, and a group that cannot be paired at all is joined
    to the next lower score group, as an arbiter pairing by cards would do.

    Feasibility is decided exactly: a maximum matching (Edmonds' blossoms) of the
    graph "may be paired under 1.15.2" answers "can the rest still be paired?" at each
    choice, so the procedure never paints itself into a corner and ``PairingError``
    is raised only when no pairing satisfies 1.15.2 at all.

Knockout (the olympic system, 1.2)
    ``knockout(n)`` gives the first round's bracket by seed (start number): standard
    seeding, so seeds 1 and 2 can meet only in the final, and byes to the top seeds
    when ``n`` is not a power of two. ``knockout_next(winners)`` pairs the next round
    from the previous round's winners in bracket order.

Scheveningen (1.2)
    ``scheveningen(team_a, team_b)`` gives rounds of boards in which every member of one
    team plays every member of the other once, each player's colours balanced.

Micro-matches (1.11)
    ``micro_match(results)`` scores a micro-match by the sum of its games' points
    (the games alternate colours: club/championships/matches.py).

Lots
    ``draw_lots(ids, seed)`` and ``initial_order(players, seed, by_rating=...)`` give the
    start numbers / initial classification (1.15.4, 1.15.5.1) reproducibly from a seed
    the championship stores, so a draw can be shown and repeated.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from games import results

SYSTEMS = ("blind", "coefficients", "solkoff", "buchholz")
WHITE, BLACK = results.WHITE, results.BLACK


class PairingError(ValueError):
    """No pairing of the round satisfies the rules; the message names the clause."""


# ---------------------------------------------------------------------------
# Round robin: the Berger tables


def round_robin(n: int, cycles: int = 1) -> list[list[tuple[int, int]]]:
    """Rounds of boards ``(white, black)`` by start number 1..n, as in the Berger tables.

    For odd ``n`` the table of ``n + 1`` is used and ``n + 1`` is the dummy: its partner
    rests that round. Every even cycle repeats the first with colours reversed (1.2).

    The table's rule: with ``size`` players (even) and ``m = size - 1``, round ``r``
    pairs ``size`` with ``k = (r - 1) * size / 2 mod m + 1`` (``k`` white in odd rounds,
    black in even ones), and board ``b`` pairs ``k + b`` (white) with ``k - b`` (black),
    numbers taken cyclically in 1..m.
    """
    if n < 2 or cycles < 1:
        raise ValueError("a round robin needs at least two players and one cycle")
    size = n + n % 2
    m = size - 1
    cycle = []
    for r in range(1, m + 1):
        k = (r - 1) * (size // 2) % m + 1
        boards = [(k, size) if r % 2 else (size, k)]
        boards += [((k + b - 1) % m + 1, (k - b - 1) % m + 1) for b in range(1, size // 2)]
        cycle.append(boards)
    reversed_cycle = [[(black, white) for white, black in boards] for boards in cycle]
    return [boards for c in range(cycles) for boards in (cycle if c % 2 == 0 else reversed_cycle)]


# ---------------------------------------------------------------------------
# Lots


def draw_lots(ids: Iterable[Hashable], seed: int | str | bytes) -> list:
    """``ids`` in the order drawn by lot; the same seed gives the same draw.

    The championship stores the seed, so the draw can be shown and repeated (1.15.4:
    start numbers drawn before the tournament; 1.15.5.1: ties and unrated players
    classified by lot).
    """
    if seed is None:
        raise ValueError("a lot needs a stored seed to be reproducible")
    drawn = list(ids)
    random.Random(seed).shuffle(drawn)
    return drawn


def initial_order(players: Sequence[dict], seed: int | str | bytes, *, by_rating: bool = True) -> list[int]:
    """The initial classification of 1.15.5.1, as the ids in order (start numbers 1, 2, …).

    ``by_rating``: rated players by rating, highest first, equal ratings by lot, then the
    unrated by lot. Without it (the championship classifies "без учёта рейтингов"),
    everyone by lot. Pass the result, as the ``players`` order, to ``swiss``.
    """
    drawn = draw_lots([p["id"] for p in players], seed)
    if not by_rating:
        return drawn
    lot = {pid: i for i, pid in enumerate(drawn)}
    rating = {p["id"]: p.get("rating") for p in players}
    return sorted(drawn, key=lambda pid: (rating[pid] is None, -(rating[pid] or 0), lot[pid]))


def _lot(seed, round_no: int) -> random.Random:
    # One generator per round, so re-pairing a round repeats its draw. A string seed is
    # hashed the same way on every run (unlike hash()); seed=None is a fixed seed too.
    return random.Random(f"{seed!r}/{round_no}")


# ---------------------------------------------------------------------------
# What the rounds so far say about each player


@dataclass
class _Record:
    number: int  # classification number of the first round (1.15.5.1), kept to the end
    points: float = 0.0
    opponents: list[int] = field(default_factory=list)
    byes: int = 0
    colours: list[str] = field(default_factory=list)  # played games only (1.15.2)
    free_win: bool = False  # a bye or a forfeit win: a win without play (1.15.2)

    def run(self) -> tuple[str | None, int]:
        """The colour of the last played games and how many times running."""
        if not self.colours:
            return None, 0
        last, n = self.colours[-1], 0
        for colour in reversed(self.colours):
            if colour != last:
                break
            n += 1
        return last, n


def _records(players: Sequence[dict], rounds: Sequence[Sequence[dict]]) -> dict[int, _Record]:
    records = {p["id"]: _Record(number=i) for i, p in enumerate(players, 1)}
    for round_no, boards in enumerate(rounds, 1):
        for board in boards:
            white, black, result = board["white"], board.get("black"), board["result"]
            if white not in records or (black is not None and black not in records):
                raise ValueError(f"round {round_no}: {white}–{black} names a player who is not entered")
            if black is None:
                if result != results.BYE:
                    raise ValueError(f"round {round_no}: {white} has no opponent but the result {result!r}")
                # 1.15.2: the bye is a "+", a win without play.
                rec = records[white]
                rec.points += 1.0
                rec.byes += 1
                rec.free_win = True
                continue
            if not results.is_result(result):
                raise ValueError(f"round {round_no}: {white}–{black} has no result ({result!r})")
            for me, other, colour in ((white, black, WHITE), (black, white, BLACK)):
                rec = records[me]
                rec.points += results.score(result, colour)
                # Paired means met, even when the game was forfeited: pairing them again
                # could hand the same player a second win without play (1.15.2).
                rec.opponents.append(other)
                if results.is_played(result):
                    rec.colours.append(colour)
                elif results.outcome(result, colour) == "win":
                    rec.free_win = True
    return records


def _buchholz(records: dict[int, _Record]) -> dict[int, list[float]]:
    """Each player's opponents' current points; a bye counts as an opponent with the lowest score.

    1.13.11 (as rules-notes reads it) for the bye. A withdrawn opponent counts with the
    points he has: the coefficient of 1.15.7 is the *current* one, and his remaining
    games are not yet due.
    """
    lowest = min(rec.points for rec in records.values())
    return {pid: [records[o].points for o in rec.opponents] + [lowest] * rec.byes for pid, rec in records.items()}


# ---------------------------------------------------------------------------
# Maximum matchings: "can these players still all be paired?"
#
# The graph joins two players who may meet under 1.15.2. A maximum matching is grown
# greedily and completed by augmenting paths (Edmonds' blossom search, one root at a
# time). When players leave a set whose matching is maximum, only their former partners
# can start a new augmenting path, so each check is one or two searches, and in the
# dense graphs of a Swiss event the first neighbour usually closes the path.

Mate = dict[int, int]


def _augment(verts: list[int], mate: Mate, root: int, ok: Callable[[int, int], bool]) -> bool:
    """Find an augmenting path from the unmatched ``root`` and flip it into ``mate``."""
    exposed = [v for v in verts if v not in mate and v != root]
    if not exposed:
        return False
    # Dense graphs almost always have a path of one or three edges: try those first.
    for e in exposed:
        if ok(root, e):
            mate[root], mate[e] = e, root
            return True
    for u in verts:
        w = mate.get(u)
        if w is None or not ok(root, u):
            continue
        for e in exposed:
            if ok(w, e):
                mate[root], mate[u], mate[w], mate[e] = u, root, e, w
                return True
    n = len(verts)
    index = {v: i for i, v in enumerate(verts)}
    match = [-1] * n
    for v, w in mate.items():
        match[index[v]] = index[w]
    parent = [-1] * n
    base = list(range(n))
    in_tree = [False] * n
    r = index[root]
    in_tree[r] = True
    queue = deque([r])

    def common_base(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark_blossom(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while queue:
        v = queue.popleft()
        pv = verts[v]
        for to in range(n):
            if base[v] == base[to] or match[v] == to or not ok(pv, verts[to]):
                continue
            if to == r or (match[to] != -1 and parent[match[to]] != -1):
                b = common_base(v, to)
                blossom = [False] * n
                mark_blossom(v, b, to, blossom)
                mark_blossom(to, b, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = b
                        if not in_tree[i]:
                            in_tree[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    while to != -1:
                        up = parent[to]
                        nxt = match[up]
                        match[to], match[up] = up, to
                        to = nxt
                    mate.clear()
                    mate.update((verts[i], verts[j]) for i, j in enumerate(match) if j != -1)
                    return True
                in_tree[match[to]] = True
                queue.append(match[to])
    return False


def _maximum_matching(verts: list[int], ok: Callable[[int, int], bool]) -> Mate:
    mate: Mate = {}
    for i, v in enumerate(verts):
        if v in mate:
            continue
        for w in verts[i + 1 :]:
            if w not in mate and ok(v, w):
                mate[v] = w
                mate[w] = v
                break
    for v in verts:
        # With at most one player of an odd set left over the matching is already maximum;
        # a search from him would only prove it, at the cost of the whole graph.
        if len(verts) - len(mate) <= len(verts) % 2:
            break
        if v not in mate:
            _augment(verts, mate, v, ok)
    return mate


def _rematch(verts: list[int], mate: Mate, freed: Iterable[int], ok: Callable[[int, int], bool]) -> Mate:
    """A maximum matching of ``verts`` from ``mate`` (maximum on a superset) whose ``freed`` lost their partners."""
    freed = [v for v in freed if v not in mate]
    if len(freed) == 2 and ok(freed[0], freed[1]):
        mate[freed[0]], mate[freed[1]] = freed[1], freed[0]
        return mate
    for v in freed:
        if v not in mate:
            _augment(verts, mate, v, ok)
    return mate


def _without(verts: list[int], mate: Mate, gone: set[int], ok) -> tuple[list[int], Mate]:
    """``verts`` without ``gone`` and a maximum matching of what is left."""
    rest = [v for v in verts if v not in gone]
    new = {v: w for v, w in mate.items() if v not in gone and w not in gone}
    freed = [mate[g] for g in gone if g in mate and mate[g] not in gone]
    return rest, _rematch(rest, new, freed, ok)


def _with(verts: list[int], mate: Mate, extra: int, ok) -> tuple[list[int], Mate]:
    """``verts`` plus ``extra`` and a maximum matching of them."""
    grown = verts + [extra]
    return grown, _rematch(grown, dict(mate), [extra], ok)


def _is_perfect(verts: list[int], mate: Mate) -> bool:
    return len(mate) == len(verts)


# ---------------------------------------------------------------------------
# The Swiss systems


@dataclass(frozen=True)
class _Procedure:
    """How a system forms pairs inside score groups and floats between them."""

    floats_first: bool  # who floats out of an odd group: the first (1.15.7.4) or the last (1.15.5.4)
    floater_meets_last: bool  # the floater meets the last of the lower group (1.15.7.4) or the first (1.15.5.4)
    candidates: Callable[[list[int]], list[int]]  # the opponents, in order, of the first of a group

    def float_order(self, group: list[int]) -> list[int]:
        return list(group) if self.floats_first else group[::-1]

    def partner_order(self, group: list[int]) -> list[int]:
        return group[::-1] if self.floater_meets_last else list(group)


def _halves(group: list[int]) -> list[int]:
    # 1.15.5.5: the first of the upper half meets the first of the lower half, then the
    # second …; failing all of them, the last of the upper half, then the one before …
    # The procedure is "repeated in the same order" on what is left of the group, so the
    # halves are those of the remaining players each time.
    half = len(group) // 2
    return group[half:] + group[1:half][::-1]


def _first_last(group: list[int]) -> list[int]:
    # 1.15.7.5: the first meets the last, failing that the one before the last, …
    return group[:0:-1]


def _next_drawn(group: list[int]) -> list[int]:
    # 1.15.4: the group is in the order of this round's lot, so the next one in it is the
    # first one's opponent drawn by lot.
    return group[1:]


_PROCEDURES = {
    "blind": _Procedure(floats_first=False, floater_meets_last=False, candidates=_next_drawn),
    "coefficients": _Procedure(floats_first=False, floater_meets_last=False, candidates=_halves),
    "solkoff": _Procedure(floats_first=False, floater_meets_last=False, candidates=_halves),
    "buchholz": _Procedure(floats_first=True, floater_meets_last=True, candidates=_first_last),
}


def swiss(
    system: str, players: Sequence[dict], rounds: Sequence[Sequence[dict]], *, seed=None
) -> list[tuple[int, int | None]]:
    """The next round of a Swiss event: ``(white, black)`` boards in pairing order, ``(id, None)`` the bye.

    ``players`` are ``{"id", "rating", "withdrawn"}`` in the initial order (start numbers
    of 1.15.4, classification numbers of 1.15.5.1; ``initial_order`` makes it); set
    ``withdrawn`` also for a player known to miss this round (1.15.2: not paired, and the
    caller records his loss). ``rounds`` are the rounds played so far as boards
    ``{"white", "black", "result"}`` with the result strings of ``games.results``
    (``"bye"`` with ``black`` None). ``seed`` feeds the lots of the round (1.15.4 draw,
    1.15.5.2 / 1.15.7.2 colour of the first board); the same input always gives the same
    pairing (``None`` is a fixed seed: pass the championship's stored one). Boards come
    in the order the pairs were formed, which is the seating order of 1.6.2.

    Raises ``PairingError`` when no pairing satisfies 1.15.2.
    """
    if system not in _PROCEDURES:
        raise ValueError(f"unknown Swiss system {system!r}; one of {', '.join(SYSTEMS)}")
    records = _records(players, rounds)
    round_no = len(rounds) + 1
    rng = _lot(seed, round_no)
    # 1.15.2: players who withdrew (or are known to miss the round) are not paired.
    active = [p["id"] for p in players if not p.get("withdrawn")]
    if round_no == 1:
        return _first_round(system, active, rng)

    order = _classification(system, active, records, round_no, rng)
    ok = _may_meet(records)
    pairing: list[tuple[int, int | None]] = []
    bye = _bye(order, records, ok, round_no) if len(order) % 2 else None
    if bye is not None:
        order.remove(bye)
    elif not _is_perfect(order, _maximum_matching(order, ok)):
        raise _no_pairing(round_no)

    groups: list[list[int]] = []
    for pid in order:
        if groups and records[groups[-1][0]].points == records[pid].points:
            groups[-1].append(pid)
        else:
            groups.append([pid])
    rank = {pid: i for i, pid in enumerate(order)}
    for a, b in _pair_groups(groups, ok, _PROCEDURES[system]):
        pairing.append(_colours(a, b, records, rank))
    if bye is not None:
        pairing.append((bye, None))
    return pairing


def _first_round(system: str, active: list[int], rng: random.Random) -> list[tuple[int, int | None]]:
    # 1.15.2: with an odd number the last of the classification gets the "+".
    bye = active.pop() if len(active) % 2 else None
    half = len(active) // 2
    if system == "blind":
        # 1.15.4: No. 1 meets No. 2, No. 3 meets No. 4, …; the odd numbers play white.
        pairing = [(active[i], active[i + 1]) for i in range(0, len(active), 2)]
    else:
        # 1.15.5.2: the i-th of the upper half meets the i-th of the lower half;
        # 1.15.7.2: the first meets the last, the second the one before the last, ….
        lower = active[half:] if system != "buchholz" else active[half:][::-1]
        # The colour of the first board is drawn by lot; the upper half's odd numbers
        # play that colour, its even numbers the other (1.15.5.2, 1.15.7.2).
        first_white = rng.random() < 0.5
        pairing = []
        for i, (top, bottom) in enumerate(zip(active[:half], lower)):
            top_white = first_white if i % 2 == 0 else not first_white
            pairing.append((top, bottom) if top_white else (bottom, top))
    if bye is not None:
        pairing.append((bye, None))
    return pairing


def _classification(system: str, active: list[int], records: dict[int, _Record], round_no: int, rng) -> list[int]:
    """The order of the round: score groups from the top, each group ordered as the system says."""
    if system == "blind":
        # 1.15.4: no classification; within a score group the order is this round's lot.
        drawn = list(active)
        rng.shuffle(drawn)
        return sorted(drawn, key=lambda pid: -records[pid].points)
    number = {pid: records[pid].number for pid in active}
    if system == "buchholz":
        if round_no == 2:
            # 1.15.7.3: within the score groups by the first round's numbers.
            return sorted(active, key=lambda pid: (-records[pid].points, number[pid]))
        # 1.15.7.6: then by current Buchholz, highest first, then by number.
        buchholz = {pid: sum(scores) for pid, scores in _buchholz(records).items()}
        return sorted(active, key=lambda pid: (-records[pid].points, -buchholz[pid], number[pid]))
    if system == "solkoff" and round_no >= 3:
        # 1.15.6.2: by truncated Solkoff (all opponents but the worst), highest first, then by number.
        solkoff = {pid: sum(s) - min(s, default=0.0) for pid, s in _buchholz(records).items()}
        return sorted(active, key=lambda pid: (-records[pid].points, -solkoff[pid], number[pid]))
    # 1.15.5.3 / 1.15.5.6 (and 1.15.6.1 for round 2): by number, ascending in odd rounds,
    # descending in even ones; the "тур" is the round being paired (rules-notes).
    sign = 1 if round_no % 2 else -1
    return sorted(active, key=lambda pid: (-records[pid].points, sign * number[pid]))


def _may_meet(records: dict[int, _Record]) -> Callable[[int, int], bool]:
    """1.15.2 as a relation: not met before, and not both due a fourth game of the same colour."""
    met = {pid: set(rec.opponents) for pid, rec in records.items()}
    forced = {}
    for pid, rec in records.items():
        colour, run = rec.run()
        forced[pid] = colour if run >= 3 else None

    def ok(a: int, b: int) -> bool:
        return b not in met[a] and (forced[a] is None or forced[a] != forced[b])

    return ok


def _no_pairing(round_no: int) -> PairingError:
    return PairingError(
        f"1.15.2: no pairing of round {round_no} keeps the rules — two players may not meet twice "
        "and nobody may get the same colour four times running"
    )


def _bye(order: list[int], records: dict[int, _Record], ok, round_no: int) -> int:
    """1.15.2: the "+" goes to the lowest-classified player who has had no win without play yet,

    provided the others can then all be paired; otherwise to the next one up.
    """
    eligible = [pid for pid in reversed(order) if not records[pid].free_win]
    if not eligible:
        raise PairingError(
            f"1.15.2: in round {round_no} every player has already had a win without play, so nobody can get the bye"
        )
    mate = _maximum_matching(order, ok)
    for pid in eligible:
        rest, rest_mate = _without(order, dict(mate), {pid}, ok)
        if _is_perfect(rest, rest_mate):
            return pid
    raise _no_pairing(round_no)


def _plan(group: list[int], mate_g: Mate, lower: list[int], mate_l: Mate, next_group: list[int], ok, proc: _Procedure):
    """Who of ``group`` floats down so that the rest pairs inside the group and everyone below still pairs.

    Returns ``(floater or None, maximum matching of the group without him)``, or None when
    the group cannot keep that shape and has to be joined to the next one.
    """
    if len(group) % 2 == 0:
        if _is_perfect(group, mate_g) and _is_perfect(lower, mate_l):
            return None, mate_g
        return None
    if len(group) - len(mate_g) != 1 or len(lower) - len(mate_l) != 1:
        return None
    # 1.15.5.4 / 1.15.7.4: the floater should find an opponent in the next group; only if
    # no floater can, one who has to go further down.
    for needs_next in (True, False):
        for x in proc.float_order(group):
            if needs_next and not any(ok(x, y) for y in next_group):
                continue
            rest, rest_mate = _without(group, dict(mate_g), {x}, ok)
            if not _is_perfect(rest, rest_mate):
                continue
            grown, grown_mate = _with(lower, mate_l, x, ok)
            if _is_perfect(grown, grown_mate):
                return x, rest_mate
    return None


def _pair_groups(groups: list[list[int]], ok, proc: _Procedure) -> list[tuple[int, int]]:
    """Pair score groups from the top, floating one player out of each odd group.

    Invariant: before each group the players left (its own, those below, and the one
    floated into it) can all be paired; every choice keeps it, so the last group always
    closes.
    """
    groups = [list(g) for g in groups]
    pairs: list[tuple[int, int]] = []
    floater: int | None = None
    i = 0
    while i < len(groups):
        group = groups[i]
        below = groups[i + 1 :]
        lower = [pid for g in below for pid in g]
        next_group = below[0] if below else []
        mate_l = _maximum_matching(lower, ok)
        mate_g = _maximum_matching(group, ok)
        plan = None
        if floater is not None:
            partner, plan = _floater_partner(floater, group, mate_g, lower, mate_l, next_group, ok, proc)
            pairs.append((floater, partner))
            floater = None
            if partner in group:
                if plan is None:
                    mate_g = _without(group, mate_g, {partner}, ok)[1]
                group.remove(partner)
            else:
                for g in below:
                    if partner in g:
                        g.remove(partner)
                lower.remove(partner)
                mate_l = _maximum_matching(lower, ok)
        if plan is None:
            plan = _plan(group, mate_g, lower, mate_l, next_group, ok, proc)
        if plan is None:
            # 1.15.8: the group cannot be paired within itself (with at most one floater)
            # without leaving the players below unpairable: join it to the next group.
            groups[i + 1] = group + groups[i + 1]
            i += 1
            continue
        floater, mate = plan
        members = [pid for pid in group if pid != floater]
        pairs += _pair_within(members, mate, ok, proc)
        i += 1
    return pairs


def _floater_partner(f, group, mate_g, lower, mate_l, next_group, ok, proc):
    """The opponent of the player floated into ``group`` (1.15.5.4 / 1.15.7.4), and the plan of the group after it."""
    # As written: the first (1.15.5.4) or last (1.15.7.4) of the group he has not met,
    # then the next one, skipping a partner that would leave the group unpairable (1.15.8).
    for q in proc.partner_order(group):
        if not ok(f, q):
            continue
        rest, rest_mate = _without(group, dict(mate_g), {q}, ok)
        plan = _plan(rest, rest_mate, lower, mate_l, next_group, ok, proc)
        if plan is not None:
            return q, plan
    # Otherwise anyone who keeps the rest pairable, nearest in score first.
    everyone = group + lower
    mate = _maximum_matching(everyone, ok)
    for q in proc.partner_order(group) + lower:
        if ok(f, q):
            rest, rest_mate = _without(everyone, dict(mate), {q}, ok)
            if _is_perfect(rest, rest_mate):
                return q, None
    raise AssertionError("the players left were pairable before the floater was placed")


def _pair_within(members: list[int], mate: Mate, ok, proc: _Procedure) -> list[tuple[int, int]]:
    """Pair an even group that can be paired within itself, by the system's order of candidates.

    The written backtracking — break the last pair formed and give its first player the
    next candidate, breaking as few pairs as possible (1.15.5.5, 1.15.7.5) — finds the
    first pairing in that order. Checking each candidate with the matching gives the same
    pairing without the search: a candidate is taken only if the rest can still be paired.
    """
    remaining = list(members)
    pairs = []
    while remaining:
        first = remaining[0]
        for q in proc.candidates(remaining):
            if mate.get(first) == q:
                rest = [pid for pid in remaining if pid not in (first, q)]
                del mate[first], mate[q]
                break
            if not ok(first, q):
                continue
            rest, rest_mate = _without(remaining, dict(mate), {first, q}, ok)
            if _is_perfect(rest, rest_mate):
                mate = rest_mate
                break
        else:
            raise AssertionError("a pairable group always has a candidate for its first player")
        pairs.append((first, q))
        remaining = rest
    return pairs


def _colours(a: int, b: int, records: dict[int, _Record], rank: dict[int, int]) -> tuple[int, int]:
    """White and black of a pair, alternating colours as far as possible (1.15.2).

    1. A player with three games of one colour running must have the other (1.15.2;
       ``_may_meet`` never pairs two who both need the same one).
    2. Each is due the colour opposite his last; when their dues differ both get theirs.
    3. When both are due the same colour, the longer run of the other colour wins it,
       then the larger surplus of that other colour, then the higher-placed player —
       how an arbiter balances colours by the cards. A player without a played game yet
       has no due colour and takes what the other is not due; two such players give white
       to the higher-placed.
    """

    def claim(pid: int):
        rec = records[pid]
        last, run = rec.run()
        if last is None:
            return None, (0, 0)
        due = BLACK if last == WHITE else WHITE
        surplus = rec.colours.count(last) - rec.colours.count(due)
        return due, (run, surplus)

    (due_a, strength_a), (due_b, strength_b) = claim(a), claim(b)
    first, second = (a, b) if rank[a] < rank[b] else (b, a)
    if due_a is None and due_b is None:
        return first, second
    if due_a is None or due_b is None or due_a != due_b:
        winner, due = (a, due_a) if due_a is not None else (b, due_b)
    elif strength_a != strength_b:
        winner, due = (a if strength_a > strength_b else b), due_a
    else:
        winner, due = first, due_a
    loser = b if winner == a else a
    return (winner, loser) if due == WHITE else (loser, winner)


# ---------------------------------------------------------------------------
# Knockout (olympic system, 1.2) and micro-matches (1.11)


def knockout_order(size: int) -> list[int]:
    """Seeds in bracket order for a bracket of ``size`` (a power of two): 1, 2 split
    into halves, 1–4 into quarters, and so on; neighbours meet in the first round."""
    if size < 1 or size & (size - 1):
        raise ValueError("a bracket's size is a power of two")
    order = [1]
    while len(order) < size:
        span = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, span - s)]
    return order


def knockout(n: int) -> list[tuple[int, int | None]]:
    """The first round of a knockout of ``n`` players by seed (start number) 1..n.

    Returns (higher seed, lower seed) ties in bracket order; ``(seed, None)`` is a
    bye. The bracket is the next power of two: the ``size - n`` byes go to the top
    seeds, and standard seeding keeps seeds 1 and 2 apart until the final (1 and 2
    are in different halves, 1–4 in different quarters, …).
    """
    if n < 2:
        raise PairingError("A knockout needs at least two players (1.2).")
    size = 1
    while size < n:
        size *= 2
    order = knockout_order(size)
    ties = []
    for i in range(0, size, 2):
        a, b = order[i], order[i + 1]
        a, b = min(a, b), max(a, b)
        ties.append((a, b if b <= n else None))
    return ties


def knockout_rounds(n: int) -> int:
    """How many rounds a knockout of ``n`` players has (the final included)."""
    rounds, size = 0, 1
    while size < n:
        size, rounds = size * 2, rounds + 1
    return rounds


def knockout_next(winners: Sequence[Hashable | None]) -> list[tuple[Hashable, Hashable | None] | None]:
    """The next round from the previous round's winners in bracket order: the
    winners of ties 1 and 2 meet, of 3 and 4, …

    A ``None`` winner is a tie nobody goes through (both lost by forfeit, −/−,
    1.9.2, 1.12.2): the neighbouring tie's winner gets a walkover, ``(winner,
    None)``, and when neither of two neighbouring ties has a winner the slot
    stays empty, ``None``, so that later rounds keep their bracket positions."""
    if len(winners) < 2 or len(winners) % 2:
        raise PairingError("A knockout round pairs an even number of winners (1.2).")
    slots = []
    for a, b in zip(winners[::2], winners[1::2]):
        if a is None and b is None:
            slots.append(None)
        else:
            slots.append((a, b) if a is not None and b is not None else (a if a is not None else b, None))
    return slots


def micro_match(game_results: Sequence[tuple[str, bool]], scoring: str = "1-1/2-0") -> str | None:
    """1.11: the micro-match's result from its games, by the sum of points.

    ``game_results``: (result, first player had white) per game, in order. Returns
    "1-0" (the first player won the micro-match), "0-1", "1/2-1/2" (equal sums), or
    None while a game has no result. A game lost by forfeit counts as a loss
    (1.12.2); a double forfeit as a loss for both.
    """
    first = second = 0.0
    for result, first_white in game_results:
        if not results.is_result(result):
            return None
        mine, theirs = (WHITE, BLACK) if first_white else (BLACK, WHITE)
        first += results.score(result, mine, scoring) or 0.0
        second += results.score(result, theirs, scoring) or 0.0
    if not game_results:
        return None
    if all(results.is_forfeit(result) for result, _white in game_results):
        # Not played at all: the micro-match is scored "+"/"−" (1.12.2).
        if first == second:
            return results.BOTH_FORFEIT
        return results.for_winner(WHITE if first > second else BLACK, forfeit=True)
    if first > second:
        return results.WHITE_WINS
    if second > first:
        return results.BLACK_WINS
    return results.DRAW


# ---------------------------------------------------------------------------
# Scheveningen (1.2): every member of one team plays every member of the other


def scheveningen(team_a: Sequence[Hashable], team_b: Sequence[Hashable]) -> list[list[tuple[Hashable, Hashable]]]:
    """Rounds of boards (white, black) in which every member of ``team_a`` plays
    every member of ``team_b`` exactly once (1.2, "схевенингенская").

    1. The schedule: with ``a`` ≤ ``b`` members, round ``r`` (of ``b``) seats the
       smaller team's member ``i`` against the other's member ``(i + r) mod b``;
       for teams of equal size nobody rests, otherwise the larger team's
       members left over rest that round.
    2. The colours. Teams of equal size: ``team_a`` has white in the odd rounds
       (1st, 3rd, …) and black in the even ones, so every player alternates his
       colours every round and has as many whites as blacks over an even number
       of rounds (one more white for ``team_a`` when it is odd). Perfect
       alternation forces a team's colour to be the same on every board of a
       round: were two boards of a round of opposite colours, a member of the
       other team meets both players' classes over the event and must break
       his alternation once. Teams of unequal size (some rest each round): the
       games are the edges of the complete bipartite graph; an Euler circuit of
       it (with one virtual vertex joined to every vertex of odd degree) walked
       in order gives each game a direction, white to black: each player has as
       many whites as blacks, or one more of either when he plays an odd number
       of games.
    3. Board order follows the listing of ``team_a``; deterministic for the same input.
    """
    if not team_a or not team_b:
        raise PairingError("Scheveningen needs two teams with players (1.2).")
    if len(set(team_a)) != len(team_a) or len(set(team_b)) != len(team_b) or set(team_a) & set(team_b):
        raise PairingError("A player is listed twice in a Scheveningen (1.2).")
    a_side = list(team_a)
    b_side = list(team_b)
    small, large, swapped = (a_side, b_side, False) if len(a_side) <= len(b_side) else (b_side, a_side, True)
    schedule = [[(small[i], large[(i + r) % len(large)]) for i in range(len(small))] for r in range(len(large))]
    n = len(large)
    if len(small) == n:
        team_of = {member: 0 for member in a_side} | {member: 1 for member in b_side}
        # ``team_a`` white in the odd rounds: ``r`` counts from 0.
        white_of = {
            pair: next(p for p in pair if team_of[p] == r % 2) for r, round_ in enumerate(schedule) for pair in round_
        }
    else:
        white_of = _balanced_orientation([pair for round_ in schedule for pair in round_])
    rounds = []
    for round_ in schedule:
        boards = []
        for mine, theirs in round_:
            a, b = (theirs, mine) if swapped else (mine, theirs)
            boards.append((a, b) if white_of[(mine, theirs)] == a else (b, a))
        rounds.append(boards)
    return rounds


def _balanced_orientation(edges: list[tuple[Hashable, Hashable]]) -> dict[tuple, Hashable]:
    """For each edge (u, v), the end that gets white: an Euler-circuit orientation,
    so every vertex's out- and in-degree differ by at most one."""
    virtual = object()
    all_edges = list(edges)
    adjacency: dict = {}
    for index, (u, v) in enumerate(all_edges):
        adjacency.setdefault(u, []).append(index)
        adjacency.setdefault(v, []).append(index)
    odd = [vertex for vertex, incident in adjacency.items() if len(incident) % 2]
    for vertex in odd:
        index = len(all_edges)
        all_edges.append((vertex, virtual))
        adjacency[vertex].append(index)
        adjacency.setdefault(virtual, []).append(index)
    used = [False] * len(all_edges)
    pointer = {vertex: 0 for vertex in adjacency}
    direction: dict[int, Hashable] = {}
    for start in list(adjacency):
        # Hierholzer's walk from every vertex with an unused edge; each step orients its edge.
        stack = [start]
        while stack:
            vertex = stack[-1]
            incident = adjacency[vertex]
            while pointer[vertex] < len(incident) and used[incident[pointer[vertex]]]:
                pointer[vertex] += 1
            if pointer[vertex] == len(incident):
                stack.pop()
                continue
            index = incident[pointer[vertex]]
            used[index] = True
            u, v = all_edges[index]
            direction[index] = vertex  # walked away from ``vertex``: it has white
            stack.append(v if u == vertex else u)
    return {all_edges[i]: direction[i] for i in range(len(edges))}
