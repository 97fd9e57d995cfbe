"""Celery task: solve one deal and store what the solver found (admin "Solve now", and
a numbered deal's first facts request: games/facts_on_demand.py).

Thin: it takes a deal id, loads the deal, calls the solver
(``games.engine.solver.solve``) and hands the answer to
``games.solver_facts.do_store_solution``, which owns how a SolverFact is written.
It returns only what anyone may know (winnable, par): never the line, which would spoil
a sealed deal in a result backend.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task

from games.models import Deal

__all__ = ["solve_deal"]

logger = logging.getLogger(__name__)

DEFAULT_TIME_BUDGET_S = 30.0


@shared_task(name="games.solve_deal")
def solve_deal(deal_id: int, time_budget_s: float = DEFAULT_TIME_BUDGET_S) -> dict[str, Any] | None:
    """Solve deal ``deal_id`` within ``time_budget_s`` and store the SolverFact."""
    from games.engine.solver import solve
    from games.solver_facts import do_store_solution

    deal = Deal.objects.filter(pk=deal_id).first()
    if deal is None:
        logger.warning("solve_deal: deal %s does not exist (deleted?)", deal_id)
        return None
    from games.facts_on_demand import publish_facts

    solution = solve(deal.code, time_budget_s=time_budget_s)
    fact = do_store_solution(deal, solution)
    publish_facts(deal)  # to the deal page open on it (numbered deals only)
    return {"deal": deal.pk, "winnable": fact.winnable, "par": fact.par_moves}
