"""FIDE Tournament Report File (TRF16, FIDE Handbook C.04 Annex 2): write and read (pure).

Writing takes plain values (what the championship app reads from its tables):

* ``tournament``: ``{"name", "city", "federation", "start", "end", "type",
  "chief_arbiter", "deputy_arbiters": [...], "time_control",
  "round_dates": ["YY/MM/DD", ...], "system": "swiss" | "round-robin",
  "rounds_planned", "points": {"win": 1.0, "draw": 0.5}}`` — every key
  optional but ``name``; dates as the spec writes them (``YYYY/MM/DD`` for
  start and end); free text as it is to be read (the caller translates).
* ``players``: in starting order (starting rank = position + 1):
  ``{"id", "name", "rating", "sex", "title", "federation", "fide_id",
  "birth", "rank"}``; only ``id`` and ``name`` are required;
  ``rank`` is a number (for a shared place "3-4", its first: 3).
* ``rounds``: the standings' pairings (``ratings/standings.py``):
  ``{"white": id, "black": id | None, "result": ...}``.

A player's cell per round (columns 92–99, then every 10 columns): the
opponent's starting rank, his colour ``w``/``b``, and the result ``1``, ``=``,
``0``, a forfeit ``+``/``-`` (``-/-`` is ``-`` for both). A Swiss ``bye`` is
``0000 - U`` (pairing-allocated bye); a round-robin free round and a round
in which the player was not paired (withdrawn) are ``0000 - Z`` (zero-point
bye).

A pairing whose game has no result yet is left out: its cells are blank.
TRF16 has no code for "paired, not yet played" — a blank result means a
zero-point bye ("(blank) equivalent to Z"), which has no opponent, and
tournament software refuses an opponent with it (bbpPairings: ``Invalid
line``). A blank cell reads as "not paired" until the result is in.

The points (columns 81–84) are the sum of the results written on the line,
a win and a forfeit win and a pairing bye ``points["win"]``, a draw
``points["draw"]``: readers check that they add up (bbpPairings refuses the
file otherwise). Where the federation's standings count differently — the
results struck with a player who left early (003 1.10.2) — the rank (86–89)
is the standings' place. Scoring other than 1 / ½ / 0 is declared with the
JaVaFo/bbpPairings point lines (``BBW``, ``BBD``), and the planned number
of rounds with ``XXR``.

Free text (names, city, time control) is written on one line: control and
format characters and line separators become spaces, so old data with a
line break cannot end a record early.

Reading returns ``{"tournament": {code: text}, "players": [...], "rounds": [...]}``:
each player has the 001 fields (``id`` is the starting rank) and ``cells``,
one ``(opponent rank | None, colour, code)`` per round as written; ``rounds``
holds the games in the standings' vocabulary and the full-point byes
(``U``, ``F``) as ``"bye"``. Half-point (``H``) and zero-point (``Z``) byes
have no pairing in that vocabulary and appear only in ``cells``. Unrated
played games (``W``, ``D``, ``L``) read as played results.
"""

from __future__ import annotations

import unicodedata

PLAYER = "001"

# Tournament lines (TRF16 "??2" codes).
_TOURNAMENT = (
    ("012", "name"),
    ("022", "city"),
    ("032", "federation"),
    ("042", "start"),
    ("052", "end"),
    ("092", "type"),
    ("102", "chief_arbiter"),
    ("122", "time_control"),
)

# 001 line: (first column, last column) as the spec numbers them, 1-based and inclusive.
FIELDS = {
    "rank_start": (5, 8),
    "sex": (10, 10),
    "title": (11, 13),
    "name": (15, 47),
    "rating": (49, 52),
    "federation": (54, 56),
    "fide_id": (58, 68),
    "birth": (70, 79),
    "points": (81, 84),
    "rank": (86, 89),
}
FIRST_ROUND, ROUND_WIDTH = 92, 10  # opponent 92–95, colour 97, result 99; next round +10
LEFT_OUT = " " * 8  # a pairing without a result yet (see the module docstring)

