"""WebSocket routes of the games app, collected by config/asgi.py."""

from typing import Any

websocket_urlpatterns: list[Any] = []
