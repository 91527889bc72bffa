"""The results of a championship: the one read model of its pages, the
print version, the API and the exports (issue 14).

Everything here is read from the recorded results and computed by the pure
``ratings.standings`` module, exactly as the Celery task computes the stored
table (same inputs, same options), so the crosstable, the standings and the
arithmetic behind each figure always agree:

* the crosstable comes from ``standings.crosstable`` — a withdrawal is shown
  as it counts (1.10.2 striking, 1.10.3 "+" for the opponents);
* each standings row carries every coefficient of 1.13.4–1.13.9 with the
  arithmetic behind it (``standings.table``'s ``breakdown``) in words and
  opponent names;
* for rated events, each player's rating change and performance come from
  the rating history (``ratings.models.RatingChange``) of the championship's
  games.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from club.platform.figures import figure
from games import disciplines, time_words
from games import results as vocabulary
from games.models import Game
from games.rules import family
from ratings import standings
from ratings.models import RatingChange

from ..models import Appointment, Championship, Round, Standings
from .events import appointments, entries, rounds_total, rounds_with_boards
from .inputs import results_plain as results_input
from .inputs import standings_options
from .progress import progress, with_points

PUBLISHED_ROUNDS = (Round.Status.PUBLISHED, Round.Status.CLOSED)

COEFFICIENT_LABELS = {
    "shmulyan": _("Shmulyan (1.13.4)"),
    "berger": _("Sonneborn-Berger (1.13.5)"),
    "buchholz": _("Buchholz (1.13.6)"),
    "solkoff": _("Solkoff (1.13.7)"),
    "truncated-solkoff": _("truncated Solkoff (1.13.8)"),
    "riga": _("Riga (1.13.9)"),
    "opponents-elo": _("opponents' Elo (1.13.3)"),
}
# The column headers of the coefficients, short, and the clause that defines each (its tooltip).
COEFFICIENT_SHORT = {
    "shmulyan": _("Shmulyan"),
    "berger": _("Berger"),
    "buchholz": _("Buchholz"),
    "solkoff": _("Solkoff"),
    "truncated-solkoff": _("Trunc. Solkoff"),
    "riga": _("Riga"),
    "opponents-elo": _("Opp. Elo"),
}
CRITERION_CLAUSES = {
    "shmulyan": _("1.13.4: points of the beaten opponents minus points of the opponents lost to"),
    "berger": _("1.13.5: twice the points of the beaten opponents plus the points of the drawn ones"),
    "buchholz": _("1.13.6: the sum of the opponents' points"),
    "solkoff": _("1.13.7: Buchholz without the best and the worst opponent"),
    "truncated-solkoff": _("1.13.8: Buchholz without the worst opponent; on a tie without the two worst, and so on"),
    "riga": _("1.13.9: 2 × beaten + 1.5 × drawn + 1 × lost-to opponents' points"),
    "opponents-elo": _("1.13.3: the sum of the opponents' Elo ratings"),
    "wins": _("1.13.3: the most wins"),
    "head-to-head": _("1.13.3: the results of the tied players' games against each other"),
    "beaten-points": _("1.13.3: the sum of the points of the beaten opponents"),
    "results-vs-places": _("1.13.3: the results against the others, in the order of their places"),
}


def coefficient_columns() -> list[dict]:
    """The standings' coefficient columns: code (for the markup), short header, full name, clause."""
    return [
        {"name": n, "short": COEFFICIENT_SHORT[n], "label": COEFFICIENT_LABELS[n], "clause": CRITERION_CLAUSES[n]}
        for n in standings.COEFFICIENTS
    ]


CRITERION_LABELS = {
    **COEFFICIENT_LABELS,
    "wins": _("most wins"),
    "head-to-head": _("games between the tied players"),
    "beaten-points": _("points of beaten opponents"),
    "results-vs-places": _("results against the others in order of places"),
    # a team event's (1.14.6)
    "match-points": _("match points"),
    "board-points": _("board points"),
    "match-wins": _("most matches won"),
}
# What the factor of each game means, per coefficient (standings.py's breakdown).
FACTOR_WORDS = {
    "shmulyan": {1: _("beaten: +"), 0: _("drawn: ×0"), -1: _("lost to: −")},
    "berger": {2: _("beaten: ×2"), 1: _("drawn: ×1"), 0: _("lost to: ×0")},
    "riga": {2: _("beaten: ×2"), 1.5: _("drawn: ×1.5"), 1: _("lost to: ×1")},
    "solkoff": {1: _("counted"), 0: _("left out (best or worst)")},
}

