"""A relay feed read: the games of a round's PDN, matched to its boards, and what each adds
to a board's record. Pure: plain values in, plain values out (``services.relay`` fetches
the feed and writes); every move is judged by the rules module (``games.rules``).

As lidraughts' and lichess' broadcasts read one, a feed is the PDN of a round's games,
rewritten as they are played. A game finds its board

1. by its ``Round`` tag ``round.board`` ("3.2": round 3, board 2), when the round is
   the one relayed and the board exists;
2. else by its players: the ``White`` and ``Black`` tags against the board's players'
   names, letter case, punctuation and the order of the words aside ("Ivanov, Pyotr"
   is "Pyotr Ivanov").

A feed may also be the JSON of chess relays' many-files format (``index_pairings``,
``json_game``): its games are read as PDN games tagged ``round.board``.

A game whose ``Round`` tag names another round is not this round's. Two games of the
feed on one board leave that board unmatched (``AMBIGUOUS``): the feed cannot say which
is its game.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from games.rules import IllegalMove
from games.rules.pdn import PdnGame, read_games, replay_game
from games.rules.words import N_

AMBIGUOUS = "ambiguous"
# Why a feed's game adds nothing more to its board's record (``Continuation.stop``).
DIVERGES = "diverges"  # the feed's game is not the record: it contradicts a move already stored
ILLEGAL = "illegal"  # the rules refuse the feed's next move
AFTER_END = "after-end"  # the feed goes on past a final position


class FeedRefused(ValueError):
    """The feed is not a round's PDN (garbage, binary, no game with tags)."""


@dataclass(frozen=True)
class Seat:
    """A board as the matcher sees it: its number and its players' names (each may have several:
    the display name, the full name)."""

    number: int
    white: tuple[str, ...]
    black: tuple[str, ...]


@dataclass
class Matched:
    games: dict[int, PdnGame] = field(default_factory=dict)  # board number → its game in the feed
    problems: dict[int, str] = field(default_factory=dict)  # board number → why it has none (AMBIGUOUS)


@dataclass(frozen=True)
class Continuation:
    """What the feed's game adds to the record: the moves (as the rules module reads them), and
    why it stops short of the feed's end, if it does: ``stop`` (DIVERGES, ILLEGAL, AFTER_END),
    the ply it stops at, and the feed's move there with the rules' refusal of it (worded where it
    is shown, in the reader's language)."""

    moves: tuple[str, ...]
    stop: str = ""
    ply: int = 0
    move: str = ""
    refusal: IllegalMove | None = None


