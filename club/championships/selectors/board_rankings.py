"""Personal-team events (003 1.1: «лично-командные соревнования»): an event that ranks
teams and individuals ranks each board's players too, from their games on that board in
the team matches, with the event's coefficients (``ratings.standings``)."""

from __future__ import annotations

from collections import defaultdict

from club.teams.models import BoardGame, TeamPlayer
from foundation.figures import figure
from games import results as vocabulary
from members.models import Member
from ratings import standings

from ..models import Championship, Round
from .results import COEFFICIENT_LABELS, COEFFICIENT_SHORT, CRITERION_CLAUSES

COUNTED_ROUNDS = (Round.Status.PUBLISHED, Round.Status.CLOSED)


def board_rankings(championship: Championship) -> list[dict]:
    """``[{"board", "rows"}]``, board 1 first: each board's players in ``ratings.standings.table``
    order, from every recorded game of theirs on that board (a board void for an ineligible
    player, 1.14.4, and an empty chair, with nobody to meet, count for nobody here)."""
    games = (
        BoardGame.objects.filter(match__round__championship=championship, match__round__status__in=COUNTED_ROUNDS)
        .exclude(white=None)
        .exclude(black=None)
        .filter(ineligible_reason="")
        .order_by("match__round__number", "board")
        .values_list("board", "match__round__number", "white_id", "black_id", "result")
    )
    rounds_of: dict[int, dict[int, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for board, number, white, black, result in games:
        if vocabulary.is_result(result):
            rounds_of[board][number].append({"white": white, "black": black, "result": result})
    system, criteria = _system(championship), _criteria(championship)
    out = []
    for board in sorted(rounds_of):
        rounds = [rounds_of[board][n] for n in sorted(rounds_of[board])]
        ids = list(dict.fromkeys(pid for games in rounds for g in games for pid in (g["white"], g["black"])))
        players = [{"id": pid, "rating": None, "withdrawn_after_round": None} for pid in ids]
        out.append({"board": board, "rows": standings.table(players, rounds, system=system, criteria=criteria)})
    return out


def _system(championship: Championship) -> str:
    return "swiss" if championship.is_swiss else "round-robin"


def _criteria(championship: Championship) -> list[str] | None:
    """The event's criteria that rank players (a team criterion such as board points does not)."""
    return [c for c in championship.tie_criteria if c in standings.CRITERIA] or None


def coefficients_shown(championship: Championship) -> list[dict]:
    """The coefficient columns of the board tables: the coefficients among the criteria that rank them."""
    criteria = _criteria(championship) or standings.DEFAULT_CRITERIA[_system(championship)]
    return [
        {"name": c, "short": COEFFICIENT_SHORT[c], "label": COEFFICIENT_LABELS[c], "clause": CRITERION_CLAUSES[c]}
        for c in criteria
        if c in standings.COEFFICIENTS
    ]


def board_rankings_shown(championship: Championship, *, limit: int | None) -> list[dict]:
    """``board_rankings`` for the page: each row with its player and his team, the figures of
    ``coefficients_shown``; at most ``limit`` rows a board (``more``: how many are left out)."""
    boards = board_rankings(championship)
    columns = [c["name"] for c in coefficients_shown(championship)]
    ids = {row["id"] for b in boards for row in b["rows"]}
    people = Member.objects.in_bulk(ids)
    teams = dict(
        TeamPlayer.objects.filter(championship=championship, member_id__in=ids, accepted_at__isnull=False).values_list(
            "member_id", "team__name"
        )
    )
    shown = []
    for b in boards:
        rows = b["rows"] if limit is None else b["rows"][:limit]
        shown.append(
            {
                "board": b["board"],
                "more": len(b["rows"]) - len(rows),
                "rows": [
                    {
                        "place": row["place"],
                        "player": people.get(row["id"]),
                        "team": teams.get(row["id"], ""),
                        "points": figure(row["points"]),
                        "games": row["games"],
                        "wdl": (row["wins"], row["draws"], row["losses"]),
                        "figures": [_figure(row["coefficients"].get(c)) for c in columns],
                    }
                    for row in rows
                ],
            }
        )
    return shown


def _figure(value) -> str:
    if isinstance(value, (list, tuple)):  # truncated Solkoff: the figure of each cut
        return " / ".join(figure(v) for v in value)
    return figure(value)
