"""WebSocket routes of the leaderboards app, collected by config/asgi.py."""

from typing import Any

websocket_urlpatterns: list[Any] = []
