"""Standings of an individual championship: places, every coefficient of 003 1.13
and the tie criteria chain (pure: plain values in, plain values out, no Django).

Input
-----
``players``: ``[{"id": int, "rating": int | None, "withdrawn_after_round": int | None}, …]``
in starting order (the order breaks nothing; it only orders players who stay tied).

``rounds``: one list of pairings per round, in order:
``{"white": id, "black": id | None, "result": r}`` with ``r`` from
``games/results.py`` (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, ``"+/-"``, ``"-/+"``,
``"-/-"``), ``"bye"`` or ``"absent"`` (``black`` None), or ``""`` (not played yet: ignored).

How results count (003 1.12, 1.10)
----------------------------------
* Scoring 1.12.1: ``"1-1/2-0"`` or ``"2-1-0"``; every figure below is in that scale.
* A forfeit ``+``/``−`` counts as a win/loss for places and coefficients
  (1.12.2), and the opponent counts as an opponent; ``-/-`` is a loss for both
  (1.9.2). FIDE's tie-break regulations (C.07, 2023) treat unplayed games
  differently (a dummy opponent with the player's own score, cut first); the
  federation's rules do not, and this module follows them.
* Swiss (``system="swiss"``): a ``"bye"`` is a ``+``, a win without play
  (1.15.2); an ``"absent"`` (``black`` None) is a ``−``, the loss of a round
  the player was known in advance to miss (1.15.2), nobody's win. Round robin: a ``"bye"`` is the free round of an odd field in the
  Berger tables and scores nothing.
* Withdrawal in a round robin (``withdrawn_after_round = k``; 1.10.2/1.10.3):
  the player's scheduled games are ``(number of players − 1) × cycles``, where
  cycles = ``ceil(len(rounds) / rounds per cycle)`` (n − 1 rounds per cycle for
  an even field, n for an odd one). Games "played" are those finished over the
  board (1.10.4). Under half played: the player is *struck* — every game
  involving him leaves the standings (his opponents' points against him too);
  his played games keep their marks in the crosstable (they stay rated) and
  the unplayed ones are marked ``−`` for both. Half or more: his results stay,
  and every pairing of his after round ``k`` counts ``−`` for him and ``+`` for
  the opponent, whatever was recorded. The championship app keeps the Berger
  table's pairings of a withdrawn player in ``rounds`` so that the opponents
  get their ``+``.
* Withdrawal in a Swiss: his played results stand (1.10.5); he is not paired
  after round ``k``. For his opponents' coefficients see 1.13.11 below.

Coefficients (``row["coefficients"]``; "points" of an opponent are his final points)
-----------------------------------------------------------------------------
``shmulyan``           1.13.4 points of beaten opponents − points of opponents lost to
``berger``             1.13.5 2 × points of beaten opponents + points of drawn opponents
                       (the seed's scale: twice FIDE's Sonneborn-Berger)
``buchholz``           1.13.6 points of all opponents
``solkoff``            1.13.7 Buchholz minus the best and the worst opponent
                       (FIDE's median Buchholz)
``truncated-solkoff``  1.13.8 ``[Buchholz − worst, − two worst, …]``: compared figure
                       by figure, the next one only while still tied (FIDE's
                       Buchholz Cut-1, Cut-2, …); one opponent per cut even when
                       several share the worst score; after one game it is
                       ``[0]`` (Buchholz without the only opponent), never empty
``riga``               1.13.9 2 × beaten + 1.5 × drawn + 1 × lost-to opponents' points
``opponents-elo``      1.13.3 sum of the opponents' ratings (unrated counts 0)

Higher is better for all of them (1.13.10). In a Swiss (1.13.11) a bye counts
as an opponent beaten, with the lowest final score anyone made (a round he was
known to miss, as an opponent lost to with that score); a withdrawn
opponent (left before the last round) counts the average final score of the
players who had his score when he left (his own score if nobody had it).

Criteria (``criteria``, applied in the championship's order, 1.13.3, 1.13.12)
--------------------------------------------------------------------------
Places go by points (1.13.1); among players with equal points a recorded
play-off decides first (1.13.2), then each criterion in turn splits the
players still tied. Any coefficient name above, and:

``wins``               most wins (a ``+`` and a Swiss bye are wins, 1.12.2)
``head-to-head``       points scored in the games among the players still tied
``beaten-points``      sum of the points of beaten opponents (the first half of Shmulyan)
``results-vs-places``  results against the other players in order of places:
                       the highest-placed other player first, then the next…;
                       the order of the others is the one given by points,
                       play-off and the criteria before this one, and only
                       others whom every tied player met are compared
``opponents-elo``      the best sum of the opponents' ratings

``playoff``: ``[[id, id, …], …]``, each list the final order of one group of
players tied on points, best first; an item may itself be a list of ids for
players the play-off left tied (the criteria then decide among them). A
play-off whose players are not exactly one group tied on points (a result
corrected since) is void and orders nothing.

Output rows (final order)
-------------------------
``id``, ``place`` (``"3"``, or ``"3-4"`` shared by players still tied after
the chain; ``""`` for a struck player), ``points``, ``wins``, ``draws``,
``losses``, ``games`` (games counted, forfeits and Swiss byes included),
``played`` (finished over the board), ``struck`` (1.10.2),
``withdrawn_after_round``, ``playoff`` (his place was decided by a play-off),
``decided_by`` (the criterion that last split the players tied on points
with him — the one that settled his place among them; ``""`` when nobody
shared his points, a play-off decided or the chain left the tie),
``coefficients`` as above, and

``breakdown``: ``{coefficient: [(opponent id | None for a bye, his points as
counted, factor), …]}`` — the figure is the sum of points × factor; factors
are 1 / 0 / −1 (Shmulyan), 2 / 1 / 0 (Berger), 1 (Buchholz), 1 or 0 for the
excluded best and worst (Solkoff), 2 / 1.5 / 1 (Riga); for
``truncated-solkoff`` the opponents from the worst up, the factor being the
cut from which that opponent is excluded; for ``opponents-elo`` the rating.

``opponents``: per game counted, ``{"round", "opponent", "colour", "result",
"mark", "score", "opponent_points", "counted_as"}`` where ``counted_as`` is
``"points"``, ``"lowest score (bye, 1.13.11)"`` or ``"score-group average
(withdrawn, 1.13.11)"``.

Struck players come last, in starting order, with their own points for
information and no coefficients.
"""

