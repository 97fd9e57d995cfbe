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
from games.engine.rules import PyramidRules, TriPeaksRules, Variant
from games.engine.solver.gc_threshold import rare_collections
from games.engine.solver.outcome import Budget, Outcome
from games.engine.solver.pyramid import solve_pyramid
from games.engine.solver.pyramid_variants import is_default, solve_pyramid_variant
from games.engine.solver.result import Solution
from games.engine.solver.tripeaks import solve_tripeaks
from games.engine.solver.tripeaks_stuck import solve_traditional
from games.engine.variants import Rules

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
    rules: Rules | None = None,
) -> Solution:
    """Solve one deal (a code, text or DealCode, or a 52-card deck with its variant) from
    its start, or from the position ``log`` leads to: the best result still reachable,
    the fewest *further* moves to it and a line there (``solution``, after ``log``).

    Raises the engine's errors (DealCodeError, DeckError, ReplayError, ValueError) for a
    bad deal or log. ``rules`` defaults to a code's own (``TP1-EOH-…`` plays Easy with
    open peaks and Hogue's scoring), else to the variant's.
    """
    started = time.perf_counter()
    if isinstance(deal, str):
        deal = parse_code(deal)
    deck, chosen = resolve_deal(deal, variant)
    if rules is None:
        # A code's own rules (the literature's variants, issue 17), else the variant's.
        rules = deal.rules if isinstance(deal, DealCode) and variant is None else chosen.rules
    deck = check_deck(deck, rules.jokers if isinstance(rules, TriPeaksRules) else 0)
    code = _code_text(deal, chosen, rules)
    prefix = log.split() if isinstance(log, str) else list(log)
    game = replay(deck, prefix, chosen, rules).game
    # Keep a little of the time budget for the replay check, so that the whole call stays
    # within it.
    search_s = None if time_budget_s is None else max(0.0, time_budget_s - 0.05)
    with rare_collections():
        outcome = search_from(game, Budget(node_budget, search_s))
    _verify(deck, chosen, rules, prefix, game, outcome)
    return Solution(
        code=code,
        variant=rules.name,
        winnable=outcome.winnable,
        moves=outcome.moves,
        solution=outcome.tokens,
        best_cards_left=outcome.best_cards_left,
        best_moves=outcome.best_moves,
        nodes=outcome.nodes,
        ms=(time.perf_counter() - started) * 1000.0,
        budget_exhausted=outcome.exhausted,
    )


def _code_text(deal: Deal, chosen: Variant, rules: Rules) -> str | None:
    """The code of a numbered deal under the rules solved (None for an explicit deck)."""
    if not isinstance(deal, DealCode):
        return None
    if rules is deal.rules or rules == deal.rules:
        return deal.text
    return DealCode(chosen, deal.number).text if rules is chosen.rules else None


def search_from(game: Game, budget: Budget) -> Outcome:
    """The rule set's search from an engine position (unverified: ``solve`` checks it).

    The app's rules and the literature's (issue 17) that keep their shape go to the
    fast searches; a rule that changes the state or the moves goes to its own search:
    the traditional draw (tripeaks_stuck.py), and any Pyramid variant
    (pyramid_variants/). Open peaks and Hogue's scoring change neither the moves nor
    what is left, so their answers are the base rules' searched on the variant's deck."""
    rules = game.rules
    if isinstance(game, PyramidGame):
        assert isinstance(rules, PyramidRules)
        if is_default(rules):
            return solve_pyramid(game.deck, rules, budget, game)
        return solve_pyramid_variant(game.deck, rules, budget, game)
    assert isinstance(rules, TriPeaksRules)
    if rules.draw_only_when_stuck:
        return solve_traditional(game.deck, rules, budget, game)
    return solve_tripeaks(game.deck, rules, budget, game)


def _verify(
    deck: tuple[int, ...],
    variant: Variant,
    rules: Rules,
    prefix: list[str],
    start: Game,
    outcome: Outcome,
) -> None:
    """Replay the answer through the engine: it must do exactly what the solver claims."""
    result = replay(deck, [*prefix, *outcome.tokens], variant, rules)
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
