"""Who a socket belongs to: the member of the session cookie its page sent.

The club's sockets (club/site/asgi.py) read the session and never write it, so
the server's send reaches the consumer unwrapped: every frame to every
spectator goes straight out (foundation/sockets.py ``signed_in``).
"""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings

from club.site.asgi import application
from foundation.sockets import signed_in

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://localhost")


@pytest.fixture
def game(anna, boris):
    from tests.games_web.helpers import start_game

    return start_game(white=anna, black=boris, discipline="russian", time_control="d3")


def session_cookie(client, member) -> tuple[bytes, bytes]:
    client.force_login(member)
    return (b"cookie", f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}".encode())


def first_state(headers: list[tuple[bytes, bytes]], game_id: int) -> dict:
    async def main():
        ws = WebsocketCommunicator(application, f"/ws/games/{game_id}/?lang=en", headers=headers)
        connected, _ = await ws.connect()
        assert connected
        state = await ws.receive_json_from(timeout=10)
        await ws.disconnect()
        return state

    return async_to_sync(main)()


def test_a_player_s_socket_is_his_by_his_session_cookie_and_gets_his_legal_moves(client, game, anna):
    state = first_state([ORIGIN, session_cookie(client, anna)], game.id)
    assert state["my_turn"] is True and state["legal_moves"]


@pytest.mark.parametrize("cookie", [None, b"no-such-session"], ids=["without a cookie", "an unknown session"])
def test_a_socket_without_a_member_s_session_is_a_spectator_s(game, cookie):
    headers = [ORIGIN] + ([(b"cookie", settings.SESSION_COOKIE_NAME.encode() + b"=" + cookie)] if cookie else [])
    state = first_state(headers, game.id)
    assert state["my_turn"] is False and state["legal_moves"] == []


def test_the_socket_s_application_sends_through_the_server_s_own_send(client, anna):
    """Channels' SessionMiddleware would hand on a wrapper of it, run before every frame."""
    seen = {}

    async def inner(scope, receive, send):
        seen["member"], seen["send"] = scope["user"].pk, send

    async def server_send(message):
        pass

    scope = {"type": "websocket", "path": "/", "headers": [session_cookie(client, anna)]}

    async def main():
        await signed_in(inner)(scope, None, server_send)

    async_to_sync(main)()
    assert seen == {"member": anna.pk, "send": server_send}
