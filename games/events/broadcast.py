"""Tell the browsers watching: a message to a Channels group, after commit.

Through Channels' own API (``channel_layer.group_send``), awaited on the
right event loop for the caller:

* in async code (a consumer): scheduled on the running loop;
* in sync code with the Redis pub/sub layer (a request's thread, which
  club.site.asgi's WSGI pool runs, a consumer's ``database_sync_to_async``,
  a Celery worker): one PUBLISH on the thread's own redis-py connection, of
  the layer's bytes on the layer's channel for the group (``_Publisher``).
  A consumer's thread does not hand the send back to the server's loop,
  which may be busy writing a change to many sockets meanwhile;
* in sync code that an ASGI server runs, with another layer:
  ``async_to_sync`` hands the send back to the server's loop, which is
  where the in-memory layer of the embedded default and the tests delivers;
* in a plain sync process with another layer: on one event loop the process
  keeps for sending, not waited for. ``async_to_sync`` there would start a
  new loop, a thread and a connection for every send: bench/broadcast.py
  compares the ways (CPU per send, every process thread counted).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Callable
from datetime import datetime

import redis
from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from foundation.task_registry import task_named

log = logging.getLogger(__name__)


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def member_group(member_id: int) -> str:
    return f"member-{member_id}"


# The lobby's sockets: a live game that starts is announced here, so the lobby lists it.
LOBBY_GROUP = "lobby-live"


def group_send(group: str, message: dict) -> None:
    """Send ``message`` to ``group``; best effort (a client that missed it
    resyncs with ``?since=`` or polls), so a failure is logged, not raised."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    try:
        if running is not None:
            running.create_task(layer.group_send(group, message)).add_done_callback(_log_failure(group))
        elif (publisher := _publisher(layer)) is not None:
            publisher.send(group, message)
        elif _server_loop() is not None:
            async_to_sync(layer.group_send)(group, message)
        else:
            future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), _sending_loop())
            future.add_done_callback(_log_failure(group))
    except Exception:
        log.warning("could not broadcast to %s", group, exc_info=True)


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The ASGI server's loop this thread was handed from (asgiref's sync_to_async), if any."""
    local = SyncToAsync.threadlocal
    if getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    loop = getattr(local, "main_event_loop", None)
    # asgiref leaves the attribute set after the work is done: a loop that has stopped hands nothing.
    return loop if loop is not None and loop.is_running() else None


class _Publisher:
    """``group_send`` of the Redis pub/sub layer from sync code, without an event
    loop: one PUBLISH on this thread's own connection, written and read
    directly (redis-py's client around it, with its pool, retries and hooks,
    cost more CPU per send: bench/broadcast.py, its runs in bench/results/). The
    bytes are the layer's ``serialize``, the channel the one its group
    subscribers listen on. A connection Redis dropped (a restart) is retried
    once on a new one; Redis down costs the move at most the short timeouts,
    never the move itself."""

    def __init__(self, layer: RedisPubSubChannelLayer, address: str, prefix: str):
        self.layer, self.prefix = layer, prefix
        # The URL read as redis-py reads it; each thread's connection is made from it outside
        # any pool: a pool counts every connection it makes, and its cap of 100 was reached
        # once a hundred threads had come and gone (a server's pool recycles its threads).
        parsed = redis.ConnectionPool.from_url(address, socket_connect_timeout=0.5, socket_timeout=0.5)
        self.connection_class, self.connection_kwargs = parsed.connection_class, parsed.connection_kwargs
        self.local = threading.local()

    def channel(self, group: str) -> str:
        # channels_redis (4.3) has no public name for a group's channel: its only public way
        # there is group_send, which needs an event loop this thread has not. So the layer's
        # own (private) naming is asked of its class, and a channels_redis that renames it
        # fails tests/games_web/test_broadcast.py's send through Redis, not production quietly.
        return RedisPubSubLoopLayer._get_group_channel_name(self, group)

    def send(self, group: str, message: dict) -> None:
        channel, data = self.channel(group), self.layer.serialize(message)
        for retry in (False, True):
            connection = self._connection()
            try:
                connection.send_command("PUBLISH", channel, data)
                connection.read_response()
                return
            except (redis.ConnectionError, redis.TimeoutError, OSError):
                connection.disconnect()  # the next send connects afresh
                if retry:
                    raise

    def subscribed(self, group: str) -> bool:
        """Does any process listen to ``group`` now (PUBSUB NUMSUB of its channel)?"""
        connection = self._connection()
        try:
            connection.send_command("PUBSUB", "NUMSUB", self.channel(group))
            _channel, count = connection.read_response()
        except (redis.ConnectionError, redis.TimeoutError, OSError):
            connection.disconnect()
            return True  # unknown: build and send as if watched
        return count > 0

    def _connection(self) -> redis.Connection:
        """This thread's connection (closed when the thread ends); a forked child makes its own."""
        local = self.local
        if getattr(local, "pid", None) != os.getpid():
            local.connection, local.pid = self.connection_class(**self.connection_kwargs), os.getpid()
        return local.connection


_publishers: dict[int, tuple[object, _Publisher | None]] = {}  # by the layer's id: (layer, its publisher)


