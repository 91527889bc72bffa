"""The results of a championship: the one read model of its pages, the
print version, the API and the exports.

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

import json
import math
from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from foundation.figures import figure
from foundation.memo import VersionedMemo
from games import disciplines, time_words
from games import results as vocabulary
from games.models import Game
from games.rules import family
from ratings import standings
from ratings.models import RatingChange

from ..models import Appointment, Championship, Entry, Standings
from .events import appointments, entries, rounds_total, rounds_with_boards
from .inputs import results_plain as results_input
from .inputs import standings_options
from .progress import progress, with_points
from .versions import results_version, table_source
from .visibility import rounds_visible

# The result sets last read, each under the digest of what it shows (several
# events, a few languages): a hit costs the digest's few queries.
RESULT_SETS = VersionedMemo(size=32)

COEFFICIENT_LABELS = {
    "shmulyan": _("Shmulyan (1.13.4)"),
    "berger": _("Sonneborn-Berger (1.13.5)"),
    "buchholz": _("Buchholz (1.13.6)"),
    "solkoff": _("Solkoff (1.13.7)"),
    "truncated-solkoff": _("truncated Solkoff (1.13.8)"),
    "riga": _("Riga (1.13.9)"),
    "opponents-elo": _("sum of the opponents' ratings (1.13.3)"),
}
# The column headers of the coefficients, short, and the clause that defines each (its tooltip).
COEFFICIENT_SHORT = {
    "shmulyan": _("Shmulyan"),
    "berger": _("Berger"),
    "buchholz": _("Buchholz"),
    "solkoff": _("Solkoff"),
    "truncated-solkoff": _("Trunc. Solkoff"),
    "riga": _("Riga"),
    "opponents-elo": _("Sum of opp. ratings"),
}
CRITERION_CLAUSES = {
    "shmulyan": _("1.13.4: points of the beaten opponents minus points of the opponents lost to"),
    "berger": _("1.13.5: twice the points of the beaten opponents plus the points of the drawn ones"),
    "buchholz": _("1.13.6: the sum of the opponents' points"),
    "solkoff": _("1.13.7: Buchholz without the best and the worst opponent"),
    "truncated-solkoff": _(
        "1.13.8: Buchholz without the worst opponent / without the two worst / …: "
        "the next figure counts only while the ones before it are equal"
    ),
    "riga": _("1.13.9: 2 × beaten + 1.5 × drawn + 1 × lost-to opponents' points"),
    "opponents-elo": _(
        "1.13.3: the opponents' ratings added up (each one's rating when entries closed): a total, not a rating"
    ),
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
# Truncated Solkoff's figures (1.13.8) in one cell: a long list breaks only after a slash.
CUTS_JOIN = "\u00a0/ "
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
    rating_source: str = ""  # Entry.RatingSource: which rating ``rating`` is
    rating_source_label: str = ""
    guest: bool = False  # entered by the organiser, no account: no profile page


def criteria(championship: Championship) -> list[dict]:
    """The tie criteria in force, in order (1.13.3; the system's default when not set)."""
    chosen = championship.tie_criteria or standings.DEFAULT_CRITERIA[championship.standings_system]
    return [
        {"name": name, "label": CRITERION_LABELS.get(name, name), "clause": CRITERION_CLAUSES.get(name, "")}
        for name in chosen
    ]


def status_label(championship: Championship, entry: Entry) -> str:
    """An entrant's status in words as of the event's stage: one still in is "entered" before the
    first round, "playing" while it runs and "finished" after the last; one who left says so."""
    if entry.status != Entry.Status.ACTIVE:
        return str(entry.get_status_display())
    if championship.status == Championship.Status.RUNNING:
        return str(_("playing"))
    if championship.status == Championship.Status.FINISHED:
        return str(_("finished"))
    return str(_("entered"))


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
            status_label=status_label(championship, e),
            rating_source=e.rating_source,
            rating_source_label=str(e.get_rating_source_display()) if e.rating_source else "",
            guest=e.member.is_guest,
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


def _figure(name: str, row: dict) -> dict:
    """A coefficient's figure alone: ``{"name", "label", "value", "decided"}`` (``decided``: it settled his tie)."""
    value = row["coefficients"].get(name)
    text = CUTS_JOIN.join(figure(v) for v in value) if name == "truncated-solkoff" else figure(value)
    return {"name": name, "label": COEFFICIENT_LABELS[name], "value": text, "decided": name == row.get("decided_by")}


def current_table(championship: Championship) -> list[dict]:
    """The event's table (``ratings.standings.table``): the one the worker
    stored while what it was computed from is unchanged, else computed now."""
    version, compute = table_source(championship)
    stored = (
        Standings.objects.filter(championship=championship, results_version=version)
        .values_list("rows", flat=True)
        .first()
    )
    return stored if stored is not None else compute()


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
        text = CUTS_JOIN.join(figure(v) for v in value)
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
    return {
        "name": name,
        "label": COEFFICIENT_LABELS[name],
        "value": text,
        "lines": lines,
        "sum": total,
        "decided": name == row.get("decided_by"),
    }


def standings_rows(
    championship: Championship,
    people: dict[int, Player] | None = None,
    table: list[dict] | None = None,
    *,
    ratings: bool = True,
    arithmetic: bool = True,
) -> list[dict]:
    """The standings with every tie-break column and the arithmetic per figure.

    Each row: ``place``, ``player`` (Player), ``points``, ``wins``, ``draws``,
    ``losses``, ``games``, ``played``, ``struck``, ``withdrawn_after_round``,
    ``figures`` (one per coefficient of ``standings.COEFFICIENTS``, see
    ``_arithmetic``; with ``arithmetic=False`` only ``name``, ``label`` and
    ``value``, for the tables that show the figures alone), ``rating`` (rated
    events: before, after, change, games, performance; else None) and ``raw``
    (the standings module's row). ``table``: the standings module's rows, by
    default the event's current table (``current_table``).
    """
    people = people if people is not None else players(championship)
    if table is None:
        table = current_table(championship)
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
                else [
                    _arithmetic(name, row, people, counted_as) if arithmetic else _figure(name, row)
                    for name in standings.COEFFICIENTS
                ],
                "rating": changes.get(row["id"]) if championship.rated and ratings else None,
                "decided_by": row.get("decided_by", ""),
                "raw": row,
            }
        )
    return rows


