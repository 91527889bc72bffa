"""The colours of a Swiss board (1.15.2: alternate as far as possible, never four times running)."""

from __future__ import annotations

from games.results import BLACK, WHITE

from .records import Record


def board_colours(a: int, b: int, records: dict[int, Record], rank: dict[int, int]) -> tuple[int, int]:
    """White and black of a pair, alternating colours as far as possible (1.15.2).

    1. A player with three games of one colour running must have the other (1.15.2;
       ``_may_meet`` never pairs two who both need the same one).
    2. Each is due the colour opposite his last; when their dues differ both get theirs.
    3. When both are due the same colour, the longer run of the other colour wins it,
       then the larger surplus of that other colour, then the higher-placed player —
       how an arbiter balances colours by the cards. A player without a played game yet
       has no due colour and takes what the other is not due; two such players give white
       to the higher-placed.
    """

    def claim(pid: int):
        rec = records[pid]
        last, run = rec.run()
        if last is None:
            return None, (0, 0)
        due = BLACK if last == WHITE else WHITE
        surplus = rec.colours.count(last) - rec.colours.count(due)
        return due, (run, surplus)

    (due_a, strength_a), (due_b, strength_b) = claim(a), claim(b)
    first, second = (a, b) if rank[a] < rank[b] else (b, a)
    if due_a is None and due_b is None:
        return first, second
    if due_a is None or due_b is None or due_a != due_b:
        winner, due = (a, due_a) if due_a is not None else (b, due_b)
    elif strength_a != strength_b:
        winner, due = (a if strength_a > strength_b else b), due_a
    else:
        winner, due = first, due_a
    loser = b if winner == a else a
    return (winner, loser) if due == WHITE else (loser, winner)
