"""Knockout (the olympic system, 1.2): the bracket by seed and the next round from the winners."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from games.rules.words import N_

from .errors import PairingError


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
        raise PairingError(N_("A knockout needs at least two players (1.2)."))
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
        raise PairingError(N_("A knockout round pairs an even number of winners (1.2)."))
    slots = []
    for a, b in zip(winners[::2], winners[1::2]):
        if a is None and b is None:
            slots.append(None)
        else:
            slots.append((a, b) if a is not None and b is not None else (a if a is not None else b, None))
    return slots
