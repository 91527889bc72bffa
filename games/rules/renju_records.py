"""Renju game records: a plain move list and SGF (GM[4]), read and written.

API for the game layer and the CLI::

    from games.rules.renju_records import Record, read_records, write_record
    records = read_records(text)            # any mix of the two formats below
    r = records[0]
    r.rule, r.moves, r.proposals, r.result, r.tags
    write_record(r)                         # plain move list (default)
    write_record(r, format="sgf")           # SGF, as renju tools read it
    replay(r)                               # -> final position; IllegalMove names the move

``Record`` fields: ``rule`` (a name of ``renju.RULES``: "none", "rif",
"yamaguchi", "soosorv8", "taraguchi10", "swap2" — Swap2 also for gomoku),
``moves`` (every action in order, exactly the texts ``RENJU.play`` accepts:
points, ``pass``, ``swap``/``stay``/``place2``, ``declare N``, 5th-move offers such as
``i9,k10``, the chosen 5th move), ``result`` (see *Results*), ``tags``
(ordered dict of other headers: Event, Date, Black, White, …) and ``variant``
(the discipline name, "renju" unless a ``Variant`` tag says e.g. "gomoku").
``proposals`` is derived: the tuple of offered 5th-move sets, each a tuple of
points.

Results
-------
Renju lists black, the first player, first, and so do these records: a
result is black's score first.  ``Record.result`` is ``"1-0"`` black won,
``"0-1"`` white won, ``"1/2-1/2"``, ``"+/-"`` black won by forfeit, ``"-/+"``
white won by forfeit, ``"-/-"`` both lost by forfeit, ``"0-0"`` both lost a
game that was played (a sanction to both, 003 1.4), or ``"*"`` unknown or
unfinished.  (The club stores results from white's side, as PDN does;
``games/records.py`` converts.)

* Plain text writes the score (``1-0``, ``0-1``, ``1/2-1/2``, ``0-0``) as the
  ``Result`` header and the last token, headers ``Black`` before ``White``, and
  a ``[Winner "black"]`` header (``white``, ``none``) so that nobody reading the
  file has to know the convention; a reader checks that Winner agrees with
  Result.  A forfeit adds ``[Termination "forfeit"]`` (``1-0`` → ``+/-``,
  ``0-1`` → ``-/+``, ``0-0`` → ``-/-``), as our PDN does.
* SGF says who won in words: ``RE[B+]`` black won, ``RE[W+]`` white won,
  ``RE[0]`` (or ``Draw``) a draw, ``RE[B+F]``/``RE[W+F]`` a win by forfeit
  (SGF's own forfeit mark); SGF has no "both lost", so ``-/-`` is ``RE[Void]``
  with the private ``DQ[both]``, and ``0-0`` ``RE[Void]`` with ``DQ[both-played]``.

Plain format (one game after another)::

    [Variant "renju"]
    [Rule "rif"]
    [Black "Ivanov"]
    [White "Petrov"]
    h8 h9 j10 swap i7 i9,k10 k10 g8 … 1-0

Headers ``[Name "value"]`` (``\\`` escapes the next character), then the
actions separated by blanks; move numbers such as ``12.`` are ignored;
``declare 3`` is one action; a result token (``1-0``, ``0-1``, ``1/2-1/2``,
``0-0``, ``*``) ends the game.

SGF (FF[4], GM[4] is five-in-a-row; SZ[15]): ``;B[hh]`` / ``;W[hi]`` place
stones — SGF counts rows from the top, so h8 is ``hh`` and a1 ``ao`` — and
``B[]``/``W[]`` is a pass.  Properties PB, PW, EV, DT, RO, RE map to the
headers; the writer puts ``CA[UTF-8]`` on the root (names are UTF-8) and writes
the date as the SGF spec's ISO ``DT[YYYY-MM-DD]`` (the plain headers' ``YYYY.MM.DD``,
read back as that).  The opening protocol uses private properties of this platform:
``RU[rif]`` on the root, and nodes ``SW[swap]`` / ``SW[stay]`` / ``SW[place2]``
(a colour decision; Swap2's third answer is ``place2``), ``DN[3]``
(declared number of 5th moves; Taraguchi-10's choice 2 is ``DN[10]``) and
``FM[ig][jf]`` (5th moves offered).  Stones placed during Swap2 are plain
``B``/``W`` nodes: the colour is the stone's, whoever put it.  A
reader that ignores private properties still sees every stone of the game.
An ``RU`` value that is not one of our rule names (other tools write the
game's name there, e.g. ``RU[Renju]``) reads as "none".  Only the main line
is read: variations (every game tree after the first child) are skipped.
Values are escaped as SGF says: ``\\`` before ``]`` and ``\\``.
Note: the PyPI package ``renju`` 0.1.0 writes rows counted from the bottom,
against the SGF convention used here; its files come out mirrored top to bottom.

Outside text: both readers are single left-to-right scans (linear time, no
backtracking regex) over at most ``MAX_TEXT`` characters, with headers and
property values of at most ``MAX_VALUE`` and actions of at most ``MAX_WORD``
characters.  The only error they raise is ``IllegalMove``, naming the game,
the line and the fault, for anything they cannot read: a malformed header, an
unclosed value or game tree, an unknown variant, rule or result, a board size
that is not the variant's, a point off the board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.rules.words import N_

from . import variant
from . import variant as get_variant
from .base import IllegalMove
from .pdn import read_tag
from .renju import RULES as _RENJU_RULES

RESULTS = ("1-0", "0-1", "1/2-1/2", "0-0", "+/-", "-/+", "-/-", "*")
VARIANTS = ("renju", "gomoku", "gomoku-standard", "renju-free", "connect6", "gomoku-infinite")
RULES = tuple(_RENJU_RULES)  # one list of rule names: the rules module's
MAX_TEXT = 2_000_000
MAX_VALUE = 400
MAX_WORD = 120

_SCORES = ("1-0", "0-1", "1/2-1/2", "0-0")  # result tokens of the plain format
_FORFEITS = {"1-0": "+/-", "0-1": "-/+", "0-0": "-/-"}
_FORFEIT_SCORES = {v: k for k, v in _FORFEITS.items()}
_WINNERS = {"1-0": "black", "0-1": "white", "1/2-1/2": "none", "0-0": "none"}
_SGF_RESULT = {"1-0": "B+", "0-1": "W+", "1/2-1/2": "0", "0-0": "Void", "+/-": "B+F", "-/+": "W+F", "-/-": "Void"}
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
    if len(text) > MAX_TEXT:
        raise IllegalMove(
            N_("the text has %(count)s characters; at most %(MAX_TEXT)s are read"), count=len(text), MAX_TEXT=MAX_TEXT
        )
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    records: list[Record] = []
    pos = _skip_spaces(text, 0)
    while pos < len(text):
        number = len(records) + 1
        try:
            if text[pos] == "(":
                record, pos = _read_sgf(text, pos)
            else:
                record, pos = _read_plain(text, pos)
        except IllegalMove as error:
            raise IllegalMove(N_("game %(number)s: %(error)s"), number=number, error=error) from None
        records.append(record)
        pos = _skip_spaces(text, pos)
    return records


def write_record(record: Record, format: str = "plain") -> str:
    if format == "plain":
        return _write_plain(record)
    if format == "sgf":
        return _write_sgf(record)
    raise IllegalMove(N_("unknown record format %(format)r: use 'plain' or 'sgf'"), format=format)


def replay(record: Record):
    """Play the record through its discipline; returns the final position.

    IllegalMove carries ``move_number`` (1-based action index) and ``move``.
    """
    v = variant(record.variant)
    p = v.start(rule=record.rule) if record.rule != "none" else v.start()
    for n, move in enumerate(record.moves, 1):
        try:
            p = v.play(p, move)
        except IllegalMove as error:
            failure = IllegalMove(N_("action %(n)s %(move)r: %(error)s"), n=n, move=move, error=error)
            failure.move_number, failure.move = n, move
            raise failure from None
    return p


# ---- scanning --------------------------------------------------------------
# Each pattern is matched once at a known position and has no nested or
# overlapping quantifiers: a scan never re-reads what it has passed.
_SPACES = re.compile(r"\s*")
_WORD_RE = re.compile(r"\S+")
_MOVE_NUMBER = re.compile(r"\d+\.")
_IDENT = re.compile(r"[A-Za-z]+")
_VALUE_RUN = re.compile(r"[^\]\\]*")


def _skip_spaces(text: str, pos: int) -> int:
    return _SPACES.match(text, pos).end()


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _one_line(value: str) -> str:
    """Header values live on one line (a name with a line break must not end the header)."""
    return value.replace("\r", " ").replace("\n", " ")


# ---- plain -----------------------------------------------------------------
def _read_plain(text: str, pos: int) -> tuple[Record, int]:
    tags: dict[str, str] = {}
    while pos < len(text) and text[pos] == "[":
        name, value, pos = read_tag(text, pos)
        tags[name] = value
        pos = _skip_spaces(text, pos)
    moves, score = [], "*"
    # "[" starts the next game's headers and "(" an SGF game: neither begins an action.
    while pos < len(text) and text[pos] not in "[(":
        word = _WORD_RE.match(text, pos).group()
        if len(word) > MAX_WORD:
            raise IllegalMove(
                N_("line %(line)s: %(word)r… is longer than %(MAX_WORD)s characters"),
                line=_line(text, pos),
                word=word[:20],
                MAX_WORD=MAX_WORD,
            )
        pos = _skip_spaces(text, pos + len(word))
        if word in _SCORES or word == "*":
            score = word
            break
        if _MOVE_NUMBER.fullmatch(word):
            continue
        if word == "declare":
            count = _WORD_RE.match(text, pos)
            if count is None or len(count.group()) > 2:
                raise IllegalMove(N_("line %(line)s: 'declare' without a number"), line=_line(text, pos))
            word = f"declare {count.group()}"
            pos = _skip_spaces(text, count.end())
        moves.append(word)
    rule = tags.pop("Rule", "none")
    if rule not in RULES:
        raise IllegalMove(N_("unknown Rule %(rule)r: use one of %(known)s"), rule=rule[:40], known=", ".join(RULES))
    variant = tags.pop("Variant", "renju")
    if variant not in VARIANTS:
        raise IllegalMove(
            N_("unknown Variant %(variant)r: use one of %(known)s"), variant=variant[:40], known=", ".join(VARIANTS)
        )
    header = tags.pop("Result", "*")
    if score == "*":
        if header not in _SCORES and header != "*":
            raise IllegalMove(
                N_("unknown Result %(result)r: use one of %(known)s or *"), result=header[:40], known=", ".join(_SCORES)
            )
        score = header
    winner = tags.pop("Winner", None)
    if winner is not None and score in _WINNERS and winner.strip().lower() != _WINNERS[score]:
        raise IllegalMove(
            N_("Result %(score)s means winner %(winner)s (black's score first), but the Winner header says %(header)r"),
            score=score,
            winner=_WINNERS[score],
            header=winner[:20],
        )
    result = score
    if tags.get("Termination", "").lower() == "forfeit" and score in _FORFEITS:
        tags.pop("Termination", None)
        result = _FORFEITS[score]
    return Record(moves, rule, result, tags, variant), pos


def _write_plain(record: Record) -> str:
    score = _FORFEIT_SCORES.get(record.result, record.result)
    headers = {"Variant": record.variant, "Rule": record.rule, **record.tags, "Result": score}
    if score in _WINNERS:
        headers["Winner"] = _WINNERS[score]
    if record.result in _FORFEIT_SCORES:
        headers["Termination"] = "forfeit"
    lines = []
    for name, value in headers.items():
        value = _one_line(str(value)).replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'[{name} "{value}"]')
    body, line = [], ""
    for word in record.moves + [score]:
        if len(line) + len(word) + 1 > 78:
            body.append(line)
            line = ""
        line = f"{line} {word}" if line else word
    body.append(line)
    return "\n".join(lines) + "\n" + "\n".join(body) + "\n"


# ---- SGF -------------------------------------------------------------------
def _sgf_value(text: str, pos: int) -> tuple[str, int]:
    """The value ``[...]`` at ``text[pos]`` unescaped, and the position after it.
    ``\\`` escapes the next character; ``\\`` before a line break is a soft break (removed)."""
    parts, j = [], pos + 1
    while True:
        run = _VALUE_RUN.match(text, j)
        parts.append(run.group())
        j = run.end()
        if j < len(text) and text[j] == "]":
            return "".join(parts), j + 1
        if j + 1 >= len(text):  # the end, or a "\\" with nothing to escape
            raise IllegalMove(N_("line %(line)s: an SGF value is not closed with ']'"), line=_line(text, pos))
        if text[j + 1] != "\n":
            parts.append(text[j + 1])
        j += 2


def _sgf_nodes(text: str, pos: int) -> tuple[list[list[tuple[str, list[str]]]], int]:
    """The nodes of the game tree at ``text[pos]`` (its main line) and the position after it.

    The main line ends where the first game tree closes; everything after it
    up to the closing ``)`` of the whole tree is variations, read for syntax only."""
    start, depth, main_line, nodes = pos, 0, True, []
    while True:
        if pos >= len(text):
            raise IllegalMove(N_("line %(line)s: an SGF game tree is not closed with ')'"), line=_line(text, start))
        ch = text[pos]
        if ch == "(":
            depth += 1
            pos += 1
        elif ch == ")":
            depth -= 1
            main_line = False
            pos += 1
            if depth == 0:
                return nodes, pos
        elif ch == ";":
            if main_line:
                nodes.append([])
            pos += 1
        elif ch.isspace():
            pos = max(_skip_spaces(text, pos), pos + 1)
        elif ("A" <= ch <= "Z") or ("a" <= ch <= "z"):
            ident_at = pos
            ident = _IDENT.match(text, pos).group()
            pos = _skip_spaces(text, pos + len(ident))
            values = []
            while pos < len(text) and text[pos] == "[":
                value, pos = _sgf_value(text, pos)
                values.append(value)
                pos = _skip_spaces(text, pos)
            if not values:
                raise IllegalMove(
                    N_("line %(line)s: SGF property %(prop)s has no value '[...]'"),
                    line=_line(text, ident_at),
                    prop=ident[:20],
                )
            if not nodes:
                raise IllegalMove(
                    N_("line %(line)s: SGF property %(prop)s before the first node ';'"),
                    line=_line(text, ident_at),
                    prop=ident[:20],
                )
            if main_line:
                # FF[3] spelled some properties in words ("AddBlack"): the capitals are the name.
                nodes[-1].append(("".join(c for c in ident if "A" <= c <= "Z"), values))
        else:
            raise IllegalMove(
                N_("line %(line)s: %(ch)r has no place in SGF outside a value '[...]'"), line=_line(text, pos), ch=ch
            )


def _sgf_point(value: str, size: int) -> str:
    if len(value) != 2 or not all("a" <= c < chr(97 + size) for c in value):
        raise IllegalMove(N_("%(point)r is not an SGF point on a %(size)s×%(size)s board"), point=value[:20], size=size)
    return f"{value[0]}{size - (ord(value[1]) - 97)}"


def _to_sgf_point(point: str, size: int) -> str:
    return f"{point[0]}{chr(97 + size - int(point[1:]))}"


_DOTTED_DATE = re.compile(r"(\d{4}|\?{4})\.(\d{2}|\?\?)\.(\d{2}|\?\?)")
_ISO_DATE = re.compile(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?")


def _iso_date(value: str) -> str:
    """A header date ``YYYY.MM.DD`` (``??`` for what is unknown) as SGF's DT: ``YYYY-MM-DD``, or as much of
    it as is known (``YYYY-MM``, ``YYYY``; nothing when the year is unknown). Other text is kept."""
    found = _DOTTED_DATE.fullmatch(value.strip())
    if found is None:
        return value
    known = []
    for part in found.groups():
        if "?" in part:
            break
        known.append(part)
    return "-".join(known)


def _dotted_date(value: str) -> str:
    """SGF's ISO DT as the headers' ``YYYY.MM.DD``; other text is kept."""
    found = _ISO_DATE.fullmatch(value.strip())
    if found is None:
        return value
    year, month, day = found.groups()
    return f"{year}.{month or '??'}.{day or '??'}"


def _sgf_text(value: str) -> str:
    """A SimpleText value escaped as the SGF spec says: ``\\`` and ``]`` get a ``\\``."""
    return _one_line(value).replace("\\", "\\\\").replace("]", "\\]")


def _sgf_result(root: dict) -> str:
    text = root.get("RE", ["?"])[0].strip()
    upper = text.upper()
    if upper[:2] in ("B+", "W+"):
        forfeit = upper[2:] in ("F", "FORFEIT")
        if upper[0] == "B":
            return "+/-" if forfeit else "1-0"
        return "-/+" if forfeit else "0-1"
    if upper in ("0", "DRAW") or upper.startswith("D"):
        return "1/2-1/2"
    if upper == "VOID" and root.get("DQ", [""])[0] == "both":
        return "-/-"
    if upper == "VOID" and root.get("DQ", [""])[0] == "both-played":
        return "0-0"
    return "*"


def _read_sgf(text: str, pos: int) -> tuple[Record, int]:
    nodes, end = _sgf_nodes(text, pos)
    if not nodes:
        raise IllegalMove(N_("empty SGF"))
    root = {}
    for name, values in nodes[0]:
        root.setdefault(name, values)
    game = root.get("GM", ["4"])[0]
    if game != "4":
        raise IllegalMove(N_("SGF GM[%(game)s] is not five-in-a-row (GM[4])"), game=game[:10])
    name = root.get("GN", ["renju"])[0]
    variant = name if name in VARIANTS else "renju"
    size = get_variant(variant).board_size
    board = root.get("SZ", [str(size)])[0].strip()
    if board != str(size):
        raise IllegalMove(
            N_("SZ[%(board)s]: %(variant)s is played on a %(size)s×%(size)s board (SZ[%(size)s])"),
            board=board[:10],
            variant=variant,
            size=size,
        )
    tags = {}
    for tag, prop in _SGF_TAGS.items():
        if prop in root:
            value = _one_line(root[prop][0])
            if len(value) > MAX_VALUE:
                raise IllegalMove(
                    N_("SGF %(prop)s is longer than %(MAX_VALUE)s characters"), prop=prop, MAX_VALUE=MAX_VALUE
                )
            tags[tag] = _dotted_date(value) if prop == "DT" else value
    # RU names the opening rule here; other tools put the game's name there ("Renju"): no opening rule.
    rule = root.get("RU", ["none"])[0]
    if rule not in RULES:
        rule = "none"
    moves = []
    for props in nodes:
        for prop, values in props:
            if prop in ("B", "W"):
                moves.append("pass" if values == [""] else ",".join(_sgf_point(v, size) for v in values))
            elif prop == "SW":
                moves.append(values[0])
            elif prop == "DN":
                moves.append(f"declare {values[0]}")
            elif prop == "FM":
                moves.append(",".join(_sgf_point(v, size) for v in values))
            else:
                continue
            if len(moves[-1]) > MAX_WORD:
                raise IllegalMove(
                    N_("SGF %(prop)s[%(value)s…] is longer than %(MAX_WORD)s characters"),
                    prop=prop,
                    value=moves[-1][:20],
                    MAX_WORD=MAX_WORD,
                )
    return Record(moves, rule, _sgf_result(root), tags, variant), end


def _write_sgf(record: Record) -> str:
    v = variant(record.variant)
    if getattr(v, "infinite", False):  # SGF's points are letters of one fixed board (004's field has none)
        raise IllegalMove(
            N_("SGF has no points beyond a fixed board: write %(variant)s as a plain record"), variant=record.variant
        )
    size = v.board_size
    root = f"(;FF[4]GM[4]CA[UTF-8]SZ[{size}]RU[{record.rule}]"
    if record.variant != "renju":
        root += f"GN[{record.variant}]"
    for tag, prop in _SGF_TAGS.items():
        if tag in record.tags:
            value = _iso_date(record.tags[tag]) if prop == "DT" else record.tags[tag]
            if value or prop != "DT":  # a date wholly unknown is no DT at all
                root += f"{prop}[{_sgf_text(value)}]"
    if record.result in _SGF_RESULT:
        root += f"RE[{_SGF_RESULT[record.result]}]"
    if record.result == "-/-":
        root += "DQ[both]"
    elif record.result == "0-0":
        root += "DQ[both-played]"
    # Replaying tells which colour each stone has and which actions are offers.
    p = v.start(rule=record.rule) if record.rule != "none" else v.start()
    nodes = []
    for move in record.moves:
        colour = "B" if p.to_move == "black" else "W"
        if p.phase == "swap" and not move.startswith("declare "):
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
