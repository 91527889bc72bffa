"""The spectators' frame of a game: its public state after a change, built once.

A spectator's state (games.live.game_state for no member) holds nothing of
his own, so after a change it is built once, in the process that made the
change, and travels in the group message (games.events.game_changed); every
spectator's socket sends the same text. Only the two players' sockets read
the game for themselves (their legal moves and actions).
"""

from __future__ import annotations

import json
from datetime import datetime

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from games import delay, presentation, selectors

# A frame carries the last moves, not only the change's: a change adds one ply (a
# move) or two at most (a renju protocol step with its stone), and a socket that
# missed one frame still catches up from the next without reading the game.
FRAME_TAIL = 2


def public_frame(game_id: int, as_of: datetime | None = None) -> dict | None:
    """The spectators' state of game ``game_id`` now (or as it stood at ``as_of``), as
    the socket's text in every language of the site: ``{"since", "ply", "over", "delay_s",
    "texts": {language: JSON}}``, the moves after ply ``since``; ``over``: the game has ended; ``delay_s``: how late
    its event shows it to spectators (the frame itself is not delayed: the players'
    and officials' view). One read and replay of the game, one encoding a language."""
    view = selectors.game_view(game_id, None, delayed=False, as_of=as_of)
    if view is None:
        return None
    ply = len(view.replay.steps)
    since = max(0, ply - FRAME_TAIL)
    texts = {}
    late = view.delay if as_of is not None else delay.spectator_delay(view.game, None)
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            texts[language] = json.dumps({"type": "state", **presentation.game_state(view, since=since)})
    return {"since": since, "ply": ply, "over": view.game.is_over, "delay_s": int(late.total_seconds()), "texts": texts}


def lobby_row(game_id: int) -> dict | None:
    """A live game just started, as a row of the lobby's list (the page's own template), in
    every language of the site: ``{"texts": {language: JSON}}``; each lobby socket sends its
    language's text as it is (games.consumers.LobbyConsumer). It has no move yet."""
    game = selectors.game_with_players(game_id)
    if game is None:
        return None
    game.seen_ply, game.seen_last = 0, ""
    texts = {}
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            row = render_to_string("games/_live_game.html", {"g": game})
            texts[language] = json.dumps({"type": "game-listed", "id": game.id, "row": row.strip()})
    return {"texts": texts}


def shown_to(message: dict, *, delayed: bool) -> dict | None:
    """The frame a socket shows of a group message of its game (``games.events``), or None:
    a viewer the event's broadcast delay holds back (a spectator of a delayed event) shows
    each change's ``game.delayed`` frame, which comes the delay later, and not its
    ``game.changed`` one; every other viewer shows the ``game.changed`` frame at once."""
    frame = message.get("frame")
    if frame is None:
        return None
    if message["type"] == "game.changed":
        return None if delayed and frame["delay_s"] else frame
    return frame if message["type"] == "game.delayed" and delayed else None
