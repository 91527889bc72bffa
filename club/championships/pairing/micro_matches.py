"""Micro-matches (1.11): the result of a micro-match from its games."""

from __future__ import annotations

from collections.abc import Sequence

from games import results
from games.results import BLACK, WHITE


def micro_match(game_results: Sequence[tuple[str, bool]], scoring: str = "1-1/2-0") -> str | None:
    """1.11: the micro-match's result from its games, by the sum of points.

    ``game_results``: (result, first player had white) per game, in order. Returns
    "1-0" (the first player won the micro-match), "0-1", "1/2-1/2" (equal sums), or
    None while a game has no result. A game lost by forfeit counts as a loss
    (1.12.2); a double forfeit as a loss for both.
    """
    first = second = 0.0
    for result, first_white in game_results:
        if not results.is_result(result):
            return None
        mine, theirs = (WHITE, BLACK) if first_white else (BLACK, WHITE)
        first += results.score(result, mine, scoring) or 0.0
        second += results.score(result, theirs, scoring) or 0.0
    if not game_results:
        return None
    if all(results.is_forfeit(result) for result, _white in game_results):
        # Not played at all: the micro-match is scored "+"/"−" (1.12.2).
        if first == second:
            return results.BOTH_FORFEIT
        return results.for_winner(WHITE if first > second else BLACK, forfeit=True)
    if first > second:
        return results.WHITE_WINS
    if second > first:
        return results.BLACK_WINS
    return results.DRAW