from __future__ import annotations

import math
from collections import defaultdict
from itertools import groupby

from games import results

COEFFICIENTS = ("shmulyan", "berger", "buchholz", "solkoff", "truncated-solkoff", "riga", "opponents-elo")
CRITERIA = COEFFICIENTS + ("wins", "head-to-head", "beaten-points", "results-vs-places")
SYSTEMS = ("round-robin", "swiss")

# 1.13.3 lists the criteria in this order; the championship names its coefficient system (1.13.12).
DEFAULT_CRITERIA = {
    "round-robin": ("berger", "wins", "head-to-head", "beaten-points", "results-vs-places", "opponents-elo"),
    "swiss": ("truncated-solkoff", "wins", "head-to-head", "beaten-points", "results-vs-places", "opponents-elo"),
}

BYE_AS = "lowest score (bye, 1.13.11)"
WITHDRAWN_AS = "score-group average (withdrawn, 1.13.11)"

_FACTORS = {
    "shmulyan": {"win": 1, "draw": 0, "loss": -1},
    "berger": {"win": 2, "draw": 1, "loss": 0},
    "riga": {"win": 2, "draw": 1.5, "loss": 1},
}


def _fix(value: float) -> float:
    """Averages make thirds; round so that equal figures compare equal."""
    return round(value, 9)


