"""Move logs for the records tests, built on the shared DFS (tests/support/winning.py).

Logs are lists of canonical tokens. ``padded`` makes the same game cost more moves, so
tests can build results that differ only on the move counter.
"""

from __future__ import annotations

from functools import cache

from games.engine import DRAW, new_game
from tests.support.winning import find_win


@cache
def _win(code: str) -> tuple[str, ...]:
    line = find_win(code)
    if line is None:
        raise AssertionError(f"no winning line found for {code}")
    return tuple(line)


def winning_log(code: str) -> list[str]:
    """A line that wins ``code`` (cached: the DFS runs once per code per test session)."""
    return list(_win(code))


def greedy_log(code: str, max_moves: int = 500) -> list[str]:
    """The first legal removal (else a draw) until won or blocked; Pyramid can recycle
    forever on some deals, so ``max_moves`` stops it there, still playing."""
    game = new_game(code)
    while game.status == "playing" and game.moves < max_moves:
        removals = [a for a in game.legal_actions() if a != DRAW]
        game.apply(removals[0] if removals else DRAW)
    return list(game.log)


def padded(log: list[str], extra_moves: int) -> list[str]:
    """The same game with ``extra_moves`` more on the counter: each "D U" adds one move
    and changes nothing else (undo is not a move and restores the score)."""
    return ["D", "U"] * extra_moves + log


def text(log: list[str]) -> str:
    return " ".join(log)
