"""WebSocket routes of games (gathered by club/site/routing.py)."""

from django.urls import path

from foundation import urlpaths  # noqa: F401  (registers <id:…>)

from .consumers import GameConsumer, LobbyConsumer

websocket_urlpatterns = [
    path("ws/games/<id:game_id>/", GameConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]
