"""``/ws/play/<game id>/``: a thin WebSocket front for the live-play service.

It checks that the connecting account or guest session owns the game, joins the groups
``game.<hex>`` (and ``user.<id>`` for accounts), forwards each ``{"action": ...}`` /
``{"position": n}`` frame to ``games.services.play.do_act`` and answers
``{"type": "state", "game": <the HTTP payload>}`` or ``{"type": "error", "reason",
"message", ...}``, and pushes the new state to the game's other sockets (another tab;
games/game_sync.py). Group events ``{"type": "arena.event", "payload": {...}, "text":
"..."}`` are sent as they are (their ``text``, encoded once by the publisher). A frame
that is not a small JSON object (core/ws_frames.py) gets an error frame; it never
crashes the consumer; after ``ws_frames.MAX_BAD_FRAMES`` unreadable frames the socket is
closed with ``ws_frames.CLOSE_TOO_MANY_BAD_FRAMES``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils import translation

from core import pushes, ratelimit, ws_frames
from games.engine import EngineError
from games.engine.solver import Solution
from games.game_sync import game_group, state_message
from games.services import hints, pacer, play
from games.services.errors import GameOver, GameServiceError, error_payload, localised

logger = logging.getLogger(__name__)

CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
_LANGS = ("fr", "ro", "en")


def actor_of(scope: dict[str, Any]) -> play.Actor:
    user = scope.get("user")
    if user is not None and getattr(user, "is_authenticated", False):
        return play.Actor(user=user)
    session = scope.get("session")
    return play.Actor(guest_key=getattr(session, "session_key", None) or "")


def language_of(scope: dict[str, Any]) -> str:
    """``?lang=``, then the language cookie, then Accept-Language; English otherwise."""
    from urllib.parse import parse_qs

    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    candidates = list(query.get("lang", []))
    cookie = (scope.get("cookies") or {}).get("django_language")
    if cookie:
        candidates.append(cookie)
    for name, value in scope.get("headers", []):
        if name == b"accept-language":
            for part in value.decode("latin-1").split(","):
                candidates.append(part.split(";")[0])
    for candidate in candidates:
        lang = str(candidate).strip().lower()[:2]
        if lang in _LANGS:
            return lang
    return "en"


class PlayConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        self.game_id = str(self.scope["url_route"]["kwargs"]["game_id"])
        self.actor = actor_of(self.scope)
        self.lang = language_of(self.scope)
        self.ready = False
        self.bad_frames = ws_frames.BadFrameCount()
        # The par pacer ({"pace": true}, games.services.pacer): off until asked; one search
        # at a time, again for the latest position if actions came meanwhile.
        self.pacing = False
        self.pace_start: Solution | None = None
        self.pace_task: asyncio.Task[None] | None = None
        self.pace_again = False
        await self.accept()
        try:
            payload = await database_sync_to_async(self._run)(
                play.get_game, self.game_id, self.actor
            )
        except GameServiceError as err:
            await self._send_error(err)
            code = CLOSE_NOT_FOUND if err.status == 404 else CLOSE_FORBIDDEN
            await self.close(code=code)
            return
        groups = [game_group(payload["id"])]
        if self.actor.account is not None:
            groups.append(pushes.user_group(self.actor.account.pk))
        for group in groups:
            await self.channel_layer.group_add(group, self.channel_name)
        self.groups = groups  # left again by the base class on disconnect
        self.ready = True
        await self.send_json({"type": "state", "game": payload})

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        try:
            content = ws_frames.read_frame(text_data, bytes_data)
        except ws_frames.BadFrame as bad:
            await self._send_error_reason("bad_frame", bad.detail)
            if self.bad_frames.add():
                await self.close(code=ws_frames.CLOSE_TOO_MANY_BAD_FRAMES)
            return
        await self.receive_json(content)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if not self.ready:
            return
        # The same "actions" buckets as POST /api/games/<id>/actions (core/ratelimit.py).
        refused = await database_sync_to_async(ratelimit.check_ws_action)(self.scope)
        if refused is not None:
            await self.send_json({"type": "error", **ratelimit.error_body(refused, self.lang)})
            return
        if isinstance(content, dict) and isinstance(content.get("pace"), bool):
            await self._set_pace(content["pace"])
            return
        # {"hint": true} asks for the next action of a best line (games.services.hints).
        wants_hint = isinstance(content, dict) and content.get("hint") is True
        try:
            if wants_hint:
                hint = await database_sync_to_async(self._run)(
                    hints.do_hint, self.game_id, self.actor
                )
            else:
                payload = await database_sync_to_async(self._run)(
                    play.do_act, self.game_id, self.actor, content
                )
        except (GameServiceError, EngineError) as err:
            await self._send_error(err)
            return
        except Exception:  # a bug: tell the client, keep the socket, log it loudly
            logger.exception("play consumer: action on game %s failed", self.game_id)
            await self._send_error_reason("server_error", "the server could not play this")
            return
        if wants_hint:
            await self.send_json({"type": "hint", "hint": hint})
            return
        await self.send_json({"type": "state", "game": payload})
        if self.pacing:
            self._pace_soon()
        # The game's other tabs follow (games/game_sync.py); this one skips its echo. A
        # channel layer that fails (Redis down) loses that push, never this socket.
        try:
            await self.channel_layer.group_send(
                game_group(payload["id"]), state_message(payload, origin=self.channel_name)
            )
        except Exception:
            logger.warning("play consumer: push to game %s's other sockets lost",
                           self.game_id, exc_info=True)  # fmt: skip

    async def _set_pace(self, on: bool) -> None:
        """{"pace": true/false}: the refusal (ranked, match, over) comes at once; the
        figures come later, as their own {"type": "pace"} frame."""
        if not on:
            self.pacing = False
            return
        try:
            await database_sync_to_async(self._run)(pacer.pace_position, self.game_id, self.actor)
        except GameServiceError as err:
            await self._send_error(err)
            return
        self.pacing = True
        self._pace_soon()

    def _pace_soon(self) -> None:
        """Search the current position off the socket's path: the next action never waits."""
        if self.pace_task is not None and not self.pace_task.done():
            self.pace_again = True
            return
        self.pace_task = asyncio.create_task(self._pace_loop())

    async def _pace_loop(self) -> None:
        while self.pacing:
            self.pace_again = False
            try:
                position = await database_sync_to_async(self._run)(
                    pacer.pace_position, self.game_id, self.actor
                )
                if self.pace_start is None:
                    self.pace_start = await asyncio.to_thread(pacer.start_answer, position)
                body = await asyncio.to_thread(pacer.pace_of, position, self.pace_start)
            except GameOver:  # the game ended: its review takes over
                return
            except GameServiceError as err:
                self.pacing = False
                await self._send_error(err)
                return
            except Exception:
                logger.exception("play consumer: the pacer failed on game %s", self.game_id)
                return
            await self.send_json({"type": "pace", "pace": body})
            if not self.pace_again:
                return

    async def disconnect(self, code: int) -> None:
        if self.pace_task is not None:
            self.pace_task.cancel()
        await super().disconnect(code)

    async def dispatch(self, message: dict[str, Any]) -> None:
        # A group event touches no database: no close_old_connections thread hop for it.
        if message.get("type") == pushes.MESSAGE_TYPE:
            await self.arena_event(message)
        else:
            await super().dispatch(message)

    async def arena_event(self, event: dict[str, Any]) -> None:
        """Group messages (records, notifications, the game's state played from another
        tab) go to the client as they are; not a state this socket itself played."""
        if event.get("origin") == self.channel_name:
            return
        text = pushes.frame_text(event)
        if text is not None:
            await self.send(text_data=text)

    def _run(self, function: Any, *args: Any) -> Any:
        """Call a service in the player's language (refusals are worded in it)."""
        with translation.override(self.lang):
            return function(*args)

    async def _send_error(self, err: Exception) -> None:
        with translation.override(self.lang):
            body = error_payload(err, self.lang)
        await self.send_json({"type": "error", **body})

    async def _send_error_reason(self, reason: str, detail: str) -> None:
        await self.send_json(
            {
                "type": "error",
                "reason": reason,
                "message": localised(reason, self.lang),
                "detail": detail,
            }
        )
