"""Reading a client's WebSocket frame, and what to do with a client that sends junk.

Shared by the play socket (games/consumers.py) and the read-only watch sockets
(leaderboards/consumers.py). A frame is refused with an error frame, and the socket stays
open, when it is

* binary (clients send JSON text frames; a binary frame need not even be UTF-8),
* longer than ``MAX_FRAME_CHARS`` characters (uvicorn itself closes the socket with 1009
  on a message over ``config.serve.WS_MAX_BYTES``),
* nested deeper than ``MAX_DEPTH`` (``"[" * 1024`` made ``json.loads`` raise
  RecursionError, which killed the socket with no close code: issue 12),
* not JSON.

A client that sends ``MAX_BAD_FRAMES`` such frames on one socket is closed with
``CLOSE_TOO_MANY_BAD_FRAMES`` (4400, like HTTP's 400). Tests:
tests/reliability/test_socket_frames.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

MAX_FRAME_CHARS: Final = 2048
MAX_DEPTH: Final = 8
MAX_BAD_FRAMES: Final = 20
CLOSE_TOO_MANY_BAD_FRAMES: Final = 4400


class BadFrame(ValueError):
    """A frame that cannot be read; ``detail`` says why, in English, for developers."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


def nesting_depth(text: str) -> int:
    """How deep ``[`` / ``{`` nest in JSON text, not counting those inside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def read_frame(text_data: str | None, bytes_data: bytes | None) -> Any:
    """The JSON value of a text frame; raises :class:`BadFrame` for anything else."""
    if text_data is None:
        raise BadFrame("send JSON text frames, not binary")
    if len(text_data) > MAX_FRAME_CHARS:
        raise BadFrame(f"a frame holds at most {MAX_FRAME_CHARS} characters")
    if nesting_depth(text_data) > MAX_DEPTH:
        raise BadFrame(f"a frame nests at most {MAX_DEPTH} levels")
    try:
        return json.loads(text_data)
    except (ValueError, RecursionError):
        raise BadFrame("a frame is one JSON object") from None


@dataclass
class BadFrameCount:
    """Bad frames seen on one socket; ``add()`` says when it is time to close it."""

    seen: int = 0

    def add(self) -> bool:
        self.seen += 1
        return self.seen >= MAX_BAD_FRAMES
