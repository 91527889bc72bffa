"""WebSocket routes of the competition engine (gathered by club/site/routing.py)."""

from django.urls import path

from foundation import urlpaths  # noqa: F401  (registers <id:…>)

from .consumers import RoundConsumer

websocket_urlpatterns = [
    path("ws/championships/<id:championship_id>/rounds/<id:number>/", RoundConsumer.as_asgi()),
]
