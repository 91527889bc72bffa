"""The rules module: the one judge of every move on the platform.

Pure Python, no Django. Everything else (web, API, Celery workers,
championships, the CLI) uses only this public API:

    from games.rules import variant, variants, IllegalMove

    v = variant("russian")          # a discipline object
    p = v.start()                   # immutable, hashable position
    v.turn(p)                       # "white" or "black": who acts next
    [m.notation for m in v.legal_moves(p)]
    p = v.play(p, "c3-d4")          # new position, or IllegalMove with a reason
    v.result(p)                     # None while play goes on, else Result
    v.can_win(p, "black")           # could that side still win at all?
    v.to_fen(p); v.from_fen(text)
    family("gomoku")                # "draughts" or "renju" (the five-in-a-row family)

Draughts disciplines add ``can_claim_repetition(p)`` (2.1.9.1.9), ``perft``
and ``start(ballot=...)`` for шашки-64; renju and its relatives add
``foul(p, point)`` and ``fouls(p)`` and list opening-protocol actions
(``swap``, 5th-move proposals, …) among ``legal_moves``.
"""

from __future__ import annotations

from importlib import import_module

from .base import BLACK, WHITE, IllegalMove, Result, opponent

# name -> "module:attribute"; imported on first use so each discipline stays
# in its own file and importing the package costs nothing.
_REGISTRY = {
    "russian": "russian:RUSSIAN",
    "international": "international:INTERNATIONAL",
    "giveaway": "giveaway:GIVEAWAY",
    "renju": "renju:RENJU",
    "gomoku": "gomoku:GOMOKU",
    "gomoku-standard": "gomoku:GOMOKU_STANDARD",
    "renju-free": "gomoku:RENJU_FREE",
    "gomoku-19": "gomoku19:GOMOKU_19",
    "gomoku-standard-19": "gomoku_standard19:GOMOKU_STANDARD_19",
    "gomoku-infinite": "infinite:GOMOKU_INFINITE",
    "connect6": "connect6:CONNECT6",
}
_loaded: dict = {}


def variant(name: str):
    """Return the discipline object called ``name`` (see ``variants()``)."""
    try:
        return _loaded[name]
    except KeyError:
        pass
    try:
        module_name, attribute = _REGISTRY[name].split(":")
    except KeyError:
        raise KeyError(f"unknown discipline {name!r}; known: {', '.join(_REGISTRY)}") from None
    obj = getattr(import_module(f"{__name__}.{module_name}"), attribute)
    _loaded[name] = obj
    return obj


def family(name: str) -> str:
    """The family of discipline ``name``: "draughts" (Russian, international,
    giveaway) or "renju" (renju and its five-in-a-row relatives)."""
    return variant(name).family


def names(family_name: str | None = None) -> list[str]:
    """The disciplines' names in registry order, or only those of one family."""
    return [name for name in _REGISTRY if family_name is None or family(name) == family_name]


def variants() -> list:
    """Every discipline object, in registry order (``.name``, ``.title_ru``, ``.title_en``)."""
    return [variant(name) for name in _REGISTRY]


__all__ = ["family", "names", "variant", "variants", "IllegalMove", "Result", "WHITE", "BLACK", "opponent"]