def _entries(players, rounds, system):
    """Each player's games as the standings see them, and the struck players.

    Returns ``(entries, struck)``: ``entries[id]`` is a list of dicts
    ``{"round", "opponent", "colour", "result", "outcome", "mark", "counts"}``;
    ``counts`` is False for games involving a struck player (1.10.2), which
    stay only to be shown.
    """
    if system not in SYSTEMS:
        raise ValueError(f"unknown system {system!r}")
    ids = [p["id"] for p in players]
    withdrawn = {p["id"]: p["withdrawn_after_round"] for p in players if p.get("withdrawn_after_round") is not None}
    struck = _struck(ids, rounds, withdrawn) if system == "round-robin" else set()
    entries = {pid: [] for pid in ids}
    for number, pairings in enumerate(rounds, start=1):
        for pairing in pairings:
            white, black, result = pairing["white"], pairing.get("black"), pairing.get("result") or ""
            if black is None:
                if result in (results.BYE, results.ABSENT) and system == "swiss":
                    # 1.15.2: the bye is a "+"; a round he was known to miss, a "−".
                    won = result == results.BYE
                    entries[white].append(
                        {
                            "round": number,
                            "opponent": None,
                            "colour": None,
                            "result": result,
                            "outcome": "win" if won else "loss",
                            "mark": "+" if won else "−",
                            "counts": True,
                        }
                    )
                continue
            left = [pid for pid in (white, black) if pid in withdrawn and number > withdrawn[pid]]
            if system == "round-robin" and left:
                if any(pid in struck for pid in (white, black)):
                    # 1.10.2: the struck player's unplayed games are "−" on both sides.
                    result = results.BOTH_FORFEIT
                else:
                    # 1.10.3: "−" for the one who left, "+" for his opponent.
                    result = results.for_winner(
                        None if len(left) == 2 else (results.BLACK if left == [white] else results.WHITE),
                        forfeit=True,
                    )
            if not results.is_result(result):
                continue
            counts = white not in struck and black not in struck
            for pid, other, colour in ((white, black, results.WHITE), (black, white, results.BLACK)):
                entries[pid].append(
                    {
                        "round": number,
                        "opponent": other,
                        "colour": colour,
                        "result": result,
                        "outcome": results.outcome(result, colour),
                        "mark": results.mark(result, colour),
                        "counts": counts,
                    }
                )
    return entries, struck


def _struck(ids, rounds, withdrawn):
    """Round-robin players who left having played under half their scheduled games (1.10.2)."""
    n = len(ids)
    if n < 2:
        return set()
    per_cycle = n - 1 if n % 2 == 0 else n
    cycles = max(1, math.ceil(len(rounds) / per_cycle))
    scheduled = (n - 1) * cycles
    played = defaultdict(int)
    for pairings in rounds:
        for pairing in pairings:
            if pairing.get("black") is not None and results.is_played(pairing.get("result") or ""):
                played[pairing["white"]] += 1
                played[pairing["black"]] += 1
    return {pid for pid in withdrawn if 2 * played[pid] < scheduled}


def _scored(entries, scoring):
    """Each game's points for the player under ``scoring`` (1.12.1), stored as ``"score"``."""
    value = dict(zip(("win", "draw", "loss"), results.SCORINGS[scoring]))
    for games in entries.values():
        for g in games:
            g["score"] = value[g["outcome"]]


def crosstable(players, rounds, scoring="1-1/2-0", *, system="round-robin"):
    """Marks for the crosstable, with the same withdrawal handling as ``table``.

    Returns ``{"grid": {id: {opponent id: [mark, …]}}, "rounds": {id: [row, …]}}``:
    ``grid`` holds each player's marks against each opponent in round order
    (one per cycle: the round-robin grid); ``rounds`` one row per game
    ``{"round", "opponent" (None for a bye), "colour", "mark", "result"}`` for
    per-round Swiss rows. Marks are ``"1"``, ``"½"``, ``"0"`` (``"2"``, ``"1"``,
    ``"0"`` under 2-1-0 scoring), ``"+"``/``"−"`` for forfeits and byes (1.12.2).
    A struck player's played games keep their marks (they stay rated, 1.10.2).
    """
    entries, _ = _entries(players, rounds, system)
    doubled = {"1": "2", "½": "1"} if scoring == "2-1-0" else {}
    grid = {pid: defaultdict(list) for pid in entries}
    per_round = {pid: [] for pid in entries}
    for pid, games in entries.items():
        for game in sorted(games, key=lambda g: g["round"]):
            mark = doubled.get(game["mark"], game["mark"])
            if game["opponent"] is not None:
                grid[pid][game["opponent"]].append(mark)
            per_round[pid].append(
                {
                    "round": game["round"],
                    "opponent": game["opponent"],
                    "colour": game["colour"],
                    "mark": mark,
                    "result": game["result"],
                }
            )
    return {"grid": {pid: dict(row) for pid, row in grid.items()}, "rounds": per_round}


