"""Reads of team events (1.14): rosters and line-ups, the matches of each
round with their boards, the results as plain values for ``team_rules``,
the table and the crosstable of board points."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import models

from club.teams.models import Match, Team
from foundation.figures import figure
from games import results as vocabulary
from members.models import Member

from .. import team_rules
from ..models import Championship, Round, Standings
from . import inputs
from .events import rounds_total
from .visibility import rounds_visible

PAIRED = Round.Status.PAIRED


def team_events() -> list[Championship]:
    return list(
        Championship.objects.filter(entrants=Championship.Entrants.TEAMS)
        .exclude(status=Championship.Status.DRAFT)
        .select_related("organiser")
    )


def member_names(ids) -> list[str]:
    names = {m.pk: str(m) for m in Member.objects.filter(pk__in=ids)}
    return [names.get(i, f"#{i}") for i in ids]


LINEUP_MINUTES = 15  # 1.14.2: «не позднее, чем за 15 минут до начала тура»


def lineup_due(championship: Championship, the_round: Round | None) -> datetime | None:
    """When line-ups for ``the_round`` are due (1.14.2): its scheduled start less the
    event's limit (15 minutes unless the regulations set another); None while it has no start."""
    if the_round is None or the_round.starts_at is None:
        return None
    minutes = LINEUP_MINUTES if championship.lineup_minutes is None else championship.lineup_minutes
    return the_round.starts_at - timedelta(minutes=minutes)


def coming_round(championship: Championship) -> tuple[int, Round | None] | None:
    """The number of the round whose line-ups are still open (paired or not yet), and its row if
    it is paired; None once every round is published or the event is over."""
    if championship.status == Championship.Status.FINISHED:
        return None
    number = championship.rounds.exclude(status=PAIRED).count() + 1
    if number > max(rounds_total(championship) or 0, 1):
        return None
    return number, championship.rounds.filter(number=number, status=PAIRED).first()


def lineups_coming(championship: Championship, now: datetime) -> dict | None:
    """For the arbiters (1.14.2): the coming round, when its line-ups are due, and each team's
    line-up for it — handed in for this round, or the one that stands (the first round's, else
    the roster's first boards) — with its roster for the chief arbiter's decision."""
    coming = coming_round(championship)
    if coming is None:
        return None
    number, the_round = coming
    due = lineup_due(championship, the_round)
    teams = list(championship.teams.prefetch_related("lineups", "players__member").order_by("start_number", "id"))
    people = {p.member_id: p.member for t in teams for p in t.players.all()}
    shown = []
    for team in teams:
        members = lineup_for(team, number, championship.boards)
        shown.append(
            {
                "team": team,
                "submitted": any(lu.round_number == number for lu in team.lineups.all()),
                "members": [people.get(m) for m in members],
                "boards": _board_choices(members, championship.boards),
                "roster": [p.member for p in team.players.all() if p.accepted_at is not None],
            }
        )
    return {"round": number, "due": due, "late": due is not None and now > due, "teams": shown}


def _board_choices(current: list[int], boards: int) -> list[dict]:
    return [{"number": i, "current": current[i - 1] if i <= len(current) else None} for i in range(1, boards + 1)]


def lineup_for(team: Team, round_number: int, boards: int) -> list[int]:
    """The members who sit for ``team`` in ``round_number``, in board order (1.14.2):
    the line-up handed in for the round, else the first round's, else the
    roster's first ``boards``."""
    lineups = {lu.round_number: lu.members for lu in team.lineups.filter(round_number__in=(1, round_number))}
    if round_number in lineups:
        return list(lineups[round_number])
    if 1 in lineups:
        return list(lineups[1])
    accepted = team.players.filter(accepted_at__isnull=False).order_by("order")
    return list(accepted.values_list("member_id", flat=True)[:boards])


def pairing_input(championship: Championship) -> tuple[list[dict], list[list[dict]]]:
    """Teams and their match results as ``pairing.swiss`` takes players and games."""
    _, played = inputs.results_plain(championship)
    teams = championship.teams.order_by("start_number")
    players = [{"id": t.pk, "rating": None, "withdrawn": t.status != Team.Status.ACTIVE} for t in teams]
    rounds = [
        [
            {"white": m["home"], "black": m["away"], "result": m["result"]}
            for m in matches
            if m["away"] is not None or m["result"] == vocabulary.BYE
        ]
        for matches in played
    ]
    return players, rounds


