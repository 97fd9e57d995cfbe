"""``solve()``: dispatch on the variant, time the search, check the answer by replay.

One entry for the deal's start and for any position: ``log`` (a prefix of a game, undos
included) is replayed through the engine and the search starts from the game it leaves.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from games.engine.base import check_deck
from games.engine.codes import DealCode, parse_code
from games.engine.play import Deal, Game, replay, resolve_deal
from games.engine.pyramid import PyramidGame
from games.engine.rules import Variant
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
    log: str | Sequence[str] = (),
    node_budget: int | None = None,
    time_budget_s: float | None = DEFAULT_TIME_BUDGET_S,
) -> Solution:
    """Solve one deal (a code, text or DealCode, or a 52-card deck with its variant) from
    its start, or from the position ``log`` leads to: the best result still reachable,
    the fewest *further* moves to it and a line there (``solution``, after ``log``).

    Raises the engine's errors (DealCodeError, DeckError, ReplayError, ValueError) for a
    bad deal or log.
    """
    started = time.perf_counter()
    if isinstance(deal, str):
        deal = parse_code(deal)
    deck, chosen = resolve_deal(deal, variant)
    if isinstance(deal, DealCode) and deal.rules != chosen.rules:
        # The literature's variants (issue 17) have rules of their own: not searched.
        raise ValueError(f"the solver plays the rules of {chosen.value} only, not {deal.text}")
    deck = check_deck(deck)
    code = DealCode(chosen, deal.number).text if isinstance(deal, DealCode) else None
    prefix = log.split() if isinstance(log, str) else list(log)
    game = replay(deck, prefix, chosen).game
    # Keep a little of the time budget for the replay check, so that the whole call stays
    # within it.
    search_s = None if time_budget_s is None else max(0.0, time_budget_s - 0.05)
    outcome = search_from(game, Budget(node_budget, search_s))
    _verify(deck, chosen, prefix, game, outcome)
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


def search_from(game: Game, budget: Budget) -> Outcome:
    """The variant's search from an engine position (unverified: ``solve`` checks it)."""
    if isinstance(game, PyramidGame):
        return solve_pyramid(game.deck, game.rules, budget, game)
    return solve_tripeaks(game.deck, game.rules, budget, game)


def _verify(
    deck: tuple[int, ...], variant: Variant, prefix: list[str], start: Game, outcome: Outcome
) -> None:
    """Replay the answer through the engine: it must do exactly what the solver claims."""
    result = replay(deck, [*prefix, *outcome.tokens], variant)
    further = result.moves - start.moves
    if outcome.moves is not None:
        ok = result.status == "won" and further == outcome.moves == outcome.best_moves
    else:
        ok = (
            result.cards_left == outcome.best_cards_left > 0
            and further == outcome.best_moves
            and (outcome.winnable is not True or outcome.exhausted is not None)
        )
    if not ok:
        raise SolverError(
            f"solver answer does not replay: claimed winnable={outcome.winnable} "
            f"moves={outcome.moves} best_cards_left={outcome.best_cards_left} "
            f"best_moves={outcome.best_moves}, replay gave status={result.status} "
            f"moves={further} further, cards_left={result.cards_left}"
        )
