"""The shapes of what live play answers, as TypedDicts: one definition read by the
services that build the answers, by mypy, and by the ninja schemas (games/schemas.py)
that document and check them in /api/docs.

The player's view itself is the engine's ``GameView`` (games/engine/steps.py).
"""

from __future__ import annotations

import sys
from typing import Any

from games.engine import GameView

if sys.version_info >= (3, 12):
    from typing import TypedDict
else:  # pydantic reads these for the API schemas: typing_extensions' before 3.12
    from typing_extensions import TypedDict


class DealNames(TypedDict):
    """How a deal is named in every answer: the code only once it may be shown."""

    code: str | None
    label: str
    variant: str
    number: int | None


class GamePayload(TypedDict):
    """The one answer of HTTP and WebSocket about a live game (docs/architecture.md)."""

    id: str
    deal: DealNames
    daily: int | None
    status: str
    finished: bool
    score: int
    moves: int
    cards_left: int
    duration_ms: int | None
    ranked: bool
    assisted: bool
    timings: list[int] | None
    view: GameView
    revealed: list[str]
    #: The points the action earned beyond its cost when it emptied a TriPeaks peak (the
    #: engine's ``Step.bonus``: the peak's, the completion's and, under Hogue's scoring,
    #: the run's); null for any other action.
    peak_bonus: int | None
    #: What the leaderboards recorded (their answer), in the answer that ended the game.
    result: dict[str, Any] | None