# How an opponent's points were counted when not as his own points (1.13.11).
COUNTED_AS = {
    standings.BYE_AS: _("lowest score (bye, 1.13.11)"),
    standings.WITHDRAWN_AS: _("score-group average (withdrawn, 1.13.11)"),
}


# ---- figures ----------------------------------------------------------------------------------
def performance(opponent_ratings: list[float], score: float) -> float | None:
    """Performance rating: the opponents' average plus 400·log10(p / (1 − p)),
    p the fraction scored, the difference capped at ±800 (FIDE B.02's dp
    table ends there). None without rated opponents."""
    if not opponent_ratings:
        return None
    average = sum(opponent_ratings) / len(opponent_ratings)
    p = score / len(opponent_ratings)
    if p >= 1:
        dp = 800.0
    elif p <= 0:
        dp = -800.0
    else:
        dp = max(-800.0, min(800.0, 400 * math.log10(p / (1 - p))))
    return round(average + dp)


# ---- the read model ---------------------------------------------------------------------------
@dataclass
class Player:
    id: int
    number: int  # start number (the Berger/Swiss initial order)
    name: str
    username: str
    rating: int | None
    status: str
    left_after_round: int | None
    struck: bool
    status_label: str = ""


def criteria(championship: Championship) -> list[dict]:
    """The tie criteria in force, in order (1.13.3; the system's default when not set)."""
    chosen = championship.tie_criteria or standings.DEFAULT_CRITERIA[championship.standings_system]
    return [
        {"name": name, "label": CRITERION_LABELS.get(name, name), "clause": CRITERION_CLAUSES.get(name, "")}
        for name in chosen
    ]


def players(championship: Championship) -> dict[int, Player]:
    return {
        e.member_id: Player(
            id=e.member_id,
            number=e.start_number or i,
            name=e.member.name,
            username=e.member.username,
            rating=e.rating,
            status=e.status,
            left_after_round=e.left_after_round,
            struck=e.struck,
            status_label=str(e.get_status_display()),
        )
        for i, e in enumerate(entries(championship), start=1)
    }


def chief_arbiter(championship: Championship):
    """The chief arbiter (a Member) or None; then the deputies."""
    appointed = list(appointments(championship))
    chief = next((a.member for a in appointed if a.role == Appointment.Role.CHIEF), None)
    deputies = [a.member for a in appointed if a.role == Appointment.Role.DEPUTY]
    return chief, deputies


def rating_changes(championship: Championship) -> dict[int, dict]:
    """Rated events: per player, the rating before the first and after the last
    rated game of the championship, the change, the rated games and the
    performance (from the rating history; unplayed games are not rated, 1.12.2)."""
    if not championship.rated:
        return {}
    history = (
        RatingChange.objects.filter(game__championship_board__round__championship=championship)
        .order_by("ended_at", "game_id")
        .values_list("member_id", "rating_before", "rating_after", "opponent_rating", "score")
    )
    per: dict[int, dict] = {}
    for member_id, before, after, opponent, score in history:
        row = per.setdefault(member_id, {"before": before, "after": after, "games": 0, "score": 0.0, "opponents": []})
        row["after"] = after
        row["games"] += 1
        row["score"] += score
        row["opponents"].append(opponent)
    return {
        member_id: {
            "before": round(row["before"]),
            "after": round(row["after"]),
            "change": round(row["after"] - row["before"], 1),
            "games": row["games"],
            "performance": performance(row["opponents"], row["score"]),
        }
        for member_id, row in per.items()
    }


def _name(people: dict[int, Player], pid) -> str:
    if pid is None:
        return str(_("bye"))
    player = people.get(pid)
    return player.name if player else str(pid)