def table(players, rounds, *, scoring="1-1/2-0", system="round-robin", criteria=None, playoff=None):
    """The final (or current) standings: rows in order, see the module docstring."""
    if scoring not in results.SCORINGS:
        raise ValueError(f"unknown scoring {scoring!r}")
    if system not in SYSTEMS:
        raise ValueError(f"unknown system {system!r}")
    criteria = criteria_checked(criteria, DEFAULT_CRITERIA[system], CRITERIA)
    entries, struck = _entries(players, rounds, system)
    _scored(entries, scoring)
    rating = {p["id"]: p.get("rating") or 0 for p in players}
    counted = {pid: [g for g in games if g["counts"]] for pid, games in entries.items()}
    points = {pid: _fix(sum(g["score"] for g in games)) for pid, games in counted.items()}
    opponent_points = _opponent_points(players, rounds, counted, points, system)

    rows = {}
    for pid, games in counted.items():
        if pid in struck:
            continue
        rows[pid] = _row(pid, games, points, opponent_points, rating)
    standing = [p["id"] for p in players if p["id"] not in struck]
    # Only the play-offs whose players are still tied on points order their places.
    playoff = playoffs_standing(playoff, split_tied([standing], lambda group: {pid: points[pid] for pid in group}))
    decided = {}
    groups = _order(standing, rows, counted, points, criteria, playoff, decided)
    # The players whose places a play-off decided (a drawn one decided nothing), for its mark.
    by_playoff = {pid for order in playoff if len(order) > 1 for pid in playoff_members(order)}

    ordered = placed(groups, rows, by_playoff, decided)
    for p in players:
        if p["id"] in struck:
            games = entries[p["id"]]
            own = _fix(sum(g["score"] for g in games))
            ordered.append({**_struck_row(p["id"], games, own), "playoff": False, "decided_by": ""})
    withdrawn = {p["id"]: p.get("withdrawn_after_round") for p in players}
    for row in ordered:
        row["withdrawn_after_round"] = withdrawn[row["id"]]
    return ordered


def _opponent_points(players, rounds, counted, points, system):
    """How many points each opponent counts for, and why: ``(id | None) -> (points, counted_as)``.

    Round robin: his points. Swiss (1.13.11): a bye (``None``) counts the lowest
    score anyone made; a player who withdrew before the last round counts the
    average final score of the others who had his score after his last round.
    (FIDE C.07 2023 differs: an unplayed round is a dummy opponent with the
    player's own score, and a withdrawn opponent counts his actual score.)
    """
    counted_as = {pid: (pts, "points") for pid, pts in points.items()}
    if system != "swiss" or not points:
        return counted_as
    counted_as[None] = (min(points.values()), BYE_AS)
    last = len(rounds)
    leaving = [p for p in players if p.get("withdrawn_after_round") is not None and p["withdrawn_after_round"] < last]
    if not leaving:
        return counted_as
    # after[id][r]: points after round r.
    after = {}
    for pid, games in counted.items():
        per_round = [0.0] * (last + 1)
        for g in games:
            per_round[g["round"]] += g["score"]
        for r in range(1, last + 1):
            per_round[r] += per_round[r - 1]
        after[pid] = per_round
    for p in leaving:
        left = p["withdrawn_after_round"]
        his = after[p["id"]][left]
        group = [points[pid] for pid, scores in after.items() if pid != p["id"] and scores[left] == his]
        if group:
            counted_as[p["id"]] = (_fix(sum(group) / len(group)), WITHDRAWN_AS)
    return counted_as


