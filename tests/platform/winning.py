"""A winning line for a deal, found by a plain depth-first search over the engine.

The platform tests play whole games through HTTP and WebSockets; they need a line that
wins without trusting the solver under test elsewhere. Removals are tried before draws,
and states already seen are skipped, so TriPeaks Easy deals fall in a few thousand nodes.
"""

from __future__ import annotations

from games.engine import DRAW, DealCode, Variant, new_game
from games.engine.play import Game


def find_win(code: str, max_nodes: int = 200_000) -> list[str] | None:
    """A log that wins ``code``, or None (iterative: Pyramid lines run deep)."""
    start = new_game(code)
    seen = {start.state_key()}
    stack: list[tuple[Game, list[str]]] = [(start, [])]
    nodes = 0
    while stack and nodes < max_nodes:
        game, line = stack.pop()
        nodes += 1
        # Pushed in reverse so that removals are tried before draws.
        for token in sorted(game.legal_actions(), key=lambda t: t != DRAW):
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
    """The first numbered deal from ``start`` with a line ``find_win`` finds."""
    for number in range(start, start + 100):
        code = DealCode(variant, number).text
        line = find_win(code)
        if line is not None:
            return code, line
    raise AssertionError(f"no winnable {variant.value} deal found from #{start}")