def ties(rows: list[dict]) -> list[dict]:
    """The players tied on points whose places a criterion settled, in words (1.13.3): per points,
    ``{"points", "players": [{"name", "place", "criterion"}]}`` — the reader sees which criterion
    placed each of them even when its column is out of sight."""
    groups: dict[str, list[dict]] = {}
    for row in rows:
        if not row["struck"]:
            groups.setdefault(row["points"], []).append(row)
    return [
        {
            "points": points,
            "players": [
                {
                    "name": row["player"].name,
                    "place": row["place"],
                    "criterion": CRITERION_LABELS.get(row["decided_by"], "") if row["decided_by"] else "",
                }
                for row in group
            ],
        }
        for points, group in groups.items()
        if len(group) > 1 and any(row["decided_by"] for row in group)
    ]


def crosstable(
    championship: Championship, rows: list[dict], people: dict[int, Player], *, withheld: frozenset = frozenset()
) -> dict:
    """The crosstable in the standings' order, from ``standings.crosstable``.

    Round robin (``kind="grid"``): each row ``{"number", "place", "player",
    "cells": [{"marks", "self", "struck"}], "points"}``, columns in the rows'
    order. Swiss (``kind="rounds"``): each row's ``cells`` one per round
    ``{"round", "opponent" (row number or None), "name", "colour" ("w"/"b"/""), "mark"}``.
    ``withheld``: boards whose results are left out (``result_pages.results_seen``).
    """
    players_plain, rounds = results_input(championship, withheld=withheld)
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


def move_number(ply: int) -> int:
    """The number of the move being played, as a score sheet counts moves — pairs of half-moves:
    1 before the first, 2 once each side has moved once."""
    return ply // 2 + 1


def board_score(result: str, colour: str, scoring: str) -> float:
    """The game points a board gave the player of ``colour`` (1.12.1): a bye counts as a win (1.15.2)."""
    if result == vocabulary.BYE:
        return vocabulary.SCORINGS.get(scoring, vocabulary.SCORINGS["1-1/2-0"])[0]
    if scoring not in vocabulary.SCORINGS:
        scoring = "1-1/2-0"
    return vocabulary.score(result, colour, scoring) or 0.0


def rounds(
    championship: Championship,
    people: dict[int, Player],
    *,
    number: int | None = None,
    withheld: frozenset = frozenset(),
) -> list[dict]:
    """Published rounds with their pairings and results, each game linked by id
    (``number``: that round only; ``withheld``: boards shown still without their result).

    Each board carries both players' start numbers and their points before the
    round (as a pairing sheet prints them), and, while its game goes on, the
    moves made so far (``live``). One pass over the rounds in order keeps the
    running points, so ``points_after`` of each round is every player's total then."""
    out = []
    totals: dict[int, float] = dict.fromkeys(people, 0.0)
    for the_round in rounds_with_boards(championship):  # the public's: the published rounds
        boards = []
        for board in the_round.boards.all():
            rest = board.black_id is None
            game = board.game
            result = "" if board.pk in withheld else board.result
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
                    "bye": rest and result == vocabulary.BYE,
                    "absent": rest and result == vocabulary.ABSENT,
                    "result": result,
                    "game_id": board.game_id,
                    "white_mark": vocabulary.mark(result, vocabulary.WHITE),
                    "black_mark": vocabulary.mark(result, vocabulary.BLACK),
                    "forfeit": vocabulary.is_forfeit(result),
                    "live": bool(game and (game.status == Game.Status.ONGOING or board.pk in withheld) and not result),
                    # 1.10.4: the arbiter decided the result after play closed; the tables mark it (results/_adjudicated.html).
                    "adjudicated": bool(game and result and game.termination == "adjudication"),
                    "move": move_number(game.ply) if game else 1,
                }
            )
        for board in boards:
            if board["result"]:
                for pid, colour in ((board["white_id"], vocabulary.WHITE), (board["black_id"], vocabulary.BLACK)):
                    if pid is not None:
                        totals[pid] = totals.get(pid, 0.0) + board_score(board["result"], colour, championship.scoring)
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
                # A Swiss round's working as paired, and the boards the chief arbiter changed (1.15).
                "working": the_round.working,
                "overrides": [(b.number, b.override_reason) for b in the_round.boards.all() if b.override_reason],
            }
        )
        if number is not None:
            break
    return out


