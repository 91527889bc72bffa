"""Renju game records: a plain move list and SGF (GM[4]), read and written.

API for the game layer and the CLI::

    from games.rules.renju_records import Record, read_records, write_record
    records = read_records(text)            # any mix of the two formats below
    r = records[0]
    r.rule, r.moves, r.proposals, r.result, r.tags
    write_record(r)                         # plain move list (default)
    write_record(r, format="sgf")           # SGF, as renju tools read it
    replay(r)                               # -> final position; IllegalMove names the move

``Record`` fields: ``rule`` ("none", "rif", "yamaguchi", "soosorv8"),
``moves`` (every action in order, exactly the texts ``RENJU.play`` accepts:
points, ``pass``, ``swap``/``stay``, ``declare N``, 5th-move offers such as
``i9,k10``, the chosen 5th move), ``result`` ("1-0" black won, "0-1" white
won, "1/2-1/2", or "*" unknown/unfinished), ``tags`` (ordered dict of other
headers: Event, Date, Black, White, …) and ``variant`` (the discipline name,
"renju" unless a ``Variant`` tag says e.g. "gomoku").  ``proposals`` is
derived: the tuple of offered 5th-move sets, each a tuple of points.

Plain format (one game after another)::

    [Variant "renju"]
    [Rule "rif"]
    [Black "Ivanov"]
    [White "Petrov"]
    h8 h9 j10 swap i7 i9,k10 k10 g8 … 1-0

Headers ``[Name "value"]``, then the actions separated by blanks; move
numbers such as ``12.`` are ignored; ``declare 3`` is one action; a result
token (``1-0``, ``0-1``, ``1/2-1/2``, ``*``) ends the game.

SGF (FF[4], GM[4] is five-in-a-row; SZ[15]): ``;B[hh]`` / ``;W[hi]`` place
stones — SGF counts rows from the top, so h8 is ``hh`` and a1 ``ao`` — and
``B[]``/``W[]`` is a pass.  Properties PB, PW, EV, DT, RO, RE (``B+``,
``W+``, ``0``) map to the headers.  The opening protocol uses private
properties of this platform: ``RU[rif]`` on the root, and nodes ``SW[swap]``
/ ``SW[stay]``, ``DN[3]`` (declared number of 5th moves) and ``FM[ig][jf]``
(5th moves offered).  A reader that ignores private properties still sees
every stone of the game.  An ``RU`` value that is not one of our rule names
(other tools write the game's name there, e.g. ``RU[Renju]``) reads as "none".
Note: the PyPI package ``renju`` 0.1.0 writes rows counted from the bottom,
against the SGF convention used here; its files come out mirrored top to bottom.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .base import IllegalMove

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_SGF_RESULT = {"1-0": "B+", "0-1": "W+", "1/2-1/2": "0"}
_SGF_TAGS = {"Black": "PB", "White": "PW", "Event": "EV", "Date": "DT", "Round": "RO"}


@dataclass
class Record:
    moves: list[str]
    rule: str = "none"
    result: str = "*"
    tags: dict[str, str] = field(default_factory=dict)
    variant: str = "renju"

    @property
    def proposals(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(m.split(",")) for m in self.moves if "," in m and self.variant == "renju")


def read_records(text: str) -> list[Record]:
    """Every game in ``text``; IllegalMove names the game and the defect."""
    records, rest = [], text.strip()
    while rest:
        if rest.startswith("("):
            end = _sgf_end(rest)
            records.append(_read_sgf(rest[:end], len(records) + 1))
            rest = rest[end:].strip()
        else:
            record, rest = _read_plain(rest, len(records) + 1)
            records.append(record)
    return records


def write_record(record: Record, format: str = "plain") -> str:
    if format == "plain":
        return _write_plain(record)
    if format == "sgf":
        return _write_sgf(record)
    raise IllegalMove(f"unknown record format {format!r}: use 'plain' or 'sgf'")


def replay(record: Record):
    """Play the record through its discipline; returns the final position.

    IllegalMove carries ``move_number`` (1-based action index) and ``move``.
    """
    from . import variant

    v = variant(record.variant)
    p = v.start(rule=record.rule) if record.variant == "renju" else v.start()
    for n, move in enumerate(record.moves, 1):
        try:
            p = v.play(p, move)
        except IllegalMove as error:
            failure = IllegalMove(f"action {n} {move!r}: {error}")
            failure.move_number, failure.move = n, move
            raise failure from None
    return p


# ---- plain -----------------------------------------------------------------
_TAG = re.compile(r'\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]')


def _read_plain(text: str, number: int) -> tuple[Record, str]:
    tags = {}
    pos = 0
    while True:
        match = _TAG.match(text, pos)
        if not match:
            break
        tags[match.group(1)] = match.group(2).replace('\\"', '"')
        pos = match.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    moves, result = [], "*"
    tokens = re.finditer(r"\S+", text[pos:])
    end = len(text)
    for token in tokens:
        word = token.group()
        if word.startswith("["):  # the next game's headers
            end = pos + token.start()
            break
        if word in RESULTS:
            result = word
            end = pos + token.end()
            break
        if re.fullmatch(r"\d+\.", word):
            continue
        if word == "declare":
            count = next(tokens, None)
            if count is None:
                raise IllegalMove(f"game {number}: 'declare' without a number")
            word = f"declare {count.group()}"
        moves.append(word)
    rule = tags.pop("Rule", "none")
    variant = tags.pop("Variant", "renju")
    tags.pop("Result", None)
    return Record(moves, rule, result, tags, variant), text[end:].strip()


def _write_plain(record: Record) -> str:
    lines = [f'[Variant "{record.variant}"]', f'[Rule "{record.rule}"]']
    lines += [f'[{k} "{v.replace(chr(34), chr(92) + chr(34))}"]' for k, v in record.tags.items()]
    lines.append(f'[Result "{record.result}"]')
    body, line = [], ""
    for word in record.moves + [record.result]:
        if len(line) + len(word) + 1 > 78:
            body.append(line)
            line = ""
        line = f"{line} {word}" if line else word
    body.append(line)
    return "\n".join(lines) + "\n" + "\n".join(body) + "\n"


# ---- SGF -------------------------------------------------------------------
def _sgf_end(text: str) -> int:
    depth, escaped, in_value = 0, False, False
    for i, ch in enumerate(text):
        if in_value:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == "]":
                in_value = False
        elif ch == "[":
            in_value = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    raise IllegalMove("an SGF game tree is not closed with ')'")


def _sgf_point(value: str, size: int, number: int) -> str:
    if len(value) != 2 or not all("a" <= c < chr(97 + size) for c in value):
        raise IllegalMove(f"game {number}: {value!r} is not an SGF point on a {size}×{size} board")
    return f"{value[0]}{size - (ord(value[1]) - 97)}"


def _to_sgf_point(point: str, size: int) -> str:
    return f"{point[0]}{chr(97 + size - int(point[1:]))}"


def _read_sgf(text: str, number: int) -> Record:
    nodes: list[list] = []
    # Property matches swallow their bracketed values, so a ';' inside a value never splits a node.
    for match in re.finditer(r";|([A-Z]+)((?:\s*\[(?:[^\]\\]|\\.)*\])+)", text.strip()[1:-1]):
        if match.group() == ";":
            nodes.append([])
        elif nodes:
            values = re.findall(r"\[((?:[^\]\\]|\\.)*)\]", match.group(2))
            nodes[-1].append((match.group(1), [v.replace("\\]", "]") for v in values]))
    if not nodes:
        raise IllegalMove(f"game {number}: empty SGF")
    root = dict(nodes[0])
    if root.get("GM", ["4"])[0] != "4":
        raise IllegalMove(f"game {number}: SGF GM[{root['GM'][0]}] is not five-in-a-row (GM[4])")
    size = int(root.get("SZ", ["15"])[0])
    tags = {tag: root[prop][0] for tag, prop in _SGF_TAGS.items() if prop in root}
    result = {"B": "1-0", "W": "0-1", "0": "1/2-1/2", "D": "1/2-1/2"}.get(root.get("RE", ["?"])[0][:1], "*")
    # RU names the opening rule here; other tools put the game's name there ("Renju"): no opening rule.
    rule = root.get("RU", ["none"])[0]
    if rule not in ("none", "rif", "yamaguchi", "soosorv8"):
        rule = "none"
    variant = root.get("GN", ["renju"])[0] if root.get("GN", [""])[0] in ("gomoku", "gomoku-standard", "renju-free", "connect6") else "renju"
    moves = []
    for props in nodes:
        for name, values in props:
            if name in ("B", "W"):
                moves.append("pass" if values == [""] else ",".join(_sgf_point(v, size, number) for v in values))
            elif name == "SW":
                moves.append(values[0])
            elif name == "DN":
                moves.append(f"declare {values[0]}")
            elif name == "FM":
                moves.append(",".join(_sgf_point(v, size, number) for v in values))
    return Record(moves, rule, result, tags, variant)


def _write_sgf(record: Record) -> str:
    from . import variant

    v = variant(record.variant)
    size = v.board_size
    root = f"(;FF[4]GM[4]SZ[{size}]RU[{record.rule}]"
    if record.variant != "renju":
        root += f"GN[{record.variant}]"
    for tag, prop in _SGF_TAGS.items():
        if tag in record.tags:
            root += f"{prop}[{record.tags[tag].replace(']', chr(92) + ']')}]"
    if record.result in _SGF_RESULT:
        root += f"RE[{_SGF_RESULT[record.result]}]"
    # Replaying tells which colour each stone has and which actions are offers.
    p = v.start(rule=record.rule) if record.variant == "renju" else v.start()
    nodes = []
    for move in record.moves:
        colour = "B" if p.to_move == "black" else "W"
        if move in ("swap", "stay"):
            nodes.append(f";SW[{move}]")
        elif move.startswith("declare "):
            nodes.append(f";DN[{move.split()[1]}]")
        elif move == "pass":
            nodes.append(f";{colour}[]")
        elif p.phase == "propose":
            nodes.append(";FM" + "".join(f"[{_to_sgf_point(pt, size)}]" for pt in move.split(",")))
        else:
            nodes.append(f";{colour}" + "".join(f"[{_to_sgf_point(pt, size)}]" for pt in move.split(",")))
        p = v.play(p, move)
    return root + "".join(nodes) + ")\n"
