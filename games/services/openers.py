"""Games handed out by other apps through ``POST /api/games``: registered at start-up.

``POST /api/games {"match": "<id>"}`` opens (or resumes) the player's game of a live
match's current round. Matches sit above games in the layers, so the games API cannot
import them: ``MatchesConfig.ready()`` registers its opener under the body's field name
(``"match"``), and the games API calls ``open_with("match", value, actor)``. Who may
open what, and which game it is, is the registering app's decision; the answer is the
ordinary game payload. Without a registered opener the field is refused (400).
"""

from __future__ import annotations

from collections.abc import Callable

from games.services.errors import DealRequestError
from games.services.opening import Opened
from games.services.play import Actor

Opener = Callable[[str, Actor], Opened]

_openers: dict[str, Opener] = {}


def register_opener(field: str, opener: Opener) -> None:
    """Let ``POST /api/games {field: value}`` open games through ``opener``."""
    _openers[field] = opener


def open_with(field: str, value: str, actor: Actor) -> Opened:
    """The game ``field``'s opener gives ``actor`` for ``value`` (raises its refusals)."""
    opener = _openers.get(field)
    if opener is None:
        raise DealRequestError("bad_request", f'"{field}" games are not served here')
    return opener(value, actor)
