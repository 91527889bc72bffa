"""Exports of a championship (issue 14): every game in one file, the standings
as CSV, the championship as a FIDE Tournament Report File (TRF16).

Each export is an ``Export(filename, content_type, text)``; the views only
send it. The games file is the club's own records joined (``games/records.py``):
PDN for draughts, the plain renju record for the five-in-a-row family —
games without play (forfeits, byes, rests) have no record and are left out;
a game still going is written with the result ``*``.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from games.records import game_record
from games.rules import family
from ratings import standings

from . import selectors, trf
from .models import Appointment, Board, Championship, MatchGame
from .selectors import results


@dataclass(frozen=True)
class Export:
    filename: str
    content_type: str
    text: str


def _slug(championship: Championship) -> str:
    slug = re.sub(r"[^A-Za-z0-9]+", "-", championship.name).strip("-").lower()
    return f"championship-{championship.pk}" + (f"-{slug}" if slug else "")


def games_file(championship: Championship) -> Export:
    """All games of the championship in round and board order, one file."""
    draughts = family(championship.discipline) == "draughts"
    boards = (
        Board.objects.filter(
            round__championship=championship, game__isnull=False, round__status__in=results.PUBLISHED_ROUNDS
        )
        .select_related("game", "game__white", "game__black")
        .order_by("round__number", "number")
    )
    fmt = "pdn" if draughts else "renju"
    if championship.plays_micro_matches:
        # Micro-matches (1.11): every game of each pairing, in the order played.
        games = [
            mg.game
            for mg in MatchGame.objects.filter(
                board__round__championship=championship, board__round__status__in=results.PUBLISHED_ROUNDS
            )
            .select_related("game", "game__white", "game__black")
            .order_by("board__round__number", "board__number", "number")
        ]
    else:
        games = [board.game for board in boards]
    records = [game_record(game=game, format=fmt).strip() for game in games]
    text = "\n\n".join(records) + ("\n" if records else "")
    if draughts:
        return Export(f"{_slug(championship)}.pdn", "application/x-draughts-pdn; charset=utf-8", text)
    return Export(f"{_slug(championship)}.txt", "text/plain; charset=utf-8", text)


def standings_csv(championship: Championship) -> Export:
    """The standings, one row per player in final order, every coefficient in
    its own column (truncated Solkoff: one column per cut, 1.13.8), rating
    change and performance for rated events."""
    rows = results.standings_rows(championship)
    cuts = max((len(r["raw"]["coefficients"].get("truncated-solkoff", [])) for r in rows), default=0)
    coefficients = [c for c in standings.COEFFICIENTS if c != "truncated-solkoff"]
    header = [
        "place",
        "start_number",
        "name",
        "username",
        "rating",
        "points",
        "wins",
        "draws",
        "losses",
        "games",
        "played",
        *coefficients,
        *(f"truncated-solkoff-{k}" for k in range(1, cuts + 1)),
        "struck",
        "withdrawn_after_round",
    ]
    if championship.rated:
        header += ["rating_before", "rating_after", "rating_change", "performance"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        player, raw = row["player"], row["raw"]
        figures = raw["coefficients"]
        truncated = figures.get("truncated-solkoff", [])
        line = [
            row["place"],
            player.number,
            player.name,
            player.username,
            player.rating or "",
            _number(raw["points"]),
            raw["wins"],
            raw["draws"],
            raw["losses"],
            raw["games"],
            raw["played"],
            *(_number(figures.get(c)) for c in coefficients),
            *(_number(truncated[k]) if k < len(truncated) else "" for k in range(cuts)),
            "yes" if raw["struck"] else "",
            raw["withdrawn_after_round"] or "",
        ]
        if championship.rated:
            rating = row["rating"] or {}
            line += [
                rating.get("before", ""),
                rating.get("after", ""),
                rating.get("change", ""),
                rating.get("performance") or "",
            ]
        writer.writerow(line)
    return Export(f"{_slug(championship)}-standings.csv", "text/csv; charset=utf-8", out.getvalue())


def _number(value) -> str:
    """A figure with a decimal point (machine-readable, unlike the pages' figures)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _trf_date(moment, long: bool = True) -> str:
    return moment.strftime("%Y/%m/%d" if long else "%y/%m/%d") if moment else ""


def trf_text(championship: Championship) -> Export:
    """The championship as TRF16 (``trf.dumps``): players in starting order with
    their final points and rank; every published round's pairings as recorded
    (a forfeit "+"/"−", a Swiss bye "U", a round-robin rest "Z")."""
    entry_list = list(selectors.entries(championship))
    table = {
        row["id"]: row
        for row in standings.table(*selectors.results_plain(championship), **selectors.standings_options(championship))
    }
    published = list(championship.rounds.filter(status__in=results.PUBLISHED_ROUNDS).order_by("number"))
    numbers = [r.number for r in published]
    rounds = selectors.played_rounds(championship, closed_only=False, unfinished=True)
    # Only published rounds, with the rests of a round robin (played_rounds leaves them out).
    all_numbers = list(championship.rounds.order_by("number").values_list("number", flat=True))
    by_number = dict(zip(all_numbers, rounds))
    rests = Board.objects.filter(round__championship=championship, black__isnull=True, result="").values_list(
        "round__number", "white_id"
    )
    for number, white in rests:
        if number in by_number:
            by_number[number].append({"white": white, "black": None, "result": ""})
    chief = championship.appointments.filter(role=Appointment.Role.CHIEF).select_related("member").first()
    deputies = [
        a.member.name
        for a in championship.appointments.filter(role=Appointment.Role.DEPUTY)
        .select_related("member")
        .order_by("member__username")
    ]
    tournament = {
        "name": championship.name,
        "city": getattr(championship.organiser, "city", "") or "",
        "start": _trf_date(championship.started_at),
        "end": _trf_date(championship.finished_at),
        "type": f"{championship.get_system_display()}"
        + (f" ({championship.get_swiss_system_display()})" if championship.is_swiss else ""),
        "chief_arbiter": chief.member.name if chief else "",
        "deputy_arbiters": deputies,
        "time_control": championship.time_control,
        "round_dates": [_trf_date(r.starts_at or r.published_at, long=False) for r in published],
        "system": championship.system,
    }
    players = []
    for entry in entry_list:
        row = table.get(entry.member_id, {})
        place = str(row.get("place") or "")
        players.append(
            {
                "id": entry.member_id,
                "name": entry.member.name[:33],
                "rating": entry.rating,
                "federation": "",
                "points": row.get("points") if not row.get("struck") else None,
                "rank": int(place.split("-")[0]) if place else None,
            }
        )
    text = trf.dumps(tournament, players, [by_number[n] for n in numbers])
    return Export(f"{_slug(championship)}.trf", "text/plain; charset=utf-8", text)


EXPORTS = {"games": games_file, "standings.csv": standings_csv, "trf": trf_text}


def export(championship: Championship, kind: str) -> Export:
    """One of ``EXPORTS`` by name; KeyError for another."""
    return EXPORTS[kind](championship)
