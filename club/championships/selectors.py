"""Reads of championships: lists, one championship's rounds and boards, the
results as plain values for the pure pairing and standings modules, and the
round-robin crosstable grid."""

from __future__ import annotations

from django.db.models import Prefetch, Q, QuerySet

from games import clock
from games.models import Game

from .models import Appointment, Board, Championship, Entry, Round

ACTIVE = Entry.Status.ACTIVE


# ---- who is who ---------------------------------------------------------------------------
def appointment_role(championship: Championship, member) -> str | None:
    """The member's appointment in this championship ("chief", "deputy", "arbiter") or None."""
    if not getattr(member, "is_authenticated", False):
        return None
    return (
        Appointment.objects.filter(championship=championship, member_id=member.pk)
        .values_list("role", flat=True)
        .first()
    )


def is_arbiter(championship: Championship, member) -> bool:
    return appointment_role(championship, member) is not None


def is_chief(championship: Championship, member) -> bool:
    """The chief arbiter or his deputy (1.15 preamble, 1.10, 1.4)."""
    return appointment_role(championship, member) in (Appointment.Role.CHIEF, Appointment.Role.DEPUTY)


def may_see_draft(championship: Championship, member) -> bool:
    """A draft is seen by its organiser, the administrators and its appointed arbiters."""
    from club.roles import Role, has_role

    if not getattr(member, "is_authenticated", False):
        return False
    return championship.organiser_id == member.pk or has_role(member, Role.ADMIN) or is_arbiter(championship, member)


# ---- lists ----------------------------------------------------------------------------------
def championship_list() -> dict[str, list[Championship]]:
    """Running, upcoming (draft excluded) and finished championships, for the list page and API."""
    visible = Championship.objects.exclude(status=Championship.Status.DRAFT).select_related("organiser")
    return {
        "running": list(visible.filter(status=Championship.Status.RUNNING)),
        "upcoming": list(
            visible.filter(status__in=(Championship.Status.ENTRIES_OPEN, Championship.Status.ENTRIES_CLOSED))
        ),
        "finished": list(visible.filter(status=Championship.Status.FINISHED).order_by("-finished_at", "-id")),
    }


def championship_get(championship_id: int) -> Championship | None:
    return Championship.objects.select_related("organiser").filter(pk=championship_id).first()


def entries(championship: Championship) -> QuerySet[Entry]:
    return championship.entries.select_related("member").order_by("start_number", "entered_at", "id")


def rounds_with_boards(championship: Championship) -> list[Round]:
    boards = Board.objects.select_related("white", "black", "game").order_by("number")
    return list(championship.rounds.prefetch_related(Prefetch("boards", queryset=boards)).order_by("number"))


def appointments(championship: Championship) -> QuerySet[Appointment]:
    return championship.appointments.select_related("member").order_by("role", "member__username")


def rounds_total(championship: Championship, entry_count: int | None = None) -> int | None:
    """How many rounds the championship has: the Berger schedule's length, or the Swiss rounds set."""
    if championship.is_swiss:
        return championship.rounds_planned
    n = entry_count if entry_count is not None else championship.entries.count()
    if n < 2:
        return None
    if championship.is_knockout:
        from .pairing import knockout_rounds

        return knockout_rounds(n)
    if championship.is_scheveningen:
        return n // 2  # each plays every member of the other group (1.2)
    rounds_per_cycle = n - 1 if n % 2 == 0 else n
    return rounds_per_cycle * championship.cycles


def games_scheduled(championship: Championship, entry_count: int) -> int:
    """Games one player is scheduled for in the whole event (1.10.2's "his games")."""
    if championship.is_swiss:
        return championship.rounds_planned or 0
    if championship.is_knockout:
        from .pairing import knockout_rounds

        return knockout_rounds(entry_count)
    if championship.is_scheveningen:
        return entry_count // 2
    return (entry_count - 1) * championship.cycles


def is_live(championship: Championship) -> bool:
    return not clock.TimeControl.parse(championship.time_control).days


def next_game_of(member) -> Board | None:
    """The member's next championship game: an ongoing one first, else the nearest scheduled."""
    if not getattr(member, "is_authenticated", False):
        return None
    # A micro-match's later games (1.11) are found through its match games; ``game`` is its first.
    ongoing = Q(game__status=Game.Status.ONGOING) | Q(match_games__game__status=Game.Status.ONGOING)
    mine = (
        Board.objects.filter(
            ongoing, Q(white=member) | Q(black=member), round__status=Round.Status.PUBLISHED, game__isnull=False
        )
        .distinct()
        .select_related("round__championship", "game", "white", "black")
        .order_by("round__starts_at", "round_id")
    )
    return mine.first()