def _arithmetic(name: str, row: dict, people: dict[int, Player], counted_as: dict) -> dict:
    """The figure of one coefficient and the lines behind it.

    Returns ``{"name", "label", "value", "lines": [{"opponent", "points", "factor", "product", "note"}],
    "sum"}``: the figure is the sum of points × factor (standings.py's breakdown)."""
    value = row["coefficients"].get(name)
    parts = row["breakdown"].get(name, [])
    lines = []
    if name == "truncated-solkoff":
        buchholz = row["coefficients"]["buchholz"]
        left = buchholz
        for opponent, points, cut in parts[: len(value)]:
            left -= points
            lines.append(
                {
                    "opponent": _name(people, opponent),
                    "points": figure(points),
                    "factor": f"−{cut}",
                    "product": figure(round(left, 9)),
                    "note": counted_as.get(opponent, ""),
                }
            )
        text = " / ".join(figure(v) for v in value)
        total = f"{figure(buchholz)} → {text}" if value else figure(buchholz)
    else:
        for opponent, points, factor in parts:
            product = points * factor if name != "opponents-elo" else points
            words = FACTOR_WORDS.get(name, {}).get(factor, "")
            lines.append(
                {
                    "opponent": _name(people, opponent),
                    "points": figure(points),
                    "factor": figure(factor) if name != "opponents-elo" else "",
                    "product": figure(product),
                    "note": " ".join(str(w) for w in (words, counted_as.get(opponent, "")) if w),
                }
            )
        text = figure(value)
        total = " + ".join(line["product"] for line in lines) + f" = {text}" if lines else text
    return {"name": name, "label": COEFFICIENT_LABELS[name], "value": text, "lines": lines, "sum": total}


def standings_rows(
    championship: Championship,
    people: dict[int, Player] | None = None,
    table: list[dict] | None = None,
    *,
    ratings: bool = True,
) -> list[dict]:
    """The standings with every tie-break column and the arithmetic per figure.

    Each row: ``place``, ``player`` (Player), ``points``, ``wins``, ``draws``,
    ``losses``, ``games``, ``played``, ``struck``, ``withdrawn_after_round``,
    ``figures`` (one per coefficient of ``standings.COEFFICIENTS``, see
    ``_arithmetic``), ``rating`` (rated events: before, after, change, games,
    performance; else None) and ``raw`` (the standings module's row).
    """
    people = people if people is not None else players(championship)
    if table is None:
        table = standings.table(*results_input(championship), **standings_options(championship))
    changes = rating_changes(championship) if ratings else {}
    rows = []
    for row in table:
        counted_as = {
            g["opponent"]: str(COUNTED_AS.get(g["counted_as"], g["counted_as"]))
            for g in row.get("opponents", ())
            if g["counted_as"] != "points"
        }
        rows.append(
            {
                "place": row["place"],
                "player": people[row["id"]],
                "points": figure(row["points"]),
                "wins": row["wins"],
                "draws": row["draws"],
                "losses": row["losses"],
                "games": row["games"],
                "played": row["played"],
                "struck": row["struck"],
                "withdrawn_after_round": row["withdrawn_after_round"],
                "figures": []
                if row["struck"]
                else [_arithmetic(name, row, people, counted_as) for name in standings.COEFFICIENTS],
                "rating": changes.get(row["id"]) if championship.rated and ratings else None,
                "raw": row,
            }
        )
    return rows


