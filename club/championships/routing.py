"""WebSocket routes of the competition engine (gathered by club/site/routing.py)."""

from django.urls import path

from .consumers import RoundConsumer

websocket_urlpatterns = [
    path("ws/championships/<int:championship_id>/rounds/<int:number>/", RoundConsumer.as_asgi()),
]
