"""Every open tab of a game follows it: each state change goes to every socket of the game.

The socket that played an action gets its answer directly (``{"type": "state"}``); the
game's group ``game.<hex>`` then gets the same payload as a push (``"pushed": true``)
for the game's other sockets. ``origin`` names the channel that already has it, so the
consumer skips its own echo; an action over HTTP has no origin and reaches every socket.
Only the game's owner can join the group (the consumer checks on connect), so the
payload goes to no one who could not load it.
"""

from __future__ import annotations

from typing import Any

from core.pushes import arena_message, send_now
from games.payloads import GamePayload


def game_group(game_id: Any) -> str:
    return f"game.{str(game_id).replace('-', '')}"


def state_message(payload: GamePayload, origin: str | None = None) -> dict[str, Any]:
    message = arena_message({"type": "state", "game": payload, "pushed": True})
    if origin is not None:
        message["origin"] = origin
    return message


def publish_state(payload: GamePayload, origin: str | None = None) -> None:
    """Push a game's new state to its sockets (never raises: a lost push is logged)."""
    send_now([game_group(payload["id"])], state_message(payload, origin))
