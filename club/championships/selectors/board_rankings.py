"""Personal-team events (003 1.1: «лично-командные соревнования»): an event that ranks
teams and individuals ranks each board's players too, from their games on that board in
the team matches, with the event's coefficients (``ratings.standings``)."""

from __future__ import annotations

from collections import defaultdict

from club.teams.models import BoardGame
from games import results as vocabulary
from ratings import standings

from ..models import Championship, Round

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
    system = "swiss" if championship.is_swiss else "round-robin"
    criteria = [c for c in championship.tie_criteria if c in standings.CRITERIA] or None
    out = []
    for board in sorted(rounds_of):
        rounds = [rounds_of[board][n] for n in sorted(rounds_of[board])]
        ids = list(dict.fromkeys(pid for games in rounds for g in games for pid in (g["white"], g["black"])))
        players = [{"id": pid, "rating": None, "withdrawn_after_round": None} for pid in ids]
        out.append({"board": board, "rows": standings.table(players, rounds, system=system, criteria=criteria)})
    return out
