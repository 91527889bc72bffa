"""Pairing a round's score groups: by the text's steps, and where they cannot finish, by its extension.

1. If the text's steps (``TextSteps``: floats to the next group only, backtracking
   through the pairs formed, over all score groups) can pair the round, the pairing is
   theirs, exactly.
2. Otherwise the round is one the text does not decide (two leaders who have met; a
   floater who has met everyone in the next group; …). The pairing still goes from the
   top group down, with the text's own steps and orders, and with two steps the text
   does not have, each taken only where the text's steps are stuck:

   a. *floats on*: a floater with nobody in the group he floated into whom he may meet
      (or only such that the rest of the round could not be paired) floats on to the
      next group, where he meets a member in the partner order (the last first for
      1.15.7.4), and so on down;
   b. *floats out*: a score group whose rest cannot be paired inside it floats one
      more player, in the system's float order (the last for 1.15.5.4, the first for
      1.15.7.4), to the first opponent below as a floater does, one at a time, those
      first whose leaving lets the rest be paired with fewer floats: the fewest players
      affected (1.15.8).

   At every choice, the options in the text's order: first one with which the text's
   steps can still finish the group (and its backtracking inside the group is kept),
   then any; a step is taken only if everyone left can still be paired under 1.15.2
   (``RestOfRound``), so ``PairingError`` is left to rounds no pairing can play. Among
   the extension's own steps, one with which the text's steps can finish the round is
   preferred, and from there the text pairs the rest (``TextSteps.step``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from .matching import Mate, is_perfect, maximum_matching, missable, without
from .procedures import Procedure
from .rest_of_round import RestOfRound
from .text_steps import TextSteps


@dataclass
class Walk:
    pairs: list[tuple[int, int]] = field(default_factory=list)  # in the order formed
    by_the_text: bool = True
    deviations: list[dict] = field(default_factory=list)  # the extension's steps, as plain data


def pair_score_groups(
    groups: list[list[int]], ok: Callable[[int, int], bool], procedure: Procedure, witness: Mate
) -> Walk:
    """Pair ``groups`` (score groups from the top, each in its order); ``witness`` pairs them all under 1.15.2."""
    text = TextSteps(groups, ok, procedure)
    walk = Walk()
    if text.completes(0):
        _follow_text(text, 0, (), frozenset(), (), walk)
        return walk
    walk.by_the_text = False
    rest = RestOfRound(groups, ok, witness)
    pending: tuple[int, ...] | None = ()
    for i in range(len(groups)):
        pending = _extend_group(text, rest, i, pending, walk)
        if pending is None:
            break
    return walk


def _follow_text(text: TextSteps, i: int, pending, removed, leavers, walk: Walk) -> None:
    while i < len(text.groups):
        pairs, pending = text.step(i, pending, removed, leavers)
        walk.pairs += pairs
        i, removed, leavers = i + 1, frozenset(), ()


class _GroupLeft:
    """What is left of a score group while the extension pairs it: the floaters still to
    place in it and its members, with a maximum matching of them in which floaters meet
    members only, kept up to date as players leave (one search per step, not a matching)."""

    def __init__(self, text: TextSteps, i: int, pending: tuple[int, ...]):
        self.ok = text.ok
        self.procedure = text.procedure
        self.members = list(text.groups[i])
        self.next_group = text.groups[i + 1] if i + 1 < len(text.groups) else []
        floating = set(pending)

        def ok(a: int, b: int) -> bool:
            return self.ok(a, b) and not (a in floating and b in floating)

        self.may_meet = ok
        self.players = list(pending) + self.members
        self.mate = maximum_matching(self.players, ok)
        self._meets_next: dict[int, bool] = {}

    def after_leaving(self, gone: set[int]) -> tuple[list[int], Mate]:
        """The players left and their maximum matching once ``gone`` have left."""
        return without(self.players, self.mate, gone, self.may_meet)

    def leave(self, gone: set[int], after: tuple[list[int], Mate] | None = None) -> None:
        self.players, self.mate = after or self.after_leaving(gone)
        self.members = [pid for pid in self.members if pid not in gone]

    def meets_next(self, x: int) -> bool:
        """Has ``x`` someone in the next group he may meet (1.15.5.4, 1.15.7.4)?"""
        if x not in self._meets_next:
            self._meets_next[x] = any(self.ok(x, q) for q in self.next_group)
        return self._meets_next[x]

    def text_floaters(self, players: list[int], mate: Mate) -> Iterator[int]:
        """Those of the group who may float out as the text floats one, in float order: the
        rest then pair inside the group, the floaters still to place each with a member,
        and he has someone in the next group (1.15.5.4 / 1.15.7.4 for this group alone)."""
        if len(players) - len(mate) != 1:
            return
        members = set(self.members)
        for x in self.procedure.float_order([pid for pid in players if pid in members]):
            # One at a time: in a dense group the first is found at once, where the set of
            # them all would take a search through the whole group.
            if self.meets_next(x) and (x not in mate or is_perfect(*without(players, mate, {x}, self.may_meet))):
                yield x

    def can_finish(self, players: list[int], mate: Mate) -> bool:
        """Can the text's steps finish this group alone from ``players`` and their matching ``mate``?"""
        if len(players) % 2 == 0:
            return len(mate) == len(players)
        return next(self.text_floaters(players, mate), None) is not None


