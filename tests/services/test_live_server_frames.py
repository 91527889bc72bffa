"""The live tier's WebSocket protocol (foundation/live_server.py) under a real uvicorn.

A text sent to many sockets is framed once and reaches each client whole and
exact (RFC 6455 5.2: the payload length in 7, 16 or 64 bits; 5.6: UTF-8 text);
a socket on which something changes a frame's bytes (a negotiated
per-message deflate) gets uvicorn's own framing.
"""

import asyncio
import socket

import pytest
import uvicorn
import websockets
from websockets.frames import Frame

from club.site.management.commands.up import LIVE_SERVER_OPTIONS
from foundation import fanout, live_server

RUSSIAN = "Ход 12. e3-f4 — белые; ничья предложена"
TEXTS = [RUSSIAN, "x" * 125, "y" * 126, "z" * 65_535, "ш" * 40_000]  # the three length encodings, both sides of each


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Broadcast:
    """An ASGI app: each socket is accepted and kept; ``send_all(text)`` sends that one text object to all."""

    def __init__(self):
        self.sends: list = []
        self.scopes: list = []
        self.accepted = asyncio.Event()

    async def __call__(self, scope, receive, send):
        assert scope["type"] == "websocket"
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        self.sends.append(send)
        self.scopes.append(scope)
        self.accepted.set()
        while (await receive())["type"] != "websocket.disconnect":
            pass

    async def send_all(self, text: str) -> None:
        for send in list(self.sends):
            await send({"type": "websocket.send", "text": text})


async def serve(app, *, deflate: bool):
    port = free_port()
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        ws=LIVE_SERVER_OPTIONS[LIVE_SERVER_OPTIONS.index("--ws") + 1],
        ws_per_message_deflate=deflate,
        lifespan="off",
        log_level="warning",
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    return server, task, f"ws://127.0.0.1:{port}/"


def test_the_live_tier_runs_this_protocol():
    options = dict(zip(LIVE_SERVER_OPTIONS[::2], LIVE_SERVER_OPTIONS[1::2], strict=True))
    assert options["--ws"] == "foundation.live_server:SharedTextFrames"
    assert uvicorn.Config(app=None, ws=options["--ws"]).ws == options["--ws"]


def test_one_text_to_many_sockets_is_framed_once_and_reaches_each_whole(monkeypatch):
    framed = []
    serialize = Frame.serialize

    def counted(frame, **kwargs):
        framed.append(bytes(frame.data))
        return serialize(frame, **kwargs)

    monkeypatch.setattr(Frame, "serialize", counted)

    async def main():
        app = Broadcast()
        server, task, url = await serve(app, deflate=False)
        clients = [await websockets.connect(url, compression=None) for _ in range(5)]
        while len(app.sends) < 5:
            await asyncio.sleep(0.01)
        framed.clear()
        received = []
        for text in TEXTS:
            await app.send_all(text)
            received.append([await client.recv() for client in clients])
        sent = list(framed)  # the clients' own frames (their close) are framed in this process too
        for client in clients:
            await client.close()
        server.should_exit = True
        await task
        return received, sent

    received, sent = asyncio.run(main())
    assert received == [[text] * 5 for text in TEXTS]
    assert sent == [text.encode() for text in TEXTS]  # once each, not once a socket


def test_a_socket_with_per_message_deflate_gets_uvicorn_s_own_framing():
    """5.2: with an extension negotiated (RSV1, a compressed payload) the shared bytes would be wrong."""

    async def main():
        app = Broadcast()
        server, task, url = await serve(app, deflate=True)
        compressed = await websockets.connect(url)  # offers permessage-deflate, which the server accepts
        plain = await websockets.connect(url, compression=None)
        while len(app.sends) < 2:
            await asyncio.sleep(0.01)
        got = []
        for text in (RUSSIAN, "a" * 70_000):
            await app.send_all(text)
            got.append((await compressed.recv(), await plain.recv()))
        negotiated = [type(e).__name__ for e in compressed.protocol.extensions]
        await compressed.close()
        await plain.close()
        server.should_exit = True
        await task
        return got, negotiated

    got, negotiated = asyncio.run(main())
    assert negotiated == ["PerMessageDeflate"]
    assert got == [(RUSSIAN, RUSSIAN), ("a" * 70_000, "a" * 70_000)]


def test_a_text_sent_after_its_socket_closed_is_refused_as_uvicorn_refuses_it():
    """ASGI: a send on a closed socket raises (the consumer's task ends), it writes nothing."""

    async def main():
        app = Broadcast()
        server, task, url = await serve(app, deflate=False)
        client = await websockets.connect(url, compression=None)
        await app.accepted.wait()
        await client.close()
        await asyncio.sleep(0.2)
        with pytest.raises(OSError):  # uvicorn's ClientDisconnected
            await app.sends[0]({"type": "websocket.send", "text": RUSSIAN})
        server.should_exit = True
        await task

    asyncio.run(main())


def test_the_frames_kept_are_bounded_and_a_new_text_with_an_old_id_is_framed_afresh():
    for i in range(live_server.KEPT_FRAMES * 3):
        assert live_server.text_frame(f"text {i}")[2:] == f"text {i}".encode()
    assert len(live_server._framed) <= live_server.KEPT_FRAMES


def test_a_socket_s_app_writes_a_text_with_a_plain_call_which_refuses_once_the_socket_is_not_plainly_open():
    """The server's extension: True and the text sent; False and nothing sent while the
    socket's writes are paused or once it is closed. A socket with per-message deflate is
    offered no plain call: text_sender then goes through ASGI's send."""

    async def main():
        plain_app, deflating_app = Broadcast(), Broadcast()
        plain_server, plain_task, plain_url = await serve(plain_app, deflate=False)
        deflating_server, deflating_task, deflating_url = await serve(deflating_app, deflate=True)
        plain = await websockets.connect(plain_url, compression=None)
        deflating = await websockets.connect(deflating_url)
        await plain_app.accepted.wait()
        await deflating_app.accepted.wait()
        send_plain = plain_app.scopes[0]["extensions"][live_server.SEND_TEXT_NOW]["send"]
        outcomes = {
            "plain": send_plain(RUSSIAN),
            "deflating offered": live_server.SEND_TEXT_NOW in deflating_app.scopes[0]["extensions"],
        }
        got = await plain.recv()
        protocol = send_plain.__self__  # the transport's buffer over its high-water mark: writes paused
        protocol.pause_writing()
        outcomes["paused"] = send_plain("held")
        protocol.resume_writing()
        fanout.text_sender(deflating_app.scopes[0], deflating_app.sends[0])(RUSSIAN)
        got_deflating = await deflating.recv()
        await plain.close()
        await asyncio.sleep(0.2)
        outcomes["closed"] = send_plain(RUSSIAN)
        await deflating.close()
        for server, task in ((plain_server, plain_task), (deflating_server, deflating_task)):
            server.should_exit = True
            await task
        return outcomes, got, got_deflating

    outcomes, got, got_deflating = asyncio.run(main())
    assert outcomes == {"plain": True, "deflating offered": False, "paused": False, "closed": False}
    assert got == got_deflating == RUSSIAN


def test_without_the_server_s_extension_a_socket_sends_through_asgi_s_send():
    sent = []

    async def send(message):
        sent.append(message)

    async def main():
        fanout.text_sender({"extensions": {}}, send)(RUSSIAN)
        fanout.text_sender({}, send)("x")

    asyncio.run(main())
    assert sent == [{"type": "websocket.send", "text": RUSSIAN}, {"type": "websocket.send", "text": "x"}]
