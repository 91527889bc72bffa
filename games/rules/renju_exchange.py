"""Renju games for other renju programs: the RIF database's XML and a RenLib library.

Both take the club's records (``renju_records.Record``: tags ``Black``, ``White``,
``Round``; the moves as the rules module plays them; the result, black's score
first) and write bytes. docs/exports.md says what each format holds and where its
description came from; the tests read both back with readers written apart from
this module (tests/rules/renju_exchange_readers.py).

RIF database (``.rif``, renju.net's XML, which renju-note loads): ``<database>``
with ``<tournaments>``, ``<rules>``, ``<openings>``, ``<players>`` (each row an
``id``) and ``<games>``; a ``<game>`` points at them by id (``tournament``,
``rule``, ``black``, ``white``, ``opening``) and holds ``round``, ``bresult``
(black's score: 1, 0, 0.5; empty when the game has none: unfinished, or lost by
both), ``alt`` (the 5th moves black offered, blank-separated points), ``swap``
(one character per colour decision in order: ``R`` the players changed colours,
``-`` they kept them, ``2`` Swap2's third answer, two more stones), ``<move>``
(every stone in order, the chosen 5th among them; a pass is no stone) and
``<info>`` (the club's result notation, which also tells forfeits apart).

RenLib library (``.lib``): a 20-byte header, then the games merged into one tree
of moves written depth first, two bytes a node: the point (``16*(y-1) + x``,
column ``x`` 1–15 from a, row ``y`` 1–15 from the top, so h8 is 0x78) and
flags: 0x80 a sibling follows this node's subtree, 0x40 the node has no child
(the next node is the sibling of the last node flagged 0x80), 0x08 a comment
follows: bytes ending in a zero, padded with a zero to an even length. The
comment on a game's last stone is RenLib's own: ``Black - White 1-0``
(``0.5-0.5`` a draw, the club's notation for any other result), one line per
game ending there, in the Windows Cyrillic code page (RenLib is an ANSI Windows
program; a character outside it becomes ``?``). A game with no stone is no path
in the tree and is left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from games.rules.words import N_

from . import variant
from .base import IllegalMove
from .renju_records import Record

RENLIB_HEADER = b"\xffRenLib\xff" + bytes([3, 4]) + b"\xff" * 10
RENLIB_DOWN, RENLIB_RIGHT, RENLIB_COMMENT = 0x80, 0x40, 0x08
RENLIB_ENCODING = "cp1251"
_SWAP_MARKS = {"swap": "R", "stay": "-", "place2": "2"}
_BLACK_SCORE = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5", "+/-": "1", "-/+": "0"}
_RENLIB_RESULT = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "0.5-0.5"}


@dataclass(frozen=True)
class Played:
    """One game as the exchange formats see it."""

    stones: tuple[str, ...]
    offers: tuple[str, ...]
    swaps: str
    opening: object  # renju_openings.Opening or None


def take_apart(record: Record) -> Played:
    """Replay the record and sort its actions into stones, 5th-move offers and colour decisions."""
    v = variant(record.variant)
    p = v.start(rule=record.rule) if record.rule != "none" else v.start()
    stones, offers, swaps = [], [], []
    for move in record.moves:
        before, phase = p.stones, p.phase
        p = v.play(p, move)
        if move in _SWAP_MARKS and phase == "swap":
            swaps.append(_SWAP_MARKS[move])
        elif move == "pass" or move.startswith("declare "):
            continue
        elif p.stones > before:  # a stone: placed, or the offer white chose
            stones.append(move)
        elif phase == "propose":
            offers.extend(move.split(","))
    opening = v.opening(p) if hasattr(v, "opening") else None
    return Played(tuple(stones), tuple(offers), "".join(swaps), opening)


# XML 1.0 cannot hold most control characters, even escaped: each becomes "?".
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(value: str) -> str:
    return _NOT_XML.sub("?", value)


def _ids(values) -> dict:
    ids: dict = {}
    for value in values:
        ids.setdefault(value, len(ids) + 1)
    return ids


def rif_xml(records: list[Record], tournament: str, start: str = "", end: str = "") -> bytes:
    """The games as one RIF database (UTF-8 XML): ``start``/``end`` are the event's ISO dates."""
    played = [take_apart(r) for r in records]
    players = _ids(_xml_text(r.tags.get(tag, "")) for r in records for tag in ("Black", "White"))
    rules = _ids(r.rule for r in records)
    openings = _ids(p.opening for p in played if p.opening is not None)
    titles = variant("renju").opening_rules
    lines = ['<?xml version="1.0" encoding="utf-8"?>', "<database>", "<tournaments>"]
    lines.append(
        f'<tournament id="1" name={quoteattr(_xml_text(tournament))} start={quoteattr(start)} end={quoteattr(end)}'
        f' rule="{rules[records[0].rule] if records else ""}"/>'
    )
    lines += ["</tournaments>", "<rules>"]
    for rule, number in rules.items():
        title = titles[rule][1] if rule in titles else rule
        lines.append(f'<rule id="{number}" name={quoteattr(str(title))}><info>{escape(rule)}</info></rule>')
    lines += ["</rules>", "<openings>"]
    for opening, number in openings.items():
        lines.append(f'<opening id="{number}" name={quoteattr(opening.name)} abbr={quoteattr(opening.code)}/>')
    lines += ["</openings>", "<players>"]
    for name, number in players.items():
        lines.append(f'<player id="{number}" name={quoteattr(name)} surname=""/>')
    lines += ["</players>", "<games>"]
    for number, (record, game) in enumerate(zip(records, played), 1):
        opening = openings.get(game.opening, "") if game.opening is not None else ""
        lines.append(
            f'<game id="{number}" tournament="1" round={quoteattr(_xml_text(record.tags.get("Round", "")))}'
            f' rule="{rules[record.rule]}" black="{players[_xml_text(record.tags.get("Black", ""))]}"'
            f' white="{players[_xml_text(record.tags.get("White", ""))]}" bresult="{_BLACK_SCORE.get(record.result, "")}"'
            f' opening="{opening}" alt="{" ".join(game.offers)}" swap="{game.swaps}">'
            f"<move>{' '.join(game.stones)}</move><info>{escape(record.result)}</info></game>"
        )
    lines += ["</games>", "</database>", ""]
    return "\n".join(lines).encode("utf-8")


