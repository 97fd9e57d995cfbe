"""Storing what the solver found about a deal (SolverFact), for every caller alike:
the admin's "Solve now" task, the ``solve_deals`` command, the daily deal vetting.

Written first by the platform engineer for the "Solve now" task; owned by the solver.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from games.engine import parse_code
from games.engine.solver import SOLVER_VERSION, Solution
from games.fact_store import Vetting, store_solver_fact
from games.models import Deal, SolverFact
from games.services.deals import get_or_create_deal

__all__ = ["current_version", "do_store_solution", "do_store_solutions", "solved_numbers"]


def current_version() -> str:
    return str(SOLVER_VERSION)


def do_store_solution(deal: Deal, solution: Solution) -> SolverFact:
    """Store a solver answer as the deal's SolverFact, by the one path (games.fact_store):
    an answer cut short by its budget never replaces a known verdict."""
    return store_solver_fact(deal, Vetting.of(solution))


def do_store_solutions(solutions: Iterable[Solution]) -> int:
    """Store a batch of answers (each naming its code) in one transaction; the Deal rows
    are created on first use. Returns how many were stored."""
    stored = 0
    with transaction.atomic():
        for solution in solutions:
            if solution.code is None:
                raise ValueError("a batch answer must name its deal code")
            do_store_solution(get_or_create_deal(parse_code(solution.code)), solution)
            stored += 1
    return stored


def solved_numbers(variant: str, first: int, last: int) -> set[int]:
    """Numbered deals of rule set ``variant`` (``TP-E``, ``TP-C+T``…) in ``first..last``
    with a verdict from the current solver version."""
    numbers = SolverFact.objects.filter(
        deal__variant=str(variant),
        deal__sealed=False,
        deal__number__gte=first,
        deal__number__lte=last,
        solver_version=current_version(),
        winnable__isnull=False,
    ).values_list("deal__number", flat=True)
    return {number for number in numbers if number is not None}  # numbered: never None
