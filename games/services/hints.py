"""Hints in practice (issue 15): the next action of a best line from the game's current
position, from the solver's position search (``solve(..., log=game.log)``).

A game that used a hint is marked ``assisted`` for good: its result is on no board and
takes no record (``leaderboards.models.Result.assisted``). A ranked daily attempt and a
match game refuse hints (403 ``hint_ranked``, ``hint_match``): the hint would be an
engine playing the contest.
The hint is always a legal action now, so it names only cards the player can see.
"""

from __future__ import annotations

import uuid
from typing import Any

from games.engine.solver import solve
from games.services.pacer import assisted_position
from games.services.play import Actor

#: A hint answers while the player waits; a cut search still gives its best line so far.
HINT_TIME_BUDGET_S = 1.0


def do_hint(game_id: str | uuid.UUID, actor: Actor) -> dict[str, Any]:
    """The next action of a best line from where the game stands, and what it reaches."""
    position = assisted_position(game_id, actor, "hint")
    # Under the code's own rules, a variant's (issue 17) as the app's.
    answer = solve(position.code, log=position.log, time_budget_s=HINT_TIME_BUDGET_S)
    return {
        "action": answer.solution[0] if answer.solution else None,
        "best_cards_left": answer.best_cards_left,
        "further_moves": answer.best_moves,
        "known": answer.budget_exhausted is None,
        "assisted": True,
    }