def crosstable(championship: Championship, rows: list[dict], people: dict[int, Player]) -> dict:
    """The crosstable in the standings' order, from ``standings.crosstable``.

    Round robin (``kind="grid"``): each row ``{"number", "place", "player",
    "cells": [{"marks", "self", "struck"}], "points"}``, columns in the rows'
    order. Swiss (``kind="rounds"``): each row's ``cells`` one per round
    ``{"round", "opponent" (row number or None), "name", "colour" ("w"/"b"/""), "mark"}``.
    """
    players_plain, rounds = results_input(championship)
    table = standings.crosstable(players_plain, rounds, championship.scoring, system=championship.standings_system)
    order = [row["player"].id for row in rows]
    # "№" is the start number (the lot's, 1.15.5.1) on every page, print and file; the place is its own column.
    number = {pid: people[pid].number for pid in order}
    struck = {row["player"].id for row in rows if row["struck"]}
    out = []
    if championship.standings_system != Championship.System.SWISS:
        for row in rows:
            pid = row["player"].id
            marks = table["grid"].get(pid, {})
            cells = [
                {
                    "marks": " ".join(marks.get(other, [])),
                    "self": other == pid,
                    "struck": other != pid and (other in struck or pid in struck),
                }
                for other in order
            ]
            out.append(
                {
                    "number": number[pid],
                    "place": row["place"],
                    "player": row["player"],
                    "points": row["points"],
                    "cells": cells,
                    "struck": row["struck"],
                }
            )
        return {"kind": "grid", "rows": out, "columns": [number[pid] for pid in order], "rounds": len(rounds)}
    for row in rows:
        pid = row["player"].id
        by_round = {game["round"]: game for game in table["rounds"].get(pid, [])}
        cells = []
        for r in range(1, len(rounds) + 1):
            game = by_round.get(r)
            if game is None:
                cells.append({"round": r, "opponent": None, "name": "", "colour": "", "mark": ""})
                continue
            colour = {vocabulary.WHITE: "w", vocabulary.BLACK: "b"}.get(game["colour"], "")
            cells.append(
                {
                    "round": r,
                    "opponent": number.get(game["opponent"]),
                    "name": _name(people, game["opponent"]),
                    "colour": colour,
                    "mark": game["mark"],
                }
            )
        out.append(
            {
                "number": number[pid],
                "place": row["place"],
                "player": row["player"],
                "points": row["points"],
                "cells": cells,
                "struck": row["struck"],
            }
        )
    return {"kind": "rounds", "rows": out, "columns": list(range(1, len(rounds) + 1)), "rounds": len(rounds)}


def _board_score(result: str, colour: str, scoring: str) -> float:
    """The game points a board gave the player of ``colour`` (1.12.1): a bye counts as a win (1.15.2)."""
    if result == vocabulary.BYE:
        return vocabulary.SCORINGS.get(scoring, vocabulary.SCORINGS["1-1/2-0"])[0]
    if scoring not in vocabulary.SCORINGS:
        scoring = "1-1/2-0"
    return vocabulary.score(result, colour, scoring) or 0.0


def rounds(championship: Championship, people: dict[int, Player], *, number: int | None = None) -> list[dict]:
    """Published rounds with their pairings and results, each game linked by id
    (``number``: that round only).

    Each board carries both players' start numbers and their points before the
    round (as a pairing sheet prints them), and, while its game goes on, the
    moves made so far (``live``). One pass over the rounds in order keeps the
    running points, so ``points_after`` of each round is every player's total then."""
    out = []
    totals: dict[int, float] = dict.fromkeys(people, 0.0)
    for the_round in rounds_with_boards(championship):
        if the_round.status not in PUBLISHED_ROUNDS:
            continue
        boards = []
        for board in the_round.boards.all():
            rest = board.black_id is None
            game = board.game
            boards.append(
                {
                    "number": board.number,
                    "white_id": board.white_id,
                    "black_id": board.black_id,
                    "white": _name(people, board.white_id),
                    "black": "" if rest else _name(people, board.black_id),
                    "white_number": people[board.white_id].number if board.white_id in people else None,
                    "black_number": people[board.black_id].number if board.black_id in people else None,
                    "white_points": figure(totals.get(board.white_id, 0.0)),
                    "black_points": "" if rest else figure(totals.get(board.black_id, 0.0)),
                    "rest": rest,
                    "bye": rest and board.result == vocabulary.BYE,
                    "absent": rest and board.result == vocabulary.ABSENT,
                    "result": board.result,
                    "game_id": board.game_id,
                    "white_mark": vocabulary.mark(board.result, vocabulary.WHITE),
                    "black_mark": vocabulary.mark(board.result, vocabulary.BLACK),
                    "forfeit": vocabulary.is_forfeit(board.result),
                    "live": bool(game and game.status == Game.Status.ONGOING and not board.result),
                    "moves": game.ply if game else 0,
                }
            )
        for board in boards:
            if board["result"]:
                for pid, colour in ((board["white_id"], vocabulary.WHITE), (board["black_id"], vocabulary.BLACK)):
                    if pid is not None:
                        totals[pid] = totals.get(pid, 0.0) + _board_score(board["result"], colour, championship.scoring)
        if number is not None and the_round.number != number:
            continue
        out.append(
            {
                "number": the_round.number,
                "status": the_round.status,
                "status_label": the_round.get_status_display(),
                "date": the_round.starts_at or the_round.published_at,
                "starts_at": the_round.starts_at,
                "boards": boards,
                "live": any(b["live"] for b in boards),
                "points_after": dict(totals),
            }
        )
        if number is not None:
            break
    return out


