"""Шашки-64 (003 §2.2): Russian draughts from a starting position drawn by lot.

2.2.2 draws each micro-match's start from a table of starting positions.
The federation's own table (its Appendix 5) is not public, so two public
tables ship here, one JSON file each in ``data/`` with a header naming its
source and commit:

    idf    IDF Drawing Table 64, 745 cells, keys ``idf:2-III`` (row 2, column III)
    fmjd   FMJD Drawing Table 64, 736 cells, keys ``fmjd:32-II``

A championship chooses its table; an organiser who has the federation's
Appendix 5 loads it from a file of the same shape (``load``), or lists such
files in the environment variable ``BALLOTS64_TABLES`` (``os.pathsep``
separated) so that every process of the club knows them.

A table file is ``{"table": id, "name": ..., "source": ..., "cells": [...]}``;
each cell has a ``key`` and either

* ``moves``: opening moves from the normal start, in the tables' short
  Russian notation (``ab4`` = the man on the a-file to b4; a capture is
  written the same way, ``bd6`` = b4:d6) or in full (``a3-b4``, ``b4:d6``);
  the side to move follows from their number, or
* ``relocations``: ``[from, to]`` pairs of men moved on the normal start, all
  lifted first and then placed (cells such as ``h2-h6 h6-f4`` need that);
  white to move unless the cell says ``"to_move": "black"``,

and optionally ``fen``, the table's position, which the cell must give.

    tables()                       -> ["idf", "fmjd", ...loaded ones]
    table(id)                      -> its Table: id, name, source, cells
    keys(table=None)               -> the keys of one table, or of every table
    position(key)                  -> the starting Position (RUSSIAN positions)
    draw(rng=None, table="idf")    -> a key drawn by lot, for one micro-match (1.11)
    describe(key)                  -> "idf 2-III: 1. ab4 bc5 2. ba5 cb4"
    load(path) / register(table)   -> validate a table file cell by cell / make it usable

Keys stored before the tables shipped still work as aliases (``ALIASES``):
``1/16`` and ``VI/24`` were the two cells 2.2.2 quotes (column 1 row 16,
column VI row 24 of Appendix 5); they are the same positions as IDF 2-III
and IDF 10-II (FMJD 32-II and 11-XII).

``RUSSIAN.start(ballot=key)`` uses this module.  ``python -m
games.rules.ballots64 FILE`` checks a table file and names every bad cell.
"""

from __future__ import annotations

import json
import os
import random
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from games.rules.words import N_

from . import variant
from .base import IllegalMove

DATA = Path(__file__).with_name("data")
SHIPPED = ("idf", "fmjd")
DEFAULT_TABLE = "idf"
ALIASES = {"1/16": "idf:2-III", "VI/24": "idf:10-II"}
# The game layer stores a ballot key in 32 characters (Game.ballot).
KEY_LENGTH = 32


class BadTable(IllegalMove):
    """A table file that cannot be used; the message names the bad cell."""


@dataclass(frozen=True)
class Table:
    id: str
    name: str
    source: str
    cells: dict  # full key ("idf:2-III") -> cell dict, in table order


_registry: dict[str, Table] = {}


def _shipped(table_id: str) -> Table:
    # Shipped tables are trusted here and replayed cell by cell in the tests.
    with (DATA / f"ballots64_{table_id}.json").open(encoding="utf-8") as f:
        data = json.load(f)
    return Table(table_id, data["name"], data["source"], {f"{table_id}:{c['key']}": c for c in data["cells"]})


def _tables() -> dict[str, Table]:
    if not _registry:
        # All or nothing: a bad file named in the environment fails every use, not just the first.
        found = {table_id: _shipped(table_id) for table_id in SHIPPED}
        for path in filter(None, os.environ.get("BALLOTS64_TABLES", "").split(os.pathsep)):
            loaded = load(path)
            if loaded.id in found:
                raise BadTable(f"{path}: table id {loaded.id!r} is taken")
            found[loaded.id] = loaded
        _registry.update(found)
    return _registry


def tables() -> list[str]:
    return list(_tables())