def table_options(championship: Championship) -> dict:
    """The options ``team_rules.table`` computes the stored table with."""
    return {
        "scoring": championship.scoring,
        "system": championship.system,
        "criteria": championship.tie_criteria or None,
    }


def standings_compute(
    championship: Championship, *, upto: int | None = None, withheld: frozenset = frozenset()
) -> list[dict]:
    """The team table (1.14.6); ``upto``: as it stood after that round (before any play-off);
    ``withheld``: matches left without their result (``matches_withheld``)."""
    playoff = inputs.playoff_orders(championship) if upto is None else None
    rows = team_rules.table(
        *inputs.results_plain(championship, upto=upto, withheld=withheld),
        playoff=playoff,
        **table_options(championship),
    )
    for row in rows:
        row.pop("opponents", None)
    return rows


def playoff_states(championship: Championship) -> dict:
    """``{playoff: state}`` of a team event, as ``inputs.playoff_states`` for players: "pending",
    "decided", "drawn" (the next criterion decides, 1.14.6) or "void" — a result corrected
    since leaves its teams no longer tied (1.13.2), or takes the right to it away (1.14.6)."""
    results = inputs.playoff_results(championship)
    if not results:
        return {}
    # A play-off still being played is tested as one that orders nothing: all its teams level.
    candidates = {playoff: order or [list(playoff.players)] for playoff, order in results.items()}
    in_force = team_rules.playoffs_in_force(
        *inputs.results_plain(championship), list(candidates.values()), **table_options(championship)
    )
    states = {}
    for playoff, order in results.items():
        if candidates[playoff] not in in_force:
            states[playoff] = inputs.PLAYOFF_VOID
        elif order is None:
            states[playoff] = inputs.PLAYOFF_PENDING
        else:
            states[playoff] = inputs.PLAYOFF_DRAWN if len(order) == 1 else inputs.PLAYOFF_DECIDED
    return states


def playoffs_shown(championship: Championship) -> list[dict]:
    """Each play-off with its state and its matches, board by board, for the pages."""
    states = playoff_states(championship)
    names = {t.pk: t.name for t in championship.teams.all()}
    shown = []
    for playoff, state in states.items():
        matches: dict[int, dict] = {}
        games = playoff.games.select_related("game__white", "game__black").order_by("match", "board")
        for pg in games:
            match = matches.setdefault(
                pg.match,
                {"number": pg.match, "home": names.get(pg.home_id), "away": names.get(pg.away_id), "boards": []},
            )
            match["boards"].append({"board": pg.board, "game": pg.game})
        shown.append(
            {
                "playoff": playoff,
                "state": state,
                "teams": [names.get(t) for t in playoff.players],
                "matches": list(matches.values()),
            }
        )
    return shown


@dataclass(frozen=True)
class Withheld:
    """What a viewer may not know yet (``team_pages.withheld_from``: the broadcast delay)."""

    boards: frozenset = frozenset()  # match boards (``BoardGame`` pks) whose results are withheld
    matches: frozenset = frozenset()  # the matches they decide: a match's result waits for its last board's


def withheld_of(boards: set[int]) -> Withheld:
    """``boards`` withheld, and the decided matches they belong to."""
    decided = Match.objects.filter(board_games__in=boards).exclude(result="").values_list("pk", flat=True)
    return Withheld(frozenset(boards), frozenset(decided))


def standings_rows(championship: Championship, withheld: Withheld = Withheld()) -> list[dict]:
    """The stored table (computed by the worker), with team names; with matches
    ``withheld``, the table computed without their results."""
    stored = None if withheld.matches else Standings.objects.filter(championship=championship).first()
    rows = stored.rows if stored else standings_compute(championship, withheld=withheld.matches)
    names = {t.pk: t.name for t in championship.teams.all()}
    return [{**row, "name": names.get(row["id"], "")} for row in rows]


