"""The Redis channel layer's subscriber waits for a message (foundation.channel_layer.WaitingPubSubLayer).

channels_redis asks Redis for the next message with a tenth of a second's
timeout, over and over, while any group is subscribed: CPU spent by every
live-tier process whether moves come or not. The club's layer reads until a
message comes. Needs Redis (REDIS_URL: CI's PostgreSQL + Redis half).
"""

import asyncio
import os

import pytest
from channels_redis.pubsub import RedisPubSubChannelLayer
from redis.asyncio.client import PubSub

from foundation.channel_layer import WaitingPubSubLayer, redis_host

pytestmark = pytest.mark.services


def asks_while_idle(layer_class, monkeypatch) -> tuple[int, object]:
    """How many times the subscriber asks Redis for a message over an idle second, and what a
    message sent after it brings."""
    asks = []
    get_message = PubSub.get_message

    async def counted(self, *args, **kwargs):
        asks.append(kwargs.get("timeout"))
        return await get_message(self, *args, **kwargs)

    monkeypatch.setattr(PubSub, "get_message", counted)

    async def main():
        layer = layer_class(hosts=[redis_host(os.environ["REDIS_URL"])], prefix=f"waits{os.getpid()}")
        channel = await layer.new_channel()
        await layer.group_add("idle-game", channel)
        await asyncio.sleep(0.2)
        asks.clear()
        await asyncio.sleep(1.0)
        idle = len(asks)
        await layer.group_send("idle-game", {"type": "game.changed", "game_id": 1})
        message = await asyncio.wait_for(layer.receive(channel), 5)
        await layer.flush()
        return idle, message

    return asyncio.run(main())


def test_the_club_s_layer_waits_for_the_next_message_and_still_gets_it(monkeypatch):
    idle, message = asks_while_idle(WaitingPubSubLayer, monkeypatch)
    assert idle == 0  # its one ask began before the idle second and is still waiting
    assert message == {"type": "game.changed", "game_id": 1}


def test_channels_redis_own_layer_asks_again_and_again(monkeypatch):
    """What the club's layer is measured against: about ten asks a second."""
    idle, message = asks_while_idle(RedisPubSubChannelLayer, monkeypatch)
    assert idle >= 5
    assert message == {"type": "game.changed", "game_id": 1}
