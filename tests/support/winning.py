"""Find a winning line for a deal by a plain depth-first search over the engine.

Tests use it to play whole games (over HTTP, WebSockets, the browser) without depending
on the solver: it is slow on hard deals but simple enough to trust.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import DRAW, Card, Variant, new_game
from games.engine.play import Game


def find_win(
    deal: str | Sequence[Card], variant: Variant | None = None, max_nodes: int = 200_000
) -> list[str] | None:
    """A log that wins ``deal`` (removals tried before draws), or None if none was found."""
    start = new_game(deal, variant)
    seen: set[tuple[object, ...]] = {start.state_key()}
    # Iterative: Pyramid lines with recycling run deeper than Python's recursion limit.
    stack: list[tuple[Game, list[str]]] = [(start, [])]
    while stack and len(seen) < max_nodes:
        game, line = stack.pop()
        if game.won:
            return line
        # Pushed in reverse so that removals are tried before draws.
        for token in sorted(game.legal_actions(), key=lambda token: token != DRAW):
            child = game.copy()
            child.apply(token)
            key = child.state_key()
            if key not in seen:
                seen.add(key)
                stack.append((child, [*line, token]))
    return None


def first_winnable(prefix: str, variant: Variant, start: int = 1) -> tuple[str, list[str]]:
    """The first numbered deal from ``start`` that ``find_win`` wins, and its line."""
    from games.engine import DealCode

    for number in range(start, start + 200):
        code = DealCode(variant, number).text
        line = find_win(code)
        if line is not None:
            return code, line
    raise AssertionError(f"no winnable {prefix} deal found from {start}")
