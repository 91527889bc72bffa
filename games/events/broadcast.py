"""Tell the browsers watching: a message to a Channels group, after commit.

Through Channels' own API, so the same call works wherever a change commits:
in a request or a Celery worker (plain sync code: ``async_to_sync`` runs the
send to its end), in a service that a consumer runs through
``database_sync_to_async`` (``async_to_sync`` hands the send back to the
consumer's own event loop, which is where the in-memory layer of the embedded
default and the tests delivers), and in async code itself (the send is
scheduled on the running loop).
"""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def member_group(member_id: int) -> str:
    return f"member-{member_id}"


def group_send(group: str, message: dict) -> None:
    """Send ``message`` to ``group`` now; best effort (a client that missed it
    resyncs with ``?since=`` or polls), so a failure is logged, not raised."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    try:
        if loop is None:
            async_to_sync(layer.group_send)(group, message)
        else:
            task = loop.create_task(layer.group_send(group, message))
            task.add_done_callback(_log_failure(group))
    except Exception:
        log.warning("could not broadcast to %s", group, exc_info=True)


def _log_failure(group: str):
    def done(task: asyncio.Task) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.warning("could not broadcast to %s", group, exc_info=task.exception())

    return done


def game_changed_on_commit(game_id: int) -> None:
    """After a move, offer or result commits: ``game.changed`` to the game's group."""
    transaction.on_commit(lambda: group_send(game_group(game_id), {"type": "game.changed", "game_id": game_id}))
