"""What happens after a game changes, registered to run on commit.

``game_finish`` calls ``game_finished_on_commit(game_id)`` exactly once per
game (it holds the conditional update that ended the game, and the
``GameEvent`` "finished" row is unique per game). After the commit it
enqueues ``games.tasks.game_followup``, which runs every registered hook:
ratings, notifications, championship standings hook in with::

    from games.events import on_game_finished

    @on_game_finished
    def apply_rating(game_id: int) -> None: ...

Hooks must be idempotent (a task may be delivered twice, acks_late).

``game_changed_on_commit(game_id)`` tells the browsers watching the game
(channel group ``game-<id>``, see games/consumers.py) after a move, offer or
result has committed.
"""
from __future__ import annotations

import logging
from typing import Callable

from django.db import transaction

log = logging.getLogger(__name__)

_finished_hooks: list[Callable[[int], None]] = []


def on_game_finished(hook: Callable[[int], None]) -> Callable[[int], None]:
    if hook not in _finished_hooks:
        _finished_hooks.append(hook)
    return hook


def finished_hooks() -> list[Callable[[int], None]]:
    return list(_finished_hooks)


def run_finished_hooks(game_id: int) -> None:
    for hook in finished_hooks():
        hook(game_id)


def game_finished_on_commit(game_id: int) -> None:
    """Enqueue the follow-up work of a finished game once the ending commits."""

    def enqueue():
        from games.tasks import game_followup

        try:
            game_followup.delay(game_id)
        except Exception:  # broker down: the game is over regardless; log loudly
            log.exception("could not enqueue the follow-up of game %s", game_id)

    transaction.on_commit(enqueue)
    game_changed_on_commit(game_id)


_changed_hooks: list[Callable[[int], None]] = []
_challenge_hooks: list[Callable[[int], None]] = []


def on_game_changed(hook: Callable[[int], None]) -> Callable[[int], None]:
    """Run ``hook(game_id)`` after every committed change of a game (in the
    request: keep it cheap, enqueue real work). Notifications use it."""
    if hook not in _changed_hooks:
        _changed_hooks.append(hook)
    return hook


def on_challenge_created(hook: Callable[[int], None]) -> Callable[[int], None]:
    if hook not in _challenge_hooks:
        _challenge_hooks.append(hook)
    return hook


def challenge_created_on_commit(challenge_id: int) -> None:
    for hook in list(_challenge_hooks):
        transaction.on_commit(lambda hook=hook: hook(challenge_id))


def game_changed_on_commit(game_id: int) -> None:
    transaction.on_commit(lambda: _broadcast(game_id))
    for hook in list(_changed_hooks):
        transaction.on_commit(lambda hook=hook: hook(game_id))


def _broadcast(game_id: int) -> None:
    try:
        from asgiref.sync import async_to_sync
        from channels.layers import get_channel_layer

        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(f"game-{game_id}", {"type": "game.changed", "game_id": game_id})
    except Exception:  # live push is best effort; clients resync with ?since=
        log.warning("could not broadcast game %s", game_id, exc_info=True)
