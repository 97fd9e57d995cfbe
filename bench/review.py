"""Post-game review speed (issue 15): the whole review of a 60-action TriPeaks game and
of a Pyramid game (up to 90 actions), median and p95 over N games each, and a hint's p95
(the position search from a random point of those games, with the hint's 1 s budget);
side by side, the ratio against a naive review that solves every position afresh (no
shared positions, no reuse of the line found before) on the first games.

    .venv/bin/python bench/review.py [--games 50] [--baseline 5]

Games are played by a simulated player: the solver's move most of the time, a random
legal action otherwise, an undo now and then (seeded: the same games every run).
Times are wall clock and CPU time of this process; report ``uptime`` beside them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import Variant, new_game, numbered_code
from games.engine.solver import solve
from games.engine.solver.review import review_game
from games.solvability import percentile

LENGTH = {Variant.TP_E: 60, Variant.PY: 90}


def simulated_game(code: str, length: int, rng: random.Random) -> list[str]:
    """A plausible player's log: good moves, mistakes, undos."""
    game = new_game(code)
    line: list[str] = []
    while game.status == "playing" and len(game.log) < length:
        if game.can_undo and rng.random() < 0.08:
            game.apply("U")
            line = []
            continue
        if not line and rng.random() < 0.5:
            line = solve(code, log=game.log, time_budget_s=2.0).solution
        if line and rng.random() < 0.75:
            game.apply(line.pop(0))
            continue
        game.apply(rng.choice(game.legal_actions()))
        line = []
    return list(game.log)


def naive_review(code: str, log: list[str]) -> None:
    for i in range(len(log) + 1):
        solve(code, log=log[:i], time_budget_s=2.0)


def timed(function, *args):
    wall, cpu = time.perf_counter(), time.process_time()
    function(*args)
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--baseline", type=int, default=5, help="games for the naive review")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    print(
        f"{'variant':8} {'actions':>8} {'median s':>9} {'p95 s':>7} {'max s':>7} "
        f"{'cpu med':>8} {'cpu p95':>8} {'hint p95 ms':>12} {'naive/review':>13}"
    )
    for variant in (Variant.TP_E, Variant.PY):
        rng = random.Random(15)
        games = [
            (code, simulated_game(code, LENGTH[variant], rng))
            for code in (numbered_code(variant, n) for n in range(1, args.games + 1))
        ]
        walls, cpus, hints, hint_cpus = [], [], [], []
        for code, log in games:
            wall, cpu = timed(review_game, code, log)
            walls.append(wall)
            cpus.append(cpu)
            cut = rng.randrange(len(log) + 1)
            hint_wall, hint_cpu = timed(
                lambda c=code, p=log[:cut]: solve(c, log=p, time_budget_s=1.0)
            )
            hints.append(hint_wall * 1000)
            hint_cpus.append(hint_cpu * 1000)
        ratios = []
        for code, log in games[: args.baseline]:
            fast, _ = timed(review_game, code, log)
            slow, _ = timed(naive_review, code, log)
            ratios.append(slow / fast)
        actions = statistics.median(len(log) for _, log in games)
        print(
            f"{variant.value:8} {actions:8.0f} {statistics.median(walls):9.2f} "
            f"{percentile(walls, 0.95):7.2f} {max(walls):7.2f} {statistics.median(cpus):8.2f} "
            f"{percentile(cpus, 0.95):8.2f} {percentile(hints, 0.95):12.0f} "
            f"{percentile(hint_cpus, 0.95):6.0f} "
            f"{statistics.median(ratios):12.1f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
