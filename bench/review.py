"""Post-game review speed (issue 15): the whole review of a 60-action TriPeaks game and
of a Pyramid game (up to 90 actions), median and p95 over N games each, and a hint's p95
(the position search from a random point of those games, with the hint's 1 s budget);
side by side, the ratio against a naive review that solves every position afresh (no
shared positions, no reuse of the line found before) on the first games.

    .venv/bin/python bench/review.py [--games 50] [--baseline 5] [--hints-only]

Games are played by a simulated player: the solver's move most of the time, a random
legal action otherwise, an undo now and then (seeded: the same games every run).
Times are wall clock and CPU time of this process (``time.process_time``: what the search
itself costs, whatever else shares the cores); the load average is printed before and
after. The hints get a table of their own: three positions of each game, the search
with the hint's own budget (games.services.hints.HINT_TIME_BUDGET_S, 1 s), wall and CPU
median / p95 / max, against the issue's 300 ms p95 target.
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
HINT_BUDGET_S = 1.0  # games.services.hints.HINT_TIME_BUDGET_S (no Django imported here)
HINT_TARGET_MS = 300.0
HINTS_PER_GAME = 3


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


def hint(code: str, prefix: list[str], budget_s: float) -> None:
    solve(code, log=prefix, time_budget_s=budget_s)


def timed(function, *args):
    wall, cpu = time.perf_counter(), time.process_time()
    function(*args)
    return time.perf_counter() - wall, time.process_time() - cpu


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def hint_times(games: list[tuple[str, list[str]]], rng: random.Random) -> list[tuple[float, float]]:
    """(wall ms, CPU ms) of hints from random positions of ``games``."""
    times = []
    for code, log in games:
        for _ in range(HINTS_PER_GAME):
            cut = rng.randrange(len(log) + 1)
            wall, cpu = timed(
                lambda c=code, p=log[:cut]: solve(c, log=p, time_budget_s=HINT_BUDGET_S)
            )
            times.append((wall * 1000, cpu * 1000))
    return times


def print_hints(variant: Variant, times: list[tuple[float, float]]) -> None:
    walls = [w for w, _ in times]
    cpus = [c for _, c in times]
    verdict = "met" if percentile(cpus, 0.95) <= HINT_TARGET_MS else "MISSED"
    wall_verdict = "met" if percentile(walls, 0.95) <= HINT_TARGET_MS else "MISSED"
    print(
        f"hint {variant.value:5} n={len(times):3}  wall med/p95/max "
        f"{statistics.median(walls):5.0f} / {percentile(walls, 0.95):5.0f} / {max(walls):5.0f} ms"
        f"  cpu med/p95/max {statistics.median(cpus):5.0f} / {percentile(cpus, 0.95):5.0f} / "
        f"{max(cpus):5.0f} ms  target p95 {HINT_TARGET_MS:.0f} ms: cpu {verdict}, "
        f"wall {wall_verdict}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--baseline", type=int, default=5, help="games for the naive review")
    parser.add_argument("--hints-only", action="store_true", help="time the hints only")
    args = parser.parse_args()
    print(f"load before: {load()}")
    if not args.hints_only:
        print(
            f"{'variant':8} {'actions':>8} {'median s':>9} {'p95 s':>7} {'max s':>7} "
            f"{'cpu med':>8} {'cpu p95':>8} {'naive/review':>13}"
        )
    hints: dict[Variant, list[tuple[float, float]]] = {}
    for variant in (Variant.TP_E, Variant.PY):
        rng = random.Random(15)
        games = [
            (code, simulated_game(code, LENGTH[variant], rng))
            for code in (numbered_code(variant, n) for n in range(1, args.games + 1))
        ]
        hints[variant] = hint_times(games, random.Random(300))
        if args.hints_only:
            continue
        walls, cpus = [], []
        for code, log in games:
            wall, cpu = timed(review_game, code, log)
            walls.append(wall)
            cpus.append(cpu)
        ratios = []
        for code, log in games[: args.baseline]:
            fast, _ = timed(review_game, code, log)
            slow, _ = timed(naive_review, code, log)
            ratios.append(slow / fast)
        actions = statistics.median(len(log) for _, log in games)
        print(
            f"{variant.value:8} {actions:8.0f} {statistics.median(walls):9.2f} "
            f"{percentile(walls, 0.95):7.2f} {max(walls):7.2f} {statistics.median(cpus):8.2f} "
            f"{percentile(cpus, 0.95):8.2f} {statistics.median(ratios):12.1f}x"
        )
    for variant, times in hints.items():
        print_hints(variant, times)
    print(f"load after: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