def table(table_id: str) -> Table:
    """One table with its name and source, e.g. for a championship's choice of table."""
    try:
        return _tables()[table_id]
    except KeyError:
        raise IllegalMove(
            N_("no ballot table %(table_id)r; known: %(tables)s"), table_id=table_id, tables=", ".join(tables())
        ) from None


_table = table  # keys() and draw() take a parameter called table


def keys(table: str | None = None) -> list[str]:
    """The keys of ``table``, or of every table (shipped first) when None."""
    if table is not None:
        return list(_table(table).cells)
    return [key for t in _tables().values() for key in t.cells]


def canonical(key: str) -> str:
    """``key`` with an old alias resolved; ``IllegalMove`` for an unknown key."""
    key = ALIASES.get(key, key)
    table_id = key.split(":", 1)[0]
    if ":" not in key or table_id not in _tables() or key not in _tables()[table_id].cells:
        raise IllegalMove(
            N_("no ballot %(key)r: keys are <table>:<cell>, e.g. idf:2-III or fmjd:32-II (tables: %(tables)s)"),
            key=key,
            tables=", ".join(tables()),
        )
    return key


def entry(key: str) -> dict:
    key = canonical(key)
    return _tables()[key.split(":", 1)[0]].cells[key]


def position(key: str):
    return _replay(entry(key), canonical(key))


def draw(rng: random.Random | None = None, table: str = DEFAULT_TABLE) -> str:
    """Draw one cell of ``table`` by lot (2.2.2); both games of the micro-match use it."""
    return (rng or random).choice(keys(table))


def describe(key: str) -> str:
    """The ballot as players read it: ``idf 2-III: 1. ab4 bc5 2. ba5 cb4``,
    ``idf 10-II: a1-b4 a7-a5``."""
    key = canonical(key)
    cell = entry(key)
    table_id, cell_key = key.split(":", 1)
    if "moves" in cell:
        moves = cell["moves"]
        text = " ".join(f"{i // 2 + 1}. {' '.join(moves[i : i + 2])}" for i in range(0, len(moves), 2))
    else:
        text = " ".join(f"{frm}-{to}" for frm, to in cell["relocations"])
    return f"{table_id} {cell_key}: {text}"


# ---------------------------------------------------------------- replay and validation
# The rules text prints files with Cyrillic look-alikes ("аb4 bс5", 2.2.2 example 1).
_CYRILLIC = str.maketrans("асе", "ace")


def _short_move(p, text: str):
    """The one legal move a short-notation token (``ab4``: from-file, destination) names."""
    RUSSIAN = variant("russian")  # the registry's: russian imports this module
    text = text.strip().lower().translate(_CYRILLIC)
    if len(text) != 3 or not text[0].isalpha():
        return RUSSIAN.find_move(p, text)
    moves = RUSSIAN.legal_moves(p)
    matching = [m for m in moves if m.start[0] == text[0] and m.end == text[1:]]
    if not matching and moves[0].captures:
        raise IllegalMove(N_("capture is mandatory: %(moves)s"), moves=", ".join(m.notation for m in moves[:6]))
    if len(matching) != 1:
        found = " or ".join(m.notation for m in matching) or "no legal move"
        raise IllegalMove(N_("%(text)s is %(found)s here"), text=text, found=found)
    return matching[0]


@lru_cache(maxsize=256)
def _replay_cached(key: str, cell_json: str):
    return _replay_cell(json.loads(cell_json))


def _replay(cell: dict, key: str):
    return _replay_cached(key, json.dumps(cell, sort_keys=True))


