"""One subscription per group per process: a group's message read once, handed to every local socket.

Channels delivers a group message to each consumer on its own: the layer
queues it for each one's channel, each consumer's receive loop decodes it and
dispatches it (a task and a wait per socket). A game watched by hundreds of
spectators paid that once per socket for the same frame. Here a process's
sockets of one group share one Channels channel in that group (so the Redis
pub/sub layer subscribes once per group per process, and every live-tier
process gets each message): the message is received and decoded once, and
each socket's ``group_message(message)`` is called with it, on the loop, one
after the other. A socket that only forwards a pre-encoded text sends it with
``text_sender``: the live server's plain call (foundation.live_server), or
``send_now``, which writes at once when the socket can take it and waits (in a
task of its own) only when it cannot, so one slow reader holds up nobody.

Plain asyncio and Channels' layer API; the consumers are
games.consumers.GameConsumer (its spectators forward the game's frame; its
players read their own state) and any consumer with ``group_message``.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable

from channels.layers import get_channel_layer

from foundation.live_server import SEND_TEXT_NOW

log = logging.getLogger(__name__)

# Per event loop (a test's loop ends with it; a server has one): group → its Fanout.
_fanouts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_tasks: set[asyncio.Task] = set()  # work handed off to tasks, kept until done


class Fanout:
    def __init__(self, group: str):
        self.group = group
        self.listeners: dict[object, None] = {}  # in joining order
        self.layer = get_channel_layer()
        self.subscribed = asyncio.get_running_loop().create_future()
        self.task = spawn(self._run())

    async def _run(self) -> None:
        try:
            channel = await self.layer.new_channel(prefix="fanout.")
            await self.layer.group_add(self.group, channel)
        except asyncio.CancelledError:
            self.subscribed.cancel()  # its last socket left before it was subscribed
            raise
        except Exception as error:
            self.subscribed.set_exception(error)
            raise
        self.subscribed.set_result(None)
        try:
            while True:
                message = await self.layer.receive(channel)
                for listener in list(self.listeners):
                    try:
                        listener.group_message(message)
                    except Exception:
                        log.warning("a socket of %s failed a group message", self.group, exc_info=True)
        finally:
            await asyncio.shield(self.layer.group_discard(self.group, channel))


async def join(group: str, listener) -> None:
    """From now on ``listener.group_message(message)`` is called with each message to ``group``;
    returns once this process is subscribed (a read after it misses nothing sent later)."""
    loop = asyncio.get_running_loop()
    groups = _fanouts.setdefault(loop, {})
    fanout = groups.get(group)
    if fanout is None or fanout.task.done():
        fanout = groups[group] = Fanout(group)
    fanout.listeners[listener] = None
    await asyncio.shield(fanout.subscribed)


def leave(group: str, listener) -> None:
    """No more messages for ``listener``; the last socket of a group ends its subscription."""
    groups = _fanouts.get(asyncio.get_running_loop(), {})
    fanout = groups.get(group)
    if fanout is None:
        return
    fanout.listeners.pop(listener, None)
    if not fanout.listeners:
        del groups[group]
        fanout.task.cancel()


def text_sender(scope: dict, send: Callable[[dict], Awaitable[None]]) -> Callable[[str], None]:
    """A socket's ``send_text(text)``: by the live server's plain call where it offers one
    (foundation.live_server's extension), else by ASGI's ``send`` begun at once (``send_now``)."""
    now = scope.get("extensions", {}).get(SEND_TEXT_NOW, {}).get("send")

    def send_text(text: str) -> None:
        if now is None or not now(text):
            send_now(send, {"type": "websocket.send", "text": text})

    return send_text


def send_now(send: Callable[[dict], Awaitable[None]], message: dict) -> None:
    """``await send(message)`` begun on the spot: an ASGI server's send that can write at
    once finishes here, without a task; one that must wait (the socket's buffer is full)
    goes on in a task of its own."""
    step = send(message)
    try:
        waiting = step.send(None)
    except StopIteration:
        return
    except Exception:
        log.debug("a socket's send failed (it is closing)", exc_info=True)
        return
    spawn(_go_on(step, waiting))


async def _go_on(step, waiting) -> None:
    """Drive a coroutine that ``send_now`` began, as a task would: wait for what it waits for, resume it."""
    while True:
        try:
            if waiting is None:
                await asyncio.sleep(0)  # a bare yield: it gives the loop a turn
            else:
                # Until it is done, without raising here: the coroutine sees its outcome when resumed.
                await asyncio.wait([waiting])
            waiting = step.send(None)
        except StopIteration:
            return
        except Exception:
            log.debug("a socket's send failed (it is closing)", exc_info=True)
            step.close()
            return


def spawn(coroutine) -> asyncio.Task:
    task = asyncio.get_running_loop().create_task(coroutine)
    _tasks.add(task)
    task.add_done_callback(_done)
    return task


def _done(task: asyncio.Task) -> None:
    _tasks.discard(task)
    if not task.cancelled() and task.exception() is not None:
        log.warning("a socket's work failed", exc_info=task.exception())
