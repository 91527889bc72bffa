"""Command-line helpers for renju, wired into ``python -m games.rules`` by __main__.py.

* ``replay(path, out)`` — replay every game of a record file (plain move list
  or SGF, see renju_records.py); prints one line per game and a summary;
  returns 0 when every game is legal, 1 when any is not (naming the game, the
  action number, the move and the reason), 2 when the file cannot be read.
* ``fouls(text, out)`` — the foul map of the position reached by the moves
  in ``text`` (``"h8 h9 i8 …"``, renju without an opening rule) or given as a
  FEN (``"B:Bh8,…:W…"``), as a board diagram: ``3`` double-three, ``4``
  double-four, ``6`` overline.
"""

from __future__ import annotations

from games.rules.words import N_

from . import variant
from .base import IllegalMove
from .fiverow import diagram
from .renju import RENJU
from .renju_records import read_records
from .renju_records import replay as replay_record

MARK = {"double-three": "3", "double-four": "4", "overline": "6"}


def replay(path: str, out) -> int:
    try:
        with open(path, encoding="utf-8") as handle:
            records = read_records(handle.read())
    except (OSError, UnicodeDecodeError, IllegalMove) as error:
        print(f"{path}: cannot read records: {error}", file=out)
        return 2
    failures = plies = 0
    for number, record in enumerate(records, 1):
        label = f"game {number}" + (
            f" ({record.tags['Black']} – {record.tags['White']})"
            if "Black" in record.tags and "White" in record.tags
            else ""
        )
        try:
            p = replay_record(record)
        except IllegalMove as error:
            failures += 1
            print(f"{label}: ILLEGAL at {error}", file=out)
            continue
        plies += len(record.moves)
        result = _result_text(record, p)
        if record.result != "*" and result not in ("*", record.result):
            failures += 1
            print(f"{label}: recorded result {record.result} but the rules give {result}", file=out)
            continue
        print(f"{label}: ok, {len(record.moves)} actions, {record.rule} rule, result {record.result}", file=out)
    print(f"{len(records)} games, {plies} plies, {failures} illegal", file=out)
    return 1 if failures else 0


def _result_text(record, p) -> str:
    result = variant(record.variant).result(p)
    if result is None:
        return "*"
    return {"black": "1-0", "white": "0-1", None: "1/2-1/2"}[result.winner]


def fouls(text: str, out) -> int:
    try:
        if ":" in text:
            p = RENJU.from_fen(text)
        else:
            p = RENJU.start()
            for n, move in enumerate(text.split(), 1):
                try:
                    p = RENJU.play(p, move)
                except IllegalMove as error:
                    raise IllegalMove(N_("move %(n)s %(move)r: %(error)s"), n=n, move=move, error=error) from None
    except IllegalMove as error:
        print(f"cannot set up the position: {error}", file=out)
        return 1
    found = RENJU.fouls(p)
    g = RENJU.geometry
    print(diagram(p.board, g, {g.parse(point): MARK[kind] for point, kind in found.items()}), file=out)
    listing = ", ".join(
        f"{point} {kind}" for point, kind in sorted(found.items(), key=lambda item: g.xy(g.parse(item[0])))
    )
    print(f"{RENJU.to_fen(p)}\nfouls for black: {listing or 'none'}", file=out)
    return 0
