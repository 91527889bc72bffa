"""Live push: the game's WebSocket (games/consumers.py) and its polling twin.

Each test drives a real ASGI WebSocket through Channels' communicator, the
in-memory channel layer and the game services, with committed data (the
broadcast runs on commit).
"""

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.urls import reverse

from foundation import channel_layer
from games import services
from games.routing import websocket_urlpatterns
from games.rules import variant

pytestmark = pytest.mark.django_db(transaction=True)

APP = URLRouter(websocket_urlpatterns)


@pytest.fixture
def game(anna, boris):
    from tests.games_web.helpers import start_game

    return start_game(white=anna, black=boris, discipline="russian", time_control="d3")


def run(coroutine_function):
    return async_to_sync(coroutine_function)()


def socket(game_id, user, since=None):
    path = f"/ws/games/{game_id}/" + (f"?since={since}" if since is not None else "")
    communicator = WebsocketCommunicator(APP, path)
    communicator.scope["user"] = user
    return communicator


def api_move(client, member, game, text, ply):
    client.force_login(member)
    url = reverse("api-game-moves", args=[game.id])
    return client.post(
        url, {"text": text, "expected_ply": ply, "idempotency_key": f"k{ply}"}, content_type="application/json"
    )


class TestSocket:
    def test_on_connect_it_sends_the_whole_game_and_the_viewers_legal_moves(self, game, anna):
        async def main():
            ws = socket(game.id, anna)
            connected, _ = await ws.connect()
            assert connected
            state = await ws.receive_json_from(timeout=10)
            await ws.disconnect()
            return state

        state = run(main)
        assert state["type"] == "state" and state["ply"] == 0 and state["my_color"] == "white"
        assert {m["notation"] for m in state["legal_moves"]} == {
            m.notation for m in variant("russian").legal_moves(variant("russian").start())
        }
        assert all(m["path"][0] == m["notation"][:2] for m in state["legal_moves"])

    def test_a_move_made_through_the_rest_api_reaches_a_connected_socket(self, game, anna, boris, client):
        async def main():
            ws = socket(game.id, boris)
            await ws.connect()
            first = await ws.receive_json_from(timeout=10)
            from asgiref.sync import sync_to_async

            response = await sync_to_async(api_move)(client, anna, game, "c3-d4", 0)
            pushed = await ws.receive_json_from(timeout=10)
            await ws.disconnect()
            return first, response, pushed

        first, response, pushed = run(main)
        assert response.status_code in (200, 201), response.content
        assert first["ply"] == 0
        assert pushed["ply"] == 1
        assert [m["notation"] for m in pushed["moves"]] == ["c3-d4"]
        assert pushed["moves"][0]["path"] == ["c3", "d4"]
        assert pushed["my_turn"] is True and pushed["legal_moves"]

    def test_a_client_that_reconnects_with_its_last_ply_gets_exactly_what_it_missed(self, game, anna, boris):
        services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)

        async def main():
            ws = socket(game.id, boris, since=0)
            await ws.connect()
            seen = await ws.receive_json_from(timeout=10)
            await ws.disconnect()
            return seen

        seen = run(main)
        assert [m["ply"] for m in seen["moves"]] == [1]
        # The socket drops; two moves are made meanwhile; it comes back with since=1.
        services.game_move_make(game_id=game.id, member=boris, text="f6-g5", expected_ply=1)
        services.game_move_make(game_id=game.id, member=anna, text="g3-f4", expected_ply=2)

        async def again():
            ws = socket(game.id, boris, since=1)
            await ws.connect()
            state = await ws.receive_json_from(timeout=10)
            await ws.disconnect()
            return state

        state = run(again)
        assert [(m["ply"], m["notation"]) for m in state["moves"]] == [(2, "f6-g5"), (3, "g3-f4")]
        assert state["ply"] == 3
        assert state["fen"] == state["moves"][-1]["fen"]

    def test_after_the_layer_reconnects_to_redis_the_socket_sends_what_it_did_not_push(
        self, game, anna, boris, monkeypatch
    ):
        # A move whose push is lost, as pub/sub loses what is published while Redis is away.
        async def main():
            ws = socket(game.id, boris)
            await ws.connect()
            assert (await ws.receive_json_from(timeout=10))["ply"] == 0
            with monkeypatch.context() as lost:
                lost.setattr("games.events.broadcast.group_send", lambda group, message: None)
                await sync_to_async(services.game_move_make)(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
            assert await ws.receive_nothing(timeout=0.2)
            channel_layer.resync_all()  # what foundation.channel_layer does once the layer has resubscribed
            state = await ws.receive_json_from(timeout=10)
            await ws.disconnect()
            return state

        state = run(main)
        assert state["ply"] == 1 and [m["notation"] for m in state["moves"]] == ["c3-d4"]

    def test_a_spectator_sees_the_moves_but_gets_no_legal_moves(self, game, anna, organiser):
        services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)

        async def main():
            ws = socket(game.id, organiser)
            await ws.connect()
            state = await ws.receive_json_from(timeout=10)
            await ws.disconnect()
            return state

        state = run(main)
        assert state["my_color"] is None and state["legal_moves"] == [] and state["buttons"] == []
        assert [m["notation"] for m in state["moves"]] == ["c3-d4"]

    def test_the_state_speaks_the_pages_language(self, game, anna):
        async def main(lang):
            ws = socket(game.id, anna, since=f"0&lang={lang}")
            await ws.connect()
            state = await ws.receive_json_from(timeout=10)
            await ws.disconnect()
            return state

        labels = {lang: [b["label"] for b in async_to_sync(main)(lang)["buttons"]] for lang in ("ru", "en")}
        assert labels["en"] == ["Abort"]
        assert labels["ru"] == ["Отменить партию"]

    def test_an_unknown_game_closes_the_socket(self, anna):
        async def main():
            ws = socket(999999, anna)
            connected, code = await ws.connect()
            return connected, code

        connected, code = run(main)
        assert not connected


class TestPolling:
    def test_the_state_url_answers_the_same_state_with_the_moves_after_since(self, game, anna, boris, client):
        services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
        services.game_move_make(game_id=game.id, member=boris, text="f6-g5", expected_ply=1)
        client.force_login(anna)
        state = client.get(reverse("games:game-state", args=[game.id]), {"since": 1}).json()
        assert state["ply"] == 2 and [m["notation"] for m in state["moves"]] == ["f6-g5"]
        assert state["my_turn"] is True
