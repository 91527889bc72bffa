"""Reads of micro-matches and knockouts (1.11, 1.2): who went through a tie,
the bracket with its games, and a шашки-64 ballot as players read it (2.2.2)."""

from __future__ import annotations

from games import results as vocabulary
from games.rules import ballots64

from ..models import Board, Championship
from .visibility import rounds_visible


def winner_of(board: Board) -> int | None:
    """The member who goes through: the bye's owner, or the encounter's winner."""
    if board.black_id is None:
        return board.white_id
    colour = vocabulary.winner(board.result)
    if colour is None:
        return None
    return board.white_id if colour == vocabulary.WHITE else board.black_id


def describe_ballot(key: str) -> str:
    """The ballot as players read it (``ballots64.describe``); the key itself for a table not loaded here."""
    if not key:
        return ""
    try:
        return ballots64.describe(key)
    except ballots64.IllegalMove:
        return key


def bracket(championship: Championship, viewer=None) -> list[dict]:
    """Every round of the bracket ``viewer`` may see (``visibility``) with its matches and
    their games, for the bracket page and API."""
    rounds = []
    for the_round in rounds_visible(championship, viewer).order_by("number"):
        matches = []
        for board in the_round.boards.select_related("white", "black").order_by("number"):
            games = [
                {
                    "number": mg.number,
                    "micro_match": mg.micro_match,
                    "game_id": mg.game_id,
                    "white": mg.game.white,
                    "black": mg.game.black,
                    "result": mg.game.result,
                    "status": mg.game.status,
                    "time_control": mg.game.time_control,
                    "ballot": mg.ballot,
                    "ballot_text": describe_ballot(mg.ballot),
                }
                for mg in board.match_games.select_related("game__white", "game__black").order_by("number")
            ]
            matches.append(
                {
                    "board": board,
                    "id": board.pk,
                    "number": board.number,
                    "white": board.white,
                    "black": board.black,
                    "result": board.result,
                    "winner_id": winner_of(board) if board.result or board.black_id is None else None,
                    "games": games,
                }
            )
        rounds.append({"round": the_round, "number": the_round.number, "status": the_round.status, "matches": matches})
    return rounds
