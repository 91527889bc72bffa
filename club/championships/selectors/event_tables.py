"""The championship page's tables: the stored standings, the round robin's
grid, the crosstable as plain data and the Scheveningen match table."""

from __future__ import annotations

from ratings import standings

from ..models import Championship, Standings
from .events import entries
from .inputs import results_plain as results_input
from .results import standings_rows


# ---- the championship page's tables ---------------------------------------------------------------
def stored_standings_rows(championship: Championship) -> list[dict]:
    """``standings_rows`` of the table the worker stored (the championship page), [] before the first."""
    stored = Standings.objects.filter(championship=championship).first()
    if stored is None:
        return []
    return standings_rows(championship, table=stored.rows)


def crosstable_grid(championship: Championship, *, withheld: set[int] | frozenset = frozenset()) -> list[dict]:
    """Round robin: one row per player in start-number order, a cell per
    opponent with the marks of their games (1 / ½ / 0, + / −, 1.12.2).

    The marks come from ``ratings.standings.crosstable``, so a withdrawal is
    shown as the standings count it: "+" for the opponents of a player who
    left after half his games (1.10.3), "−" for both in the unplayed games of
    a struck one (1.10.2).

    Each row: {"entry", "cells": [[marks of each game] per opponent; None on the diagonal]};
    the boards ``withheld`` (the broadcast delay) without their results.
    """
    entry_list = list(entries(championship))
    players_plain, played = results_input(championship, withheld=withheld)
    grid = standings.crosstable(players_plain, played, championship.scoring, system=championship.standings_system)[
        "grid"
    ]
    return [
        {
            "entry": e,
            "cells": [
                None if o.member_id == e.member_id else list(grid.get(e.member_id, {}).get(o.member_id, []))
                for o in entry_list
            ],
        }
        for e in entry_list
    ]


def crosstable_plain(championship: Championship, *, withheld: set[int] | frozenset = frozenset()) -> dict:
    """``ratings.standings.crosstable`` of the recorded results (ids as text keys, as JSON has them);
    the boards ``withheld`` (the broadcast delay) without their results."""
    players_plain, played = results_input(championship, withheld=withheld)
    table = standings.crosstable(players_plain, played, championship.scoring, system=championship.standings_system)
    return {
        "grid": {str(pid): {str(o): marks for o, marks in row.items()} for pid, row in table["grid"].items()},
        "rounds": {str(pid): rows for pid, rows in table["rounds"].items()},
    }


def scheveningen_table(championship: Championship, *, withheld: set[int] | frozenset = frozenset()) -> dict:
    """Group A against group B: a row per member of A (start-number order), a
    cell per member of B with the marks of their game, each player's points,
    and the match score of the groups (``ratings.standings.group_match``); the
    boards ``withheld`` (the broadcast delay) without their results."""
    entry_list = list(entries(championship))
    players_plain, played = results_input(championship, withheld=withheld)
    options = {"scoring": championship.scoring, "system": championship.standings_system}
    grid = standings.crosstable(players_plain, played, championship.scoring, system=championship.standings_system)[
        "grid"
    ]
    team_a = [e for e in entry_list if e.group == "A"]
    team_b = [e for e in entry_list if e.group == "B"]
    points = {row["id"]: row.get("points") for row in standings.table(players_plain, played, **options)}
    score = standings.group_match({e.member_id: e.group for e in entry_list}, played, championship.scoring)
    return {
        "team_a": team_a,
        "team_b": team_b,
        "rows": [
            {
                "entry": a,
                "points": points.get(a.member_id, 0),
                "cells": [list(grid.get(a.member_id, {}).get(b.member_id, [])) for b in team_b],
            }
            for a in team_a
        ],
        "b_points": [points.get(b.member_id, 0) for b in team_b],
        "score": score,
    }
