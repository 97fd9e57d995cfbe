"""The last WebSocket route: a path no app serves is closed with 4404, not an exception.

Without it Channels' URLRouter raises ``ValueError("No route found ...")`` for any other
path: the ASGI server logs a traceback per probe and answers the handshake with a 500.
"""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import re_path

CLOSE_NOT_FOUND = 4404


class NotFoundConsumer(AsyncWebsocketConsumer):
    """Accepts, then closes with 4404: browsers see the code (a refused handshake has none)."""

    async def connect(self) -> None:
        await self.accept()
        await self.close(code=CLOSE_NOT_FOUND)


websocket_fallback: list[Any] = [re_path(r"", NotFoundConsumer.as_asgi())]
