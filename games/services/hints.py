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

from django.db import transaction

from games.engine.solver import solve
from games.services.errors import GameOver, GameServiceError
from games.services.listeners import in_a_contest
from games.services.play import Actor, check_can_act, load_game

#: A hint answers while the player waits; a cut search still gives its best line so far.
HINT_TIME_BUDGET_S = 1.0


def do_hint(game_id: str | uuid.UUID, actor: Actor) -> dict[str, Any]:
    """The next action of a best line from where the game stands, and what it reaches."""
    with transaction.atomic():
        game = load_game(game_id, lock=True)
        check_can_act(game, actor.user, actor.guest_key)
        if game.ranked:
            raise GameServiceError(
                "hint_ranked", "a ranked daily attempt is played without hints", 403
            )
        if in_a_contest(game):  # a match round (registered by matches.apps)
            raise GameServiceError("hint_match", "a match game is played without hints", 403)
        if game.finished_at is not None or game.status != "playing":
            raise GameOver()
        # Under the code's own rules, a variant's (issue 17) as the app's.
        answer = solve(game.deal.code, log=game.log, time_budget_s=HINT_TIME_BUDGET_S)
        if not game.assisted:
            game.assisted = True
            game.save(update_fields=["assisted"])
    return {
        "action": answer.solution[0] if answer.solution else None,
        "best_cards_left": answer.best_cards_left,
        "further_moves": answer.best_moves,
        "known": answer.budget_exhausted is None,
        "assisted": True,
    }
