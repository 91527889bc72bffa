"""Redis connections of the channel layer that tell this process's sockets when
Redis came back.

Live pushes go through Redis pub/sub (channels_redis' RedisPubSubChannelLayer):
a message published while a subscriber's connection is down is gone, and after a
Redis restart the subscriber resubscribes only when it next reads, so the first
moves after the restart reached nobody. Each connection here counts its
connects; on every one after the first it waits for the subscriptions to be
renewed (redis-py renews them in the connect callbacks that follow this one) and
then calls ``layer_reconnected()`` on every socket consumer of this process that
has registered, which resyncs its client (games.consumers).

And the layer's subscriber waits on its connection for the next message
(``WaitingPubSubLayer``) instead of asking Redis every tenth of a second.

Plain asyncio, redis-py and channels_redis, no Django: settings take the layer's
class and its host from here (``WaitingPubSubLayer``, ``redis_host``); the tests are tests/faults/test_live_after_redis_restart.py
(the whole stack) and the socket tests in tests/games_web.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from urllib.parse import urlsplit

from channels_redis.pubsub import RedisPubSubChannelLayer, RedisSingleShardConnection
from redis.asyncio.connection import Connection, SSLConnection, UnixDomainSocketConnection
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

# After redis-py's own connect callbacks (the pub/sub resubscription) have sent
# their commands: a resync read before Redis has the subscription could miss a move.
RESUBSCRIBED_AFTER_SECONDS = 0.2

_consumers: weakref.WeakSet = weakref.WeakSet()
_resync_pending: weakref.WeakSet = weakref.WeakSet()  # event loops with a resync scheduled


def register(consumer) -> None:
    """``consumer.layer_reconnected()`` runs after each reconnect of this process's layer."""
    _consumers.add(consumer)


def unregister(consumer) -> None:
    _consumers.discard(consumer)


class _Resyncing:
    """Mixed into redis-py's connection classes: counts connects, resyncs on a reconnect."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.connects = 0
        self.register_connect_callback(self._connected)

    async def _connected(self, connection) -> None:
        self.connects += 1
        loop = asyncio.get_running_loop()
        # The subscriber and the pooled senders reconnect together: one resync serves them all.
        if self.connects > 1 and loop not in _resync_pending:
            log.info("channel layer reconnected to Redis: resyncing %d sockets", len(_consumers))
            _resync_pending.add(loop)
            loop.call_later(RESUBSCRIBED_AFTER_SECONDS, _pending_resync, loop)


class ResyncingConnection(_Resyncing, Connection):
    pass


class ResyncingSSLConnection(_Resyncing, SSLConnection):
    pass


class ResyncingUnixConnection(_Resyncing, UnixDomainSocketConnection):
    pass


def redis_host(url: str) -> dict:
    """The layer's host entry for the Redis at ``url`` (redis://, rediss:// or unix://).

    A send on a pooled connection that Redis dropped is retried on a new one:
    without that, each process's first broadcast after a restart was lost."""
    scheme = urlsplit(url).scheme
    return {
        "address": url,
        "connection_class": {"rediss": ResyncingSSLConnection, "unix": ResyncingUnixConnection}.get(
            scheme, ResyncingConnection
        ),
        "retry": Retry(ExponentialBackoff(cap=1, base=0.05), retries=3),
        "retry_on_error": [RedisConnectionError, RedisTimeoutError, OSError],
    }


def _pending_resync(loop: asyncio.AbstractEventLoop) -> None:
    _resync_pending.discard(loop)
    resync_all()


def resync_all() -> None:
    loop = asyncio.get_running_loop()
    for consumer in list(_consumers):
        loop.create_task(consumer.layer_reconnected()).add_done_callback(_log_failure)


def _log_failure(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("a socket's resync after a reconnect failed", exc_info=task.exception())


class WaitingPubSubLayer(RedisPubSubChannelLayer):
    """channels_redis' pub/sub layer, whose subscriber reads each shard's connection until
    a message comes. channels_redis asks for one with a tenth of a second's timeout, again
    and again: while any group was subscribed, each live-tier process spent CPU on those
    asks however few the messages (bench/spectators.py: a watched move's fixed cost).

    channels_redis has no setting for it, so each loop's layer gets shards of
    ``_WaitingShard`` as it is made (channels_redis' own attributes: its version is
    pinned, and tests/faults/test_live_after_redis_restart.py and the socket tests run
    through this layer on Redis)."""

    def _get_layer(self):
        layer = super()._get_layer()
        shards = layer._shards
        for i, shard in enumerate(shards):
            if type(shard) is RedisSingleShardConnection:  # a new layer's, not yet used
                shards[i] = _WaitingShard(shard.host, layer)
        return layer


class _WaitingShard(RedisSingleShardConnection):
    async def _do_receiving(self):
        while True:
            try:
                pubsub = self._pubsub
                if pubsub is not None and pubsub.subscribed:
                    # No timeout: a message, a (un)subscription's reply or a dropped connection ends the wait.
                    self._receive_message(await pubsub.get_message(ignore_subscribe_messages=True, timeout=None))
                else:
                    await asyncio.sleep(NOT_SUBSCRIBED_POLL_SECONDS)
            except (asyncio.CancelledError, GeneratorExit):
                raise
            except Exception:
                log.warning("the channel layer's subscriber failed; it reads again in a second", exc_info=True)
                await asyncio.sleep(1)


# While no group is subscribed there is no connection to wait on: as channels_redis does.
NOT_SUBSCRIBED_POLL_SECONDS = 0.1