def results(championship: Championship) -> dict:
    """Everything the results pages show: the championship, its arbiters,
    criteria, standings with arithmetic, crosstable and rounds."""
    people = players(championship)
    rows = standings_rows(championship, people)
    chief, deputies = chief_arbiter(championship)
    total = rounds_total(championship, len(people))
    table = crosstable(championship, rows, people)
    provisional = championship.status == Championship.Status.RUNNING
    if provisional:
        _mark_progress(championship, rows, table, total)
    rounds_list = rounds(championship, people)
    return {
        "championship": championship,
        "chief_arbiter": chief,
        "deputies": deputies,
        "criteria": criteria(championship),
        "coefficients": coefficient_columns(),
        "facts": facts(championship),
        "round_numbers": [r["number"] for r in rounds_list],
        "coefficient_names": standings.COEFFICIENTS,
        "standings": rows,
        "crosstable": table,
        "provisional": provisional,
        "rounds": rounds_list,
        "rated": championship.rated,
        "rounds_total": total,
        "entrants": people,  # by id, in start-number order
        "games_format": "pdn" if family(championship.discipline) == "draughts" else "renju",
    }


def _mark_progress(championship: Championship, rows: list[dict], table: dict, total: int | None) -> None:
    """A running event's rows get ``games_left`` and ``max_points``; a crosstable
    cell of a game in progress gets its ``playing`` game id (``selectors.progress``)."""
    points = {row["player"].id: row["raw"]["points"] for row in rows}
    left = with_points(progress(championship, total), points, championship.scoring)
    for row in rows:
        mine = left.get(row["player"].id, {"games_left": 0, "max_points": points[row["player"].id], "playing": {}})
        row["games_left"], row["max_points_value"] = mine["games_left"], mine["max_points"]
        row["max_points"] = figure(mine["max_points"])
    if table["kind"] != "grid":
        return
    order = [row["player"].id for row in rows]
    for row in table["rows"]:
        playing = left.get(row["player"].id, {}).get("playing", {})
        for other, cell in zip(order, row["cells"]):
            cell["playing"] = playing.get(other)


def results_plain(championship: Championship) -> dict:
    """The API's view of ``results``, the whole result set as one JSON document:
    the championship, the starting list (``entrants``), standings, crosstable and
    rounds with their pairings; JSON values only (names, ids, figures as numbers,
    times in ISO 8601)."""
    data = results(championship)

    def player(p: Player) -> dict:
        return {
            "id": p.id,
            "start_number": p.number,
            "name": p.name,
            "username": p.username,
            "rating": p.rating,
            "status": p.status,
            "left_after_round": p.left_after_round,
        }

    return {
        "championship": {
            "id": championship.pk,
            "name": championship.name,
            "discipline": championship.discipline,
            "system": championship.system,
            "scoring": championship.scoring,
            "swiss_system": championship.swiss_system,
            "time_control": championship.time_control,
            "status": championship.status,
            "rated": championship.rated,
            "rounds_total": data["rounds_total"],
            "started_at": championship.started_at.isoformat() if championship.started_at else None,
            "finished_at": championship.finished_at.isoformat() if championship.finished_at else None,
        },
        "chief_arbiter": data["chief_arbiter"].name if data["chief_arbiter"] else None,
        "criteria": [c["name"] for c in data["criteria"]],
        "entrants": [player(p) for p in data["entrants"].values()],
        "standings": [
            {
                "place": row["place"],
                "player": player(row["player"]),
                "points": row["raw"]["points"],
                "wins": row["wins"],
                "draws": row["draws"],
                "losses": row["losses"],
                "games": row["games"],
                "played": row["played"],
                "struck": row["struck"],
                "withdrawn_after_round": row["withdrawn_after_round"],
                "coefficients": row["raw"]["coefficients"],
                "arithmetic": {f["name"]: {"sum": f["sum"], "lines": f["lines"]} for f in row["figures"]},
                "rating": row["rating"],
                **(
                    {"games_left": row["games_left"], "max_points": row["max_points_value"]}
                    if data["provisional"]
                    else {}
                ),
            }
            for row in data["standings"]
        ],
        "provisional": data["provisional"],
        "crosstable": {
            "kind": data["crosstable"]["kind"],
            "rows": [
                {
                    "number": r["number"],
                    "player_id": r["player"].id,
                    "cells": [{k: v for k, v in c.items()} for c in r["cells"]],
                }
                for r in data["crosstable"]["rows"]
            ],
        },
        "rounds": [_round_plain(r) for r in data["rounds"]],
    }


