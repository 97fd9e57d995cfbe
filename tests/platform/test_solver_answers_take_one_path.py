"""Solver answers are stored by one path (games.fact_store) whoever asks: the "Solve now"
task and ``solve_deals`` (games.solver_facts), the daily vetting and the matches' rounds
(games.daily). Its rule holds for each: a budget-cut answer never replaces a known
verdict, and a complete answer does."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games import daily
from games.engine import Variant, numbered_code
from games.engine.solver import solve
from games.fact_store import Vetting
from games.models import SolverFact
from games.services.deals import get_or_create_deal
from games.solver_facts import do_store_solution

pytestmark = pytest.mark.django_db

CODE = "PY1-N-AAAAAAB"


def test_the_daily_path_keeps_a_known_verdict_against_a_budget_cut_answer() -> None:
    deal = get_or_create_deal(numbered_code(Variant.PY, 1))
    complete = solve(CODE)
    do_store_solution(deal, complete)
    cut = Vetting.of(solve(CODE, node_budget=3000))
    assert cut.budget_cut and cut.winnable is True and cut.par_moves is None
    fact = daily.store_solver_fact(deal, cut)
    stored = SolverFact.objects.get(deal=deal)
    for kept in (fact, stored):
        assert (kept.winnable, kept.par_moves, kept.solution) == (True, 72, complete.log)


def test_a_cut_answer_is_stored_while_nothing_is_known_and_a_complete_one_replaces_it() -> None:
    deal = get_or_create_deal(numbered_code(Variant.PY, 1))
    daily.store_solver_fact(deal, Vetting.of(solve(CODE, node_budget=3000)))
    assert SolverFact.objects.get(deal=deal).par_moves is None
    do_store_solution(deal, solve(CODE))
    assert SolverFact.objects.get(deal=deal).par_moves == 72


def test_the_daily_vetter_answers_what_the_solver_stores() -> None:
    vet = daily.solver_vetter(time_budget_s=60.0)
    assert vet is not None
    vetted = vet(CODE)
    expected = Vetting.of(solve(CODE))
    assert replace(vetted, ms=0.0) == replace(expected, ms=0.0)
    assert (vetted.par_moves, vetted.budget_cut) == (72, False)
