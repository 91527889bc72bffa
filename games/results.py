"""What a game's result means: one vocabulary for every layer (pure, no Django).

A result is stored as text from white's side, as PDN writes it:

=========  ==========================================  ======  =====
result     meaning                                      played  rated
=========  ==========================================  ======  =====
``1-0``    white won                                    yes     yes
``0-1``    black won                                    yes     yes
``1/2-1/2`` draw                                        yes     yes
``0-0``    both lost a game played (a sanction, 1.4)    yes     yes
``+/-``    white won by forfeit, black lost (1.12.2)    no      no
``-/+``    black won by forfeit                         no      no
``-/-``    both lost by forfeit (1.9.2, 1.4)            no      no
``""``     no result (ongoing, aborted, annulled)       –       –
=========  ==========================================  ======  =====

For places and coefficients a forfeit ``+`` counts as a win and ``−`` as a
loss (1.12.2); it is shown as ``+``/``−``. Unplayed games are not rated. A
game that was played keeps played marks whatever ends it: the loss of the game
by sanction (1.4) is ``0-1``/``1-0``, or ``0-0`` when both are given it, and
its colours count for pairing (1.15.2); the forfeit signs are only for games
not played (1.12.2: "партия фактически не состоялась").
Pairing and standings use the same strings, plus ``"bye"`` for a round
without an opponent (1.15.2: "+", counted as a win without play) and
``"absent"`` for a Swiss round the player was known in advance to miss
(1.15.2: not paired, a loss "−", nobody's win).
"""

from __future__ import annotations

from typing import Literal

WHITE, BLACK = "white", "black"

WHITE_WINS, BLACK_WINS, DRAW, BOTH_LOST = "1-0", "0-1", "1/2-1/2", "0-0"
WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, BOTH_FORFEIT = "+/-", "-/+", "-/-"
BYE = "bye"
ABSENT = "absent"

PLAYED = (WHITE_WINS, BLACK_WINS, DRAW, BOTH_LOST)
FORFEITS = (WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, BOTH_FORFEIT)
RESULTS = PLAYED + FORFEITS

Outcome = Literal["win", "loss", "draw"]

# Each result's outcome for (white, black).
_OUTCOMES: dict[str, tuple[Outcome, Outcome]] = {
    WHITE_WINS: ("win", "loss"),
    BLACK_WINS: ("loss", "win"),
    DRAW: ("draw", "draw"),
    BOTH_LOST: ("loss", "loss"),
    WHITE_FORFEIT_WIN: ("win", "loss"),
    BLACK_FORFEIT_WIN: ("loss", "win"),
    BOTH_FORFEIT: ("loss", "loss"),
}

# Game points of a win, a draw and a loss under each scoring of 1.12.1.
SCORINGS = {"1-1/2-0": (1.0, 0.5, 0.0), "2-1-0": (2.0, 1.0, 0.0)}


def is_result(result: str) -> bool:
    return result in _OUTCOMES


def is_played(result: str) -> bool:
    """Was the game played over the board (so it may be rated, 1.12.2)?"""
    return result in PLAYED


def is_forfeit(result: str) -> bool:
    return result in FORFEITS


def winner(result: str) -> str | None:
    """The colour that won (by play or forfeit); None for a draw, -/- or no result."""
    outcomes = _OUTCOMES.get(result)
    if outcomes is None or outcomes[0] == outcomes[1]:
        return None
    return WHITE if outcomes[0] == "win" else BLACK


def outcome(result: str, colour: str) -> Outcome | None:
    """What ``result`` was for the player of ``colour``; None without a result."""
    outcomes = _OUTCOMES.get(result)
    if outcomes is None:
        return None
    return outcomes[0] if colour == WHITE else outcomes[1]


def results_with(colour: str, wanted: Outcome) -> tuple[str, ...]:
    """Every result that was ``wanted`` for ``colour`` (for filters: a forfeit win is a win)."""
    return tuple(r for r in RESULTS if outcome(r, colour) == wanted)


def score(result: str, colour: str, scoring: str = "1-1/2-0") -> float | None:
    """Game points of ``colour`` under ``scoring`` (1.12.1); None without a result."""
    wanted = outcome(result, colour)
    if wanted is None:
        return None
    win, draw, loss = SCORINGS[scoring]
    return {"win": win, "draw": draw, "loss": loss}[wanted]


def elo_scores(result: str) -> tuple[float, float] | None:
    """White's and black's scores for Elo: played games only (unplayed games are
    not rated, 1.12.2). They sum to one except in ``0-0``, where both score 0."""
    if not is_played(result):
        return None
    return score(result, WHITE), score(result, BLACK)


def for_unfinished(took_place: bool) -> tuple[str, ...]:
    """The results an arbiter may give a game that ended without one: a game that took
    place counts as played (1.10.4) — a win, a draw, or ``0-0`` when both lose it; the
    forfeit signs only for a game that did not take place (1.12.2: «партия фактически не
    состоялась»)."""
    return PLAYED if took_place else FORFEITS


def for_winner(colour: str | None, *, forfeit: bool = False, both_lost: bool = False) -> str:
    """The result text of a game won by ``colour``; with ``colour`` None a draw,
    or ``both_lost`` (always so for a forfeit: both lost by forfeit)."""
    if forfeit:
        return {WHITE: WHITE_FORFEIT_WIN, BLACK: BLACK_FORFEIT_WIN, None: BOTH_FORFEIT}[colour]
    if colour is None and both_lost:
        return BOTH_LOST
    return {WHITE: WHITE_WINS, BLACK: BLACK_WINS, None: DRAW}[colour]


def shown(result: str) -> str:
    """A result as every page writes it: white's mark – black's mark, so a draw is always
    ½ – ½ (1 – 0, 0 – 0, + – −); any other text as it is. Exports write their own
    standard's notation (games.records, club.championships.trf), never this."""
    if not is_result(result):
        return result
    return f"{mark(result, WHITE)} – {mark(result, BLACK)}"


def mark(result: str, colour: str) -> str:
    """The crosstable mark for ``colour``: 1 / ½ / 0, or + / − for a forfeit (1.12.2)."""
    wanted = outcome(result, colour)
    if wanted is None:
        return ""
    if is_forfeit(result):
        return "+" if wanted == "win" else "−"
    return {"win": "1", "draw": "½", "loss": "0"}[wanted]
