"""The paper of a club night (A4, printed from the browser: docs/paper.md): a round's
pairing sheet with table numbers, its score sheets filled in beforehand, and the wall
chart — the crosstable with its cells empty to fill in by hand."""

from __future__ import annotations

from games.rules import family

from ..models import Board, Championship, Round
from .events import entries, rounds_total

# Move pairs on a draughts score sheet: two columns of 40, as the federation's forms have.
DRAUGHTS_SHEET_MOVES = 80
RENJU_SIZE = 15


def round_paper(championship: Championship, number: int) -> dict | None:
    """A published round's tables, each with both players' start numbers; None if not published."""
    the_round = championship.rounds.filter(
        number=number, status__in=(Round.Status.PUBLISHED, Round.Status.CLOSED)
    ).first()
    if the_round is None:
        return None
    start = {e.member_id: e.start_number for e in entries(championship)}
    tables = [
        {
            "number": board.number,
            "white": board.white,
            "black": board.black,
            "white_no": start.get(board.white_id),
            "black_no": start.get(board.black_id),
            "result": board.result,
            "game_id": board.game_id,
        }
        for board in Board.objects.filter(round=the_round).select_related("white", "black").order_by("number")
    ]
    return {"championship": championship, "round": the_round, "tables": tables}


def score_sheet_form(championship: Championship) -> dict:
    """The discipline's form: numbered move pairs for draughts, the 15×15 record for renju."""
    if family(championship.discipline) == "draughts":
        half = DRAUGHTS_SHEET_MOVES // 2
        return {"kind": "draughts", "columns": [list(range(1, half + 1)), list(range(half + 1, 2 * half + 1))]}
    letters = "abcdefghijklmno"
    return {
        "kind": "renju",
        "letters": list(letters[:RENJU_SIZE]),
        "rows": list(range(RENJU_SIZE, 0, -1)),
    }


def wall_chart(championship: Championship) -> dict:
    """Every entrant by start number, with one cell per opponent (a round robin) or per
    round (the other systems); a cell holds what is known (opponent and colour, a result
    once recorded) and is otherwise left empty, for the arbiter's pen."""
    rows = list(entries(championship))
    total = rounds_total(championship, len(rows)) or 0
    start = {e.member_id: e.start_number for e in rows}
    played: dict[int, dict[int, dict]] = {e.member_id: {} for e in rows}
    boards = Board.objects.filter(
        round__championship=championship, round__status__in=(Round.Status.PUBLISHED, Round.Status.CLOSED)
    ).select_related("round")
    for board in boards:
        for me, other, colour in ((board.white_id, board.black_id, "w"), (board.black_id, board.white_id, "b")):
            if me in played and me is not None:
                played[me][board.round.number] = {
                    "opponent": start.get(other) if other else None,
                    "colour": colour if other else "",
                    "result": board.result,
                    "side": "white" if colour == "w" else "black",
                }
    round_robin = championship.system == Championship.System.ROUND_ROBIN and championship.cycles == 1
    chart = []
    for entry in rows:
        mine = played[entry.member_id]
        if round_robin:
            by_opponent = {cell["opponent"]: cell for cell in mine.values() if cell["opponent"]}
            cells = [
                None if other.member_id == entry.member_id else by_opponent.get(other.start_number, {})
                for other in rows
            ]
        else:
            cells = [mine.get(n, {}) for n in range(1, total + 1)]
        chart.append({"entry": entry, "cells": cells})
    return {
        "championship": championship,
        "round_robin": round_robin,
        "columns": [e.start_number for e in rows] if round_robin else list(range(1, total + 1)),
        "chart": chart,
    }