def _publisher(layer) -> _Publisher | None:
    """The layer's publisher: the Redis pub/sub layer on one Redis (not sharded), else None."""
    known = _publishers.get(id(layer))
    if known is None or known[0] is not layer:  # a test's new layer may take a freed id
        config = settings.CHANNEL_LAYERS["default"].get("CONFIG", {})
        hosts = config.get("hosts") or []
        found = None
        if isinstance(layer, RedisPubSubChannelLayer) and len(hosts) == 1:
            address = hosts[0]["address"] if isinstance(hosts[0], dict) else hosts[0]
            found = _Publisher(layer, address, config.get("prefix", "asgi"))
        known = _publishers[id(layer)] = (layer, found)
    return known[1]


_sending: tuple[int, asyncio.AbstractEventLoop] | None = None  # (pid, loop): a forked worker starts its own
_sending_lock = threading.Lock()


def _sending_loop() -> asyncio.AbstractEventLoop:
    """This process's loop for broadcasts from plain sync code, started on first use."""
    global _sending
    with _sending_lock:
        if _sending is None or _sending[0] != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="channels-group-send", daemon=True).start()
            _sending = (os.getpid(), loop)
        return _sending[1]


def _log_failure(group: str):
    def done(task) -> None:  # an asyncio Task or a concurrent Future
        if not task.cancelled() and task.exception() is not None:
            log.warning("could not broadcast to %s", group, exc_info=task.exception())

    return done


# Builds the spectators' frame of a game as it stands (``games.frames.public_frame``), and a
# game's row of the lobby's list (``games.frames.lobby_row``); handed in by GamesConfig.ready:
# games.events may not import the selectors they read through.
FrameBuilder = Callable[[int, datetime | None], dict | None]
RowBuilder = Callable[[int], dict | None]
_frame_builders: list[FrameBuilder] = []
_row_builders: list[RowBuilder] = []


def build_frames_with(builder: FrameBuilder) -> None:
    _frame_builders[:] = [builder]


def build_lobby_rows_with(builder: RowBuilder) -> None:
    _row_builders[:] = [builder]


def game_changed(game_id: int) -> None:
    """``game.changed`` to the game's group, carrying the spectators' frame built once
    here, for every socket of every live-tier process: a spectator's socket only sends
    it on (games/consumers.py). Without a frame (the build failed) each socket reads
    the game itself, as a resync.

    An event's game with a broadcast delay: the frame is the game as it is (its
    officials' view), and the spectators' frame of this instant is sent the delay
    later (``game_delayed_send``, by settings.GAME_DELAYED_FRAME_TASK's countdown)."""
    now = timezone.now()
    group = game_group(game_id)
    if not watched(group):
        return  # nobody to tell: a socket that connects later reads the game then
    message: dict = {"type": "game.changed", "game_id": game_id}
    frame = _frame(game_id)
    if frame is not None:
        message["frame"] = frame
    group_send(group, message)
    if frame is not None and frame["delay_s"]:
        try:
            task_named(settings.GAME_DELAYED_FRAME_TASK).apply_async(
                (game_id, now.isoformat()), countdown=frame["delay_s"]
            )
        except Exception:  # the broker is down: the spectators' pages catch up on their next resync
            log.exception("could not schedule the delayed frame of game %s", game_id)


def game_delayed_send(game_id: int, as_of: datetime) -> None:
    """``game.delayed`` to the game's group: its spectators' frame of the game as it stood at ``as_of``."""
    group = game_group(game_id)
    frame = _frame(game_id, as_of) if watched(group) else None
    if frame is not None:
        group_send(group, {"type": "game.delayed", "game_id": game_id, "frame": frame})


def watched(group: str) -> bool:
    """Does a socket listen to ``group``? Asked of the layer where it can say without
    waiting on an event loop (the in-memory layer, the Redis pub/sub layer from a
    thread); else assumed. An unwatched move then costs no frame."""
    layer = get_channel_layer()
    if layer is None:
        return False
    if isinstance(layer, InMemoryChannelLayer):
        return bool(layer.groups.get(group))
    try:
        asyncio.get_running_loop()
        return True
    except RuntimeError:
        pass
    publisher = _publisher(layer)
    return publisher is None or publisher.subscribed(group)


def _frame(game_id: int, as_of: datetime | None = None) -> dict | None:
    return _built(_frame_builders, "the frame", game_id, as_of)


def _built(builders: list[Callable], what: str, game_id: int, *args) -> dict | None:
    """What the builder handed in makes of game ``game_id``; None, logged, if it fails (the
    sockets then catch up from their next message) or none was handed in."""
    for builder in builders:
        try:
            return builder(game_id, *args)
        except Exception:
            log.warning("could not build %s of game %s", what, game_id, exc_info=True)
    return None


def live_game_started(game_id: int) -> None:
    """``lobby.listed`` to the lobby's sockets: a live game has started, with its row of the
    lobby's list built once here in every language (the sockets send it on as it is)."""
    if not watched(LOBBY_GROUP):
        return  # no lobby open: a page opened later lists the game itself
    row = _built(_row_builders, "the lobby's row", game_id)
    if row is not None:
        group_send(LOBBY_GROUP, {"type": "lobby.listed", "game_id": game_id, **row})


def live_game_started_on_commit(game_id: int) -> None:
    transaction.on_commit(lambda: live_game_started(game_id))


def game_changed_on_commit(game_id: int) -> None:
    """After a move, offer or result commits: ``game_changed``. Once per game and
    transaction, however many of its writes asked (a move that ends the game asks twice)."""
    connection = transaction.get_connection()
    if connection.in_atomic_block and any(
        getattr(hook, "changed_game", None) == game_id for _savepoints, hook, _robust in connection.run_on_commit
    ):
        return

    def hook() -> None:
        game_changed(game_id)

    hook.changed_game = game_id
    transaction.on_commit(hook)