def _row(pid, games, points, opponent_points, rating):
    outcomes = [g["outcome"] for g in games]
    scored = [(g["opponent"], opponent_points[g["opponent"]][0], g["outcome"]) for g in games]
    opponents_only = [g["opponent"] for g in games if g["opponent"] is not None]

    breakdown = {
        name: [(opp, pts, factors[outcome]) for opp, pts, outcome in scored] for name, factors in _FACTORS.items()
    }
    breakdown["buchholz"] = [(opp, pts, 1) for opp, pts, _ in scored]
    worst_first = sorted(((opp, pts) for opp, pts, _ in scored), key=lambda item: item[1])
    # 1.13.7: one best and one worst leave (a single opponent is both).
    solkoff_excluded = {0, len(worst_first) - 1} if worst_first else set()
    breakdown["solkoff"] = [(opp, pts, 0 if i in solkoff_excluded else 1) for i, (opp, pts) in enumerate(worst_first)]
    breakdown["truncated-solkoff"] = [(opp, pts, cut) for cut, (opp, pts) in enumerate(worst_first, start=1)]
    breakdown["opponents-elo"] = [(opp, rating[opp], 1) for opp in opponents_only]

    def total(name):
        return _fix(sum(pts * factor for _, pts, factor in breakdown[name]))

    buchholz = total("buchholz")
    truncated, cut_off = [], 0.0
    # 1.13.8: the first cut exists after one game too (it leaves nothing); the later ones while opponents remain.
    for _, pts in worst_first[: max(1, len(worst_first) - 1)]:
        cut_off += pts
        truncated.append(_fix(buchholz - cut_off))
    coefficients = {
        "shmulyan": total("shmulyan"),
        "berger": total("berger"),
        "buchholz": buchholz,
        "solkoff": total("solkoff"),
        "truncated-solkoff": truncated,
        "riga": total("riga"),
        "opponents-elo": sum(rating[opp] for opp in opponents_only),
    }
    return {
        "id": pid,
        "place": "",
        "points": points[pid],
        "wins": outcomes.count("win"),
        "draws": outcomes.count("draw"),
        "losses": outcomes.count("loss"),
        "games": len(games),
        "played": sum(results.is_played(g["result"]) for g in games),
        "struck": False,
        "coefficients": coefficients,
        "breakdown": breakdown,
        "opponents": [
            {
                "round": g["round"],
                "opponent": g["opponent"],
                "colour": g["colour"],
                "result": g["result"],
                "mark": g["mark"],
                "score": g["score"],
                "opponent_points": opponent_points[g["opponent"]][0],
                "counted_as": opponent_points[g["opponent"]][1],
            }
            for g in games
        ],
    }


def _struck_row(pid, games, own_points):
    outcomes = [g["outcome"] for g in games]
    return {
        "id": pid,
        "place": "",
        "points": own_points,
        "wins": outcomes.count("win"),
        "draws": outcomes.count("draw"),
        "losses": outcomes.count("loss"),
        "games": len(games),
        "played": sum(results.is_played(g["result"]) for g in games),
        "struck": True,
        "coefficients": {},
        "breakdown": {},
        "opponents": [],
    }


def _order(standing, rows, counted, points, criteria, playoff, decided=None):
    """Groups of player ids in final order; a group of several is a shared place.

    1. Group by points, best first (1.13.1).
    2. A play-off still standing (``playoffs_standing``, the caller's) orders the players it covers (1.13.2).
    3. Each criterion in turn splits every group still tied (1.13.3), computed
       among that group's players.

    ``decided``, when given, receives for each player the criterion that last split his group.
    """
    groups = playoffs_apply(split_tied([standing], lambda group: {pid: points[pid] for pid in group}), playoff)
    for index, criterion in enumerate(criteria):
        before = {pid: len(group) for group in groups for pid in group}
        if criterion == "results-vs-places":
            reference = [
                pid for group in _order(standing, rows, counted, points, criteria[:index], playoff) for pid in group
            ]
            key = lambda group, ref=reference: _results_vs_places(group, ref, counted)  # noqa: E731
        else:
            key = lambda group, c=criterion: _criterion(c, group, rows, counted)  # noqa: E731
        groups = split_tied(groups, key)
        if decided is not None:
            decided.update({pid: criterion for group in groups for pid in group if len(group) < before[pid]})
    return groups


def criteria_checked(criteria, default, known) -> tuple:
    """The tie criteria asked for (``default`` when None), each one of ``known``; team standings
    check theirs the same way."""
    chosen = default if criteria is None else tuple(criteria)
    unknown = [c for c in chosen if c not in known]
    if unknown:
        raise ValueError(f"unknown criteria {unknown}")
    return chosen


def placed(groups, rows, by_playoff, by_criterion=None) -> list:
    """The rows in the groups' order, each with its place ("3", or "3-5" shared by a group),
    whether a play-off decided it (1.13.1, 1.13.2) and the criterion that settled it alone
    (``by_criterion``: ``_order``'s ``decided``; 1.13.3); team standings place their teams the same way."""
    ordered, position = [], 1
    for group in groups:
        place = str(position) if len(group) == 1 else f"{position}-{position + len(group) - 1}"
        for pid in group:
            rows[pid]["place"] = place
            rows[pid]["playoff"] = pid in by_playoff
            alone = len(group) == 1 and pid not in by_playoff
            rows[pid]["decided_by"] = (by_criterion or {}).get(pid, "") if alone else ""
            ordered.append(rows[pid])
        position += len(group)
    return ordered


