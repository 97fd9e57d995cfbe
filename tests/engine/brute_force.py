"""A tiny, independent breadth-first search over the engine's own game objects.

It knows no rule: it asks ``legal_actions()``, plays each on a ``copy()`` and merges
positions only on what decides the future (TriPeaks: removed cards, stock left, discard
top or none; Pyramid: removed cards, stock and discard in order, recycles made when they
are limited). It plays any rules value (the literature's variants, issue 17) and counts
cards left as the engine does. Slow, so only for small cases; the solver's answers are
held to it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from games.engine import PyramidGame, Variant, new_game
from games.engine.play import Game
from games.engine.variants import Rules


@dataclass(frozen=True)
class BruteAnswer:
    winnable: bool
    moves: int | None
    best_cards_left: int
    best_moves: int
    states: int


def _key(game: Game) -> Hashable:
    if isinstance(game, PyramidGame):
        limited = game.rules.max_recycles is not None
        return (game.removed, tuple(game.stock), tuple(game.discard), limited and game.recycles)
    return (game.removed, len(game.stock), game.discard[-1] if game.discard else None)


def brute_force(
    deck: Sequence[int],
    variant: Variant,
    max_states: int = 300_000,
    log: Sequence[str] = (),
    rules: Rules | None = None,
) -> BruteAnswer:
    """The best result from the deal's start, or from where ``log`` leads (then moves
    are counted from there), under ``rules`` (default: the variant's)."""
    start = new_game(tuple(deck), variant, rules)
    for token in log:
        start.apply(token)
    if start.won:
        return BruteAnswer(True, 0, 0, 0, 1)
    seen = {_key(start)}
    queue: deque[tuple[Game, int]] = deque([(start, 0)])
    best_left, best_moves = start.cards_left, 0
    while queue:
        game, depth = queue.popleft()
        if game.cards_left < best_left:
            best_left, best_moves = game.cards_left, depth
            if best_left == 0:
                return BruteAnswer(True, depth, 0, depth, len(seen))
        for action in game.legal_actions():
            child = game.copy()
            child.apply(action)
            key = _key(child)
            if key not in seen:
                if len(seen) >= max_states:
                    raise RuntimeError(f"brute force gave up after {max_states} states")
                seen.add(key)
                queue.append((child, depth + 1))
    return BruteAnswer(False, None, best_left, best_moves, len(seen))
