"""Reads of team competitions: permissions, line-ups, plain results for the
pure modules, the table and the crosstable."""

from __future__ import annotations

from club.models import Member
from games import results as vocabulary

from . import rules
from .models import Match, Team, TeamArbiter, TeamEvent, TeamRound, TeamStandings


def is_arbiter(event: TeamEvent, member) -> bool:
    return bool(getattr(member, "pk", None)) and event.arbiters.filter(member=member).exists()


def is_chief(event: TeamEvent, member) -> bool:
    return bool(getattr(member, "pk", None)) and event.arbiters.filter(member=member, role="chief").exists()


def rounds_total(event: TeamEvent) -> int:
    if event.system == TeamEvent.System.SWISS:
        return event.rounds_planned or 0
    n = event.teams.count()
    return n - 1 if n % 2 == 0 else n


def member_names(ids) -> list[str]:
    names = {m.pk: str(m) for m in Member.objects.filter(pk__in=ids)}
    return [names.get(i, f"#{i}") for i in ids]


def lineup_for(team: Team, round_number: int) -> list[int]:
    """The members who sit for ``team`` in ``round_number``, in board order (1.14.2):
    the line-up handed in for the round, else the first round's, else the
    roster's first boards."""
    lineups = {lu.round_number: lu.members for lu in team.lineups.filter(round_number__in=(1, round_number))}
    if round_number in lineups:
        return list(lineups[round_number])
    if 1 in lineups:
        return list(lineups[1])
    return list(team.players.order_by("order").values_list("member_id", flat=True)[: team.event.boards])


def results_plain(event: TeamEvent) -> dict:
    """The event's teams and published matches as plain values for ``rules.table`` and the pairing."""
    teams = [
        {"id": t.pk, "annulled": t.status == Team.Status.WITHDRAWN and t.withdrawal == Team.Withdrawal.ANNUL}
        for t in event.teams.order_by("start_number", "id")
    ]
    rounds: dict[int, list] = {}
    published = event.rounds.exclude(status=TeamRound.Status.PAIRED).order_by("number")
    for r in published:
        rounds[r.number] = []
    for m in Match.objects.filter(round__in=published).select_related("round").order_by("round__number", "number"):
        rounds[m.round.number].append(
            {
                "home": m.home_id,
                "away": m.away_id,
                "result": m.result,
                "home_points": m.home_points,
                "away_points": m.away_points,
            }
        )
    return {"teams": teams, "rounds": [rounds[n] for n in sorted(rounds)]}


def standings_compute(event: TeamEvent) -> list[dict]:
    plain = results_plain(event)
    rows = rules.table(
        plain["teams"],
        plain["rounds"],
        scoring=event.scoring,
        system=event.system,
        criteria=event.tie_criteria or None,
    )
    for row in rows:
        row.pop("opponents", None)
    return rows


def standings_rows(event: TeamEvent) -> list[dict]:
    """The stored table (computed by the worker), with team names."""
    stored = TeamStandings.objects.filter(event=event).first()
    rows = stored.rows if stored else standings_compute(event)
    names = {t.pk: t.name for t in event.teams.all()}
    return [{**row, "name": names.get(row["id"], "")} for row in rows]


def crosstable(event: TeamEvent) -> dict:
    """Board points of each team against each other (``"3½"``, a forfeit ``"+"``/``"−"``), in table order."""
    rows = standings_rows(event)
    order = [row["id"] for row in rows]
    cells = {tid: {} for tid in order}
    matches = Match.objects.filter(round__event=event, away__isnull=False).exclude(result="")
    for m in matches:
        for me, other, points, colour in (
            (m.home_id, m.away_id, m.home_points, vocabulary.WHITE),
            (m.away_id, m.home_id, m.away_points, vocabulary.BLACK),
        ):
            if me in cells:
                mark = vocabulary.mark(m.result, colour) if vocabulary.is_forfeit(m.result) else figure(points)
                cells[me].setdefault(other, []).append(mark)
    names = {t.pk: t.name for t in event.teams.all()}
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


def figure(value: float) -> str:
    """Board points as printed: 3, 2½, ½."""
    whole, half = divmod(round(value * 2), 2)
    if not half:
        return str(whole)
    return f"{whole or ''}½"


def rounds_with_matches(event: TeamEvent, number: int | None = None) -> list[TeamRound]:
    """Rounds with ``match_list``, each match with its ``board_list`` (board games and players)."""
    rounds = list(event.rounds.all() if number is None else event.rounds.filter(number=number))
    for r in rounds:
        r.match_list = list(
            r.matches.select_related("home", "away").prefetch_related("board_games__white", "board_games__black")
        )
        for m in r.match_list:
            m.board_list = list(m.board_games.all())
    return rounds


def teams_with_rosters(event: TeamEvent) -> list[dict]:
    """Teams with their roster in board order (past ``event.boards`` a reserve) and line-ups."""
    teams = list(event.teams.select_related("captain").prefetch_related("players__member", "lineups"))
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
                {"order": p.order, "member": p.member, "reserve": p.order > event.boards} for p in t.players.all()
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


def appointments(event: TeamEvent):
    return TeamArbiter.objects.filter(event=event).select_related("member")


def event_list() -> list[TeamEvent]:
    return list(TeamEvent.objects.select_related("organiser"))


def round_to_publish(event: TeamEvent) -> dict | None:
    """The paired round waiting for publication, with the players of its line-ups (for "absent")."""
    the_round = event.rounds.filter(status=TeamRound.Status.PAIRED).first()
    if the_round is None:
        return None
    teams = [t for m in the_round.matches.select_related("home__event", "away__event") for t in (m.home, m.away) if t]
    ids = [m for t in teams for m in lineup_for(t, the_round.number)]
    people = Member.objects.in_bulk(ids)
    return {"number": the_round.number, "players": [people[m] for m in ids if m in people]}


def captain_forms(event: TeamEvent, member) -> list[dict]:
    """For a captain: each of his teams with the round its next line-up is for,
    the roster to choose from and the line-up it would play now (1.14.2)."""
    if not getattr(member, "pk", None) or event.status == TeamEvent.Status.FINISHED:
        return []
    published = event.rounds.exclude(status=TeamRound.Status.PAIRED).count()
    number = published + 1
    if number > max(rounds_total(event), 1):
        return []
    forms = []
    for team in event.teams.filter(captain=member).select_related("event"):
        current = lineup_for(team, number)
        roster = [p.member for p in team.players.select_related("member")]
        forms.append(
            {
                "team": team,
                "round": number,
                "boards": [
                    {"number": i, "current": current[i - 1] if i <= len(current) else None}
                    for i in range(1, event.boards + 1)
                ],
                "roster": roster,
            }
        )
    return forms
