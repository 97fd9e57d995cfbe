"""Vetting the empty daily slots side by side, one solver process per core.

Filling a week of dailies (``setup_site`` on a fresh site, so ``make run``) solves each
slot's candidates until one is proven winnable: 21 slots, a few seconds of one core, most
of it Pyramid's slower deals (issue 13: ``setup_site`` under 5 s). The slots do not depend
on each other, so their searches run in a process pool and only the stores stay in the
caller's process (in slot order, under its transactions).

The children only run the engine's solver: this module imports nothing of Django.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import repeat

from games.engine.solver import Solution, solve

logger = logging.getLogger(__name__)

#: A slot's answer: the first candidate proven winnable and the solver's answer, or None.
Found = tuple[str, Solution] | None


def first_winnable(codes: Sequence[str], budget_s: float) -> Found:
    """The first of ``codes`` the solver proves winnable within ``budget_s`` each."""
    for code in codes:
        solution = solve(code, time_budget_s=budget_s)
        if solution.winnable is True:
            return code, solution
    return None


def pool_size(slots: int, wanted: int | None) -> int:
    """Processes worth starting: one per core (or ``wanted``), no more than the slots; one
    (no pool) inside a daemonic process (a Celery prefork child may not have children of
    its own) and in a process running other threads (a fork copies only the forking
    thread: a lock another thread held stays locked in the child for good)."""
    if multiprocessing.current_process().daemon or threading.active_count() > 1:
        return 1
    cores = wanted if wanted is not None else (os.cpu_count() or 1)
    return max(1, min(cores, slots))


def first_winnable_each(
    batches: Sequence[Sequence[str]], budget_s: float, processes: int
) -> list[Found]:
    """``first_winnable`` of each batch, in a pool of ``processes`` forked children (a
    fork, not a spawn: a spawned child would run the caller's main module again, and
    needs a second of imports; a forked child only searches, and leaves by ``os._exit``,
    never touching the database connections it inherits). A pool that cannot start or
    breaks is logged and the batches are searched here, one after the other: the answers
    are the same, only slower."""
    if processes > 1:
        try:
            context = multiprocessing.get_context("fork")
            with ProcessPoolExecutor(max_workers=processes, mp_context=context) as pool:
                return list(pool.map(first_winnable, batches, repeat(budget_s)))
        except (BrokenProcessPool, OSError) as error:
            logger.warning("vetting pool failed (%s): vetting in this process", error)
    return [first_winnable(batch, budget_s) for batch in batches]