def crosstable(championship: Championship, withheld: Withheld = Withheld()) -> dict:
    """Board points of each team against each other (a forfeit "+"/"−"), in table order;
    the matches ``withheld`` left out."""
    rows = standings_rows(championship, withheld)
    order = [row["id"] for row in rows]
    cells = {tid: {} for tid in order}
    matches = (
        Match.objects.filter(round__championship=championship, away__isnull=False)
        .exclude(result="")
        .exclude(pk__in=withheld.matches)
    )
    for m in matches:
        for me, other, points, colour in (
            (m.home_id, m.away_id, m.home_points, vocabulary.WHITE),
            (m.away_id, m.home_id, m.away_points, vocabulary.BLACK),
        ):
            if me in cells:
                mark = vocabulary.mark(m.result, colour) if vocabulary.is_forfeit(m.result) else figure(points)
                cells[me].setdefault(other, []).append(mark)
    names = {t.pk: t.name for t in championship.teams.all()}
    return {
        "teams": [{"id": tid, "name": names[tid]} for tid in order],
        "rows": [
            {
                "id": tid,
                "name": names[tid],
                "cells": [" ".join(cells[tid].get(other, [])) if other != tid else "×" for other in order],
            }
            for tid in order
        ],
    }


def rounds_with_matches(
    championship: Championship, number: int | None = None, withheld: Withheld = Withheld(), *, viewer=None
) -> list[Round]:
    """The rounds ``viewer`` may see (``visibility``) with ``match_list``, each match with its
    ``board_list`` (board games and players); a board ``withheld`` shows no result yet, nor does its match."""
    visible = rounds_visible(championship, viewer)
    rounds = list(visible if number is None else visible.filter(number=number))
    for r in rounds:
        r.match_list = list(
            r.matches.select_related("home", "away").prefetch_related("board_games__white", "board_games__black")
        )
        for m in r.match_list:
            m.board_list = list(m.board_games.all())
            if not withheld.boards.intersection(board.pk for board in m.board_list):
                continue
            # shown, not saved: the match as he may see it, its board points from the boards he sees
            for board in m.board_list:
                if board.pk in withheld.boards:
                    board.result = ""
            shown = [board.result for board in sorted(m.board_list, key=lambda board: board.board)]
            m.home_points, m.away_points = team_rules.board_points(shown)
            m.result = ""
    return rounds


def teams_with_rosters(championship: Championship) -> list[dict]:
    """Teams with their roster in board order (past ``boards`` a reserve) and line-ups."""
    teams = list(championship.teams.select_related("captain").prefetch_related("players__member", "lineups"))
    people = {p.member_id: p.member for t in teams for p in t.players.all()}
    return [
        {
            "id": t.pk,
            "name": t.name,
            "captain": t.captain,
            "start_number": t.start_number,
            "status": t.status,
            "status_label": t.get_status_display(),
            "left_after_round": t.left_after_round,
            "withdrawal": t.withdrawal,
            "withdrawal_reason": t.withdrawal_reason,
            "players": [
                {
                    "order": p.order,
                    "member": p.member,
                    "reserve": p.order > championship.boards,
                    "accepted": p.accepted_at is not None,
                }
                for p in t.players.all()
            ],
            "lineups": [
                {
                    "round": lu.round_number,
                    "member_ids": lu.members,
                    "members": [people.get(m) for m in lu.members],
                }
                for lu in sorted(t.lineups.all(), key=lambda lu: lu.round_number)
            ],
        }
        for t in teams
    ]


def round_to_publish(championship: Championship) -> dict | None:
    """The paired round waiting for publication, with the players of its line-ups (for "absent")."""
    the_round = championship.rounds.filter(status=PAIRED).first()
    if the_round is None:
        return None
    teams = [t for m in the_round.matches.select_related("home", "away") for t in (m.home, m.away) if t]
    ids = [m for t in teams for m in lineup_for(t, the_round.number, championship.boards)]
    people = Member.objects.in_bulk(ids)
    return {"number": the_round.number, "players": [people[m] for m in ids if m in people]}


