"""Standings by age category (003 1.1): where an event is for several categories, each has its
own table — the event's standings, only its players, placed among themselves."""

from __future__ import annotations

from members.models import Member

from .. import age_categories
from ..models import Championship


def category_standings(championship: Championship, rows: list[dict]) -> list[dict]:
    """``rows`` (``results.standings_rows``, in order) cut by category: ``[{"category", "rows":
    [{"place", "row"}]}]`` — [] unless the event has two or more categories. A struck row keeps
    no place (1.10.2), as in the event's table."""
    codes = championship.age_categories
    if len(codes) < 2:
        return []
    born = dict(Member.objects.filter(pk__in=[r["player"].id for r in rows]).values_list("pk", "birth_year"))
    year = championship.event_year
    tables = []
    for code in codes:
        mine = [r for r in rows if code in age_categories.categories_of([code], born.get(r["player"].id), year)]
        placed, place = [], 0
        for row in mine:
            if not row["struck"]:
                place += 1
            placed.append({"place": "" if row["struck"] else place, "row": row})
        tables.append({"category": code, "rows": placed})
    return tables