def results(championship: Championship, key: tuple | None = None) -> dict:
    """Everything the results pages show: the championship, its arbiters,
    criteria, standings with arithmetic, crosstable and rounds.

    Kept in ``RESULT_SETS`` under ``results_version`` (everything it is
    computed from) and the language, so a page costs the version's few
    queries until a result, a name, a round or a move changes. The callers
    only read what it returns. ``key``: its ``result_set_key``, when the caller has it already."""
    return RESULT_SETS.get(key or result_set_key(championship), lambda: results_computed(championship))


def result_set_key(championship: Championship) -> tuple:
    """What identifies the result set a reader gets: the event, his language, the version of its results."""
    return championship.pk, get_language(), results_version(championship)[0]


def results_computed(championship: Championship, *, withheld: frozenset = frozenset()) -> dict:
    people = players(championship)
    if withheld:
        # The table without the withheld results; their rating changes wait with them.
        plain, played = results_input(championship, withheld=withheld)
        table = json.loads(json.dumps(standings.table(plain, played, **standings_options(championship)), default=str))
        rows = standings_rows(championship, people, table=table, ratings=False)
    else:
        rows = standings_rows(championship, people)
    chief, deputies = chief_arbiter(championship)
    total = rounds_total(championship, len(people))
    table = crosstable(championship, rows, people, withheld=withheld)
    provisional = championship.status == Championship.Status.RUNNING
    if provisional:
        _mark_progress(championship, rows, table, total, withheld)
    rounds_list = rounds(championship, people, withheld=withheld)
    adjudicated = _mark_adjudicated(table, rounds_list)
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
        "ties": ties(rows),
        "crosstable": table,
        "provisional": provisional,
        "adjudicated": adjudicated,
        "rounds": rounds_list,
        "rated": championship.rated,
        "rounds_total": total,
        "entrants": people,  # by id, in start-number order
        "games_format": "pdn" if family(championship.discipline) == "draughts" else "renju",
    }


def _mark_adjudicated(table: dict, rounds_list: list[dict]) -> bool:
    """Mark the crosstable cells of adjudicated games (``adjudicated``); whether there is any."""
    games = {(r["number"], b["white_id"], b["black_id"]) for r in rounds_list for b in r["boards"] if b["adjudicated"]}
    pairs = {frozenset((white, black)) for _, white, black in games}
    for row in table["rows"]:
        pid = row["player"].id
        if table["kind"] == "grid":
            for other, cell in zip([r["player"].id for r in table["rows"]], row["cells"]):
                cell["adjudicated"] = frozenset((pid, other)) in pairs
        else:
            by_number = {r["number"]: r["player"].id for r in table["rows"]}
            for cell in row["cells"]:
                other = by_number.get(cell["opponent"])
                cell["adjudicated"] = (cell["round"], pid, other) in games or (cell["round"], other, pid) in games
    return bool(games)


def _mark_progress(
    championship: Championship, rows: list[dict], table: dict, total: int | None, withheld: frozenset
) -> None:
    """A running event's rows get ``games_left`` and ``max_points``; a crosstable
    cell of a game in progress gets its ``playing`` game id (``selectors.progress``)."""
    points = {row["player"].id: row["raw"]["points"] for row in rows}
    left = with_points(progress(championship, total, withheld=withheld), points, championship.scoring)
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


# ---- the terms, in words ---------------------------------------------------------------------------
def facts(championship: Championship) -> dict:
    """The championship's terms in words, never codes: discipline, time control
    (short and in words), system, opening rule, foul policy, scoring, criteria."""
    opening = championship.opening_rule if championship.opening_rule not in ("", "none") else ""
    return {
        "discipline": disciplines.discipline_title(championship.discipline),
        "time_control": time_words.words(championship.time_control),
        "time_control_short": time_words.short(championship.time_control),
        "venue": championship.get_venue_display(),
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
    return list(rounds_visible(championship).order_by("number").values_list("number", flat=True))
