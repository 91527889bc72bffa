"""Team competitions (003 1.14): pure, plain values in and out, no Django.

* ``board_colours`` — 1.14.3: the team with white on board 1 has white on the
  odd boards and black on the even ones.
* ``may_play`` — 1.14.4 as the rules notes read it: a team needs at least half
  its boards, and at least two players, present; otherwise it does not play
  and loses the match.
* ``match_result`` — 1.14.6: the match goes to the team with more points over
  all the boards of the round (the home team is the one with white on board 1).
* ``table`` — placing (1.14.6 and its note) over ``ratings.standings``: that
  module scores the matches as games between teams (2/1/0: the note's match
  points; wins, coefficients, head-to-head), board points are added from the
  boards, a play-off that still stands orders its places (1.13.2, 1.14.6,
  ``playoffs_in_force``) and then the event's criteria order the teams.
* ``playoff_order`` — a team play-off's result: its teams by match points.

Readings where the seed is silent (the services apply them):

* "present" (1.14.4) is the line-up less the players the arbiter records as
  absent when publishing; a team that may play loses only the boards whose
  chair is empty ("−", 1.9.2).
* A match not played under 1.14.4 or 1.14.5 is a forfeit ("+"/"−"); the team
  that could play scores every board. A Swiss bye scores a match win and
  every board.
* A line-up keeps the roster's board order: a player may move up when one
  above him sits out, reserves play below the players they replace — unless the
  regulations fix the boards (``BoardPolicy``, 1.14.2).

``BoardPolicy`` — 1.14.2: «закрепляются ли за игроками определённые доски, … на каких
досках [запасные] могут играть, происходит ли сдвижка по доскам основного состава»;
``lineup_problem`` checks a line-up against it, ``chairs`` seats it when the round starts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games import results
from ratings import standings

from . import pairing

MATCH_POINTS, BOARD_POINTS = "match-points", "board-points"
# 1.14.6 places teams by the sum of their board points; its note allows match points
# (2 / 1 / 0) instead. An event that says nothing is scored by the main text.
DEFAULT_SCORING = BOARD_POINTS
SCORINGS = (MATCH_POINTS, BOARD_POINTS)
# The tie criteria of 1.14.6 ("won the direct encounter", "more matches won", a
# coefficient system) and the other points sum; a coefficient is computed on match points.
CRITERIA = (MATCH_POINTS, BOARD_POINTS, "head-to-head", "match-wins") + standings.COEFFICIENTS
DEFAULT_CRITERIA = {
    MATCH_POINTS: (BOARD_POINTS, "head-to-head", "match-wins", "berger"),
    BOARD_POINTS: ("head-to-head", "match-wins", "berger"),
}


@dataclass(frozen=True)
class BoardPolicy:
    """The regulations' board rules (1.14.2).

    ``fixed``: each player of the main line-up (roster places 1…boards) plays only on his own
    board, and a reserve takes the board of the one he replaces; ``reserve_boards``: the boards
    a reserve may play (empty: any); ``moves_up``: when a player of the line-up is missing at
    the start, those below him move up a board (the last board is left empty) — otherwise his
    chair stays empty. Fixed boards never move up."""

    fixed: bool = False
    reserve_boards: tuple[int, ...] = ()
    moves_up: bool = False


def lineup_problem(
    lineup: Sequence[int | None], order: Mapping[int, int], boards: int, policy: BoardPolicy
) -> tuple[str, int] | None:
    """What breaks 1.14.2 in ``lineup`` (by board, None an empty board; ``order``: each player's
    roster place from 1), as ``(code, board)``: "board-order" (the roster's order is not kept),
    "fixed-board" (a main player off his board), "reserve-board" (a reserve on a board the
    regulations keep from reserves); None when it stands."""
    seated = [(board, m) for board, m in enumerate(lineup, 1) if m is not None]
    # Fixed boards place every player by his own board, and a reserve on the board he takes.
    for (_, above), (board, below) in zip(seated, seated[1:]):
        if not policy.fixed and order[above] > order[below]:
            return "board-order", board
    for board, m in seated:
        main = order[m] <= boards
        if policy.fixed and main and order[m] != board:
            return "fixed-board", board
        if not main and policy.reserve_boards and board not in policy.reserve_boards:
            return "reserve-board", board
    return None


def chairs(lineup: Sequence[int | None], absent: set[int], boards: int, policy: BoardPolicy) -> list[int | None]:
    """Who sits on each board when the round starts: the line-up less the ``absent``; with
    ``moves_up``, those below a missing player move up a board (1.14.2 «сдвижка»)."""
    present = [m if m is not None and m not in absent else None for m in lineup]
    if policy.moves_up and not policy.fixed:
        present = [m for m in present if m is not None]
    return (present + [None] * boards)[:boards]


def board_colours(boards: int) -> list[str]:
    """1.14.3: the colour of the home team (white on board 1) on boards 1..``boards``."""
    return [results.WHITE if board % 2 else results.BLACK for board in range(1, boards + 1)]


def may_play(present: int, boards: int) -> bool:
    """1.14.4: at least half the boards and at least two players present."""
    return present >= 2 and 2 * present >= boards


def forfeit_result(home_plays: bool, away_plays: bool) -> str:
    """The result of a match (home's side) that at least one team may not play (1.14.4)."""
    if home_plays == away_plays:
        return results.BOTH_FORFEIT
    return results.for_winner(results.WHITE if home_plays else results.BLACK, forfeit=True)


def board_result(home_present: bool, away_present: bool, home_colour: str) -> str:
    """The board of a played match with an empty chair: "−" for the absent side
    (1.9.2), "−/−" when both chairs are empty; "" when both players sit."""
    if home_present and away_present:
        return ""
    if not home_present and not away_present:
        return results.BOTH_FORFEIT
    away_colour = results.BLACK if home_colour == results.WHITE else results.WHITE
    return results.for_winner(home_colour if home_present else away_colour, forfeit=True)


def match_result(board_results: Sequence[str], boards: int | None = None) -> str | None:
    """1.14.6: the match's result from the home team's side, by the sum of board
    points; None while a board has no result. Every board forfeited: the match
    is a forfeit (``pairing.micro_match`` scores the boards the same way)."""
    colours = board_colours(boards or len(board_results))
    return pairing.micro_match([(r, colour == results.WHITE) for r, colour in zip(board_results, colours)])


def board_points(board_results: Sequence[str]) -> tuple[float, float]:
    """(home, away) board points of a match, 1 / ½ / 0 per board (1.12.1)."""
    home = away = 0.0
    for result, colour in zip(board_results, board_colours(len(board_results))):
        other = results.BLACK if colour == results.WHITE else results.WHITE
        home += results.score(result, colour) or 0.0
        away += results.score(result, other) or 0.0
    return home, away


def table(
    teams: Sequence[dict],
    rounds: Sequence[Sequence[dict]],
    *,
    scoring: str = BOARD_POINTS,
    system: str = "round-robin",
    criteria: Sequence[str] | None = None,
    playoff: Sequence | None = None,
) -> list[dict]:
    """The team standings, best first.

    ``teams``: ``[{"id", "annulled"}]`` in start order; an annulled team (1.14.5:
    the arbiters annulled all its matches) leaves the table with every match
    involving it and is listed last without a place.
    ``rounds``: per round, the matches ``{"home", "away" (None: a bye or a rest),
    "result" (home's side: a ``games.results`` string, "bye", or "" unfinished),
    "home_points", "away_points"}`` (board points).
    ``playoff``: finished play-offs' orders, as ``ratings.standings.table`` takes them
    (``playoffs_in_force`` says which of them order places).

    Rows: ``id``, ``place`` ("2" or "2-3"), ``match_points``, ``board_points``,
    ``matches_won``/``drawn``/``lost``, ``matches``, ``coefficients`` (of
    ``ratings.standings``, on match points), ``annulled``, ``playoff_right``
    (1.14.6: a team that won every match but is placed second may play an
    extra match for first place), ``playoff`` (a play-off decided its place).
    """
    return _table(teams, rounds, scoring=scoring, system=system, criteria=criteria, playoff=playoff)[0]


def playoffs_in_force(
    teams: Sequence[dict],
    rounds: Sequence[Sequence[dict]],
    playoff: Sequence,
    *,
    scoring: str = BOARD_POINTS,
    system: str = "round-robin",
    criteria: Sequence[str] | None = None,
) -> list:
    """The orders of ``playoff`` that order places in ``table``: those between exactly the
    teams tied on points (1.13.2), and the extra match for first place between the first
    and a second that won every match (1.14.6). Any other — a result corrected since broke
    the tie or took the right away — is void."""
    return _table(teams, rounds, scoring=scoring, system=system, criteria=criteria, playoff=playoff)[1]


def _table(teams, rounds, *, scoring, system, criteria, playoff) -> tuple[list[dict], list]:
    if scoring not in SCORINGS:
        raise ValueError(f"unknown scoring {scoring!r}")
    criteria = standings.criteria_checked(criteria, DEFAULT_CRITERIA[scoring], CRITERIA)
    annulled = {t["id"] for t in teams if t.get("annulled")}
    standing = [t["id"] for t in teams if t["id"] not in annulled]
    played_rounds, boards_won = [], {tid: 0.0 for tid in standing}
    for matches in rounds:
        games = []
        for m in matches:
            if m["home"] in annulled or m.get("away") in annulled:
                continue
            games.append({"white": m["home"], "black": m.get("away"), "result": m.get("result") or ""})
            if m.get("away") is not None and results.is_result(m.get("result") or ""):
                boards_won[m["home"]] += m["home_points"]
                boards_won[m["away"]] += m["away_points"]
            elif m.get("result") == results.BYE:
                boards_won[m["home"]] += m["home_points"]
        played_rounds.append(games)
    # The matches as games between teams: 2/1/0 are the note's match points.
    rows = standings.table(
        [{"id": tid, "rating": None, "withdrawn_after_round": None} for tid in standing],
        played_rounds,
        scoring="2-1-0",
        system=system,
        criteria=(),
    )
    by_id = {}
    for row in rows:
        by_id[row["id"]] = {
            "id": row["id"],
            "match_points": row["points"],
            "board_points": round(boards_won[row["id"]], 9),
            "matches_won": row["wins"],
            "matches_drawn": row["draws"],
            "matches_lost": row["losses"],
            "matches": row["games"],
            "coefficients": row["coefficients"],
            "opponents": row["opponents"],
            "annulled": False,
            "playoff_right": False,
            "playoff": False,
            "place": "",
        }
    primary = scoring
    groups = standings.split_tied([standing], lambda group: {tid: by_id[tid][_points_key(primary)] for tid in group})
    # 1.13.2: a play-off between exactly the teams tied on points orders them ahead of the criteria.
    in_force = standings.playoffs_standing(playoff, groups)
    groups = standings.playoffs_apply(groups, in_force)
    for criterion in criteria:
        groups = standings.split_tied(groups, lambda group, c=criterion: _criterion(c, group, by_id))
    if len(groups) >= 2 and len(groups[0]) == len(groups[1]) == 1:
        first, second = groups[0][0], groups[1][0]
        if by_id[second]["matches"] and by_id[second]["matches_won"] == by_id[second]["matches"]:
            # 1.14.6: placed second though it won every match: it may play first place off.
            by_id[second]["playoff_right"] = True
            extra = next(
                (
                    order
                    for order in playoff or []
                    if order not in in_force and standings.playoff_members(order) == {first, second}
                ),
                None,
            )
            if extra is not None:
                in_force.append(extra)
                # Won, it takes first place; drawn, the first keeps it («…которой было присуждено 1 место»).
                if standings.playoff_members(extra[:1]) == {second}:
                    groups[0], groups[1] = groups[1], groups[0]
    decided = {tid for order in in_force if len(order) > 1 for tid in standings.playoff_members(order)}
    ordered = standings.placed(groups, by_id, decided)
    for t in teams:
        if t["id"] in annulled:
            ordered.append(
                {
                    "id": t["id"],
                    "place": "",
                    "match_points": 0.0,
                    "board_points": 0.0,
                    "matches_won": 0,
                    "matches_drawn": 0,
                    "matches_lost": 0,
                    "matches": 0,
                    "coefficients": {},
                    "opponents": [],
                    "annulled": True,
                    "playoff_right": False,
                    "playoff": False,
                }
            )
    return ordered, in_force


def playoff_order(playoff_teams: Sequence[int], matches: Sequence[dict]) -> list[list[int]]:
    """A team play-off's order (1.14.6, 1.13.2): its teams by the match points they scored in
    its matches (2 / 1 / 0; each match won by board points), best first; those level share a
    group. ``matches``: ``{"home", "away", "results"}`` — home has white on board 1 (1.14.3),
    ``results`` the boards' results in board order, all finished."""
    scored = dict.fromkeys(playoff_teams, 0.0)
    for m in matches:
        result = match_result(m["results"])
        scored[m["home"]] += 2 * results.score(result, results.WHITE)
        scored[m["away"]] += 2 * results.score(result, results.BLACK)
    levels = sorted(set(scored.values()), reverse=True)
    return [[tid for tid in playoff_teams if scored[tid] == level] for level in levels]


def _points_key(name: str) -> str:
    return "match_points" if name == MATCH_POINTS else "board_points"


def _criterion(name: str, group: list, rows: dict) -> dict:
    if name in SCORINGS:
        return {tid: rows[tid][_points_key(name)] for tid in group}
    if name == "match-wins":
        return {tid: rows[tid]["matches_won"] for tid in group}
    if name == "head-to-head":
        # Match points in the matches among the teams still tied ("выигравшей личную встречу").
        members = set(group)
        return {tid: sum(g["score"] for g in rows[tid]["opponents"] if g["opponent"] in members) for tid in group}
    if name == "truncated-solkoff":
        return standings.truncated_solkoff(group, rows)
    return {tid: rows[tid]["coefficients"][name] for tid in group}
