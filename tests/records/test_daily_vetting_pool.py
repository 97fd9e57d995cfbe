"""Empty daily slots are vetted side by side (games.vetting_pool): the pool's answers
are the ones a search in the caller gives, slot for slot; no pool where a fork is unsafe
(other threads) or impossible (a daemonic process), and ensure_daily_deals stores what
the pool found."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from games import vetting_pool
from games.daily import ensure_daily_deals
from games.engine import SEALED_MIN, DealCode, Variant
from games.engine.solver import solve
from games.models import DailyDeal, SolverFact

ROOT = Path(__file__).resolve().parents[2]

#: Three slots' candidates: sealed codes of each game, some unwinnable ones among them.
BATCHES = [
    [DealCode(Variant.TP_C, SEALED_MIN + k).text for k in range(3)],
    [DealCode(Variant.PY, SEALED_MIN + k).text for k in range(5)],
    [DealCode(Variant.TP_E, SEALED_MIN + 7).text],
]

POOL_RUN = """
import json, sys
from games import vetting_pool
batches, processes = json.loads(sys.argv[1]), int(sys.argv[2])
print(json.dumps([
    None if found is None else [found[0], found[1].moves, found[1].log]
    for found in vetting_pool.first_winnable_each(batches, 10.0, processes)
]))
"""


def _in_a_fresh_process(processes: int) -> Any:
    """The pool run in a process of its own: one thread, so a fork there is safe."""
    done = subprocess.run(
        [sys.executable, "-c", POOL_RUN, json.dumps(BATCHES), str(processes)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(done.stdout)


def test_the_pool_answers_what_a_search_here_answers() -> None:
    here = []
    for batch in BATCHES:
        found = vetting_pool.first_winnable(batch, 10.0)
        here.append(None if found is None else [found[0], found[1].moves, found[1].log])
    assert _in_a_fresh_process(2) == here
    for answer in here:
        if answer is not None:  # the first winnable of its batch: every earlier one is not
            batch = next(b for b in BATCHES if answer[0] in b)
            earlier = batch[: batch.index(answer[0])]
            assert all(solve(code, time_budget_s=10.0).winnable is not True for code in earlier)


def test_no_pool_beside_other_threads_or_in_a_daemonic_process(monkeypatch: Any) -> None:
    assert vetting_pool.pool_size(21, 2) == (1 if threading.active_count() > 1 else 2)
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert vetting_pool.pool_size(21, 2) == 2
    assert vetting_pool.pool_size(1, 2) == 1, "no more processes than slots"
    assert vetting_pool.pool_size(21, None) >= 1

    class Daemonic:
        daemon = True

    monkeypatch.setattr(vetting_pool.multiprocessing, "current_process", lambda: Daemonic())
    assert vetting_pool.pool_size(21, 2) == 1


@pytest.mark.django_db
def test_the_real_solver_fills_the_slots_with_what_it_proved(settings: Any) -> None:
    settings.DAILY_VET_PROCESSES = 2
    made = ensure_daily_deals(days=1)
    assert sorted(d.variant for d in made) == ["PY", "TP-C", "TP-E"]
    for daily in DailyDeal.objects.select_related("deal"):
        fact = SolverFact.objects.get(deal=daily.deal)
        again = solve(daily.deal.code, time_budget_s=10.0)
        assert fact.winnable is True and again.winnable is True
        assert fact.par_moves == again.moves