def feed_text(data: bytes) -> str:
    """The feed's bytes as text: UTF-8, else the Cyrillic code page Russian PDN files are often
    written in; binary data is refused."""
    if b"\x00" in data:
        raise FeedRefused("binary data")
    for encoding in ("utf-8", "cp1251"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise FeedRefused("not text")


def feed_games(text: str) -> list[PdnGame]:
    """The games of a feed; ``FeedRefused`` when it is not PDN: unreadable, or a game without
    tags (a relay names its games' players or boards; an HTML page read as PDN has none)."""
    try:
        games = read_games(text)
    except IllegalMove as refusal:
        raise FeedRefused(str(refusal)) from None
    if not games:
        raise FeedRefused("no game")
    if any(not game.tags for game in games):
        raise FeedRefused("a game without tags")
    return games


# The JSON of chess relays' many-files format (LiveChessCloud's, which lichess and lidraughts
# read): a round's ``index.json`` lists its pairings, board by board; ``game-N.json`` holds
# board N's moves, each "move clock…". At most this many boards are read from one index.
INDEX_BOARDS_MAX = 200


def is_json(text: str) -> bool:
    return text.lstrip().startswith("{")


def index_pairings(text: str) -> list[tuple[str, str]]:
    """The players of each board of a round's JSON index, board 1 first: ``[(white, black), …]``."""
    document = _json_object(text)
    pairings = document.get("pairings")
    if not isinstance(pairings, list) or len(pairings) > INDEX_BOARDS_MAX:
        raise FeedRefused(f"an index lists its pairings, at most {INDEX_BOARDS_MAX}")
    return [(_player(pairing, "white"), _player(pairing, "black")) for pairing in pairings]


def json_game(text: str, number: int, white: str, black: str, round_number: int | None) -> PdnGame:
    """Board ``number``'s game from its ``game-N.json``, as the PDN reader would give it."""
    document = _json_object(text)
    moves = document.get("moves")
    if not isinstance(moves, list) or not all(isinstance(move, str) for move in moves):
        raise FeedRefused(f"game {number} has no list of moves")
    played = [move.split()[0] for move in moves if move.split()]
    round_text = "?" if round_number is None else str(round_number)
    tags = {"Round": f"{round_text}.{number}", "White": white, "Black": black}
    result = document.get("result")
    return PdnGame(tags=tags, moves=played, result=result if isinstance(result, str) else "*")


def _json_object(text: str) -> dict:
    try:
        document = json.loads(text)
    except ValueError:
        raise FeedRefused("not JSON") from None
    if not isinstance(document, dict):
        raise FeedRefused("not a JSON object")
    return document


def _player(pairing, side: str) -> str:
    person = pairing.get(side) if isinstance(pairing, dict) else None
    if not isinstance(person, dict):
        return ""
    words = [person.get(part) for part in ("fname", "mname", "lname")]
    return " ".join(word for word in words if isinstance(word, str) and word)


def round_tag(value: str) -> tuple[int | None, int | None]:
    """The ``Round`` tag as (round, board): "3.2" → (3, 2), "3" → (3, None), "?" → (None, None)."""
    found = re.fullmatch(r"\s*(\d{1,4})(?:\.(\d{1,4}))?\s*", value or "")
    if found is None:
        return None, None
    return int(found.group(1)), int(found.group(2)) if found.group(2) else None


def name_key(name: str) -> tuple[str, ...]:
    """A player's name as the matcher compares it: its words, case-folded, punctuation aside, sorted."""
    return tuple(sorted(re.findall(r"\w+", (name or "").casefold())))


def match_games(games: list[PdnGame], round_number: int, seats: list[Seat]) -> Matched:
    """Each board's game in the feed (see the module docstring)."""
    numbers = {seat.number for seat in seats}
    by_names: dict[tuple, int] = {}
    for seat in seats:
        for white in seat.white:
            for black in seat.black:
                if name_key(white) and name_key(black):
                    by_names[(name_key(white), name_key(black))] = seat.number
    claims: dict[int, list[PdnGame]] = {}
    for game in games:
        tagged_round, tagged_board = round_tag(game.tags.get("Round", ""))
        if tagged_round is not None and tagged_round != round_number:
            continue
        number = tagged_board if tagged_board in numbers else None
        if number is None:
            number = by_names.get((name_key(game.tags.get("White", "")), name_key(game.tags.get("Black", ""))))
        if number is not None:
            claims.setdefault(number, []).append(game)
    matched = Matched()
    for number, claimed in claims.items():
        if len(claimed) == 1:
            matched.games[number] = claimed[0]
        else:
            matched.problems[number] = AMBIGUOUS
    return matched


def continuation(rules, start, record: list[str], feed_moves: list[str]) -> Continuation:
    """What ``feed_moves`` add to ``record`` (a board's stored moves), both played from ``start``
    by ``rules`` (a discipline of ``games.rules``). The feed's first moves must be the record's
    (the same positions: the notation may differ, "22-18" or "c3-d4"); a shorter feed adds
    nothing. Every move added is one the rules accept, in the notation they read back."""
    position = start
    stored = []
    for text in record:
        position = rules.play(position, text)
        stored.append(position)
    position = start
    added: list[str] = []
    for ply, text in enumerate(feed_moves, start=1):
        if ply > len(record) and rules.result(position) is not None:
            return Continuation(tuple(added), AFTER_END, ply, text)
        try:
            notation, after = _played(rules, position, text)
        except IllegalMove as refusal:
            stop = ILLEGAL if ply > len(record) else DIVERGES
            return Continuation(tuple(added), stop, ply, text, refusal)
        if ply <= len(record):
            if after != stored[ply - 1]:
                return Continuation((), DIVERGES, ply, text)
        else:
            added.append(notation)
        position = after
    return Continuation(tuple(added))


def _played(rules, position, text: str):
    """``text`` played: the notation the rules read back and the position after it. A feed may
    number an 8×8 board's squares as PDN does ("22-18"): the rules' own notation is stored."""
    try:
        return text, rules.play(position, text)
    except IllegalMove:
        if not re.fullmatch(r"\d+(?:[-x:]\d+)+", text):
            raise
    from_pdn = _pdn_move(rules, position, text)
    for move in rules.legal_moves(position):
        after = rules.play(position, move.notation)
        if after == from_pdn:
            return move.notation, after
    raise IllegalMove(N_("%(text)s is not a legal move here"), text=text)


def _pdn_move(rules, position, text: str):
    """The position after a PDN-numbered move, as the PDN reader plays it (its numbering of an 8×8 board)."""
    _rules, positions = replay_game(PdnGame(moves=[text]), rules.name, start=position)
    return positions[1]
