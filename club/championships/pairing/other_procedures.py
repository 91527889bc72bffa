"""Other pairing procedures an event's regulations choose (003 1.15.9: «Положением или
Регламентом о соревновании может быть предусмотрен и иной порядок проведения жеребьёвки.
Например, принудительная жеребьёвка в первых турах, жеребьёвка участников по группам»).

* Accelerated pairing in the first rounds: in the first ``accelerated_rounds`` the upper
  group — the first half of the initial order, made even — counts ``accelerated_points``
  more when score groups are formed, so the strongest meet one another at once; the extra
  points never reach the standings. Its first round pairs each group by itself.
* Pairing within groups: ``rating_bands`` are the lower bounds of rating bands, highest
  first; each band is paired as a Swiss of its own in every round (a player without a
  rating is in the lowest band).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class OtherProcedures:
    accelerated_rounds: int = 0
    accelerated_points: float = 1.0
    rating_bands: tuple[int, ...] = ()

    def accelerates(self, round_no: int) -> bool:
        return round_no <= self.accelerated_rounds

    def as_plain(self) -> dict:
        return {
            "accelerated_rounds": self.accelerated_rounds,
            "accelerated_points": self.accelerated_points,
            "rating_bands": list(self.rating_bands),
        }


def upper_group(players: Sequence[dict]) -> list[int]:
    """The accelerated upper group: the first half of the initial order, rounded up to an even number."""
    half = (len(players) + 1) // 2
    return [p["id"] for p in players[: half + half % 2]]


def band_of(rating: int | None, bounds: Sequence[int]) -> int:
    """The band (0 the highest) of a rating among the lower ``bounds`` (highest first)."""
    for band, bound in enumerate(bounds):
        if rating is not None and rating >= bound:
            return band
    return len(bounds)


def bands(players: Sequence[dict], bounds: Sequence[int]) -> list[list[dict]]:
    """``players`` (in the initial order) split into the rating bands, highest first, each kept in order."""
    split: list[list[dict]] = [[] for _ in range(len(bounds) + 1)]
    for player in players:
        split[band_of(player.get("rating"), bounds)].append(player)
    return split
