"""WebSocket routes of every app, gathered in one list."""

from club.championships.routing import websocket_urlpatterns as championship_websockets
from games.routing import websocket_urlpatterns as games_websockets

websocket_urlpatterns: list = [*games_websockets, *championship_websockets]
