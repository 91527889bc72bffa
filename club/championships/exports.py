"""Exports of a championship: every game in one file and in one
ZIP, a renju event's games for renju programs (the RIF database's XML, a RenLib
library: games/rules/renju_exchange.py), the standings as CSV, the championship
as a FIDE Tournament Report File (TRF16).

Each export is an ``Export(filename, content_type, content)`` (bytes); the
views only send it. The games are the club's own records (``games/records.py``,
which names each format's extension and MIME type): PDN for draughts, the
renju text record for the five-in-a-row family — games without play
(forfeits, byes, rests) have no record and are left out; a game still going
is written with the result ``*``. Their moves are read in one query for the
whole event.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass
from datetime import timedelta

from django.utils import timezone, translation
from django.utils.translation import gettext as _

from club.teams.models import BoardGame
from foundation.memo import VersionedMemo
from games import selectors as game_selectors
from games import time_words
from games.records import RECORD_FILES, game_record, records_of
from games.results import SCORINGS
from games.rules import family, renju_exchange, renju_records
from ratings import standings

from . import selectors, trf
from .models import Appointment, Championship, MatchGame
from .selectors import result_pages, results
from .selectors.broadcast import boards_withheld
from .selectors.visibility import PUBLIC_ROUNDS, boards_visible, rounds_visible

# The game files last built, each under its event's results version (which names its
# rounds, names, results and the moves of games in progress): a 500-player Swiss's
# 2,750 records cost a second to read and write, a hit only the version's queries.
GAME_FILES = VersionedMemo(size=8)

# The language of the TRF's free text (type of tournament, time control): FIDE's
# working language and the spec's, whoever downloads the file.
TRF_LANGUAGE = "en"


@dataclass(frozen=True)
class Export:
    filename: str
    content_type: str
    content: bytes


def _slug(championship: Championship) -> str:
    slug = re.sub(r"[^A-Za-z0-9]+", "-", championship.name).strip("-").lower()
    return f"championship-{championship.pk}" + (f"-{slug}" if slug else "")


def _records_format(championship: Championship) -> str:
    return "pdn" if family(championship.discipline) == "draughts" else "renju"


def _games(championship: Championship) -> list[tuple[str, object]]:
    """``(name, game)`` of every game of the published rounds in round and board
    order; micro-matches (1.11): every game of each pairing, in the order played;
    a team event's: match by match."""
    if championship.plays_micro_matches:
        played = (
            MatchGame.objects.filter(board__round__championship=championship, board__round__status__in=PUBLIC_ROUNDS)
            .select_related("game", "game__white", "game__black", "board__round")
            .order_by("board__round__number", "board__number", "number")
        )
        return [
            (f"round-{mg.board.round.number:02d}-board-{mg.board.number:02d}-game-{mg.number}", mg.game)
            for mg in played
        ]
    if championship.for_teams:  # a team match's boards (1.14), match by match
        played = (
            BoardGame.objects.filter(
                match__round__championship=championship,
                game__isnull=False,
                match__round__status__in=PUBLIC_ROUNDS,
            )
            .select_related("game", "game__white", "game__black", "match__round")
            .order_by("match__round__number", "match__number", "board")
        )
        return [
            (f"round-{bg.match.round.number:02d}-match-{bg.match.number:02d}-board-{bg.board:02d}", bg.game)
            for bg in played
        ]
    boards = (
        boards_visible(championship)
        .filter(game__isnull=False)
        .select_related("game", "game__white", "game__black", "round")
        .order_by("round__number", "number")
    )
    return [(f"round-{board.round.number:02d}-board-{board.number:02d}", board.game) for board in boards]