_PLAYED = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "1/2-1/2": ("=", "="),
    "0-0": ("0", "0"),  # both lost a game played (1.4)
    "+/-": ("+", "-"),
    "-/+": ("-", "+"),
    "-/-": ("-", "-"),
}
_WINS, _DRAWS = ("1", "+", "U"), ("=",)
_POINTS = {"win": 1.0, "draw": 0.5}  # TRF16's own scale; another one is declared (BBW, BBD)
# Characters that would end or disguise a line: controls (Cc), format characters (Cf,
# e.g. bidi overrides), lone surrogates (Cs) and the line and paragraph separators —
# what foundation.text refuses where names are typed; names stored before may hold them.
_NOT_ON_A_LINE = ("Cc", "Cf", "Cs", "Zl", "Zp")


def one_line(text) -> str:
    """Free text as one line of a record: what cannot stand on a line becomes a space."""
    kept = "".join(" " if unicodedata.category(ch) in _NOT_ON_A_LINE else ch for ch in str(text))
    return " ".join(kept.split())


def _put(line: list[str], first: int, last: int, text: str, *, right: bool) -> None:
    width = last - first + 1
    text = str(text)
    if len(text) > width:
        raise ValueError(f"{text!r} does not fit columns {first}-{last}")
    line[first - 1 : last] = list(text.rjust(width) if right else text.ljust(width))


def _cell(opponent: int | None, colour: str, code: str) -> str:
    return f"{'0000' if opponent is None else opponent:>4} {colour} {code}"


def _cells(players: list[dict], rounds: list[list[dict]], swiss: bool) -> dict:
    """Each player's cell per round, in the players' ids."""
    start_rank = {p["id"]: number for number, p in enumerate(players, start=1)}
    cells = {pid: [] for pid in start_rank}
    for pairings in rounds:
        seen = set()
        for pairing in pairings:
            white, black, result = pairing["white"], pairing.get("black"), pairing.get("result") or ""
            seen.add(white)
            if black is None:
                cells[white].append(_cell(None, "-", "U" if swiss and result == "bye" else "Z"))
                continue
            seen.add(black)
            if result not in _PLAYED:
                cells[white].append(LEFT_OUT)
                cells[black].append(LEFT_OUT)
                continue
            white_code, black_code = _PLAYED[result]
            cells[white].append(_cell(start_rank[black], "w", white_code))
            cells[black].append(_cell(start_rank[white], "b", black_code))
        for pid in start_rank:
            if pid not in seen:
                cells[pid].append(_cell(None, "-", "Z"))
    return cells


def _score(cells: list[str], points: dict) -> float:
    return sum(points["win"] if c[7] in _WINS else points["draw"] if c[7] in _DRAWS else 0 for c in cells)


def _figure(value: float) -> str:
    return f"{value:.1f}"


