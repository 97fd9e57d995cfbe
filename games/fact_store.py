"""The one path that stores a solver answer as a deal's SolverFact, for every caller:
the admin's "Solve now" task and the ``solve_deals`` command (games.solver_facts), the
daily deal vetting and the admin's sealed pick (games.daily, games.admin_daily), the
match rounds' deals (matches.services.rounds).

Its rule: an answer cut short by its budget never replaces a known verdict, so a later,
shorter run cannot erase what a longer one proved (nor its par). It sits apart from
``games.solver_facts`` because ``games.daily`` stores facts too and ``solver_facts``
imports the deal services, which import ``games.daily``.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from games.engine.solver import Solution
from games.models import Deal, SolverFact

__all__ = ["Vetting", "store_solver_fact"]


@dataclass(frozen=True, slots=True)
class Vetting:
    """A solver answer as a SolverFact holds it. ``budget_cut``: the search ran out of
    its budget (the answer is what was found by then)."""

    winnable: bool | None
    par_moves: int | None
    solution: str = ""
    best_cards_left: int | None = None
    best_moves: int | None = None
    nodes: int = 0
    ms: float = 0.0
    solver_version: str = ""
    budget_cut: bool = False

    @classmethod
    def of(cls, solution: Solution) -> Vetting:
        return cls(
            winnable=solution.winnable,
            par_moves=solution.moves if solution.winnable else None,
            solution=solution.log,
            best_cards_left=solution.best_cards_left,
            best_moves=solution.best_moves,
            nodes=solution.nodes,
            ms=float(solution.ms),
            solver_version=str(solution.solver_version),
            budget_cut=solution.budget_exhausted is not None,
        )


def store_solver_fact(deal: Deal, vetting: Vetting) -> SolverFact:
    """Store ``vetting`` as the deal's SolverFact (update or create), unless it is a
    budget-cut answer and the deal already has a verdict: then the known fact stays."""
    with transaction.atomic():
        existing = SolverFact.objects.select_for_update().filter(deal=deal).first()
        if existing is not None and existing.winnable is not None and vetting.budget_cut:
            return existing
        fact, _ = SolverFact.objects.update_or_create(
            deal=deal,
            defaults={
                "winnable": vetting.winnable,
                "par_moves": vetting.par_moves,
                "solution": vetting.solution,
                "best_cards_left": vetting.best_cards_left,
                "best_moves": vetting.best_moves,
                "nodes": vetting.nodes,
                "ms": vetting.ms,
                "solver_version": vetting.solver_version,
                "solved_at": timezone.now(),
            },
        )
        return fact
