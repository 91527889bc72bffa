"""The challenger hears at once that his challenge was accepted: a
notification, and a message on his lobby socket that takes him to the game
(the live game's first move has a grace only)."""

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.utils import translation

from club.notifications.models import Notification
from foundation import channel_layer
from games import services
from games.routing import websocket_urlpatterns

APP = URLRouter(websocket_urlpatterns)


def lobby_socket(member):
    communicator = WebsocketCommunicator(APP, "/ws/lobby/")
    communicator.scope["user"] = member
    return communicator


@pytest.mark.django_db
@pytest.mark.usefixtures("eager_celery")
def test_an_accepted_challenge_notifies_the_challenger_with_a_link_to_the_game(
    anna, boris, django_capture_on_commit_callbacks
):
    challenge = services.challenge_create(challenger=anna, discipline="russian", time_control="180+2")
    with django_capture_on_commit_callbacks(execute=True):
        game = services.challenge_accept(challenge_id=challenge.pk, member=boris)
    n = Notification.objects.get(recipient=anna, key=f"challenge-accepted:{challenge.pk}")
    with translation.override("en"):
        assert n.url == f"/play/games/{game.pk}/" and "Boris Lebedev accepted your challenge" in str(n)
    assert not Notification.objects.filter(recipient=boris).exists()


@pytest.mark.django_db(transaction=True)
def test_the_waiting_challenger_s_lobby_socket_is_told_to_go_to_the_game(anna, boris):
    challenge = services.challenge_create(challenger=anna, discipline="russian", time_control="180+2")

    async def main():
        ws = lobby_socket(anna)
        connected, _ = await ws.connect()
        assert connected
        game = await sync_to_async(services.challenge_accept)(challenge_id=challenge.pk, member=boris)
        listed, message = [await ws.receive_json_from(timeout=10) for _ in range(2)]
        await ws.disconnect()
        return game, listed, message

    game, listed, message = async_to_sync(main)()
    assert listed["type"] == "game-listed" and listed["id"] == game.pk  # every lobby lists the live game
    assert message == {
        "type": "challenge-accepted",
        "challenge_id": challenge.pk,
        "game_id": game.pk,
        "url": f"/play/games/{game.pk}/",
    }


@pytest.mark.django_db(transaction=True)
def test_after_the_layer_reconnects_to_redis_the_lobby_socket_closes_so_the_page_polls(anna):
    # An acceptance pushed while Redis was away is lost; the page's poll finds it (static/games/lobby.js).
    async def main():
        ws = lobby_socket(anna)
        connected, _ = await ws.connect()
        assert connected
        channel_layer.resync_all()
        closed = await ws.receive_output(timeout=10)
        await ws.wait()
        return closed

    assert async_to_sync(main)() == {"type": "websocket.close", "code": 1012}


@pytest.mark.django_db
def test_the_lobby_page_of_a_member_with_challenges_out_listens_for_their_acceptance(anna, client):
    services.challenge_create(challenger=anna, discipline="russian", time_control="300")
    client.force_login(anna)
    page = client.get("/play/").content.decode()
    assert "games/lobby.js" in page and 'data-game-url="/play/games/0/"' in page