def dumps(tournament: dict, players: list[dict], rounds: list[list[dict]]) -> str:
    """The TRF16 text of a finished or running individual tournament."""
    start_rank = {p["id"]: number for number, p in enumerate(players, start=1)}
    cells = _cells(players, rounds, tournament.get("system", "swiss") == "swiss")
    points = {**_POINTS, **tournament.get("points", {})}
    text = {key: one_line(tournament.get(key) or "") for _code, key in _TOURNAMENT}

    lines = [f"{code} {text[key]}" for code, key in _TOURNAMENT[:5] if text[key]]
    lines.append(f"062 {len(players)}")
    lines.append(f"072 {sum(1 for p in players if p.get('rating'))}")
    lines += [f"{code} {text[key]}" for code, key in _TOURNAMENT[5:] if text[key]]
    lines += [f"112 {one_line(deputy)}" for deputy in tournament.get("deputy_arbiters", ()) if one_line(deputy)]
    if tournament.get("round_dates"):
        dates = list("132" + " " * (FIRST_ROUND - 4))
        for number, date in enumerate(tournament["round_dates"]):
            first = FIRST_ROUND + number * ROUND_WIDTH
            dates.extend(" " * (first + 8 - len(dates)))
            _put(dates, first, first + 7, date, right=False)
        lines.append("".join(dates).rstrip())
    if tournament.get("rounds_planned"):
        lines.append(f"XXR {tournament['rounds_planned']}")
    if points != _POINTS:
        lines += [f"BBW {_figure(points['win']):>4}", f"BBD {_figure(points['draw']):>4}"]
    for p in players:
        line = list(" " * (FIRST_ROUND - 1 + ROUND_WIDTH * len(rounds)))
        line[0:3] = PLAYER
        values = {
            "rank_start": start_rank[p["id"]],
            "sex": p.get("sex") or "",
            "title": p.get("title") or "",
            "name": one_line(p["name"]),
            "rating": p.get("rating") or "",
            "federation": p.get("federation") or "",
            "fide_id": p.get("fide_id") or "",
            "birth": p.get("birth") or "",
            "points": _figure(_score(cells[p["id"]], points)),
            "rank": p.get("rank") or "",
        }
        for field, (first, last) in FIELDS.items():
            _put(line, first, last, values[field], right=field not in ("name", "federation", "birth", "sex"))
        for number, cell in enumerate(cells[p["id"]]):
            first = FIRST_ROUND + number * ROUND_WIDTH
            line[first - 1 : first + 7] = list(cell)
        lines.append("".join(line).rstrip())
    return "\n".join(lines) + "\n"


def _field(line: str, field: str) -> str:
    first, last = FIELDS[field]
    return line[first - 1 : last].strip()


def loads(text: str) -> dict:
    """Parse TRF16 text (see the module docstring for the shape returned)."""
    tournament, players = {}, []
    for line in text.splitlines():
        code = line[:3]
        if code != PLAYER:
            if code.isdigit() and len(line) > 4:
                tournament.setdefault(code, line[4:].strip())
            continue
        points = _field(line, "points")
        player = {
            "id": int(_field(line, "rank_start")),
            "sex": _field(line, "sex"),
            "title": _field(line, "title"),
            "name": _field(line, "name"),
            "rating": int(_field(line, "rating") or 0) or None,
            "federation": _field(line, "federation"),
            "fide_id": _field(line, "fide_id"),
            "birth": _field(line, "birth"),
            "points": float(points) if points else None,
            "rank": int(_field(line, "rank") or 0) or None,
            "cells": [],
        }
        first = FIRST_ROUND
        while len(line) >= first + 3:
            cell = line[first - 1 : first + 7].ljust(8)
            opponent = int(cell[:4]) if cell[:4].strip() else 0
            player["cells"].append((opponent or None, cell[5], cell[7]))
            first += ROUND_WIDTH
        players.append(player)
    return {"tournament": tournament, "players": players, "rounds": _rounds(players)}


def _rounds(players: list[dict]) -> list[list[dict]]:
    """Pairings in the standings' vocabulary, one game per pair of cells."""
    codes = {"1": "1", "W": "1", "0": "0", "L": "0", "=": "=", "D": "="}
    by_id = {p["id"]: p for p in players}
    count = max((len(p["cells"]) for p in players), default=0)
    rounds = []
    for number in range(count):
        pairings = []
        for p in players:
            if number >= len(p["cells"]):
                continue
            opponent, colour, code = p["cells"][number]
            if opponent is None:
                if code in ("U", "F"):
                    pairings.append({"white": p["id"], "black": None, "result": "bye"})
                continue
            # Each game once: from white's cell, or the lower rank's when neither has a colour.
            if colour == "b" or (colour not in ("w", "b") and p["id"] > opponent):
                continue
            their = by_id[opponent]["cells"][number][2] if number < len(by_id[opponent]["cells"]) else " "
            if code == "+":
                result = "+/-"
            elif code == "-":
                result = "-/+" if their == "+" else "-/-"
            else:
                result = {"1": "1-0", "0": "0-1", "=": "1/2-1/2"}.get(codes.get(code, ""), "")
            pairings.append({"white": p["id"], "black": opponent, "result": result})
        rounds.append(pairings)
    return rounds
