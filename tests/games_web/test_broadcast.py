"""games.events.group_send reaches the sockets of a group from wherever a change commits.

Services run in sync code: a request thread, a Celery worker, or a thread a
consumer hands them to (``database_sync_to_async``); a consumer may also send
from its own event loop. With the in-memory layer of the embedded default the
message must arrive in the loop where the sockets listen.
"""

import asyncio
import threading

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games import events
from games.routing import websocket_urlpatterns

APP = URLRouter(websocket_urlpatterns)
MESSAGE = {"type": "challenge.accepted", "challenge_id": 7, "game_id": 8}


def received_after(anna, send) -> dict:
    async def main():
        ws = WebsocketCommunicator(APP, "/ws/lobby/")
        ws.scope["user"] = anna
        connected, _ = await ws.connect()
        assert connected
        await send()
        message = await ws.receive_json_from(timeout=10)
        await ws.disconnect()
        return message

    return async_to_sync(main)()


@pytest.mark.django_db(transaction=True)
def test_a_send_from_sync_code_handed_a_thread_by_the_event_loop_arrives(anna):
    async def send():
        await sync_to_async(events.group_send)(events.member_group(anna.pk), MESSAGE)

    assert received_after(anna, send)["game_id"] == 8


@pytest.mark.django_db(transaction=True)
def test_a_send_from_inside_the_event_loop_arrives(anna):
    async def send():
        events.group_send(events.member_group(anna.pk), MESSAGE)  # scheduled on the running loop

    assert received_after(anna, send)["game_id"] == 8


def test_a_send_from_a_thread_without_an_event_loop_completes_without_a_failure(caplog):
    # A Celery worker's thread: no event loop of its own, no socket in this process.
    done = []
    worker = threading.Thread(target=lambda: done.append(events.group_send("member-0", MESSAGE)))
    worker.start()
    worker.join(timeout=10)
    assert done == [None] and "could not broadcast" not in caplog.text


def test_the_servers_loop_is_found_from_a_thread_it_handed_work_to():
    # games/events/broadcast.py reads asgiref's internal SyncToAsync.threadlocal (no public
    # API names the loop that handed a thread its work): an asgiref that changes it fails here.
    from games.events import broadcast

    async def main():
        return await sync_to_async(broadcast._server_loop)() is asyncio.get_running_loop()

    assert async_to_sync(main)()
    assert broadcast._server_loop() is None  # a plain thread: the kept sending loop serves it


@pytest.mark.django_db(transaction=True)
def test_a_send_from_a_plain_thread_reaches_the_sockets_through_redis(anna):
    # The WSGI tier and the workers publish with redis-py, not the layer's own coroutine
    # (games/events/broadcast.py): a socket listening through channels_redis must still hear it.
    from channels.layers import get_channel_layer
    from channels_redis.pubsub import RedisPubSubChannelLayer

    if not isinstance(get_channel_layer(), RedisPubSubChannelLayer):
        pytest.skip("needs the Redis channel layer: set REDIS_URL")

    async def send():
        # An executor's thread: no event loop, not handed work by one (asgiref sets nothing).
        await asyncio.get_running_loop().run_in_executor(None, events.group_send, events.member_group(anna.pk), MESSAGE)

    assert received_after(anna, send)["game_id"] == 8


@pytest.mark.django_db(transaction=True)
def test_sends_from_threads_that_come_and_go_keep_reaching_the_sockets(anna, caplog):
    # A server's pool recycles its threads: each new one publishes on a connection of its own,
    # and no count of the threads that have gone (redis-py's pool stopped at 100) stops the sends.
    from channels.layers import get_channel_layer
    from channels_redis.pubsub import RedisPubSubChannelLayer

    if not isinstance(get_channel_layer(), RedisPubSubChannelLayer):
        pytest.skip("needs the Redis channel layer: set REDIS_URL")
    for _ in range(150):
        thread = threading.Thread(target=events.group_send, args=(events.member_group(anna.pk), MESSAGE))
        thread.start()
        thread.join()
    assert "could not broadcast" not in caplog.text

    async def send():
        await asyncio.get_running_loop().run_in_executor(None, events.group_send, events.member_group(anna.pk), MESSAGE)

    assert received_after(anna, send)["game_id"] == 8


@pytest.mark.django_db(transaction=True)
def test_a_send_from_a_thread_the_server_handed_work_to_publishes_without_waiting_for_the_server_s_loop(anna):
    # A move's request runs in a thread asgiref hands it; with the Redis layer its broadcast is
    # the thread's own PUBLISH, so it completes while the server's loop is busy elsewhere (here:
    # blocked until the send returns). A send handed back to the loop would wait for it.
    from channels.layers import get_channel_layer
    from channels_redis.pubsub import RedisPubSubChannelLayer

    if not isinstance(get_channel_layer(), RedisPubSubChannelLayer):
        pytest.skip("needs the Redis channel layer: set REDIS_URL")
    sent = threading.Event()

    def request():
        events.group_send(events.member_group(anna.pk), MESSAGE)
        sent.set()

    async def send():
        handed = asyncio.ensure_future(sync_to_async(request, thread_sensitive=False)())
        await asyncio.sleep(0)  # the thread has its work
        published_meanwhile = sent.wait(timeout=5)
        await handed  # a send handed back to the loop goes on now
        assert published_meanwhile, "the send waited for the server's loop"

    assert received_after(anna, send)["game_id"] == 8
