"""The event's results as plain values, the way the pure pairing and
standings modules take them (``pairing.swiss``, ``ratings.standings.table``)."""

from __future__ import annotations

from club.teams.models import Match, Team
from games import results as vocabulary
from games.models import Game
from ratings import standings

from .. import team_rules
from ..models import Absence, Board, Championship, Entry, PlayoffGame, Round

ACTIVE = Entry.Status.ACTIVE


def absent_in(championship: Championship, round_number: int) -> set[int]:
    """The players marked in advance as missing round ``round_number`` (1.15.2)."""
    return set(
        Absence.objects.filter(championship=championship, round_number=round_number).values_list("member_id", flat=True)
    )


def pairing_players(championship: Championship, *, absent: set[int] | frozenset = frozenset()) -> list[dict]:
    """Players in initial order (start numbers), as ``pairing.swiss`` takes them;
    the ``absent`` ones are left out of this round's pairing like the withdrawn (1.15.2)."""
    return [
        {"id": member_id, "rating": rating, "withdrawn": status != ACTIVE or member_id in absent}
        for member_id, rating, status in _entrants(championship).values_list("member_id", "rating", "status")
    ]


def _entrants(championship: Championship):
    """The entries in initial order; read as plain values, since the results'
    version reads them on every results page (500 model instances: half its time)."""
    return championship.entries.order_by("start_number", "id")


def played_rounds(
    championship: Championship,
    *,
    upto: int | None = None,
    closed_only: bool = True,
    unfinished: bool = False,
    withheld: set[int] | frozenset = frozenset(),
) -> list[list[dict]]:
    """Rounds as plain boards ``{"white", "black", "result"}``; a Swiss bye is
    ``(id, None, "bye")``; a round-robin rest and a board without a result are left out
    (``unfinished``: a game pairing without a result is kept, with result ""). The
    boards ``withheld`` (their pks: results a spectator may not see yet) count as
    without a result."""
    rounds = championship.rounds.order_by("number")
    if closed_only:
        rounds = rounds.filter(status=Round.Status.CLOSED)
    if upto is not None:
        rounds = rounds.filter(number__lte=upto)
    numbers = list(rounds.values_list("number", flat=True))
    by_round: dict[int, list[dict]] = {number: [] for number in numbers}
    boards = (
        Board.objects.filter(round__championship=championship, round__number__in=numbers)
        .order_by("round__number", "number")
        .values_list("round__number", "white_id", "black_id", "result", "pk")
    )
    for number, white, black, result, pk in boards:
        if pk in withheld:
            result = ""
        if not result and not (unfinished and black is not None):
            continue
        by_round[number].append({"white": white, "black": black, "result": result})
    return [by_round[number] for number in numbers]


def results_plain(
    championship: Championship, *, upto: int | None = None, withheld: set[int] | frozenset = frozenset()
) -> tuple[list[dict], list[list[dict]]]:
    """The entrants and every round's recorded results, as the event's table takes them: players
    and games for ``ratings.standings.table``, or for a team event (1.14.6) teams and matches for
    ``team_rules.table``.

    Pairings still without a result are kept (result ""): the standings
    ignore them, except a round-robin pairing of a player who has left, which
    counts "+" for his opponent (1.10.3) or leaves the table with him (1.10.2).

    ``upto``: the event as it stood after that round — its rounds only, and a
    player who left later still playing. ``withheld``: results left out (the broadcast delay) —
    boards (``played_rounds``), or a team event's matches (``matches_withheld``)."""
    if championship.for_teams:
        teams, rounds = _teams_plain(championship, withheld)
        return teams, rounds if upto is None else rounds[:upto]

    def left(status: str, after_round: int | None) -> int | None:
        if status == ACTIVE or (upto is not None and (after_round or 0) >= upto):
            return None
        return after_round

    players = [
        {"id": member_id, "rating": rating, "withdrawn_after_round": left(status, after_round)}
        for member_id, rating, status, after_round in _entrants(championship).values_list(
            "member_id", "rating", "status", "left_after_round"
        )
    ]
    return players, played_rounds(championship, upto=upto, closed_only=False, unfinished=True, withheld=withheld)


