"""WebSocket routes of matches, collected by config/asgi.py."""

from typing import Any

from django.urls import path

from matches.consumers import MatchConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/matches/<uuid:match_id>/", MatchConsumer.as_asgi()),
]
