"""WebSocket routes of the games app, collected by config/asgi.py."""

from typing import Any

from django.urls import path

from games.consumers import PlayConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/play/<uuid:game_id>/", PlayConsumer.as_asgi()),
]
