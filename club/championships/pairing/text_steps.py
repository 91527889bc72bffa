"""The text's own steps over all score groups (1.15.5.4–1.15.5.5, 1.15.7.4–1.15.7.5, 1.15.8).

The text pairs from the top group down. A group's floaters (the last of an odd group,
1.15.5.4; the first, 1.15.7.4) meet a member of the next group, tried in the partner
order; what is left of a group is paired inside it (``Procedure.pair_inside``). When a
player has no opponent left, the last pair formed is broken, and the one before if need
be, until the pairing is "проведена полностью по всем очковым группам" (1.15.8): a
search through the whole round, whose answer is the first pairing in the text's order.

The search is answered exactly without walking it. Between two choices, what is left to
decide depends only on a *state*: the group being paired, the players floated into it
and still to be placed, its members already taken, and those who leave it for the next
group. Groups above are settled, so ``completes`` (can the text finish from a state?) is
remembered per state; the pairs inside a group are a perfect matching of what is left of
it, so a maximum matching decides whether they exist. ``step`` then takes, at every
choice, the first option in the text's order from which the text can finish: exactly
the pairing the backtracking search reaches first.
"""

from __future__ import annotations

from collections.abc import Callable

from .matching import Mate, is_perfect, maximum_matching, missable, without
from .procedures import Procedure


