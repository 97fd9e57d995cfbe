"""Who records a finished live game: a function the leaderboards register at start-up.

Live play (games) sits below the leaderboards in the layers (engine <- games <-
leaderboards <- frontend, checked by import-linter in ``make lint``), so it cannot
import them. Instead ``LeaderboardsConfig.ready()`` registers
``leaderboards.services.record_game_result`` here, and live play calls ``record(game)``
once per ended game, inside its transaction. The system check ``games.E001``
(games/checks.py) fails ``manage.py check`` (and every management command) when no
recorder is registered, so a deployment cannot silently stop recording results.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.models import Game

Recorder = Callable[[Game], Any]

_recorder: Recorder | None = None


def register_recorder(recorder: Recorder) -> None:
    """Make ``recorder`` the one that stores finished games (the last registration wins)."""
    global _recorder
    _recorder = recorder


def registered_recorder() -> Recorder | None:
    return _recorder


def record(game: Game) -> Any:
    """Record an ended game; its answer becomes the game payload's ``result``."""
    recorder = _recorder
    if recorder is None:
        raise RuntimeError("no game recorder registered (system check games.E001)")
    return recorder(game)
