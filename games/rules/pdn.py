"""PDN (Portable Draughts Notation) reading and writing for the draughts disciplines.

API used by the game layer and the CLI:

``read_games(text) -> list[PdnGame]``
    Every game in a PDN text.  A :class:`PdnGame` has ``tags`` (dict, in file
    order), ``moves`` (list of move texts as written: ``c3-d4``, ``28x19``,
    ``d4:f6:d8``) and ``result`` (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, ``"2-0"``,
    ``"1-1"``, ``"0-2"``, ``"0-0"``, ``"*"`` … as written, else the Result tag;
    a forfeit as ``"+/-"``, ``"-/+"`` or ``"-/-"``, see *Results*).
    Copes with what real files contain: a UTF-8 BOM, CRLF, missing GameType,
    comments ``{...}`` and ``;`` to end of line, variations ``( ... )``
    (skipped, nested too), NAGs ``$3`` and ``!``/``?`` marks, move numbers glued
    to the move (``1.33-28``) or given as ``12...``.

    Outside text: the reader is a single left-to-right scan (linear time, no
    backtracking regex) over at most ``MAX_TEXT`` characters.  What it cannot
    read — an unclosed comment, a malformed or unclosed tag, a stray ``]`` or
    ``}``, a tag value over ``MAX_TAG_VALUE`` or a move over ``MAX_WORD``
    characters — raises ``IllegalMove`` naming the line.  ``IllegalMove`` is the
    only error it raises.

``write_game(tags, moves, result) -> str``
    One game as PDN: the tags (Result set to ``result``), then numbered
    movetext (``1...`` first when the FEN tag has black to move).

``replay_game(game, discipline=None) -> (variant, positions)``
    Replays a game from its FEN tag (numeric or algebraic squares, trailing
    dot) or the start position; ``positions[0]`` is the start, one more per
    ply.  Raises ``IllegalMove`` whose message names the ply, the move number
    and the reason.

``game_variant(game)`` picks the discipline: GameType 20 → international,
25 → russian; without GameType, algebraic squares mean russian and numbers
above 32 international (PDN's default GameType is 20).

Results
-------
As PDN (and PGN) write them, white's score first: ``1-0`` white won, ``0-1``
black won, ``1/2-1/2`` a draw (``2-0``/``0-2``/``1-1`` in two-point scoring).
PDN has no token for a game not played over the board, so a forfeit (003
1.12.2) is written as its score plus the tag ``[Termination "forfeit"]``:
``1-0`` → ``+/-`` (white won by forfeit), ``0-1`` → ``-/+``, ``0-0`` → ``-/-``
(both lost).  ``read_games`` reads that pair back as the forfeit result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.rules.words import N_

from . import variant as get_variant
from .base import IllegalMove

RESULTS = ("1/2-1/2", "1-0", "0-1", "2-0", "0-2", "1-1", "0-0", "*")
FORFEITS = {"1-0": "+/-", "2-0": "+/-", "0-1": "-/+", "0-2": "-/+", "0-0": "-/-"}
_FORFEIT_SCORES = {"+/-": "1-0", "-/+": "0-1", "-/-": "0-0"}
_RESULT_TOKENS = {r: r for r in RESULTS} | {"½-½": "1/2-1/2"}

# Bounds on outside text: a whole file, one tag value (a FEN fits), one move.
MAX_TEXT = 2_000_000
MAX_TAG_VALUE = 400
MAX_WORD = 120

# Every pattern below is matched once at a known position and has no nested or
# overlapping quantifiers, so a scan never backtracks over what it has read.
_SPACES = re.compile(r"\s*")
_WORD = re.compile(r"[^\s\[\]{}();]+")
_NAG = re.compile(r"\$\d*")
_MOVE_NUMBER = re.compile(r"\d+\.(?:\.\.)?")  # "12." or "12..." (also glued: "1.33-28")
_TAG_HEAD = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]+"')
_TAG_RUN = re.compile(r'[^"\\\n]*')
_TAG_TAIL = re.compile(r"[ \t]*\]")

GAMETYPES = {"20": "international", "25": "russian"}


@dataclass
class PdnGame:
    tags: dict = field(default_factory=dict)
    moves: list = field(default_factory=list)
    result: str = "*"


def _line(text: str, i: int) -> int:
    return text.count("\n", 0, i) + 1


def read_tag(text: str, i: int) -> tuple[str, str, int]:
    """The tag ``[Name "value"]`` starting at ``text[i]``: ``(name, value, end)``.

    The value ends on its own line; ``\\`` escapes the next character.  Shared by
    the renju text format, which has the same headers."""
    head = _TAG_HEAD.match(text, i)
    if head is None:
        raise IllegalMove(N_('line %(line)s: a tag is written [Name "value"]'), line=_line(text, i))
    parts, j = [], head.end()
    while True:
        run = _TAG_RUN.match(text, j)
        parts.append(run.group())
        j = run.end()
        if j == len(text) or text[j] == "\n" or (text[j] == "\\" and text[j + 1 : j + 2] in ("", "\n")):
            raise IllegalMove(
                N_("line %(line)s: the value of tag %(tag)s is not closed with '\"'"),
                line=_line(text, i),
                tag=head.group(1),
            )
        if text[j] == '"':
            break
        parts.append(text[j + 1])  # an escaped character
        j += 2
    tail = _TAG_TAIL.match(text, j + 1)
    if tail is None:
        raise IllegalMove(
            N_("line %(line)s: tag %(tag)s is not closed with ']'"), line=_line(text, i), tag=head.group(1)
        )
    value = "".join(parts)
    if len(value) > MAX_TAG_VALUE:
        raise IllegalMove(
            N_("line %(line)s: tag %(tag)s is longer than %(MAX_TAG_VALUE)s characters"),
            line=_line(text, i),
            tag=head.group(1),
            MAX_TAG_VALUE=MAX_TAG_VALUE,
        )
    return head.group(1), value, tail.end()


def read_games(text: str) -> list[PdnGame]:
    """Every game in ``text`` (see the module docstring)."""
    if len(text) > MAX_TEXT:
        raise IllegalMove(
            N_("the text has %(count)s characters; at most %(MAX_TEXT)s are read"), count=len(text), MAX_TEXT=MAX_TEXT
        )
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    games: list[PdnGame] = []
    game: PdnGame | None = None
    depth = 0  # variation nesting
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i = max(_SPACES.match(text, i).end(), i + 1)
        elif ch == "{":
            end = text.find("}", i + 1)
            if end < 0:
                raise IllegalMove(N_("line %(line)s: a comment '{' is not closed with '}'"), line=_line(text, i))
            i = end + 1
        elif ch == ";":
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif ch == "(":
            depth += 1
            i += 1
        elif ch == ")":
            depth = max(0, depth - 1)
            i += 1
        elif ch == "$":
            i = _NAG.match(text, i).end()
        elif ch in "]}":
            raise IllegalMove(N_("line %(line)s: a stray %(ch)r"), line=_line(text, i), ch=ch)
        elif ch == "[":
            name, value, i = read_tag(text, i)
            if depth:
                continue
            if game is None or game.moves:
                game = PdnGame()
                games.append(game)
            game.tags[name] = value
        else:
            word = _WORD.match(text, i).group()
            if len(word) > MAX_WORD:
                raise IllegalMove(
                    N_("line %(line)s: %(word)r… is longer than %(MAX_WORD)s characters"),
                    line=_line(text, i),
                    word=word[:20],
                    MAX_WORD=MAX_WORD,
                )
            i += len(word)
            if depth:
                continue
            number = _MOVE_NUMBER.match(word)
            if number:
                word = word[number.end() :]
            word = word.rstrip("!?+#*") or word
            if not word:
                continue
            if game is None:
                game = PdnGame()
                games.append(game)
            if word in _RESULT_TOKENS:
                game.result = _RESULT_TOKENS[word]
                game = None  # the result token ends the game
                continue
            game.moves.append(word)
    for g in games:
        if g.result == "*" and g.tags.get("Result") in RESULTS:
            g.result = g.tags["Result"]
        if g.tags.get("Termination", "").strip().lower() == "forfeit" and g.result in FORFEITS:
            g.result = FORFEITS[g.result]
    return [g for g in games if g.tags or g.moves]


_TAG_ORDER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def write_game(tags: dict, moves: list, result: str) -> str:
    """One game as PDN text, ending with a blank line (a forfeit as its score
    and ``[Termination "forfeit"]``, see *Results*)."""
    tags = dict(tags)
    if result in _FORFEIT_SCORES:
        result = _FORFEIT_SCORES[result]
        tags["Termination"] = "forfeit"
    tags["Result"] = result
    lines = []
    for name in list(_TAG_ORDER) + [t for t in tags if t not in _TAG_ORDER]:
        if name in tags:
            # A tag is one line: a line break in a name must not end it.
            value = str(tags[name]).replace("\r", " ").replace("\n", " ")
            value = value.replace("\\", "\\\\").replace('"', '\\"')
            lines.append(f'[{name} "{value}"]')
    lines.append("")
    words = []
    # A FEN with black to move makes the first move "1..." (PDN).
    offset = 1 if str(tags.get("FEN", "")).strip().upper().startswith("B") else 0
    for i, mv in enumerate(moves):
        ply = i + offset
        if i == 0 and offset:
            words.append("1...")
        elif ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(str(mv))
    words.append(result)
    line = ""
    for w in words:
        if line and len(line) + 1 + len(w) > 79:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    lines.append(line)
    return "\n".join(lines) + "\n\n"


def game_variant(game: PdnGame) -> str:
    """The discipline a game is played in (see the module docstring)."""
    gametype = game.tags.get("GameType", "").split(",")[0].strip()
    if gametype:
        try:
            return GAMETYPES[gametype]
        except KeyError:
            raise IllegalMove(N_("unsupported GameType %(gametype)s"), gametype=gametype) from None
    if any(re.search(r"[a-h][1-8]", mv) for mv in game.moves[:4]):
        return "russian"
    numbers = [int(n) for mv in game.moves for n in re.findall(r"\d+", mv)]
    fen = game.tags.get("FEN", "")
    numbers += [int(n) for n in re.findall(r"\d+", fen)]
    if numbers and max(numbers) <= 32 and re.search(r"[a-h][1-8]", fen):
        return "russian"
    return "international"


def replay_game(game: PdnGame, discipline: str | None = None, start=None):
    """``(variant, positions)``; ``IllegalMove`` names the ply that fails.
    ``discipline`` overrides the guess (e.g. ``"giveaway"``, which PDN has no
    GameType for); ``start`` overrides the FEN tag (e.g. a шашки-64 ballot's
    position)."""
    v = get_variant(discipline or game_variant(game))
    fen = game.tags.get("FEN")
    try:
        p = start if start is not None else v.from_fen(fen) if fen else v.start()
    except IllegalMove as e:
        raise IllegalMove(N_("FEN %(fen)r: %(error)s"), fen=fen[:40], error=e) from None
    positions = [p]
    numeric_russian = v.board_size == 8
    for ply, text in enumerate(game.moves, start=1):
        move_text = text
        if numeric_russian and re.fullmatch(r"\d+(?:[-x:]\d+)+", text):
            move_text = _numeric_to_algebraic(v, text)
        try:
            p = v.play(p, move_text)
        except IllegalMove as e:
            number = (ply + (0 if positions[0].white_to_move else 1) + 1) // 2
            dots = "." if p.white_to_move else "..."
            raise IllegalMove(
                N_("ply %(ply)s (%(number)s%(dots)s %(text)s): %(e)s"),
                ply=ply,
                number=number,
                dots=dots,
                text=text,
                e=e,
            ) from None
        positions.append(p)
    return v, positions


def _numeric_to_algebraic(v, text: str) -> str:
    """PDN's 8×8 numbering (1 = b8 … 32 = g1) to a1–h8 squares."""
    geo = v.geo
    out = []
    for part in re.split(r"([-x:])", text):
        if part.isdigit():
            n = int(part)
            if not 1 <= n <= geo.squares:
                raise IllegalMove(N_("no square %(n)s on an 8×8 board"), n=n)
            out.append(geo.algebraic(geo.bit_of[n]))
        else:
            out.append(":" if part == "x" else part)
    return "".join(out)