# ---- plain values for the pure modules --------------------------------------------------------
def pairing_players(championship: Championship) -> list[dict]:
    """Players in initial order (start numbers), as ``pairing.swiss`` takes them."""
    return [
        {"id": e.member_id, "rating": e.rating, "withdrawn": e.status != ACTIVE}
        for e in championship.entries.order_by("start_number", "id")
    ]


def played_rounds(
    championship: Championship, *, upto: int | None = None, closed_only: bool = True, unfinished: bool = False
) -> list[list[dict]]:
    """Rounds as plain boards ``{"white", "black", "result"}``; a Swiss bye is
    ``(id, None, "bye")``; a round-robin rest and a board without a result are left out
    (``unfinished``: a game pairing without a result is kept, with result "")."""
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
        .values_list("round__number", "white_id", "black_id", "result")
    )
    for number, white, black, result in boards:
        if not result and not (unfinished and black is not None):
            continue
        by_round[number].append({"white": white, "black": black, "result": result})
    return [by_round[number] for number in numbers]


def results_plain(championship: Championship) -> tuple[list[dict], list[list[dict]]]:
    """Players and every round's recorded results, as ``ratings.standings.table`` takes them.

    Pairings still without a result are kept (result ""): the standings
    ignore them, except a round-robin pairing of a player who has left, which
    counts "+" for his opponent (1.10.3) or leaves the table with him (1.10.2)."""
    players = [
        {
            "id": e.member_id,
            "rating": e.rating,
            "withdrawn_after_round": e.left_after_round if e.status != ACTIVE else None,
        }
        for e in championship.entries.order_by("start_number", "id")
    ]
    return players, played_rounds(championship, closed_only=False, unfinished=True)


# ---- the crosstable grid ----------------------------------------------------------------------
def crosstable_grid(championship: Championship) -> list[dict]:
    """Round robin: one row per player in start-number order, a cell per
    opponent with the marks of their games (1 / ½ / 0, + / −, 1.12.2).

    The marks come from ``ratings.standings.crosstable``, so a withdrawal is
    shown as the standings count it: "+" for the opponents of a player who
    left after half his games (1.10.3), "−" for both in the unplayed games of
    a struck one (1.10.2).

    Each row: {"entry", "cells": [[marks of each game] per opponent; None on the diagonal]}.
    """
    from ratings import standings

    entry_list = list(entries(championship))
    players, rounds = results_plain(championship)
    grid = standings.crosstable(players, rounds, championship.scoring, system=championship.standings_system)["grid"]
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


def standings_rows(championship: Championship) -> list[dict]:
    """The stored table for pages: each row with its entry and its coefficients
    as display cells in ``COEFFICIENTS`` order (truncated Solkoff: every cut)."""
    from ratings.standings import COEFFICIENTS

    from .models import Standings

    stored = Standings.objects.filter(championship=championship).first()
    if stored is None:
        return []
    by_member = {e.member_id: e for e in entries(championship)}
    rows = []
    for row in stored.rows:
        coefficients = row.get("coefficients") or {}
        cells = []
        for name in COEFFICIENTS:
            value = coefficients.get(name)
            cells.append(" / ".join(_figure(v) for v in value) if isinstance(value, list) else _figure(value))
        rows.append(dict(row, entry=by_member.get(row.get("id")), cells=cells))
    return rows


def _figure(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def coefficient_names() -> tuple[str, ...]:
    from ratings.standings import COEFFICIENTS

    return COEFFICIENTS


def crosstable_plain(championship: Championship) -> dict:
    """``ratings.standings.crosstable`` of the recorded results (ids as text keys, as JSON has them)."""
    from ratings import standings

    players, rounds = results_plain(championship)
    table = standings.crosstable(players, rounds, championship.scoring, system=championship.standings_system)
    return {
        "grid": {str(pid): {str(o): marks for o, marks in row.items()} for pid, row in table["grid"].items()},
        "rounds": {str(pid): rows for pid, rows in table["rounds"].items()},
    }


# ---- Scheveningen (1.2) -------------------------------------------------------------------------
def scheveningen_table(championship: Championship) -> dict:
    """Group A against group B: a row per member of A (start-number order), a
    cell per member of B with the marks of their game, each player's points,
    and the match score of the groups (``ratings.standings.group_match``)."""
    from ratings import standings

    entry_list = list(entries(championship))
    players, rounds = results_plain(championship)
    grid = standings.crosstable(players, rounds, championship.scoring, system=championship.standings_system)["grid"]
    team_a = [e for e in entry_list if e.group == "A"]
    team_b = [e for e in entry_list if e.group == "B"]
    points = {
        row["id"]: row.get("points")
        for row in standings.table(players, rounds, scoring=championship.scoring, system=championship.standings_system)
    }
    score = standings.group_match({e.member_id: e.group for e in entry_list}, rounds, championship.scoring)
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