def _renlib_point(point: str, size: int = 15) -> int:
    x, y = ord(point[0]) - ord("a") + 1, size + 1 - int(point[1:])
    if not (1 <= x <= size and 1 <= y <= size):
        raise IllegalMove(N_("%(point)r is not on RenLib's 15×15 board"), point=point)
    return 16 * (y - 1) + x


def renlib(records: list[Record]) -> bytes:
    """The games as one RenLib library: their moves merged into one tree, each game's
    players and result as a comment on its last stone."""
    root: dict = {}  # point byte -> [children, comment lines]
    for record in records:
        stones = take_apart(record).stones
        if not stones:
            continue
        children, node = root, None
        for stone in stones:
            node = children.setdefault(_renlib_point(stone), [{}, []])
            children = node[0]
        result = _RENLIB_RESULT.get(record.result, record.result)
        node[1].append(f"{record.tags.get('Black', '')} - {record.tags.get('White', '')} {result}")
    out = bytearray(RENLIB_HEADER)
    # Depth first without recursion: a game may have 225 stones.
    pending = [(point, node, i < len(root) - 1) for i, (point, node) in enumerate(sorted(root.items()))][::-1]
    while pending:
        point, (children, comment), sibling_follows = pending.pop()
        flags = (RENLIB_DOWN if sibling_follows else 0) | (0 if children else RENLIB_RIGHT)
        flags |= RENLIB_COMMENT if comment else 0
        out += bytes([point, flags])
        if comment:
            text = "\r\n".join(comment).replace("\0", " ").encode(RENLIB_ENCODING, errors="replace") + b"\0"
            out += text + (b"\0" if len(text) % 2 else b"")
        ordered = sorted(children.items())
        pending += [(p, n, i < len(ordered) - 1) for i, (p, n) in enumerate(ordered)][::-1]
    return bytes(out)
