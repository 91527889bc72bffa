"""The state of a game as the game page, its WebSocket and its polling see it.

One JSON-ready dict per (game, viewer): the facts from games/selectors.py
(the game row, its moves replayed through the one position cache, the legal
moves, renju fouls, the clocks now, the actions open to the viewer) in the
words and URLs of games/presentation.py. The rules module supplies every
position and legal move; the page never judges a move itself.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser

from games import presentation, selectors
from games.models import Game
from members.models import Member


def game_exists(game_id: int) -> bool:
    return Game.objects.filter(id=game_id).exists()


def game_state(game_id: int, member: Member | AnonymousUser | None = None, *, since: int | None = None) -> dict | None:
    """The state of game ``game_id`` for ``member`` (None or anonymous: a spectator).

    ``moves`` lists only the moves after ply ``since`` (all without it), each
    with its notation, path and the FEN after it.
    """
    view = selectors.game_view(game_id, member)
    if view is None:
        return None
    return presentation.game_state(view, since=since)
