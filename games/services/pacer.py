"""The par pacer (issue 15): after each action, how far the player is from the best result
still possible, from the solver's position search (``solve(deal, log=game.log)``).

The pacer is derived from the cards the player has not seen: with undo, a live "best
still possible" is an oracle (try a move, watch the pacer, undo, try another). So it is
treated exactly like a hint (games.services.hints): a practice or numbered game may turn
it on, and the game is then ``assisted`` for good (its result on no board, no record); a
ranked daily attempt and a match game refuse it (403 ``pace_ranked``, ``pace_match``):
there the same judgement comes after the game, in its review (leaderboards.reviews,
sealed dailies only after their close).

Two halves, so that play never waits: :func:`pace_position` (the database: who may, the
assisted mark, the game's code and log) runs on the request path and is cheap;
:func:`pace_of` (the search, CPU only, no database) runs wherever the caller puts it:
the play socket runs it in a worker thread and pushes its answer as its own frame.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from games.engine.solver import Solution, solve
from games.models import Game
from games.services.errors import GameOver, GameServiceError
from games.services.listeners import in_a_contest
from games.services.play import Actor, check_can_act, load_game

#: Each position gets this much search; a cut answer says ``known: false``.
PACE_TIME_BUDGET_S: float | None = 2.0


@dataclass(frozen=True)
class PacePosition:
    """What the search needs, read under the game's lock: the deal and where play stands."""

    code: str
    log: tuple[str, ...]
    moves: int


def check_assist_allowed(game: Game, kind: str) -> None:
    """Refuse solver help (``kind`` "hint" or "pace") where the game is a contest, or is
    over; the refusal's reason names the help and why."""
    if game.ranked:
        raise GameServiceError(
            f"{kind}_ranked", "a ranked daily attempt is played without solver help", 403
        )
    if in_a_contest(game):  # a match round (registered by matches.apps)
        raise GameServiceError(f"{kind}_match", "a match game is played without solver help", 403)
    if game.finished_at is not None or game.status != "playing":
        raise GameOver()


def assisted_position(game_id: str | uuid.UUID, actor: Actor, kind: str) -> PacePosition:
    """Check that the actor may have solver help (``kind`` "hint" or "pace") on this game,
    mark it assisted, and say where it stands. Only this reads the database, under the
    game's lock; the search runs after, with the lock released, so the player's next
    action never waits for it."""
    with transaction.atomic():
        game = load_game(game_id, lock=True)
        check_can_act(game, actor.user, actor.guest_key)
        check_assist_allowed(game, kind)
        if not game.assisted:
            game.assisted = True
            game.save(update_fields=["assisted"])
        return PacePosition(game.deal.code, tuple(game.log.split()), game.moves)


def pace_position(game_id: str | uuid.UUID, actor: Actor) -> PacePosition:
    """The pacer's half on the request path (:func:`assisted_position` for "pace")."""
    return assisted_position(game_id, actor, "pace")


def _best(position: PacePosition, log: tuple[str, ...]) -> Solution:
    # Under the code's own rules, a variant's (issue 17) as the app's.
    return solve(position.code, log=log, time_budget_s=PACE_TIME_BUDGET_S)


def pace_of(position: PacePosition, start: Solution | None = None) -> dict[str, Any]:
    """The pacer's figures for ``position``: the best still possible now (cards left, total
    moves = moves made + the fewest further) beside the deal's best from its start, and how
    far behind that the player now is. No card is named: the line found stays here.

    ``start`` is the deal's own answer when the caller has it already (one per socket).
    """
    now = _best(position, position.log)
    first = start if start is not None else _best(position, ())
    total = position.moves + now.best_moves
    return {
        "step": len(position.log),
        "moves": position.moves,
        "best_cards_left": now.best_cards_left,
        "best_total_moves": total,
        "par_cards_left": first.best_cards_left,
        "par_total_moves": first.best_moves,
        "behind_cards": now.best_cards_left - first.best_cards_left,
        "behind_moves": total - first.best_moves,
        "known": now.budget_exhausted is None and first.budget_exhausted is None,
        "assisted": True,
    }


def start_answer(position: PacePosition) -> Solution:
    """The deal's best from its start (the socket keeps it for the pacer's later frames)."""
    return _best(position, ())


def do_pace(game_id: str | uuid.UUID, actor: Actor) -> dict[str, Any]:
    """The pacer over HTTP: checked, marked assisted, then searched (the client asked)."""
    return pace_of(pace_position(game_id, actor))