def _round_plain(r: dict) -> dict:
    return {
        "number": r["number"],
        "status": r["status"],
        "date": r["date"].isoformat() if r["date"] else None,
        "starts_at": r["starts_at"].isoformat() if r["starts_at"] else None,
        "live": r["live"],
        "boards": r["boards"],
    }


# ---- the pages chess-results users expect (issue 27) ------------------------------------------------
def facts(championship: Championship) -> dict:
    """The championship's terms in words, never codes: discipline, time control
    (short and in words), system, opening rule, foul policy, scoring, criteria."""
    opening = championship.opening_rule if championship.opening_rule not in ("", "none") else ""
    return {
        "discipline": disciplines.discipline_title(championship.discipline),
        "time_control": time_words.words(championship.time_control),
        "time_control_short": time_words.short(championship.time_control),
        "system": championship.get_system_display(),
        "swiss_system": championship.get_swiss_system_display() if championship.swiss_system else "",
        "opening_rule": disciplines.opening_rule_title(opening) if opening else "",
        "foul_policy": disciplines.foul_policy_title(championship.foul_policy)
        if family(championship.discipline) != "draughts"
        else "",
        "scoring": championship.get_scoring_display(),
        "criteria": criteria(championship),
    }


def round_numbers(championship: Championship) -> list[int]:
    """The published rounds' numbers, for the pages' navigation."""
    return list(
        championship.rounds.filter(status__in=PUBLISHED_ROUNDS).order_by("number").values_list("number", flat=True)
    )


def starting_list(championship: Championship) -> dict:
    """The players in start-number order (the lot, or the rating order), with their ratings and status."""
    people = players(championship)
    return {
        "championship": championship,
        "facts": facts(championship),
        "players": sorted(people.values(), key=lambda p: p.number),
        "round_numbers": round_numbers(championship),
    }


def round_sheet(championship: Championship, number: int) -> dict | None:
    """One published round: its boards with the players' numbers and points
    before it, results and game links — the pairing sheet of the hall."""
    people = players(championship)
    found = rounds(championship, people, number=number)
    if not found:
        return None
    stored = Standings.objects.filter(championship=championship).first()
    return {
        "championship": championship,
        "facts": facts(championship),
        "round": found[0],
        "round_numbers": round_numbers(championship),
        "rounds_total": rounds_total(championship, len(people)),
        "standings": standings_rows(championship, people, table=stored.rows) if stored else [],
    }


def standings_after(championship: Championship, number: int | None = None) -> dict:
    """The standings after round ``number`` (None: now), computed by
    ``ratings.standings`` from the results of those rounds only, with the
    players who left later still in; the rating columns only for the current table."""
    people = players(championship)
    if number is None:
        rows = standings_rows(championship, people)
    else:
        plain, played = results_input(championship, upto=number)
        table = standings.table(plain, played, **standings_options(championship))
        rows = standings_rows(championship, people, table=table, ratings=False)
    return {
        "championship": championship,
        "facts": facts(championship),
        "after_round": number,
        "standings": rows,
        "criteria": criteria(championship),
        "coefficients": coefficient_columns(),
        "rated": championship.rated and number is None,
        "round_numbers": round_numbers(championship),
    }