def _records(championship: Championship, games: list, fmt: str) -> list[str]:
    """The games' records as the public sees them: with the event's broadcast delay, each
    as it stood that long ago (its moves and ending since not shown yet)."""
    if not championship.broadcast_delay:
        return records_of(games, fmt)
    seen = game_selectors.games_seen(games, timezone.now() - timedelta(minutes=championship.broadcast_delay))
    return [game_record(game=seen[g.pk][0], format=fmt, moves=list(seen[g.pk][1].notations)) for g in games]


def games_file(championship: Championship) -> Export:
    """All games of the championship in round and board order, one file."""
    fmt = _records_format(championship)
    records = [record.strip() for record in _records(championship, [game for _name, game in _games(championship)], fmt)]
    text = "\n\n".join(records) + ("\n" if records else "")
    kind = RECORD_FILES[fmt]
    return Export(f"{_slug(championship)}.{kind.extension}", kind.content_type, text.encode())


def games_zip(championship: Championship) -> Export:
    """All games of the championship, one record file each, in one ZIP: a folder
    named after the championship, files ``round-01-board-02.pdn`` (micro-matches:
    ``…-game-1``), each dated with its game."""
    fmt = _records_format(championship)
    named = _games(championship)
    folder, extension = _slug(championship), RECORD_FILES[fmt].extension
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for (name, game), record in zip(named, _records(championship, [game for _name, game in named], fmt)):
            played = game.started_at or game.created_at
            info = zipfile.ZipInfo(f"{folder}/{name}.{extension}", date_time=played.timetuple()[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, record)
    return Export(f"{folder}-games.zip", "application/zip", out.getvalue())


# ---- renju games for renju programs ---------------------------------------------------------------
# RIF's database and RenLib hold renju's 15×15 games; games/rules/renju_exchange.py says what each holds.
RENJU_ONLY = ("games.rif", "games.lib")


def _renju_records(championship: Championship) -> list[renju_records.Record]:
    named = _games(championship)
    texts = records_of([game for _name, game in named], "renju")
    return [record for text in texts for record in renju_records.read_records(text)]


def games_rif(championship: Championship) -> Export:
    """Every game as one RIF database (renju.net's XML, which renju-note opens)."""
    start, end = (_trf_date(m).replace("/", "-") for m in (championship.started_at, championship.finished_at))
    content = renju_exchange.rif_xml(_renju_records(championship), championship.name, start, end)
    return Export(f"{_slug(championship)}.rif", "application/xml; charset=utf-8", content)


def games_lib(championship: Championship) -> Export:
    """Every game in one RenLib library: one tree of moves, players and result on each game's last stone."""
    return Export(
        f"{_slug(championship)}.lib", "application/octet-stream", renju_exchange.renlib(_renju_records(championship))
    )


# A team event's table is its matches' (team_rules.table): these files hold a players' table.
PLAYERS_ONLY = ("standings.csv", "trf")


def offers(championship: Championship, kind: str) -> bool:
    """Whether the championship has this export: the renju programs' files only for renju;
    a team event only its games' files."""
    return (
        kind in EXPORTS
        and (kind not in RENJU_ONLY or championship.discipline == "renju")
        and not (championship.for_teams and kind in PLAYERS_ONLY)
    )


# ---- standings as CSV ------------------------------------------------------------------------------
# A text cell starting with one of these is a formula to a spreadsheet (OWASP, "CSV Injection").
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")


def _text(value) -> str:
    """A text cell (a name, a username) that a spreadsheet shows as text, never runs:
    a leading formula character gets a single quote before it (OWASP's advice)."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def _number(value, decimal: str = ".") -> str:
    """A figure as a spreadsheet reads a number: ASCII minus, the locale's decimal mark, no .0."""
    if value is None or value == "":
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).replace(".", decimal)


@dataclass(frozen=True)
class CsvDialect:
    """How a CSV is written for the program that reads it."""

    language: str  # the column names' language
    delimiter: str
    decimal: str
    byte_order_mark: bool


