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

from collections.abc import Callable
from dataclasses import dataclass, field

from .matching import Mate, maximum_matching, without
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


def _extend_group(text: TextSteps, rest: RestOfRound, i: int, pending: tuple[int, ...], walk: Walk):
    """Pair group ``i`` in a round the text does not decide; the floaters into group ``i + 1``,
    or None when the text's steps have finished the round from here."""
    ok, procedure = text.ok, text.procedure
    members = list(text.groups[i])
    removed: frozenset[int] = frozenset()
    leavers: tuple[int, ...] = ()
    for k, floater in enumerate(pending):
        later = pending[k + 1 :]
        partner, witness = None, None
        for group_steps in (True, False):
            for q in procedure.partner_order(members):
                if not ok(floater, q):
                    continue
                if group_steps and not text.completes(i, later, removed | {q}, leavers, whole_round=False):
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
            members.remove(partner)
            continue
        # a. He may meet nobody here with whom the round can still be paired: he floats on.
        rest.take(rest.allows(floats={floater: i + 1}), floats={floater: i + 1})
        leavers += (floater,)
        walk.deviations.append({"step": "floats on", "player": floater, "group": i + 1})
        if text.completes(i, later, removed, leavers):
            _follow_text(text, i, later, removed, leavers, walk)
            return None
    while True:
        if len(members) % 2 == 0 and text.closes(i, removed):
            witness = rest.allows(paired=members)
            if witness is not None:
                rest.take(witness, paired=members)
                walk.pairs += procedure.pair_inside(members, ok)
                return leavers
        floater, witness = None, None
        if len(members) % 2:
            # 1.15.5.4 / 1.15.7.4: the odd group's floater, who has someone in the next group
            # he may meet, and without whom the group pairs inside itself.
            for x in procedure.float_order(members):
                if text.may_float(i, removed, leavers, x, whole_round=False):
                    witness = rest.allows(floats={x: i + 1})
                    if witness is not None:
                        floater = x
                        break
        text_finishes = False
        if floater is None:
            # b. The text's steps are stuck in this group: one more player floats out.
            floater, witness, text_finishes = _float_out(text, rest, i, members, removed, leavers)
            walk.deviations.append({"step": "floats out", "player": floater, "group": i + 1})
        rest.take(witness, floats={floater: i + 1})
        removed |= {floater}
        members.remove(floater)
        leavers += (floater,)
        if text_finishes:
            _follow_text(text, i, (), removed, leavers, walk)
            return None


def _float_out(text: TextSteps, rest: RestOfRound, i: int, members: list[int], removed, leavers):
    """Who floats out of a group the text's steps cannot pair: ``(player, witness, text finishes)``.

    The first (in the order of ``_floats_out_first``) with whom the text's steps can
    finish the round; else the first with whom the round can still be paired at all.
    """
    first = None
    for x in _floats_out_first(text, i, members):
        witness = rest.allows(floats={x: i + 1})
        if witness is None:
            continue
        if text.completes(i, (), removed | {x}, leavers + (x,)):
            return x, witness, True
        if first is None:
            first = (x, witness, False)
    if first is None:
        raise AssertionError("while the rest of the round can be paired, somebody can float out")
    return first


def _floats_out_first(text: TextSteps, i: int, members: list[int]) -> list[int]:
    """The group's members in the order they are tried for floating out.

    Those whose leaving brings the group nearer to pairing inside itself first (the
    fewest players affected, 1.15.8), then those with someone in the next group they may
    meet (the first opponent below is sought there first), each in the float order.
    """
    ok = text.ok
    # A maximum matching of the group leaves as many unpaired as must float at least; a
    # player whose leaving keeps it as large brings the group one float nearer to closing.
    mate = maximum_matching(members, ok)
    next_group = text.groups[i + 1] if i + 1 < len(text.groups) else []

    def rank(x: int) -> tuple[bool, bool]:
        nearer = len(without(members, mate, {x}, ok)[1]) == len(mate)
        return not nearer, not any(ok(x, q) for q in next_group)

    return sorted(text.procedure.float_order(members), key=rank)
