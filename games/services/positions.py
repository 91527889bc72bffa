"""A game's position, rebuilt from its start and its stored moves.

Positions carry what FEN does not (draw counters, repetition history, the
renju opening phase), so the truth is the move list replayed through the
rules module. A small in-process cache keyed by (game id, creation instant, ply) keeps the
common case — the next move of a game this process has just served — at one
``play`` call. Entries are added only after the transaction that made the
position has committed (see ``remember_on_commit``), so a rolled-back move
can never leave a position behind for the ply it failed to take.
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock

from django.db import transaction

from games.models import Game, Move
from games.rules import variant

FIVE_ROW = {"renju", "gomoku", "gomoku-standard", "renju-free", "connect6"}
DRAUGHTS = {"russian", "international", "giveaway"}

_CACHE: OrderedDict[tuple[int, int], object] = OrderedDict()
_CACHE_SIZE = 4000
_lock = Lock()


def rules_of(game: Game):
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
):
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


def game_start_position(game: Game):
    return start_position(
        discipline=game.discipline,
        opening_rule=game.opening_rule,
        ballot=game.ballot,
        start_fen=game.start_fen,
        foul_policy=game.foul_policy,
    )


def replay(game: Game, notations: list[str]):
    v = rules_of(game)
    p = game_start_position(game)
    for text in notations:
        p = v.play(p, text)
    return p


def game_position(game: Game):
    """The position after ``game.ply`` moves (call with the game row locked
    if the answer decides a write)."""
    key = _key(game.pk, game.created_at, game.ply)
    with _lock:
        p = _CACHE.get(key)
        if p is not None:
            _CACHE.move_to_end(key)
            return p
    notations = list(
        Move.objects.filter(game_id=game.pk, ply__lte=game.ply).order_by("ply").values_list("notation", flat=True)
    )
    p = replay(game, notations)
    _put(key, p)
    return p


def _key(game_id: int, created_at, ply: int) -> tuple:
    # created_at guards against a reused id (a test database rolled back, a
    # SQLite table emptied): a key names one game's position at one ply.
    return (game_id, created_at.timestamp() if created_at else 0, ply)


def _put(key, p) -> None:
    with _lock:
        _CACHE[key] = p
        _CACHE.move_to_end(key)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)


def remember_on_commit(game: Game, p) -> None:
    key = _key(game.pk, game.created_at, game.ply)
    transaction.on_commit(lambda: _put(key, p))


def forget_all() -> None:
    with _lock:
        _CACHE.clear()