def captain_forms(championship: Championship, member, now: datetime) -> list[dict]:
    """For a captain: each of his teams with the round its next line-up is for, when it is
    due and whether that is past (1.14.2: then the line-up that stands plays, unless the chief
    arbiter decides), the roster to choose from and the line-up it would play now."""
    coming = coming_round(championship) if getattr(member, "pk", None) else None
    if coming is None:
        return []
    number, the_round = coming
    due = lineup_due(championship, the_round)
    forms = []
    for team in championship.teams.filter(captain=member):
        current = lineup_for(team, number, championship.boards)
        roster = [p.member for p in team.players.filter(accepted_at__isnull=False).select_related("member")]
        people = {m.pk: m for m in roster}
        forms.append(
            {
                "team": team,
                "round": number,
                "due": due,
                "late": due is not None and now > due,
                "standing": [people.get(m) for m in current],
                "boards": _board_choices(current, championship.boards),
                "roster": roster,
            }
        )
    return forms


def standings_after(championship: Championship, number: int, withheld: Withheld = Withheld()) -> list[dict]:
    """The team table after round ``number``, with team names; the matches ``withheld`` left out."""
    names = {t.pk: t.name for t in championship.teams.all()}
    rows = standings_compute(championship, upto=number, withheld=withheld.matches)
    return [{**row, "name": names.get(row["id"], "")} for row in rows]


def team_card(championship: Championship, team_id: int, withheld: Withheld = Withheld()) -> dict | None:
    """One team's card: its roster and every match — round, opponent, colours
    of board 1 (1.14.3), board points each way, the result — with the
    board-by-board games (players, result, game link); the boards and matches
    ``withheld`` (the broadcast delay) without their results."""
    team = championship.teams.select_related("captain").filter(pk=team_id).first()
    if team is None:
        return None
    matches = (
        Match.objects.filter(round__championship=championship)
        .filter(models.Q(home=team) | models.Q(away=team))
        .select_related("round", "home", "away")
        .prefetch_related("board_games__white", "board_games__black")
        .order_by("round__number", "number")
    )
    rows, total = [], 0.0
    for m in matches:
        if m.pk in withheld.matches:
            m.result = ""  # shown, not saved
        home = m.home_id == team.pk
        ours, theirs = (m.home_points, m.away_points) if home else (m.away_points, m.home_points)
        colour = vocabulary.WHITE if home else vocabulary.BLACK
        if m.result:
            total += ours
        rows.append(
            {
                "round": m.round.number,
                "match_id": m.pk,
                "opponent": (m.away if home else m.home),
                "home": home,
                "result": m.result,
                "mark": vocabulary.mark(m.result, colour) if m.result and m.result != vocabulary.BYE else "",
                "points": figure(ours) if m.result else "",
                "opponent_points": figure(theirs) if m.result else "",
                "board_points_after": figure(total),
                "boards": [
                    {
                        "board": b.board,
                        "white": b.white,
                        "black": b.black,
                        "result": "" if b.pk in withheld.boards else b.result,
                        "game_id": b.game_id,
                        "void": bool(b.ineligible_reason),
                    }
                    for b in m.board_games.all()
                ],
            }
        )
    table = standings_rows(championship, withheld)
    row = next((r for r in table if r["id"] == team.pk), None)
    roster = [
        p.member for p in team.players.filter(accepted_at__isnull=False).select_related("member").order_by("order")
    ]
    return {"event": championship, "team": team, "matches": rows, "row": row, "roster": roster}


def team_card_plain(championship: Championship, team_id: int, withheld: Withheld = Withheld()) -> dict | None:
    card = team_card(championship, team_id, withheld)
    if card is None:
        return None
    return {
        "event_id": championship.pk,
        "team": {"id": card["team"].pk, "name": card["team"].name, "start_number": card["team"].start_number},
        "place": card["row"]["place"] if card["row"] else None,
        "roster": [{"id": m.pk, "name": str(m), "username": m.username} for m in card["roster"]],
        "matches": [
            {
                "round": m["round"],
                "opponent": {"id": m["opponent"].pk, "name": m["opponent"].name} if m["opponent"] else None,
                "home": m["home"],
                "result": m["result"],
                "points": m["points"],
                "opponent_points": m["opponent_points"],
                "boards": [
                    {
                        "board": b["board"],
                        "white": str(b["white"]) if b["white"] else None,
                        "black": str(b["black"]) if b["black"] else None,
                        "result": b["result"],
                        "game_id": b["game_id"],
                    }
                    for b in m["boards"]
                ],
            }
            for m in card["matches"]
        ],
    }