def split_tied(groups, key):
    """Split each tied group by ``key(group) -> {id: comparable}``, higher first (1.13.10); the
    team standings split their ties with it too."""
    result = []
    for group in groups:
        if len(group) == 1:
            result.append(group)
            continue
        keys = key(group)
        ordered = sorted(group, key=lambda pid: keys[pid], reverse=True)
        result.extend(list(tied) for _, tied in groupby(ordered, key=lambda pid: keys[pid]))
    return result


def playoff_members(order) -> set:
    return {pid for item in order for pid in (item if isinstance(item, (list, tuple)) else (item,))}


def playoffs_standing(playoff, groups) -> list:
    """The play-offs that still order their places: those whose players are still exactly
    one group tied on points (1.13.2). A result corrected after the play-off that breaks
    the tie, or ties someone else with them, voids it — the points and criteria decide."""
    tied = [set(group) for group in groups]
    return [order for order in playoff or [] if playoff_members(order) in tied]


def playoffs_apply(groups, playoff) -> list:
    """Split the tied groups by the standing play-offs (``playoffs_standing``), best first;
    those a play-off left level stay together for the criteria (1.13.2). Team standings
    (``club.championships.team_rules``) order their places with the same step."""
    if not playoff:
        return groups
    ranks = _playoff_ranks(playoff)
    return split_tied(groups, lambda group: {pid: ranks.get(pid, 0) for pid in group})


def _playoff_ranks(playoff):
    """``{id: -rank in his play-off}`` (higher is better)."""
    ranks = {}
    for order in playoff:
        for rank, item in enumerate(order):
            for pid in item if isinstance(item, (list, tuple)) else (item,):
                ranks[pid] = -rank
    return ranks


def _criterion(name, group, rows, counted):
    if name == "truncated-solkoff":
        return truncated_solkoff(group, rows)
    if name in COEFFICIENTS:
        return {pid: rows[pid]["coefficients"][name] for pid in group}
    if name == "wins":
        return {pid: rows[pid]["wins"] for pid in group}
    if name == "beaten-points":
        return {
            pid: _fix(sum(pts for _, pts, factor in rows[pid]["breakdown"]["shmulyan"] if factor == 1)) for pid in group
        }
    if name == "head-to-head":
        members = set(group)
        return {pid: sum(g["score"] for g in counted[pid] if g["opponent"] in members) for pid in group}
    raise ValueError(f"unknown criterion {name!r}")


def truncated_solkoff(group, rows) -> dict:
    """The truncated Solkoff of each tied id, compared cut by cut; cutting more opponents than one
    had leaves him nothing, so the shorter sequences are padded with 0."""
    name = "truncated-solkoff"
    length = max(len(rows[pid]["coefficients"][name]) for pid in group)
    return {
        pid: tuple(rows[pid]["coefficients"][name]) + (0.0,) * (length - len(rows[pid]["coefficients"][name]))
        for pid in group
    }


def _results_vs_places(group, reference, counted):
    """Scores against the other players, highest placed first (1.13.3, criterion 5).

    Only others whom every tied player met are compared, so the comparison is
    the same for every pair of tied players.
    """
    members = set(group)
    against = {pid: defaultdict(float) for pid in group}
    for pid in group:
        for g in counted[pid]:
            if g["opponent"] is not None:
                against[pid][g["opponent"]] += g["score"]
    others = [other for other in reference if other not in members and all(other in against[pid] for pid in group)]
    return {pid: tuple(against[pid][other] for other in others) for pid in group}


def group_match(groups, rounds, scoring="1-1/2-0"):
    """The match score of a Scheveningen (003 1.2): each group's points from its
    members' games against the other group, in the scoring's scale.

    ``groups``: ``{id: "A" | "B"}``; ``rounds`` as for ``table``. Returns
    ``{"A": points, "B": points, "games": decided games, "pending": games without a result}``.
    A forfeit counts as a win/loss (1.12.2), ``-/-`` as a loss for both (1.9.2).
    """
    score = {"A": 0.0, "B": 0.0, "games": 0, "pending": 0}
    for pairings in rounds:
        for board in pairings:
            white, black, result = board["white"], board.get("black"), board.get("result", "")
            if black is None or groups.get(white) == groups.get(black):
                continue
            if not results.is_result(result):
                score["pending"] += 1
                continue
            score["games"] += 1
            for pid, colour in ((white, results.WHITE), (black, results.BLACK)):
                score[groups[pid]] += results.score(result, colour, scoring) or 0.0
    return score
