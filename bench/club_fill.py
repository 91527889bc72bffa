"""Filling a throw-away club fast, shared by the benches (ratings_recompute.py,
club_scale.py): the project's models name the tables, columns and defaults,
PostgreSQL's COPY writes the rows (SQLite, for CI's smoke runs: one executemany).

* ``rated_games``: finished games among members of hidden strengths, so that
  ratings spread, grouped by rating pool;
* ``finished_game_rows`` / ``GAME_FIELDS``: those games as rows of ``games_game``;
* ``legal_lines`` / ``move_rows``: legal move sequences played out by the rules
  engine, and one game's rows of ``games_move`` from one of them;
* ``copy_rows``: any model's rows, the columns not given filled with their defaults.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta

from ratings.recompute import RatedGame

DISCIPLINES = ("russian", "renju")
SPEEDS = ("correspondence", "classical", "rapid", "blitz")
TIME_CONTROLS = {"correspondence": "d3", "classical": "90+30", "rapid": "15+10", "blitz": "3+2"}
RESULTS = {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}
CHUNK_ROWS = 20_000


def rated_games(n_games: int, n_members: int, seed: int = 2026, busy_share: float = 0.0) -> list[list[RatedGame]]:
    """Games in end order (``game_id`` 1…n), grouped by pool, members numbered
    1…n; results drawn from hidden strengths. ``busy_share`` of the games have
    member 1 on one side (a busy member: the longest history, the longest lists)."""
    rng = random.Random(seed)
    strength = [rng.gauss(1500, 250) for _ in range(n_members)]
    pools: list[list[RatedGame]] = [[] for _ in range(len(DISCIPLINES) * len(SPEEDS))]
    n_pools = len(pools)
    randrange, rand = rng.randrange, rng.random
    for game_id in range(1, n_games + 1):
        white = randrange(n_members)
        black = randrange(n_members - 1)
        if black >= white:
            black += 1
        if busy_share and rand() < busy_share:
            white, black = (0, black or 1) if rand() < 0.5 else (black or 1, 0)
        p_white = 1.0 / (1.0 + 10.0 ** ((strength[black] - strength[white]) / 400.0))
        r = rand()
        score = 0.5 if abs(r - p_white) < 0.15 else (1.0 if r < p_white else 0.0)
        pools[game_id % n_pools].append(RatedGame(game_id, white + 1, black + 1, score))
    return pools


def pool_of(pool_index: int) -> tuple[str, str]:
    return DISCIPLINES[pool_index // len(SPEEDS)], SPEEDS[pool_index % len(SPEEDS)]


GAME_FIELDS = (
    "id",
    "discipline",
    "speed",
    "time_control",
    "white_id",
    "black_id",
    "rated",
    "status",
    "termination",
    "white_moves",
    "black_moves",
    "ply",
    "result",
    "created_at",
    "started_at",
    "ended_at",
)


def finished_game_rows(
    pools: list[list[RatedGame]], member_ids: Sequence[int], start: datetime, *, plies: int = 40, first_id: int = 1
) -> list[tuple]:
    """Rows (``GAME_FIELDS``) of the games of ``pools``, game ``n`` ending ``n``
    hours after ``start`` with id ``first_id + n - 1`` (so id order is end order),
    each side having moved (rateable: ratings/eligibility.py)."""
    rows = []
    white_moves, black_moves = (plies + 1) // 2, plies // 2
    for pool_index, games in enumerate(pools):
        discipline, speed = pool_of(pool_index)
        control = TIME_CONTROLS[speed]
        for g in games:
            ended = start + timedelta(hours=g.game_id)
            began = ended - timedelta(minutes=40)
            rows.append(
                (
                    first_id + g.game_id - 1,
                    discipline,
                    speed,
                    control,
                    member_ids[g.white_id - 1],
                    member_ids[g.black_id - 1],
                    True,
                    "finished",
                    "resign",
                    white_moves,
                    black_moves,
                    plies,
                    RESULTS[g.white_score],
                    began,
                    began,
                    ended,
                )
            )
    rows.sort(key=lambda row: row[0])
    return rows


def legal_lines(discipline: str, count: int, plies: int, seed: int = 29) -> list[tuple[list[str], str, str]]:
    """``count`` random legal games of ``plies`` plies (or as long as a playout
    lasted, the longest of a few tries) as (notations, FEN after them, side to move)."""
    from games.rules import variant

    rules = variant(discipline)
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        best: tuple[list[str], object] = ([], rules.start())
        for _attempt in range(5):
            position, played = rules.start(), []
            while len(played) < plies and rules.result(position) is None:
                moves = rules.legal_moves(position)
                if not moves:
                    break
                move = rng.choice(moves).notation
                position = rules.play(position, move)
                played.append(move)
            if len(played) > len(best[0]):
                best = (played, position)
            if len(played) == plies:
                break
        played, position = best
        lines.append((played, rules.to_fen(position), rules.turn(position)))
    return lines


MOVE_FIELDS = ("game_id", "ply", "notation", "colour", "member_id", "played_at", "elapsed_ms", "clock_ms")


def move_rows(game_id: int, line: Sequence[str], white_id: int, black_id: int, start: datetime) -> Iterable[tuple]:
    """One game's rows (``MOVE_FIELDS``) of ``line``, a ply every 30 seconds from ``start``."""
    for ply, notation in enumerate(line, 1):
        white = ply % 2 == 1
        yield (
            game_id,
            ply,
            notation,
            "white" if white else "black",
            white_id if white else black_id,
            start + timedelta(seconds=30 * ply),
            30_000,
            600_000,
        )