def crosstable_page(championship: Championship) -> dict:
    people = players(championship)
    rows = standings_rows(championship, people)
    return {
        "championship": championship,
        "facts": facts(championship),
        "crosstable": crosstable(championship, rows, people),
        "round_numbers": round_numbers(championship),
    }


def player_card(championship: Championship, username: str) -> dict | None:
    """One entrant's card: every game (round, colour, opponent with his number,
    result, game link), his points after each round, his place and figures,
    and for rated events each game's rating change and his performance."""
    people = players(championship)
    me = next((p for p in people.values() if p.username == username), None)
    if me is None:
        return None
    played = rounds(championship, people)
    games = []
    for r in played:
        for b in r["boards"]:
            if me.id not in (b["white_id"], b["black_id"]):
                continue
            white = b["white_id"] == me.id
            opponent = people.get(b["black_id"] if white else b["white_id"])
            colour = vocabulary.WHITE if white else vocabulary.BLACK
            games.append(
                {
                    "round": r["number"],
                    "board": b["number"],
                    "colour": "" if b["rest"] else colour,
                    "opponent": opponent,
                    "bye": b["bye"],
                    "absent": b["absent"],
                    "rest": b["rest"],
                    "result": b["result"],
                    "mark": ("+" if b["bye"] else "−" if b["absent"] else "")
                    if b["rest"]
                    else vocabulary.mark(b["result"], colour),
                    "score": figure(_board_score(b["result"], colour, championship.scoring)) if b["result"] else "",
                    "game_id": b["game_id"],
                    "live": b["live"],
                    "points_after": figure(r["points_after"].get(me.id, 0.0)),
                    "rating_change": None,
                }
            )
    rows = standings_rows(championship, people)
    row = next((x for x in rows if x["player"].id == me.id), None)
    rating = None
    if championship.rated:
        per_game = dict(
            RatingChange.objects.filter(
                member_id=me.id, game_id__in=[g["game_id"] for g in games if g["game_id"]]
            ).values_list("game_id", "rating_after")
        )
        before = dict(
            RatingChange.objects.filter(member_id=me.id, game_id__in=list(per_game)).values_list(
                "game_id", "rating_before"
            )
        )
        for g in games:
            if g["game_id"] in per_game:
                change = round(per_game[g["game_id"]] - before[g["game_id"]], 1)
                g["rating_change"] = figure(change) if change <= 0 else "+" + figure(change)
        rating = rating_changes(championship).get(me.id)
    return {
        "championship": championship,
        "facts": facts(championship),
        "player": me,
        "games": games,
        "row": row,
        "rating": rating,
        "round_numbers": round_numbers(championship),
    }


def live_round(championship: Championship, number: int) -> dict | None:
    """What a round's live page redraws after a move or a result: the round's
    boards and the current standings — a fixed number of queries whatever the
    number of boards (tests/championships/test_live_round.py counts them)."""
    people = players(championship)
    found = rounds(championship, people, number=number)
    if not found:
        return None
    stored = Standings.objects.filter(championship=championship).first()
    rows = standings_rows(championship, people, table=stored.rows) if stored else []
    return {"championship": championship, "round": found[0], "standings": rows}


def round_game_ids(championship_id: int, number: int) -> list[int]:
    """The games of a round (its micro-matches' too), whose changes its live page follows."""
    boards = Round.objects.filter(championship_id=championship_id, number=number).values_list(
        "boards__game_id", "boards__match_games__game_id"
    )
    return sorted({gid for pair in boards for gid in pair if gid})


# ---- the pages' JSON twins (the API) -----------------------------------------------------------
def player_plain(p: Player) -> dict:
    return {
        "id": p.id,
        "start_number": p.number,
        "name": p.name,
        "username": p.username,
        "rating": p.rating,
        "status": p.status,
        "left_after_round": p.left_after_round,
    }


