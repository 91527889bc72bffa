"""PDN (Portable Draughts Notation) reading and writing for the draughts disciplines.

API used by the game layer and the CLI:

``read_games(text) -> list[PdnGame]``
    Every game in a PDN text.  A :class:`PdnGame` has ``tags`` (dict, in file
    order), ``moves`` (list of move texts as written: ``c3-d4``, ``28x19``,
    ``d4:f6:d8``) and ``result`` (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, ``"2-0"``,
    ``"1-1"``, ``"0-2"``, ``"*"`` … as written, else the Result tag).
    Copes with what real files contain: a UTF-8 BOM, CRLF, missing GameType,
    comments ``{...}`` and ``;`` to end of line, variations ``( ... )``
    (skipped, nested too), NAGs ``$3`` and ``!``/``?`` marks, move numbers glued
    to the move (``1.33-28``) or given as ``12...``.

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
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .base import IllegalMove

RESULTS = ("1/2-1/2", "1-0", "0-1", "2-0", "0-2", "1-1", "0-0", "*")
_RESULT_RE = re.compile(r"^(1/2-1/2|½-½|1-0|0-1|2-0|0-2|1-1|0-0|\*)$")
_TOKEN_RE = re.compile(
    r"""
    (?P<tag>\[\s*(?P<name>[A-Za-z0-9_]+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\])
  | (?P<comment>\{[^}]*\})
  | (?P<line_comment>;[^\n]*)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<nag>\$\d+)
  | (?P<number>\d+\.(?:\.\.)?(?![\d]))
  | (?P<word>[^\s\[\]{}();]+)
    """,
    re.VERBOSE,
)

GAMETYPES = {"20": "international", "25": "russian"}


@dataclass
class PdnGame:
    tags: dict = field(default_factory=dict)
    moves: list = field(default_factory=list)
    result: str = "*"


def read_games(text: str) -> list[PdnGame]:
    """Every game in ``text`` (see the module docstring)."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    games: list[PdnGame] = []
    game: PdnGame | None = None
    depth = 0  # variation nesting
    for m in _TOKEN_RE.finditer(text):
        kind = m.lastgroup
        if kind in ("comment", "line_comment", "nag"):
            continue
        if kind == "open":
            depth += 1
            continue
        if kind == "close":
            depth = max(0, depth - 1)
            continue
        if depth:
            continue
        if kind == "tag":
            if game is None or game.moves:
                game = PdnGame()
                games.append(game)
            game.tags[m.group("name")] = re.sub(r"\\(.)", r"\1", m.group("value"))
            continue
        if kind == "number":
            continue
        word = m.group(0)
        glued = re.match(r"^\d+\.(?:\.\.)?(.+)$", word)  # "1.33-28"
        if glued:
            word = glued.group(1)
        word = word.rstrip("!?+#*") or word
        if game is None:
            game = PdnGame()
            games.append(game)
        if _RESULT_RE.match(word):
            game.result = "1/2-1/2" if word == "½-½" else word
            game = None  # the result token ends the game
            continue
        game.moves.append(word)
    for g in games:
        if g.result == "*" and g.tags.get("Result") in RESULTS:
            g.result = g.tags["Result"]
    return [g for g in games if g.tags or g.moves]


_TAG_ORDER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def write_game(tags: dict, moves: list, result: str) -> str:
    """One game as PDN text, ending with a blank line."""
    tags = dict(tags)
    tags["Result"] = result
    lines = []
    for name in list(_TAG_ORDER) + [t for t in tags if t not in _TAG_ORDER]:
        if name in tags:
            value = str(tags[name]).replace("\\", "\\\\").replace('"', '\\"')
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
            raise IllegalMove(f"unsupported GameType {gametype}") from None
    if any(re.search(r"[a-h][1-8]", mv) for mv in game.moves[:4]):
        return "russian"
    numbers = [int(n) for mv in game.moves for n in re.findall(r"\d+", mv)]
    fen = game.tags.get("FEN", "")
    numbers += [int(n) for n in re.findall(r"\d+", fen)]
    if numbers and max(numbers) <= 32 and re.search(r"[a-h][1-8]", fen):
        return "russian"
    return "international"


def replay_game(game: PdnGame, discipline: str | None = None):
    """``(variant, positions)``; ``IllegalMove`` names the ply that fails.
    ``discipline`` overrides the guess (e.g. ``"giveaway"``, which PDN has no
    GameType for)."""
    from . import variant as get_variant

    v = get_variant(discipline or game_variant(game))
    fen = game.tags.get("FEN")
    p = v.from_fen(fen) if fen else v.start()
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
            raise IllegalMove(f"ply {ply} ({number}{dots} {text}): {e}") from None
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
                raise IllegalMove(f"no square {n} on an 8×8 board")
            out.append(geo.algebraic(geo.bit_of[n]))
        else:
            out.append(":" if part == "x" else part)
    return "".join(out)
