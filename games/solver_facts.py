"""Storing what the solver found about a deal (SolverFact), for every caller alike:
the admin's "Solve now" task, the ``solve_deals`` command, the daily deal vetting.

Written by the platform engineer because the "Solve now" task needed it first; the
solver engineer owns it from here.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from games.models import Deal, SolverFact


def _line(solution: Any) -> str:
    log = getattr(solution, "log", None)
    if isinstance(log, str):
        return log
    steps = getattr(solution, "solution", "")
    return steps if isinstance(steps, str) else " ".join(steps)


def do_store_solution(deal: Deal, solution: Any) -> SolverFact:
    """Store a ``games.engine.solver.Solution`` as the deal's SolverFact (update or create).

    An answer whose budget ran out (``winnable`` None) never replaces a known verdict:
    a later, shorter run must not erase what a longer one proved.
    """
    with transaction.atomic():
        existing = SolverFact.objects.select_for_update().filter(deal=deal).first()
        if existing is not None and existing.winnable is not None and solution.winnable is None:
            return existing
        fact, _ = SolverFact.objects.update_or_create(
            deal=deal,
            defaults={
                "winnable": solution.winnable,
                "par_moves": solution.moves if solution.winnable else None,
                "solution": _line(solution),
                "best_cards_left": solution.best_cards_left,
                "best_moves": solution.best_moves,
                "nodes": solution.nodes,
                "ms": float(solution.ms),
                "solver_version": str(solution.solver_version),
                "solved_at": timezone.now(),
            },
        )
        return fact
