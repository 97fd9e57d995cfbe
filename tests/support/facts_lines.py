"""One check for a line of a solver facts file (games/facts_data.py), shared by the tests
of the app's file and of the variants' file."""

from __future__ import annotations

from games.engine import replay
from games.facts_data import FileFact


def assert_replays_to_its_claims(fact: FileFact) -> None:
    """The line's solution replays, under its code's own rules, to the moves and cards
    left it gives; it wins exactly when the line says winnable, and par is given then."""
    result = replay(fact.code, fact.solution)
    assert result.moves == fact.best_moves, fact.code
    assert result.cards_left == fact.best_cards_left, fact.code
    assert (result.cards_left == 0) == fact.winnable, fact.code
    assert fact.par == (fact.best_moves if fact.winnable else None), fact.code
