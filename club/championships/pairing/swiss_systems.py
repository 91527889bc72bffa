"""The Swiss systems of 1.15: classification, score groups, floats and the bye."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .colours import board_colours
from .errors import PairingError
from .lots import round_lot
from .matching import Mate, is_perfect, maximum_matching, with_player, without
from .records import Record, opponent_scores, player_records

SYSTEMS = ("blind", "coefficients", "solkoff", "buchholz")


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
    records = player_records(players, rounds)
    round_no = len(rounds) + 1
    rng = round_lot(seed, round_no)
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
    elif not is_perfect(order, maximum_matching(order, ok)):
        raise _no_pairing(round_no)

    groups: list[list[int]] = []
    for pid in order:
        if groups and records[groups[-1][0]].points == records[pid].points:
            groups[-1].append(pid)
        else:
            groups.append([pid])
    rank = {pid: i for i, pid in enumerate(order)}
    for a, b in _pair_groups(groups, ok, _PROCEDURES[system]):
        pairing.append(board_colours(a, b, records, rank))
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


def _classification(system: str, active: list[int], records: dict[int, Record], round_no: int, rng) -> list[int]:
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
        buchholz = {pid: sum(scores) for pid, scores in opponent_scores(records).items()}
        return sorted(active, key=lambda pid: (-records[pid].points, -buchholz[pid], number[pid]))
    if system == "solkoff" and round_no >= 3:
        # 1.15.6.2: by truncated Solkoff (all opponents but the worst), highest first, then by number.
        solkoff = {pid: sum(s) - min(s, default=0.0) for pid, s in opponent_scores(records).items()}
        return sorted(active, key=lambda pid: (-records[pid].points, -solkoff[pid], number[pid]))
    # 1.15.5.3 / 1.15.5.6 (and 1.15.6.1 for round 2): by number, ascending in odd rounds,
    # descending in even ones; the "тур" is the round being paired (rules-notes).
    sign = 1 if round_no % 2 else -1
    return sorted(active, key=lambda pid: (-records[pid].points, sign * number[pid]))


def _may_meet(records: dict[int, Record]) -> Callable[[int, int], bool]:
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


def _bye(order: list[int], records: dict[int, Record], ok, round_no: int) -> int:
    """1.15.2: the "+" goes to the lowest-classified player who has had no win without play yet,

    provided the others can then all be paired; otherwise to the next one up.
    """
    eligible = [pid for pid in reversed(order) if not records[pid].free_win]
    if not eligible:
        raise PairingError(
            f"1.15.2: in round {round_no} every player has already had a win without play, so nobody can get the bye"
        )
    mate = maximum_matching(order, ok)
    for pid in eligible:
        rest, rest_mate = without(order, dict(mate), {pid}, ok)
        if is_perfect(rest, rest_mate):
            return pid
    raise _no_pairing(round_no)


def _plan(group: list[int], mate_g: Mate, lower: list[int], mate_l: Mate, next_group: list[int], ok, proc: _Procedure):
    """Who of ``group`` floats down so that the rest pairs inside the group and everyone below still pairs.

    Returns ``(floater or None, maximum matching of the group without him)``, or None when
    the group cannot keep that shape and has to be joined to the next one.
    """
    if len(group) % 2 == 0:
        if is_perfect(group, mate_g) and is_perfect(lower, mate_l):
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
            rest, rest_mate = without(group, dict(mate_g), {x}, ok)
            if not is_perfect(rest, rest_mate):
                continue
            grown, grown_mate = with_player(lower, mate_l, x, ok)
            if is_perfect(grown, grown_mate):
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
        mate_l = maximum_matching(lower, ok)
        mate_g = maximum_matching(group, ok)
        plan = None
        if floater is not None:
            partner, plan = _floater_partner(floater, group, mate_g, lower, mate_l, next_group, ok, proc)
            pairs.append((floater, partner))
            floater = None
            if partner in group:
                if plan is None:
                    mate_g = without(group, mate_g, {partner}, ok)[1]
                group.remove(partner)
            else:
                for g in below:
                    if partner in g:
                        g.remove(partner)
                lower.remove(partner)
                mate_l = maximum_matching(lower, ok)
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
        rest, rest_mate = without(group, dict(mate_g), {q}, ok)
        plan = _plan(rest, rest_mate, lower, mate_l, next_group, ok, proc)
        if plan is not None:
            return q, plan
    # Otherwise anyone who keeps the rest pairable, nearest in score first.
    everyone = group + lower
    mate = maximum_matching(everyone, ok)
    for q in proc.partner_order(group) + lower:
        if ok(f, q):
            rest, rest_mate = without(everyone, dict(mate), {q}, ok)
            if is_perfect(rest, rest_mate):
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
            rest, rest_mate = without(remaining, dict(mate), {first, q}, ok)
            if is_perfect(rest, rest_mate):
                mate = rest_mate
                break
        else:
            raise AssertionError("a pairable group always has a candidate for its first player")
        pairs.append((first, q))
        remaining = rest
    return pairs