def _teams_plain(championship: Championship, withheld: set[int] | frozenset) -> tuple[list[dict], list[list[dict]]]:
    """A team event's teams and published matches, as ``team_rules.table`` and the pairing take them;
    the matches ``withheld`` still without their result."""
    teams = [
        {"id": t.pk, "annulled": t.status == Team.Status.WITHDRAWN and t.withdrawal == Team.Withdrawal.ANNUL}
        for t in championship.teams.order_by("start_number", "id")
    ]
    published = championship.rounds.exclude(status=Round.Status.PAIRED).order_by("number")
    rounds: dict[int, list] = {r.number: [] for r in published}
    for m in Match.objects.filter(round__in=published).select_related("round").order_by("round__number", "number"):
        hidden = m.pk in withheld
        rounds[m.round.number].append(
            {
                "home": m.home_id,
                "away": m.away_id,
                "result": "" if hidden else m.result,
                "home_points": 0 if hidden else m.home_points,
                "away_points": 0 if hidden else m.away_points,
            }
        )
    return teams, [rounds[n] for n in sorted(rounds)]


def standings_options(championship: Championship) -> dict:
    """The standings options of the championship, as the stored table is computed with them."""
    chosen = {"scoring": championship.scoring, "system": championship.standings_system}
    if championship.tie_criteria:
        chosen["criteria"] = tuple(championship.tie_criteria)
    orders = playoff_orders(championship)
    if orders:
        chosen["playoff"] = orders
    return chosen


def playoff_orders(championship: Championship) -> list[list[list[int]]]:
    """Each finished play-off's order (1.13.2): its players (a team event's: teams) by their
    points in it, best first, those level sharing a group — all level, a drawn play-off, one
    group. The standings apply only those still standing (``standings.playoffs_standing``,
    ``team_rules.playoffs_in_force``)."""
    return [order for order in playoff_results(championship).values() if order is not None]


def playoff_results(championship: Championship) -> dict:
    """``{playoff: its order, or None while a game is unfinished}``; a team play-off's
    teams by the match points of its matches (``team_rules.playoff_order``)."""
    found = {}
    for playoff in championship.playoffs.all():
        rows = list(PlayoffGame.objects.filter(playoff=playoff).select_related("game").order_by("number"))
        games = [pg.game for pg in rows]
        if not games or any(g.status != Game.Status.FINISHED or not vocabulary.is_result(g.result) for g in games):
            found[playoff] = None
            continue
        if championship.for_teams:
            found[playoff] = team_rules.playoff_order(playoff.players, _team_matches(rows))
            continue
        scored = dict.fromkeys(playoff.players, 0.0)
        for g in games:
            scored[g.white_id] += vocabulary.score(g.result, vocabulary.WHITE)
            scored[g.black_id] += vocabulary.score(g.result, vocabulary.BLACK)
        levels = sorted(set(scored.values()), reverse=True)
        found[playoff] = [[pid for pid in playoff.players if scored[pid] == level] for level in levels]
    return found


def _team_matches(rows: list[PlayoffGame]) -> list[dict]:
    """A team play-off's games as its matches, each with its boards' results in board order."""
    matches: dict[int, dict] = {}
    for pg in sorted(rows, key=lambda pg: (pg.match, pg.board)):
        match = matches.setdefault(pg.match, {"home": pg.home_id, "away": pg.away_id, "results": []})
        match["results"].append(pg.game.result)
    return list(matches.values())


PLAYOFF_PENDING, PLAYOFF_DECIDED, PLAYOFF_DRAWN, PLAYOFF_VOID = "pending", "decided", "drawn", "void"


def playoff_states(championship: Championship) -> dict:
    """``{playoff: state}``: "pending" (games to play), "decided", "drawn" (1.13.2: the next
    criterion decides) or "void" — a result of the event corrected since, its players are
    no longer exactly the players tied on points, so it orders nothing."""
    players, rounds = results_plain(championship)
    rows = standings.table(
        players, rounds, scoring=championship.scoring, system=championship.standings_system, criteria=()
    )
    by_points: dict = {}
    for row in rows:
        if not row["struck"]:
            by_points.setdefault(row["points"], []).append(row["id"])
    tied = list(by_points.values())
    states = {}
    for playoff, order in playoff_results(championship).items():
        if not standings.playoffs_standing([playoff.players], tied):
            states[playoff] = PLAYOFF_VOID
        elif order is None:
            states[playoff] = PLAYOFF_PENDING
        else:
            states[playoff] = PLAYOFF_DRAWN if len(order) == 1 else PLAYOFF_DECIDED
    return states