# The default is RFC 4180 (comma, CRLF, quotes as needed) in UTF-8 with English column names and
# decimal points: what Python's csv, pandas, R and LibreOffice read with their defaults, whoever
# downloads it. "excel-ru" is what a Russian-locale spreadsheet program reads on a double click:
# ";" between cells (its decimal mark is the comma), Russian column names, and a byte order mark,
# by which Excel knows the file is UTF-8.
CSV_DIALECTS = {
    "rfc4180": CsvDialect(language="en", delimiter=",", decimal=".", byte_order_mark=False),
    "excel-ru": CsvDialect(language="ru", delimiter=";", decimal=",", byte_order_mark=True),
}
CSV_DEFAULT_DIALECT = "rfc4180"


def standings_csv(championship: Championship, dialect: str = CSV_DEFAULT_DIALECT) -> Export:
    """The standings, one row per player in final order, every coefficient in
    its own column (truncated Solkoff: one column per cut, 1.13.8), rating
    change and performance for rated events, written in one of ``CSV_DIALECTS``
    (KeyError for another). Text cells are neutralised against formulas
    (``_text``); figures stay numbers — a Shmulyan of −1.5 is the number -1.5,
    not text."""
    chosen = CSV_DIALECTS[dialect]
    with translation.override(chosen.language):
        text = _standings_csv_text(championship, chosen.delimiter, chosen.decimal)
    suffix = "" if dialect == CSV_DEFAULT_DIALECT else f"-{dialect}"
    return Export(
        f"{_slug(championship)}-standings{suffix}.csv",
        "text/csv; charset=utf-8; header=present",
        text.encode("utf-8-sig" if chosen.byte_order_mark else "utf-8"),
    )


def _standings_csv_text(championship: Championship, delimiter: str, decimal: str) -> str:
    rows = result_pages.results_seen(championship).data["standings"]  # as a spectator sees them: the broadcast delay
    cuts = max((len(r["raw"]["coefficients"].get("truncated-solkoff", [])) for r in rows), default=0)
    coefficients = [c for c in standings.COEFFICIENTS if c != "truncated-solkoff"]
    solkoff = results.COEFFICIENT_LABELS["truncated-solkoff"]
    header = [
        _("Place"),
        _("Start number"),
        _("Name"),
        _("Username"),
        _("Rating"),
        _("Points"),
        _("Wins"),
        _("Draws"),
        _("Losses"),
        _("Games"),
        _("Played over the board"),
        *(str(results.COEFFICIENT_LABELS[c]) for c in coefficients),
        *(_("%(coefficient)s, cut %(cut)d") % {"coefficient": solkoff, "cut": k} for k in range(1, cuts + 1)),
        _("Results struck (1.10.2)"),
        _("Left after round"),
    ]
    if championship.rated:
        header += [_("Rating before"), _("Rating after"), _("Rating change"), _("Performance")]
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        player, raw = row["player"], row["raw"]
        figures = raw["coefficients"]
        truncated = figures.get("truncated-solkoff", [])
        line = [
            _text(row["place"]),
            player.number,
            _text(player.name),
            _text(player.username),
            player.rating or "",
            _number(raw["points"], decimal),
            raw["wins"],
            raw["draws"],
            raw["losses"],
            raw["games"],
            raw["played"],
            *(_number(figures.get(c), decimal) for c in coefficients),
            *(_number(truncated[k], decimal) if k < len(truncated) else "" for k in range(cuts)),
            _("yes") if raw["struck"] else "",
            raw["withdrawn_after_round"] or "",
        ]
        if championship.rated:
            rating = row["rating"] or {}
            line += [
                _number(rating.get("before"), decimal),
                _number(rating.get("after"), decimal),
                _number(rating.get("change"), decimal),
                _number(rating.get("performance"), decimal),
            ]
        writer.writerow(line)
    return out.getvalue()


# ---- TRF16 -----------------------------------------------------------------------------------------
def _trf_date(moment, long: bool = True) -> str:
    return moment.strftime("%Y/%m/%d" if long else "%y/%m/%d") if moment else ""


