"""The live tier's WebSocket protocol: uvicorn's own, with a text sent to many sockets framed once.

A change of a game goes to every spectator's socket as the very same text
(foundation.fanout, games.frames). uvicorn's protocol encodes and frames that
text again for each socket (websockets' ``Frame.serialize``), which cost the
server about as much CPU as the write itself (the profile in bench/results/).
A server's frames are unmasked (RFC 6455 5.1) and, with no extension
negotiated, a text's frame is the same bytes on every connection (5.2, 5.6),
so the last text framed is kept with its bytes, and a socket in the plain
state writes those bytes. Any other message, and any socket not plainly open
(an extension negotiated, not yet accepted, its writes paused, closing), goes
through uvicorn's send unchanged (uvicorn never fragments a message it
sends). A socket's app may also write a text with a plain call
(``SEND_TEXT_NOW``, below), no coroutine made per socket.

Run by ``manage.py up``'s live tier (``--ws foundation.live_server:SharedTextFrames``).
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame, Opcode
from websockets.protocol import State

# An ASGI extension (scope["extensions"]) this protocol offers: ``send(text) -> bool`` writes a
# text frame at once, a plain call where ASGI's send is a coroutine for each socket; False, with
# nothing written, when the socket is not plainly open (the app then uses ASGI's send).
SEND_TEXT_NOW = "club.send_text_now"


class SharedTextFrames(WebSocketsSansIOProtocol):
    def handle_connect(self, event) -> None:
        super().handle_connect(event)
        # The app's scope is made, its task not yet run. A socket with an extension negotiated
        # (per-message deflate) frames each message its own way: its app is offered no plain call.
        if self.response.status_code == 101 and not self.conn.extensions:
            self.scope["extensions"][SEND_TEXT_NOW] = {"send": self.send_text_now}

    async def send(self, message) -> None:
        if message["type"] == "websocket.send" and message.get("bytes") is None:
            text = message.get("text")
            if text is not None and not self.conn.extensions and self.send_text_now(text):
                return
        await super().send(message)

    def send_text_now(self, text: str) -> bool:
        """Write ``text``'s shared frame if the socket is plainly open: websockets opens the
        connection with the accepted handshake's response and leaves OPEN when a close is sent
        or received; not lost, its writes not paused (uvicorn's own send waits for those). The
        one check a spectator's frame pays on every socket, so it reads no more than it must."""
        if self.conn.state is not State.OPEN or self.disconnected or not self.writable.is_set():
            return False
        self.transport.write(text_frame(text))
        return True


# The texts framed last, by their id (each entry holds its text, so no other object takes
# that id while it is here): a change's frame comes in each of the site's languages, and a
# round's sockets interleave them.
_framed: dict[int, tuple[str, bytes]] = {}
KEPT_FRAMES = 16


def text_frame(text: str) -> bytes:
    """``text`` as one unmasked, unextended text frame, built once for the sockets that get it."""
    kept = _framed.get(id(text))
    if kept is not None and kept[0] is text:
        return kept[1]
    frame = Frame(Opcode.TEXT, text.encode()).serialize(mask=False, extensions=[])
    if len(_framed) >= KEPT_FRAMES:
        del _framed[next(iter(_framed))]  # the oldest
    _framed[id(text)] = (text, frame)
    return frame
