"""WebSocket routes of the leaderboards app, collected by config/asgi.py."""

from typing import Any

from django.urls import path

from leaderboards.consumers import DealConsumer, FeedConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/deals/<str:ref>/", DealConsumer.as_asgi()),
    path("ws/feed/", FeedConsumer.as_asgi()),
]
