"""How each Swiss system forms pairs: who floats, whom a floater meets, whom the first of a group meets.

The three orders the text gives, per system:

- float order: who leaves an odd score group for the next one: its last, then the one
  before the last, … (1.15.5.4, and the blind draw); its first, then the second, …
  (1.15.7.4);
- partner order: whom a floater meets in the group he floats into: its first, then
  the second, … (1.15.5.4); its last, then the one before the last, … (1.15.7.4);
- opponents: whom the first player left in an even group meets (1.15.5.5, 1.15.7.5,
  1.15.4), tried in this order; ``pair_inside`` pairs a whole group by it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .matching import Mate, is_perfect, maximum_matching, without


@dataclass(frozen=True)
class Procedure:
    floats_first: bool  # the first of an odd group floats (1.15.7.4), or the last (1.15.5.4)
    floater_meets_last: bool  # the floater meets the last of the group below (1.15.7.4), or the first (1.15.5.4)
    inside: str  # "halves" (1.15.5.5), "first-last" (1.15.7.5) or "lot" (1.15.4)

    def float_order(self, members: list[int]) -> list[int]:
        return list(members) if self.floats_first else members[::-1]

    def partner_order(self, members: list[int]) -> list[int]:
        return members[::-1] if self.floater_meets_last else list(members)

    def opponents(self, remaining: list[int], upper: set[int]) -> list[int]:
        """Whom the first of ``remaining`` (in group order) meets, in the order tried.

        ``upper`` is the upper half the group was split into when its pairing began.
        """
        first, others = remaining[0], remaining[1:]
        if self.inside == "halves":
            # 1.15.5.5: the halves are split once; the first of the upper half meets the
            # first of the lower half, the second, …; failing the whole lower half, the last
            # of the upper half, the one before, …. A formed pair leaves "the lists", so the
            # halves shrink and are never split again. Once the upper half is used up, the
            # first of the lower half has no other half left and meets the last of his own.
            lower = [p for p in others if p not in upper]
            if first not in upper:
                return lower[::-1]
            return lower + [p for p in others if p in upper][::-1]
        if self.inside == "first-last":
            # 1.15.7.5: the first meets the last, failing that the one before the last, ….
            return others[::-1]
        # 1.15.4: the group is in the order of this round's lot, so the next one drawn is
        # the first one's opponent.
        return others

    def pair_inside(self, members: list[int], ok: Callable[[int, int], bool]) -> list[tuple[int, int]]:
        """The pairs of an even group that can be paired inside itself, as the text forms them.

        The text breaks the last pair formed when the first player left has no opponent,
        and the one before if need be (1.15.5.5, 1.15.7.5): the first pairing in the
        order of ``opponents``. Taking an opponent only when the rest can still all be
        paired (a maximum matching says so) finds that pairing without the search.
        """
        upper = set(members[: len(members) // 2])
        mate: Mate = maximum_matching(members, ok)
        remaining = list(members)
        pairs = []
        while remaining:
            first = remaining[0]
            for q in self.opponents(remaining, upper):
                if not ok(first, q):
                    continue
                rest, rest_mate = without(remaining, mate, {first, q}, ok)
                if is_perfect(rest, rest_mate):
                    break
            else:
                raise AssertionError("a group that can be paired always has an opponent for its first player")
            pairs.append((first, q))
            remaining, mate = rest, rest_mate
        return pairs


PROCEDURES = {
    "blind": Procedure(floats_first=False, floater_meets_last=False, inside="lot"),
    "coefficients": Procedure(floats_first=False, floater_meets_last=False, inside="halves"),
    "solkoff": Procedure(floats_first=False, floater_meets_last=False, inside="halves"),
    "buchholz": Procedure(floats_first=True, floater_meets_last=True, inside="first-last"),
}