def _extend_group(text: TextSteps, rest: RestOfRound, i: int, pending: tuple[int, ...], walk: Walk):
    """Pair group ``i`` in a round the text does not decide; the floaters into group ``i + 1``,
    or None when the text's steps have finished the round from here."""
    ok, procedure = text.ok, text.procedure
    left = _GroupLeft(text, i, pending)
    removed: frozenset[int] = frozenset()
    leavers: tuple[int, ...] = ()
    for k, floater in enumerate(pending):
        later = pending[k + 1 :]
        partner, witness, after = None, None, None
        for group_steps in (True, False):
            for q in procedure.partner_order(left.members):
                if not ok(floater, q):
                    continue
                after = left.after_leaving({floater, q})
                if group_steps and not left.can_finish(*after):
                    continue
                witness = rest.allows(paired=(floater, q))
                if witness is not None:
                    partner = q
                    break
            if partner is not None:
                break
        if partner is not None:
            rest.take(witness, paired=(floater, partner))
            walk.pairs.append((floater, partner))
            removed |= {partner}
            left.leave({floater, partner}, after)
            continue
        # a. He may meet nobody here with whom the round can still be paired: he floats on.
        rest.take(rest.allows(floats={floater: i + 1}), floats={floater: i + 1})
        leavers += (floater,)
        left.leave({floater})
        walk.deviations.append({"step": "floats on", "player": floater, "group": i + 1})
        if text.completes(i, later, removed, leavers):
            _follow_text(text, i, later, removed, leavers, walk)
            return None
    while True:
        members = left.members
        if len(members) % 2 == 0 and len(left.mate) == len(members):
            witness = rest.allows(paired=members)
            if witness is not None:
                rest.take(witness, paired=members)
                walk.pairs += procedure.pair_inside(members, ok)
                return leavers
        floater, witness = None, None
        if len(members) % 2:
            # 1.15.5.4 / 1.15.7.4: the odd group's floater, who has someone in the next group
            # he may meet, and without whom the group pairs inside itself.
            for x in left.text_floaters(left.players, left.mate):
                witness = rest.allows(floats={x: i + 1})
                if witness is not None:
                    floater = x
                    break
        text_finishes = False
        if floater is None:
            # b. The text's steps are stuck in this group: one more player floats out.
            floater, witness, text_finishes = _float_out(text, rest, i, left, removed, leavers)
            walk.deviations.append({"step": "floats out", "player": floater, "group": i + 1})
        rest.take(witness, floats={floater: i + 1})
        removed |= {floater}
        left.leave({floater})
        leavers += (floater,)
        if text_finishes:
            _follow_text(text, i, (), removed, leavers, walk)
            return None


def _float_out(text: TextSteps, rest: RestOfRound, i: int, left: _GroupLeft, removed, leavers):
    """Who floats out of a group the text's steps cannot pair: ``(player, witness, text finishes)``.

    The first (in the order of ``_floats_out_first``) with whom the text's steps can
    finish the round; else the first with whom the round can still be paired at all.
    """
    first = None
    for x, unpaired_after in _floats_out_first(left):
        # The text floats at most one more player out of the group, so it can finish only
        # if the rest of the group then leaves at most one unpaired.
        finishes = unpaired_after <= 1 and text.completes(i, (), removed | {x}, leavers + (x,))
        if not finishes and first is not None:
            continue
        witness = rest.allows(floats={x: i + 1})
        if witness is None:
            continue
        if finishes:
            return x, witness, True
        first = (x, witness, False)
    if first is None:
        raise AssertionError("while the rest of the round can be paired, somebody can float out")
    return first


def _floats_out_first(left: _GroupLeft) -> list[tuple[int, int]]:
    """The group's members in the order they are tried for floating out, each with how many
    of the rest would be left unpaired inside the group at least.

    Those whose leaving brings the group nearer to pairing inside itself first (the
    fewest players affected, 1.15.8), then those with someone in the next group they may
    meet (the first opponent below is sought there first), each in the float order.
    """
    # The maximum matching leaves as many unpaired as must float at least; a player some
    # maximum matching leaves unpaired brings the group one float nearer to closing.
    unpaired = len(left.members) - len(left.mate)
    nearer = missable(left.members, left.may_meet, left.mate)
    ranked = sorted(left.procedure.float_order(left.members), key=lambda x: (x not in nearer, not left.meets_next(x)))
    return [(x, unpaired - 1 if x in nearer else unpaired + 1) for x in ranked]
