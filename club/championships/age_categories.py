"""Age categories (003 1.1: соревнования проводятся … «в возрастных категориях»): pure, no Django.

A category is written as the regulations name it: ``U14`` — under 14 (boys and girls "до 14
лет"), ``60+`` — 60 and over (veterans). Age is counted by the year of birth in the event's
year, as the federation's age groups are: a player born in 2012 is 14 in every event of 2026.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_CODE = re.compile(r"(?:U(?P<under>\d{1,2})|(?P<over>\d{1,2})\+)")
AGE_MAX = 99


@dataclass(frozen=True)
class Category:
    code: str
    under: int | None = None  # younger than this
    over: int | None = None  # this age or older

    def fits(self, birth_year: int, event_year: int) -> bool:
        age = event_year - birth_year
        if self.under is not None:
            return age < self.under
        return age >= self.over

    def born(self, event_year: int) -> tuple[int | None, int | None]:
        """The years of birth it takes in ``event_year``: (earliest, latest), None where open."""
        if self.under is not None:
            return event_year - self.under + 1, None
        return None, event_year - self.over


def category(code: str) -> Category:
    """``U14`` or ``60+``; ValueError for anything else."""
    match = _CODE.fullmatch(code.strip().upper())
    if match is None:
        raise ValueError(f"{code!r} is not an age category: write U14 (under 14) or 60+ (60 and over)")
    if match["under"]:
        under = int(match["under"])
        if not 1 < under <= AGE_MAX:
            raise ValueError(f"{code!r}: an age from 2 to {AGE_MAX}")
        return Category(f"U{under}", under=under)
    over = int(match["over"])
    if not 1 <= over <= AGE_MAX:
        raise ValueError(f"{code!r}: an age from 1 to {AGE_MAX}")
    return Category(f"{over}+", over=over)


def categories_of(codes, birth_year: int | None, event_year: int) -> list[str]:
    """The categories among ``codes`` a player born in ``birth_year`` plays in (none without a year)."""
    if birth_year is None:
        return []
    return [c for c in codes if category(c).fits(birth_year, event_year)]
