"""The classification of a Swiss round: score groups from the top, each ordered as its system says."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .records import Record, opponent_scores


@dataclass(frozen=True)
class Classification:
    """The players of the round in order, and the keys that ordered them.

    ``keys`` are ``(name, descending)`` in order of precedence; ``values`` gives each
    player's value of every key, so the order can be shown and checked.
    """

    order: list[int]
    keys: tuple[tuple[str, bool], ...]
    values: dict[int, dict[str, float | int]]

    def score_groups(self, players: list[int]) -> list[list[int]]:
        """``players`` (a part of the order, in order) cut into score groups."""
        groups: list[list[int]] = []
        for pid in players:
            if groups and self.values[groups[-1][0]]["points"] == self.values[pid]["points"]:
                groups[-1].append(pid)
            else:
                groups.append([pid])
        return groups


def classify(
    system: str,
    active: list[int],
    records: dict[int, Record],
    round_no: int,
    rng: random.Random,
    bonus: dict[int, float] | None = None,
) -> Classification:
    """The order of round ``round_no`` (the round being paired) of ``system``; ``bonus``: the
    points an accelerated round adds for forming score groups (1.15.9), never for standings."""
    bonus = bonus or {}
    points = {pid: records[pid].points + bonus.get(pid, 0.0) for pid in active}
    if system == "blind":
        # 1.15.4: no classification; within a score group the order is this round's lot.
        drawn = list(active)
        rng.shuffle(drawn)
        lot = {pid: i for i, pid in enumerate(drawn, 1)}
        return _ordered(active, (("points", True), ("lot", False)), {"points": points, "lot": lot})
    number = {pid: records[pid].number for pid in active}
    if system == "buchholz" and round_no >= 3:
        # 1.15.7.6: by current Buchholz, highest first, then by number.
        scores = opponent_scores(records)
        buchholz = {pid: sum(scores[pid]) for pid in active}
        keys = (("points", True), ("buchholz", True), ("number", False))
        return _ordered(active, keys, {"points": points, "buchholz": buchholz, "number": number})
    if system == "buchholz":
        # 1.15.7.3: within the score groups by the first round's numbers.
        return _ordered(active, (("points", True), ("number", False)), {"points": points, "number": number})
    if system == "solkoff" and round_no >= 3:
        # 1.15.6.2: by truncated Solkoff (all opponents but the worst), highest first, then by number.
        scores = opponent_scores(records)
        solkoff = {pid: sum(scores[pid]) - min(scores[pid], default=0.0) for pid in active}
        keys = (("points", True), ("truncated_solkoff", True), ("number", False))
        return _ordered(active, keys, {"points": points, "truncated_solkoff": solkoff, "number": number})
    # 1.15.5.3 / 1.15.5.6 (and 1.15.6.1 for round 2): by number, ascending in odd rounds,
    # descending in even ones; the "тур" is the round being paired (rules-notes).
    keys = (("points", True), ("number", round_no % 2 == 0))
    return _ordered(active, keys, {"points": points, "number": number})


def _ordered(active: list[int], keys: tuple[tuple[str, bool], ...], columns: dict[str, dict]) -> Classification:
    def key(pid: int) -> tuple:
        return tuple(-columns[name][pid] if descending else columns[name][pid] for name, descending in keys)

    values = {pid: {name: columns[name][pid] for name, _descending in keys} for pid in active}
    return Classification(order=sorted(active, key=key), keys=keys, values=values)
