"""The players of a round not yet paired, and a pairing of them all that keeps 1.15.2.

Where the text's steps cannot finish a round, its pairing goes on step by step (see
``round_walk``), and a step is taken only if everyone left can still be paired: then it
never paints itself into a corner, and ``PairingError`` is left for rounds that no
pairing at all can play. The proof is a *witness*, one such pairing of everyone left,
kept up to date: a step that keeps the witness's pairs costs nothing, and one that
breaks some frees their players, whom augmenting paths pair again if they can.

A player floated out of his score group meets a player of a group below the one he
is in (never another floater): ``floor`` holds, for each floater, the highest group
whose members he may still meet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .matching import Mate, augment


class RestOfRound:
    def __init__(self, groups: list[list[int]], ok: Callable[[int, int], bool], witness: Mate):
        self.group_of = {pid: i for i, group in enumerate(groups) for pid in group}
        self.players = [pid for group in groups for pid in group]
        self.ok = ok
        self.floor: dict[int, int] = {}
        self.witness = witness

    def _may_meet(self, floor: dict[int, int]) -> Callable[[int, int], bool]:
        group_of = self.group_of

        def ok(a: int, b: int) -> bool:
            fa, fb = floor.get(a), floor.get(b)
            if fa is not None and (fb is not None or group_of[b] < fa):
                return False
            if fb is not None and group_of[a] < fb:
                return False
            return self.ok(a, b)

        return ok

    def allows(self, paired: Iterable[int] = (), floats: dict[int, int] | None = None) -> Mate | None:
        """The witness after ``paired`` leave and ``floats`` (player: floor) float; None if no pairing is left."""
        gone = set(paired)
        floor = {**self.floor, **(floats or {})}
        ok = self._may_meet(floor)
        mate = dict(self.witness)
        freed = []
        for pid in gone | set(floats or ()):
            partner = mate.get(pid)
            if partner is None:
                continue
            if pid in gone or not ok(pid, partner):
                del mate[pid], mate[partner]
                freed += [v for v in (pid, partner) if v not in gone]
        if not freed:
            return mate
        players = [pid for pid in self.players if pid not in gone]
        for pid in freed:
            if pid not in mate and not augment(players, mate, pid, ok):
                return None
        return mate

    def take(self, witness: Mate, paired: Iterable[int] = (), floats: dict[int, int] | None = None) -> None:
        """Make the step ``allows`` approved, with the witness it returned."""
        gone = set(paired)
        self.players = [pid for pid in self.players if pid not in gone]
        for pid in gone:
            self.floor.pop(pid, None)
        self.floor.update(floats or {})
        self.witness = witness