def starting_list_plain(championship: Championship) -> dict:
    data = starting_list(championship)
    return {"championship_id": championship.pk, "players": [player_plain(p) for p in data["players"]]}


def round_sheet_plain(championship: Championship, number: int) -> dict | None:
    data = round_sheet(championship, number)
    return None if data is None else {"championship_id": championship.pk, **_round_plain(data["round"])}


def standings_after_plain(championship: Championship, number: int | None) -> dict:
    data = standings_after(championship, number)
    return {
        "championship_id": championship.pk,
        "after_round": number,
        "criteria": [c["name"] for c in data["criteria"]],
        "rows": [
            {
                "place": row["place"],
                "player": player_plain(row["player"]),
                "points": row["raw"]["points"],
                "wins": row["wins"],
                "draws": row["draws"],
                "losses": row["losses"],
                "games": row["games"],
                "struck": row["struck"],
                "coefficients": row["raw"].get("coefficients", {}),
            }
            for row in data["standings"]
        ],
    }


def crosstable_table_plain(championship: Championship) -> dict:
    """The crosstable as its page shows it: rows in the order of places, "number" the start number."""
    table = crosstable_page(championship)["crosstable"]
    return {
        "kind": table["kind"],
        "columns": table["columns"],
        "rows": [
            {
                "place": r["place"],
                "number": r["number"],
                "player_id": r["player"].id,
                "name": r["player"].name,
                "points": r["points"],
                "cells": r["cells"],
            }
            for r in table["rows"]
        ],
    }


def player_card_plain(championship: Championship, username: str) -> dict | None:
    card = player_card(championship, username)
    if card is None:
        return None
    row = card["row"]
    return {
        "championship_id": championship.pk,
        "player": player_plain(card["player"]),
        "place": row["place"] if row else None,
        "points": row["raw"]["points"] if row else None,
        "rating": card["rating"],
        "games": [
            {
                "round": g["round"],
                "board": g["board"],
                "colour": g["colour"] or None,
                "opponent": player_plain(g["opponent"]) if g["opponent"] else None,
                "bye": g["bye"],
                "result": g["result"],
                "mark": g["mark"],
                "game_id": g["game_id"],
                "points_after": g["points_after"],
                "rating_change": g["rating_change"],
            }
            for g in card["games"]
        ],
    }


# ---- the championship page's tables ---------------------------------------------------------------
def stored_standings_rows(championship: Championship) -> list[dict]:
    """``standings_rows`` of the table the worker stored (the championship page), [] before the first."""
    stored = Standings.objects.filter(championship=championship).first()
    if stored is None:
        return []
    return standings_rows(championship, table=stored.rows)


def crosstable_grid(championship: Championship) -> list[dict]:
    """Round robin: one row per player in start-number order, a cell per
    opponent with the marks of their games (1 / ½ / 0, + / −, 1.12.2).

    The marks come from ``ratings.standings.crosstable``, so a withdrawal is
    shown as the standings count it: "+" for the opponents of a player who
    left after half his games (1.10.3), "−" for both in the unplayed games of
    a struck one (1.10.2).

    Each row: {"entry", "cells": [[marks of each game] per opponent; None on the diagonal]}.
    """
    entry_list = list(entries(championship))
    players_plain, played = results_input(championship)
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


def crosstable_plain(championship: Championship) -> dict:
    """``ratings.standings.crosstable`` of the recorded results (ids as text keys, as JSON has them)."""
    players_plain, played = results_input(championship)
    table = standings.crosstable(players_plain, played, championship.scoring, system=championship.standings_system)
    return {
        "grid": {str(pid): {str(o): marks for o, marks in row.items()} for pid, row in table["grid"].items()},
        "rounds": {str(pid): rows for pid, rows in table["rounds"].items()},
    }


def scheveningen_table(championship: Championship) -> dict:
    """Group A against group B: a row per member of A (start-number order), a
    cell per member of B with the marks of their game, each player's points,
    and the match score of the groups (``ratings.standings.group_match``)."""
    entry_list = list(entries(championship))
    players_plain, played = results_input(championship)
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
