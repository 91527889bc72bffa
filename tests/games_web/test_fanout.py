"""One subscription per game per process (foundation.fanout).

A process's sockets on one game share one Channels channel in the game's group:
with the Redis pub/sub layer that is one subscription per game per live-tier
process, whatever the number of spectators, and the frame is received once and
written to each socket. Runs on the layer the settings choose: the Redis
pub/sub layer with REDIS_URL (CI's PostgreSQL + Redis half), the in-memory
layer without.
"""

import asyncio
import time

import pytest
import redis
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings
from django.contrib.auth.models import AnonymousUser

from foundation import fanout
from games import events, live, services
from games.routing import websocket_urlpatterns

pytestmark = pytest.mark.django_db(transaction=True)
APP = URLRouter(websocket_urlpatterns)


@pytest.fixture
def game(anna, boris):
    from tests.games_web.helpers import start_game

    return start_game(white=anna, black=boris, discipline="russian", time_control="d3")


def socket(game_id, user=None, since=None):
    communicator = WebsocketCommunicator(
        APP, f"/ws/games/{game_id}/?lang=en" + (f"&since={since}" if since is not None else "")
    )
    communicator.scope["user"] = user or AnonymousUser()
    return communicator


def subscriptions(group: str) -> int:
    """How many subscriptions to ``group`` this process holds: Redis's count of the group's
    channel with the Redis layer (no other process listens to a test's game), the layer's own
    table with the in-memory one."""
    layer = get_channel_layer()
    if isinstance(layer, RedisPubSubChannelLayer):
        host = settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"][0]["address"]
        channel = f"{settings.CHANNEL_LAYERS['default']['CONFIG']['prefix']}__group__{group}"
        with redis.Redis.from_url(host) as client:
            return dict(client.pubsub_numsub(channel))[channel.encode()]
    return len(layer.groups.get(group, {}))


def test_a_process_subscribes_once_to_a_game_however_many_sockets_watch_it(game, anna, boris):
    group = events.game_group(game.id)

    async def main():
        sockets = [socket(game.id) for _ in range(5)] + [socket(game.id, anna)]
        for ws in sockets:
            assert (await ws.connect())[0]
            await ws.receive_json_from(timeout=10)
        watched = subscriptions(group)
        await sync_to_async(services.game_move_make)(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
        plies = [(await ws.receive_json_from(timeout=10))["ply"] for ws in sockets]
        for ws in sockets:
            await ws.disconnect()
        await asyncio.sleep(0.2)  # the subscription ends in the task that held it
        return watched, plies, subscriptions(group)

    watched, plies, left = async_to_sync(main)()
    assert watched == 1
    assert plies == [1] * 6  # every socket, the player's too, hears the move through it
    assert left == 0  # the last socket gone, the process no longer listens to the game


def test_a_socket_that_cannot_take_a_frame_holds_up_none_of_the_others():
    # A reader that does not read fills its socket's buffer, and the ASGI server's send waits
    # until it drains: the others' sends must not wait behind it.
    async def main():
        drained, sent = asyncio.Event(), []

        async def full(message):
            await drained.wait()
            sent.append(("full", message["text"]))

        async def ready(message):
            sent.append(("ready", message["text"]))

        fanout.send_now(full, {"type": "websocket.send", "text": "a"})
        fanout.send_now(ready, {"type": "websocket.send", "text": "a"})
        at_once = list(sent)
        drained.set()
        await asyncio.sleep(0.05)
        return at_once, sent

    at_once, later = asyncio.run(main())
    assert at_once == [("ready", "a")]  # written without waiting for a task or a loop turn
    assert later == [("ready", "a"), ("full", "a")]  # the waiting one is sent once it can be


def test_a_change_heard_while_a_socket_reads_its_state_reaches_it_after_that_state(game, anna, monkeypatch):
    # The first state is read, then a move commits before it is sent: its frame comes while the
    # socket is still reading. Sending the frame at once would put ply 1 before the state of
    # ply 0; the socket reads again after the state instead, so the client sees the plies in order.
    real = live.game_state
    reads = []

    def read_then_move(game_id, member=None, *, since=None):
        state = real(game_id, member, since=since)
        reads.append(since)
        if len(reads) == 1:
            services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
            time.sleep(0.5)  # its frame reaches the process (through Redis with REDIS_URL) before the state is sent
        return state

    monkeypatch.setattr(live, "game_state", read_then_move)

    async def main():
        ws = socket(game.id)
        assert (await ws.connect())[0]
        first, second = await ws.receive_json_from(timeout=10), await ws.receive_json_from(timeout=10)
        assert await ws.receive_nothing(timeout=0.2)
        await ws.disconnect()
        return first, second

    first, second = async_to_sync(main)()
    assert (first["ply"], second["ply"]) == (0, 1)
    assert [m["notation"] for m in second["moves"]] == ["c3-d4"]
    assert reads == [None, 0]  # the second read asks only for what came after the state it sent


def test_a_lobby_message_is_handled_on_the_loop_without_a_thread_hop(anna, monkeypatch):
    # Channels runs close_old_connections in the thread pool before each message's handler; the
    # club's consumers read only through database_sync_to_async, which closes them itself, so
    # they skip that hop (foundation.sockets), which cost a thread round trip per socket.
    import channels.consumer

    hops = []
    real = channels.consumer.aclose_old_connections

    async def counted():
        hops.append(1)
        await real()

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)

    async def main():
        ws = WebsocketCommunicator(APP, "/ws/lobby/")
        ws.scope["user"] = anna
        assert (await ws.connect())[0]
        await get_channel_layer().group_send(
            events.member_group(anna.pk), {"type": "challenge.accepted", "challenge_id": 7, "game_id": 8}
        )
        message = await ws.receive_json_from(timeout=10)
        await ws.disconnect()
        return message

    assert async_to_sync(main)()["game_id"] == 8
    assert hops == []