class TextSteps:
    def __init__(self, groups: list[list[int]], ok: Callable[[int, int], bool], procedure: Procedure):
        self.groups = groups
        self.ok = ok
        self.procedure = procedure
        self._mates: dict[int, Mate] = {}
        self._closes: dict[tuple[int, frozenset[int]], bool] = {}
        self._completes: dict[tuple, bool] = {}
        self._entries: dict[int, bool] = {}

    def members(self, i: int, removed: frozenset[int]) -> list[int]:
        return [pid for pid in self.groups[i] if pid not in removed]

    def closes(self, i: int, removed: frozenset[int]) -> bool:
        """Can group ``i`` without ``removed`` be paired inside itself (1.15.5.5, 1.15.7.5)?"""
        key = (i, removed)
        if key not in self._closes:
            rest, mate = without(self.groups[i], self._mate(i), set(removed), self.ok)
            self._closes[key] = is_perfect(rest, mate)
        return self._closes[key]

    def _mate(self, i: int) -> Mate:
        """A maximum matching of group ``i`` inside itself."""
        if i not in self._mates:
            self._mates[i] = maximum_matching(self.groups[i], self.ok)
        return self._mates[i]

    def completes(
        self,
        i: int,
        pending: tuple[int, ...] = (),
        removed: frozenset[int] = frozenset(),
        leavers: tuple[int, ...] = (),
    ) -> bool:
        """Can the text's steps finish the round from this state?

        ``pending`` floated into group ``i`` and still need an opponent in it, in the order
        they floated; ``removed`` are its members already taken; ``leavers`` float out of it.
        """
        key = (i, pending, removed, leavers)
        if key not in self._completes:
            self._completes[key] = self._complete(i, pending, removed, leavers)
        return self._completes[key]

    def _complete(self, i, pending, removed, leavers) -> bool:
        if i == len(self.groups):
            return not pending and not leavers
        if not self._enterable(i + 2):
            # However many float into group i + 1, the text floats at most one out of it.
            return False
        if not removed and not self._absorbs(i, len(pending)):
            return False
        # ``removed`` are members of the group, so what is left of it has this parity.
        odd = (len(self.groups[i]) - len(removed)) % 2
        if not pending and leavers and not self._absorbs(i + 1, len(leavers) + odd):
            return False
        members = self.members(i, removed)
        if len(pending) == 1:
            # 1.15.5.4 / 1.15.7.4: the floater meets the first (last) of the group he may meet, then the next.
            floater = pending[0]
            return any(
                self.ok(floater, q) and self.completes(i, (), removed | {q}, leavers)
                for q in self.procedure.partner_order(members)
            )
        if pending:
            # Several floaters (only after the extension floated more than the text does):
            # each meets a member of the group, never another floater.
            floating = set(pending)

            def ok(a: int, b: int) -> bool:
                return self.ok(a, b) and not (a in floating and b in floating)

            players = list(pending) + members
            mate = maximum_matching(players, ok)
            if (len(members) - len(pending)) % 2 == 0:
                return is_perfect(players, mate) and self._below(i, leavers, None)
            if len(players) - len(mate) != 1:
                return False
            free = missable(players, ok, mate)
            return any(x in free and self._below(i, leavers, x) for x in self.procedure.float_order(members))
        if len(members) % 2 == 0:
            return self.closes(i, removed) and self._below(i, leavers, None)
        # 1.15.5.4 / 1.15.7.4: the last (first) of an odd group floats, failing him the one before (after) him.
        return any(self.may_float(i, removed, leavers, x) for x in self.procedure.float_order(members))

    def _enterable(self, j: int) -> bool:
        """Can the text finish from group ``j`` entered with one floater from the group above, or none?"""
        if j >= len(self.groups):
            return True
        if j not in self._entries:
            # The round has an even number of players, so the players from group j down
            # tell whether one floats into it or none.
            if sum(len(group) for group in self.groups[j:]) % 2 == 0:
                self._entries[j] = self.completes(j)
            else:
                self._entries[j] = any(self.completes(j, (f,)) for f in self.groups[j - 1])
        return self._entries[j]

    def may_float(self, i: int, removed: frozenset[int], leavers: tuple[int, ...], floater: int) -> bool:
        """May ``floater`` float out of group ``i`` as the text floats a player (1.15.5.4, 1.15.7.4)?

        The rest of the group then pairs inside it, and the text's steps finish the round
        with him placed below.
        """
        if leavers:
            # Placing several floaters below costs a matching for each: rule out first,
            # cheaply, those the next group cannot absorb or without whom this one cannot pair.
            return (
                self._absorbs(i + 1, len(leavers) + 1)
                and self.closes(i, removed | {floater})
                and self._below(i, leavers, floater)
            )
        return self._below(i, leavers, floater) and self.closes(i, removed | {floater})

    def _absorbs(self, j: int, floaters: int) -> bool:
        """Can group ``j``, entered by ``floaters`` floaters, be left with at most one player over?

        Each floater takes one member and the text floats one more at most: fewer cannot
        make up for the players the group's own pairing leaves over.
        """
        return j >= len(self.groups) or len(self.groups[j]) - len(self._mate(j)) <= floaters + 1

    def _below(self, i: int, leavers: tuple[int, ...], floater: int | None) -> bool:
        """Can the players leaving group ``i`` (``leavers``, then ``floater``) be placed below it?"""
        return self.completes(i + 1, leavers + (() if floater is None else (floater,)))

    def step(
        self, i: int, pending: tuple[int, ...], removed: frozenset[int], leavers: tuple[int, ...]
    ) -> tuple[list[tuple[int, int]], tuple[int, ...]]:
        """The text's pairs for the rest of group ``i`` from a state it can finish from, and who floats on.

        At every choice the first option, in the text's order, from which it can still finish.
        """
        members = self.members(i, removed)
        pairs = []
        for k, floater in enumerate(pending):
            rest = pending[k + 1 :]
            q = next(
                q
                for q in self.procedure.partner_order(members)
                if self.ok(floater, q) and self.completes(i, rest, removed | {q}, leavers)
            )
            pairs.append((floater, q))
            removed |= {q}
            members.remove(q)
        if len(members) % 2:
            x = next(x for x in self.procedure.float_order(members) if self.may_float(i, removed, leavers, x))
            leavers += (x,)
            members.remove(x)
        return pairs + self.procedure.pair_inside(members, self.ok), leavers