def _replay_cell(cell: dict):
    """The cell's position; ``IllegalMove`` saying what is wrong with it."""
    RUSSIAN = variant("russian")
    p = RUSSIAN.start()
    if ("moves" in cell) == ("relocations" in cell):
        raise IllegalMove(N_("a cell has either moves or relocations"))
    if "moves" in cell:
        for ply, text in enumerate(cell["moves"], 1):
            try:
                p = RUSSIAN.play(p, _short_move(p, str(text)))
            except IllegalMove as e:
                raise IllegalMove(N_("move %(ply)s (%(text)s): %(e)s"), ply=ply, text=text, e=e) from None
        position = p
    else:
        pieces = RUSSIAN.pieces(p)
        pairs = cell["relocations"]
        if not pairs or any(not isinstance(pair, list) or len(pair) != 2 for pair in pairs):
            raise IllegalMove(N_("relocations are [from, to] pairs"))
        lifted = {}
        for frm, to in pairs:
            if frm not in pieces or frm in lifted:
                raise IllegalMove(N_("%(frm)s-%(to)s: no man on %(frm)s to relocate"), frm=frm, to=to)
            lifted[frm] = pieces.pop(frm)
        for frm, to in pairs:
            man = lifted[frm]
            if RUSSIAN.geo.bit_of_algebraic(str(to)) is None:
                raise IllegalMove(N_("%(frm)s-%(to)s: %(to)s is not a playable square"), frm=frm, to=to)
            if to in pieces:
                raise IllegalMove(N_("%(frm)s-%(to)s: %(to)s is occupied"), frm=frm, to=to)
            if to[1] == ("8" if man == "w" else "1"):
                raise IllegalMove(N_("%(frm)s-%(to)s: a man cannot stand on its crowning row"), frm=frm, to=to)
            pieces[to] = man
        to_move = cell.get("to_move", "white")
        if to_move not in ("white", "black"):
            raise IllegalMove(N_("to_move is white or black, not %(to_move)r"), to_move=to_move)
        white = ",".join(sq for sq, c in pieces.items() if c == "w")
        black = ",".join(sq for sq, c in pieces.items() if c == "b")
        position = RUSSIAN.from_fen(f"{to_move[0].upper()}:W{white}:B{black}")
    if cell.get("fen") and RUSSIAN.from_fen(cell["fen"]).key != position.key:
        raise IllegalMove(
            N_("gives %(fen)s, not the table's %(table_fen)s"), fen=RUSSIAN.to_fen(position), table_fen=cell["fen"]
        )
    if RUSSIAN.result(position) is not None:
        raise IllegalMove(N_("the game is already over in this position"))
    return position


def load(path: str | os.PathLike) -> Table:
    """Read a table file and replay every cell; ``BadTable`` names each bad cell."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise BadTable(f"{path}: cannot read a ballot table: {e}") from None
    table_id = data.get("table") if isinstance(data, dict) else None
    if not isinstance(table_id, str) or not table_id.isidentifier():
        raise BadTable(f'{path}: "table" must name the table in letters and digits, e.g. "rus"')
    if not isinstance(data.get("cells"), list) or not data["cells"]:
        raise BadTable(f'{path}: no "cells"')
    cells, errors, seen = {}, [], set()
    for n, cell in enumerate(data["cells"], 1):
        key = f"{table_id}:{cell.get('key')}" if isinstance(cell, dict) else None
        where = f"cell {key or n}"
        if not key or not cell.get("key"):
            errors.append(f"cell {n}: no key")
            continue
        if key in seen:
            errors.append(f"{where}: key given twice")
            continue
        seen.add(key)
        if len(key) > KEY_LENGTH:
            errors.append(f"{where}: the key is longer than {KEY_LENGTH - len(table_id) - 1} characters")
            continue
        try:
            _replay_cell(cell)
        except (IllegalMove, TypeError, AttributeError, IndexError) as e:
            errors.append(f"{where}: {e}")
            continue
        cells[key] = cell
    if errors:
        raise BadTable(f"{path}: {len(errors)} bad cell(s):\n  " + "\n  ".join(errors))
    return Table(table_id, str(data.get("name") or table_id), str(data.get("source") or path), cells)


def register(new: Table) -> None:
    """Make a loaded table's keys usable in this process (``BALLOTS64_TABLES`` does it in all)."""
    if new.id in SHIPPED:
        raise BadTable(f"table id {new.id!r} is taken by a shipped table")
    _tables()[new.id] = new


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        try:
            t = load(arg)
        except BadTable as e:
            sys.exit(str(e))
        print(f"{arg}: table {t.id!r}, {len(t.cells)} cells, every one replays")
