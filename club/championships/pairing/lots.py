"""Lots: start numbers and the initial classification (1.15.4, 1.15.5.1), and the lot of a Swiss round."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence


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


def round_lot(seed, round_no: int) -> random.Random:
    # One generator per round, so re-pairing a round repeats its draw. A string seed is
    # hashed the same way on every run (unlike hash()); seed=None is a fixed seed too.
    return random.Random(f"{seed!r}/{round_no}")
