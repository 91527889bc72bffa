"""A game's position, rebuilt from its start and its stored moves: the one position cache.

Positions carry what FEN does not (draw counters, repetition history, the
renju opening phase), so the truth is the move list replayed through the
rules module. One in-process cache keyed by (game id, creation instant, ply)
serves both readers of it:

* the services (``game_position``): the common case — the next move of a game
  this process has just served — costs one ``play`` call. A move's position is
  added only after the transaction that made it has committed
  (``remember_on_commit``), so a rolled-back move can never leave a position
  behind for the ply it failed to take;
* the game page, its socket and its polling (``game_replay``): every viewer of
  a game asks for the same replay after each move, with the squares each move
  passed through and the FEN after it; the replay of ply n is the one of ply
  n-1 and one step more. A replay is used only for the very move list it was
  made from.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from threading import Lock
from typing import Any, TypeAlias

from django.db import transaction

from games.models import Game, Move
from games.rules import names, variant

# The rules module's objects, untyped there: a discipline (``games.rules.variant``) and its positions.
Rules: TypeAlias = Any
Position: TypeAlias = Any

# The two families, as the rules module names them (games.rules.family).
FIVE_ROW = frozenset(names("renju"))
DRAUGHTS = frozenset(names("draughts"))
# Renju protocol steps (swap, declaration, 5th-move offers) are not stones.
PROTOCOL_PHASES = ("swap", "declare", "propose")
POINT = re.compile(r"^-?[a-z]{1,3}-?\d{1,4}$")  # a point; the infinite field's names go past z and below 1


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a replay: the squares it passed through (for drawing and
    clicking it), the FEN after it, and whether it was a renju protocol step."""

    path: list[str]
    fen: str
    protocol: bool


@dataclass(frozen=True, slots=True)
class Replay:
    """A game's move list replayed: its start FEN, one ``Step`` a move, the final position."""

    notations: tuple[str, ...]
    start_fen: str
    steps: tuple[Step, ...]
    position: Position


@dataclass(frozen=True, slots=True)
class _Entry:
    position: Position
    replay: Replay | None = None


_CACHE: OrderedDict[tuple, _Entry] = OrderedDict()
_CACHE_SIZE = 4000
_lock = Lock()


def rules_of(game: Game) -> Rules:
    return variant(game.discipline)


# The renju foul policy (002 9.2) as games, challenges, championships and the API
# store and accept it, onto the rules module's names (games.rules.renju.FOUL_POLICIES).
# "foul-loses" is a public API value, so it is mapped here rather than migrated.
STORED_FOUL_POLICIES = {"reject": "reject", "foul-loses": "lose", "foul-claim": "claim"}
FOUL_POLICIES = tuple(STORED_FOUL_POLICIES)  # the names the games layer accepts and stores


def foul_policy_for_rules(policy: str) -> str:
    return STORED_FOUL_POLICIES.get(policy, "reject")


def start_position(
    *, discipline: str, opening_rule: str = "", ballot: str = "", start_fen: str = "", foul_policy: str = "reject"
) -> Position:
    """The position a game begins from (raises IllegalMove/KeyError on bad settings)."""
    v = variant(discipline)
    if discipline == "renju":
        policy = foul_policy_for_rules(foul_policy)
        if start_fen:
            return v.from_fen(start_fen, foul_policy=policy)
        return v.start(rule=opening_rule or "none", foul_policy=policy)
    if start_fen:
        return v.from_fen(start_fen)
    if ballot:
        return v.start(ballot=ballot)
    if opening_rule and opening_rule != "none":
        return v.start(rule=opening_rule)  # gomoku under Swap2
    return v.start()


def game_start_position(game: Game) -> Position:
    return start_position(
        discipline=game.discipline,
        opening_rule=game.opening_rule,
        ballot=game.ballot,
        start_fen=game.start_fen,
        foul_policy=game.foul_policy,
    )


def replay(game: Game, notations: list[str]) -> Position:
    v = rules_of(game)
    p = game_start_position(game)
    for text in notations:
        p = v.play(p, text)
    return p


def game_position(game: Game) -> Position:
    """The position after ``game.ply`` moves (call with the game row locked
    if the answer decides a write)."""
    key = _key(game.pk, game.created_at, game.ply)
    entry = _get(key)
    if entry is not None:
        return entry.position
    notations = list(
        Move.objects.filter(game_id=game.pk, ply__lte=game.ply).order_by("ply").values_list("notation", flat=True)
    )
    p = replay(game, notations)
    _put(key, _Entry(p))
    return p


def game_replay(game: Game, notations: tuple[str, ...]) -> Replay:
    """``notations`` (the game's stored moves, in order) replayed, step by step."""
    key = _key(game.pk, game.created_at, len(notations))
    entry = _get(key)
    if entry is not None and entry.replay is not None and entry.replay.notations == notations:
        return entry.replay
    before = _get(_key(game.pk, game.created_at, len(notations) - 1)) if notations else None
    if before is not None and before.replay is not None and before.replay.notations == notations[:-1]:
        made = _replay_on(game, before.replay, notations[-1:])
    else:
        position = game_start_position(game)
        made = _replay_on(game, Replay((), variant(game.discipline).to_fen(position), (), position), notations)
    _put(key, _Entry(made.position, made))
    return made


def _replay_on(game: Game, start: Replay, notations: tuple[str, ...]) -> Replay:
    v = variant(game.discipline)
    stones = v.family == "renju"  # moves are points (one, or Connect6's two)
    position, steps = start.position, list(start.steps)
    for notation in notations:
        path = _path(v, stones, position, notation)
        # The page keeps protocol steps out of the numbered moves; a chosen offer is the 5th stone.
        protocol = getattr(position, "phase", "play") in PROTOCOL_PHASES
        position = v.play(position, notation)
        steps.append(Step(path, v.to_fen(position), protocol))
    return Replay(start.notations + notations, start.start_fen, tuple(steps), position)


def _path(v: Rules, stones: bool, position: Position, notation: str) -> list[str]:
    """The squares a move passes through, for drawing it and for clicking it."""
    if stones:
        return [point for point in notation.split(",") if POINT.match(point)]
    for move in v.legal_moves(position):
        if move.notation == notation:
            return [str(s) for s in move.path]
    return []


def _key(game_id: int, created_at: datetime | None, ply: int) -> tuple:
    # created_at guards against a reused id (a test database rolled back, a
    # SQLite table emptied): a key names one game's position at one ply.
    return (game_id, created_at.timestamp() if created_at else 0, ply)


def _get(key: tuple) -> _Entry | None:
    with _lock:
        entry = _CACHE.get(key)
        if entry is not None:
            _CACHE.move_to_end(key)
        return entry


def _put(key: tuple, entry: _Entry) -> None:
    with _lock:
        _CACHE[key] = entry
        _CACHE.move_to_end(key)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)


def remember_on_commit(game: Game, p: Position) -> None:
    key = _key(game.pk, game.created_at, game.ply)
    transaction.on_commit(lambda: _put(key, _Entry(p)))


def forget_all() -> None:
    with _lock:
        _CACHE.clear()