# ---- writing -----------------------------------------------------------------------------------------
def _text(value) -> str:
    """One value in COPY's text format."""
    if value is None:
        return r"\N"
    if value is True:
        return "t"
    if value is False:
        return "f"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict | list):
        value = json.dumps(value)
    text = str(value)
    if "\\" in text or "\t" in text or "\n" in text or "\r" in text:
        text = text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
    return text


def copy_rows(model, fields: Sequence[str], rows: Iterable[Sequence]) -> int:
    """Write ``rows`` (values of ``fields``, attnames such as ``white_id``) into
    ``model``'s table; every other column gets its field's default (auto_now:
    now). Ids given explicitly move the id sequence past them. Returns the rows written."""
    from django.core.management.color import no_style
    from django.db import connection
    from django.utils import timezone

    meta = model._meta
    by_attname = {f.attname: f for f in meta.concrete_fields}
    given = [by_attname[name] for name in fields]
    rest = [f for f in meta.concrete_fields if f not in given and not (f.primary_key and f.auto_created)]
    now = timezone.now()

    def default(field):
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            return now
        return field.get_default()

    defaults = [default(f) for f in rest]
    columns = [f.column for f in given + rest]
    quoted = ", ".join(connection.ops.quote_name(c) for c in columns)
    table = connection.ops.quote_name(meta.db_table)
    written = 0
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            tail = "".join("\t" + _text(v) for v in defaults) + "\n"
            with cursor.cursor.copy(f"COPY {table} ({quoted}) FROM STDIN") as copy:
                buffer = io.StringIO()
                for row in rows:
                    buffer.write("\t".join(map(_text, row)))
                    buffer.write(tail)
                    written += 1
                    if written % CHUNK_ROWS == 0:
                        copy.write(buffer.getvalue())
                        buffer = io.StringIO()
                copy.write(buffer.getvalue())
        else:
            fields_all = given + rest
            prepared = [
                [f.get_db_prep_save(v, connection) for f, v in zip(fields_all, (*row, *defaults), strict=True)]
                for row in rows
            ]
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(f"INSERT INTO {table} ({quoted}) VALUES ({marks})", prepared)
            written = len(prepared)
        if "id" in fields:
            for sql in connection.ops.sequence_reset_sql(no_style(), [model]):
                cursor.execute(sql)
    return written
