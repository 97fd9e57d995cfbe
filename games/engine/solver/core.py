"""``solve()``: dispatch on the variant, time the search, check the answer by replay."""

from __future__ import annotations

import time

from games.engine.base import check_deck
from games.engine.codes import DealCode, parse_code
from games.engine.play import Deal, replay, resolve_deal
from games.engine.rules import PyramidRules, TriPeaksRules, Variant
from games.engine.solver.outcome import Budget, Outcome
from games.engine.solver.pyramid import solve_pyramid
from games.engine.solver.result import Solution
from games.engine.solver.tripeaks import solve_tripeaks

DEFAULT_TIME_BUDGET_S = 30.0


class SolverError(AssertionError):
    """The solver's own answer failed its replay check: a bug in the solver."""


def solve(
    deal: Deal,
    variant: Variant | None = None,
    *,
    node_budget: int | None = None,
    time_budget_s: float | None = DEFAULT_TIME_BUDGET_S,
) -> Solution:
    """Solve one deal: a code (text or DealCode) or a 52-card deck with its variant.

    Raises the engine's errors (DealCodeError, DeckError, ValueError) for a bad deal.
    """
    started = time.perf_counter()
    if isinstance(deal, str):
        deal = parse_code(deal)
    deck, chosen = resolve_deal(deal, variant)
    deck = check_deck(deck)
    code = DealCode(chosen, deal.number).text if isinstance(deal, DealCode) else None
    rules = chosen.rules
    # Keep a little of the time budget for the replay check, so that the whole call stays
    # within it.
    search_s = None if time_budget_s is None else max(0.0, time_budget_s - 0.05)
    budget = Budget(node_budget, search_s)
    if isinstance(rules, TriPeaksRules):
        outcome = solve_tripeaks(deck, rules, budget)
    else:
        assert isinstance(rules, PyramidRules)
        outcome = solve_pyramid(deck, rules, budget)
    _verify(deck, chosen, outcome)
    return Solution(
        code=code,
        variant=chosen.value,
        winnable=outcome.winnable,
        moves=outcome.moves,
        solution=outcome.tokens,
        best_cards_left=outcome.best_cards_left,
        best_moves=outcome.best_moves,
        nodes=outcome.nodes,
        ms=(time.perf_counter() - started) * 1000.0,
        budget_exhausted=outcome.exhausted,
    )


def _verify(deck: tuple[int, ...], variant: Variant, outcome: Outcome) -> None:
    """Replay the answer through the engine: it must do exactly what the solver claims."""
    result = replay(deck, outcome.tokens, variant)
    if outcome.moves is not None:
        ok = result.status == "won" and result.moves == outcome.moves == outcome.best_moves
    else:
        ok = (
            result.cards_left == outcome.best_cards_left > 0
            and result.moves == outcome.best_moves
            and (outcome.winnable is not True or outcome.exhausted is not None)
        )
    if not ok:
        raise SolverError(
            f"solver answer does not replay: claimed winnable={outcome.winnable} "
            f"moves={outcome.moves} best_cards_left={outcome.best_cards_left} "
            f"best_moves={outcome.best_moves}, replay gave status={result.status} "
            f"moves={result.moves} cards_left={result.cards_left}"
        )
