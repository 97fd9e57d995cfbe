"""Find a winning line for a deal by a plain depth-first search over the engine.

Tests play whole games (over HTTP, WebSockets, the browser) with it, without trusting the
solver that is under test elsewhere. Removals are tried before draws and states already
seen are skipped, so TriPeaks Easy deals fall in a few thousand nodes; Pyramid deals with
recycling can take far longer (use the solver for those).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import DRAW, Card, DealCode, Variant, new_game
from games.engine.play import Game


def find_win(
    deal: str | Sequence[Card], variant: Variant | None = None, max_nodes: int = 200_000
) -> list[str] | None:
    """A log that wins ``deal``, or None if none was found within ``max_nodes``."""
    start = new_game(deal, variant)
    seen = {start.state_key()}
    # Iterative: Pyramid lines with recycling run deeper than Python's recursion limit.
    stack: list[tuple[Game, list[str]]] = [(start, [])]
    nodes = 0
    while stack and nodes < max_nodes:
        game, line = stack.pop()
        nodes += 1
        # Pushed in reverse so that removals are tried before draws.
        for token in sorted(game.legal_actions(), key=lambda token: token != DRAW):
            child = game.copy()
            child.apply(token)
            if child.won:
                return [*line, token]
            key = child.state_key()
            if key not in seen:
                seen.add(key)
                stack.append((child, [*line, token]))
    return None


def winnable_deal(variant: Variant = Variant.TP_E, start: int = 1) -> tuple[str, list[str]]:
    """The first numbered deal from ``start`` that ``find_win`` wins, and its line."""
    for number in range(start, start + 100):
        code = DealCode(variant, number).text
        line = find_win(code)
        if line is not None:
            return code, line
    raise AssertionError(f"no winnable {variant.value} deal found from #{start}")