def _trf_type(championship: Championship) -> str:
    """Line 092: the system, and where it was played (TRF16 has no line of its own for that)."""
    kind = str(championship.get_system_display())
    kind = f"{kind}: {championship.get_swiss_system_display()}" if championship.is_swiss else kind
    return f"{kind}, {championship.get_venue_display()}"


def trf_text(championship: Championship) -> Export:
    """The championship as TRF16 (``trf.dumps``): players in starting order with
    their rank; every published round's pairings as recorded (a forfeit "+"/"−",
    a Swiss bye "U", a round-robin rest "Z", a game still going left out); the
    planned number of rounds (XXR).

    The file reads the same whoever downloads it: its free text is in
    ``TRF_LANGUAGE``, the time control in words. It says only what was entered
    in the club: the club keeps no city or federation for an event, so lines
    022 and 032 are left out (an organiser's own city is not the event's)."""
    entry_list = list(selectors.entries(championship))
    # as a spectator sees it: a result the broadcast delay withholds is a game still going
    withheld = boards_withheld(championship, None, timezone.now())
    table = {
        row["id"]: row
        for row in standings.table(
            *selectors.results_plain(championship, withheld=withheld), **selectors.standings_options(championship)
        )
    }
    published = list(rounds_visible(championship).order_by("number"))
    numbers = [r.number for r in published]
    rounds = selectors.played_rounds(championship, closed_only=False, unfinished=True, withheld=withheld)
    # Only published rounds, with the rests of a round robin (played_rounds leaves them out).
    all_numbers = list(championship.rounds.order_by("number").values_list("number", flat=True))
    by_number = dict(zip(all_numbers, rounds))
    rests = boards_visible(championship).filter(black__isnull=True, result="").values_list("round__number", "white_id")
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
    win, draw, _loss = SCORINGS[championship.scoring]
    with translation.override(TRF_LANGUAGE):
        tournament = {
            "name": championship.name,
            "start": _trf_date(championship.started_at),
            "end": _trf_date(championship.finished_at),
            "type": _trf_type(championship),
            "chief_arbiter": chief.member.name if chief else "",
            "deputy_arbiters": deputies,
            "time_control": time_words.words(championship.time_control),
            "round_dates": [_trf_date(r.starts_at or r.published_at, long=False) for r in published],
            "system": championship.system,
            "rounds_planned": selectors.rounds_total(championship, len(entry_list)),
            "points": {"win": win, "draw": draw},
        }
    players = []
    for entry in entry_list:
        place = str(table.get(entry.member_id, {}).get("place") or "")
        players.append(
            {
                "id": entry.member_id,
                "name": entry.member.name[:33],
                "rating": entry.rating,
                "rank": int(place.split("-")[0]) if place else None,
            }
        )
    text = trf.dumps(tournament, players, [by_number[n] for n in numbers])
    return Export(f"{_slug(championship)}.trf", "text/plain; charset=utf-8", text.encode())


def _kept(kind: str, build):
    def kept(championship: Championship) -> Export:
        if championship.broadcast_delay:  # what it shows changes with the clock, not only with the results
            return build(championship)
        return GAME_FILES.get((kind, *results.result_set_key(championship)), lambda: build(championship))

    return kept


EXPORTS = {
    "games": _kept("games", games_file),
    "games.zip": _kept("games.zip", games_zip),
    "games.rif": _kept("games.rif", games_rif),
    "games.lib": _kept("games.lib", games_lib),
    "standings.csv": standings_csv,
    "trf": trf_text,
}


def export(championship: Championship, kind: str, dialect: str = CSV_DEFAULT_DIALECT) -> Export:
    """One of ``EXPORTS`` by name (the CSV in ``dialect``); KeyError for another kind or dialect."""
    if kind == "standings.csv":
        return standings_csv(championship, dialect)
    return EXPORTS[kind](championship)
