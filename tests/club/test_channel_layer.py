"""foundation/channel_layer.py: after Redis comes back, each socket of the process
resyncs once, however many of the layer's connections reconnected."""

import asyncio

from foundation import channel_layer


class Socket:
    def __init__(self):
        self.resyncs = 0

    async def layer_reconnected(self):
        self.resyncs += 1


def test_the_first_connect_resyncs_nothing_and_a_reconnect_of_several_connections_resyncs_once():
    async def main():
        socket = Socket()
        channel_layer.register(socket)
        subscriber, sender = channel_layer.ResyncingConnection(), channel_layer.ResyncingConnection()
        for connection in (subscriber, sender):  # the process starts
            await connection._connected(connection)
        await asyncio.sleep(2 * channel_layer.RESUBSCRIBED_AFTER_SECONDS)
        first = socket.resyncs
        for connection in (subscriber, sender):  # Redis restarted: both reconnect
            await connection._connected(connection)
        await asyncio.sleep(2 * channel_layer.RESUBSCRIBED_AFTER_SECONDS)
        channel_layer.unregister(socket)
        return first, socket.resyncs

    assert asyncio.run(main()) == (0, 1)


def test_a_socket_that_left_is_not_resynced():
    async def main():
        socket = Socket()
        channel_layer.register(socket)
        channel_layer.unregister(socket)
        channel_layer.resync_all()
        await asyncio.sleep(0)
        return socket.resyncs

    assert asyncio.run(main()) == 0
