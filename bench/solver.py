"""Solver speed: median and p95 ms per deal over numbered deals, and a ratio against a
plain breadth-first search (the solver package's ``*_plain`` references: every packed
state, no layers, heuristics or reductions) run side by side on a subset.

    .venv/bin/python bench/solver.py [--deals 200] [--baseline 5]
    .venv/bin/python bench/solver.py --pyramid-tail 2000 [--against 2e1b32f] [--at-once]
    .venv/bin/python bench/solver.py --pyramid-slowest 20 [--against 2e1b32f] [--at-once]
    .venv/bin/python bench/solver.py --variants [--deals 200] [--node-budget N] [RULE SET …]

Times are wall-clock in this one process (``solve()`` includes its replay check).

``--pyramid-tail N`` measures the Pyramid solver's tail instead: Pyramid deals 1..N,
median, p95 and max per deal (wall and CPU), run side by side with the engine of git
revision ``--against`` (extracted with ``git archive``, run in its own process, same
deals), with the ratio of each figure, the slowest deals of each tree (CPU) and a check
that every answer is the same.
``--pyramid-slowest K`` does the same on the K deals of 1..2000 whose search took the
most nodes by games/data/solver_facts.tsv.gz (the tail, without solving all 2000).
``--at-once`` runs the two trees at the same time, one process each (on a machine with
two free cores: half the wall time, and a change of load lands on both sides alike).

``--variants`` measures the literature's rule sets (issue 17; default: every base with
one option, as the pickers list them): CPU median and p95 per deal over deals 1..N,
printed beside the base rule set's own on the same deal numbers (the baseline), with the
ratio and the deals whose budget ran out. The machine's load is printed with it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import Variant, deal_deck, numbered_code, parse_code, parse_rule_set
from games.engine.rules import CLASSIC, EASY, PYRAMID
from games.engine.solver import solve
from games.engine.solver.outcome import Budget
from games.engine.solver.pyramid import solve_pyramid
from games.engine.solver.reference import solve_pyramid_plain, solve_tripeaks_plain
from games.engine.solver.tripeaks import solve_tripeaks
from games.engine.variants import named_rule_sets
from games.facts_data import read_facts_file
from games.solvability import percentile

#: How many of the tail's slowest deals (CPU) each tree's line names.
SLOWEST_NAMED = 6

#: Pyramid deals small enough for the plain search (it needs every state closer than par).
PYRAMID_BASELINE = (11, 29, 18, 6, 4, 1, 3)


def timed(function, *args):
    started = time.process_time()
    outcome = function(*args)
    return outcome, (time.process_time() - started) * 1000.0


ROOT = Path(__file__).resolve().parent.parent

#: Run in a child process with an engine tree first on sys.path: one JSON line per deal.
TAIL_RUNNER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from games.engine import Variant, numbered_code
from games.engine.solver import solve
for n in map(int, sys.argv[2].split(",")):
    cpu = time.process_time()
    a = solve(numbered_code(Variant.PY, n), time_budget_s=None)
    cpu = (time.process_time() - cpu) * 1000.0
    print(json.dumps([n, a.winnable, a.moves, a.best_cards_left, a.best_moves, a.ms, cpu]))
"""


def cpu_per_deal(
    variant: Variant, options: str, deals: int, node_budget: int | None
) -> tuple[list[float], int]:
    """CPU ms of ``solve`` per numbered deal 1..deals, and how many ran out of budget."""
    cpu, cut = [], 0
    for number in range(1, deals + 1):
        started = time.process_time()
        answer = solve(
            numbered_code(variant, number, options), node_budget=node_budget, time_budget_s=None
        )
        cpu.append((time.process_time() - started) * 1000.0)
        cut += answer.budget_exhausted is not None
    return cpu, cut


def variants_table(names: list[str], deals: int, node_budget: int | None) -> int:
    """Each rule set beside its base, same deals, same process, same budget."""
    print(f"solver under the variants, numbered deals 1..{deals}: CPU ms per deal")
    print(f"(incl. its replay check), node budget {node_budget}; load: {_load()}")
    print(
        f"{'rule set':10} {'median':>8} {'p95':>8} {'base':6} {'median':>8} {'p95':>8} "
        f"{'x med':>6} {'x p95':>6} {'cut':>4} {'max':>8} {'CPU s':>7}"
    )
    bases: dict[Variant, list[float]] = {}
    for name in names:
        variant, options = parse_rule_set(name)
        if variant not in bases:
            bases[variant] = cpu_per_deal(variant, "", deals, node_budget)[0]
        base = bases[variant]
        cpu, cut = cpu_per_deal(variant, options, deals, node_budget)
        med, p95 = statistics.median(cpu), percentile(cpu, 0.95)
        b_med, b_p95 = statistics.median(base), percentile(base, 0.95)
        print(
            f"{name:10} {med:8.1f} {p95:8.1f} {variant.value:6} {b_med:8.1f} {b_p95:8.1f} "
            f"{med / b_med:6.2f} {p95 / b_p95:6.2f} {cut:4} {max(cpu):8.1f} {sum(cpu) / 1e3:7.1f}",
            flush=True,
        )
    print(f"load after: {_load()}")
    return 0


def _load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def run_tails(trees: list[Path], deals: list[int], at_once: bool) -> list[list[list]]:
    """Each tree's answers and times on ``deals``, each tree in its own process: one after
    the other, or (``at_once``) all at the same time, one core each, so that a change of
    the machine's load lands on both sides alike."""
    command = [sys.executable, "-c", TAIL_RUNNER]
    numbers = ",".join(map(str, deals))
    # Each child writes to a file of its own, not a pipe: a pipe read after another
    # child's would fill (2,000 lines) and stop its writer in the middle of the run.
    with ExitStack() as files:
        sinks = [files.enter_context(tempfile.TemporaryFile("w+")) for _ in trees]
        children = []
        for tree, sink in zip(trees, sinks, strict=True):
            children.append(subprocess.Popen([*command, str(tree), numbers], stdout=sink))
            if not at_once:
                children[-1].wait()
        if any(child.wait() for child in children):
            raise SystemExit("a tail runner failed")
        outs = []
        for sink in sinks:
            sink.seek(0)
            outs.append(sink.read())
    return [[json.loads(line) for line in out.splitlines()] for out in outs]


def slowest_pyramid_deals(count: int) -> list[int]:
    """The ``count`` Pyramid deals (default rules) of the facts file that took the most
    search nodes, in deal order: the tail of deals 1..2000 without solving them all."""
    facts = [
        (fact.nodes, parse_code(fact.code).number)
        for fact in read_facts_file().facts
        if parse_code(fact.code).rule_set == Variant.PY.value
    ]
    return sorted(number for _, number in sorted(facts, reverse=True)[:count])


def pyramid_tail(deals: list[int], against: str, at_once: bool = False) -> int:
    """The Pyramid tail against the solver of git revision ``against``, side by side
    (``at_once``: both solvers running at the same time, one process each)."""
    print("load before: " + " ".join(f"{v:.2f}" for v in os.getloadavg()))
    with tempfile.TemporaryDirectory() as old:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", against, "games/engine"],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", old], input=archive, check=True)
        (Path(old) / "games" / "__init__.py").touch()
        before, now = run_tails([Path(old), ROOT], deals, at_once)
    different = [a[0] for a, b in zip(now, before, strict=True) if a[1:5] != b[1:5]]
    named = (
        f"1..{deals[-1]}" if deals == list(range(1, len(deals) + 1)) else ", ".join(map(str, deals))
    )
    print(f"Pyramid deals {named}: ms per deal, this tree against {against}")
    print(f"{'':10} {'median':>9} {'p95':>9} {'max':>9}")
    for label, column in (("wall", 5), ("cpu", 6)):
        for name, rows in ((against[:10], before), ("now", now)):
            values = [row[column] for row in rows]
            print(
                f"{label + ' ' + name:16} {statistics.median(values):9.1f} "
                f"{percentile(values, 0.95):9.1f} {max(values):9.1f}"
            )
        old_v = [row[column] for row in before]
        new_v = [row[column] for row in now]
        print(
            f"{label + ' ratio':16} {statistics.median(old_v) / statistics.median(new_v):8.2f}x "
            f"{percentile(old_v, 0.95) / percentile(new_v, 0.95):8.2f}x "
            f"{max(old_v) / max(new_v):8.2f}x"
        )
    for name, rows in ((against[:10], before), ("now", now)):
        slowest = sorted(rows, key=lambda row: -row[6])[:SLOWEST_NAMED]
        print(f"slowest, {name}: " + ", ".join(f"{row[0]} {row[6]:.0f} ms" for row in slowest))
    print("same answers on every deal" if not different else f"DIFFERENT ANSWERS: {different}")
    print("load after: " + " ".join(f"{v:.2f}" for v in os.getloadavg()))
    return 1 if different else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--baseline", type=int, default=5, help="deals for the plain search")
    parser.add_argument("--pyramid-tail", type=int, default=0, metavar="N")
    parser.add_argument(
        "--pyramid-slowest",
        type=int,
        default=0,
        metavar="K",
        help="the K slowest of the facts file",
    )
    parser.add_argument("--against", default="2e1b32f", help="git revision of the baseline")
    parser.add_argument(
        "--at-once",
        action="store_true",
        help="with --pyramid-tail/--pyramid-slowest: both trees at the same time, a core each",
    )
    parser.add_argument("--variants", action="store_true", help="the literature's rule sets")
    parser.add_argument("--node-budget", type=int, default=None)
    parser.add_argument("rule_sets", nargs="*", help="with --variants: TP-C+T, PY+R1…")
    args = parser.parse_args()
    if args.variants:
        return variants_table(args.rule_sets or named_rule_sets(), args.deals, args.node_budget)
    if args.pyramid_tail:
        return pyramid_tail(list(range(1, args.pyramid_tail + 1)), args.against, args.at_once)
    if args.pyramid_slowest:
        return pyramid_tail(
            slowest_pyramid_deals(args.pyramid_slowest), args.against, args.at_once
        )

    print(f"solver over numbered deals 1..{args.deals}: ms per deal (incl. its replay check),")
    print("wall clock and CPU time of this process (CPU is what a busy machine does not inflate)")
    print(
        f"{'variant':8} {'median':>8} {'p95':>8} {'max':>8} {'cpu med':>8} {'cpu p95':>8} "
        f"{'cpu max':>8} {'nodes':>8} {'winnable':>9}"
    )
    for variant in (Variant.TP_E, Variant.TP_C, Variant.PY):
        times, cpu, nodes, won = [], [], [], 0
        for number in range(1, args.deals + 1):
            started = time.process_time()
            answer = solve(numbered_code(variant, number))
            cpu.append((time.process_time() - started) * 1000.0)
            times.append(answer.ms)
            nodes.append(answer.nodes)
            won += answer.winnable is True
        print(
            f"{variant.value:8} {statistics.median(times):8.1f} {percentile(times, 0.95):8.1f} "
            f"{max(times):8.1f} {statistics.median(cpu):8.1f} {percentile(cpu, 0.95):8.1f} "
            f"{max(cpu):8.1f} {statistics.median(nodes):8.0f} {won:5}/{args.deals}"
        )

    print()
    print("against the plain breadth-first search, same deals, same process")
    print(f"{'variant':8} {'deals':>6} {'solver':>9} {'plain':>9} {'ratio':>7}  (median CPU ms)")
    cases = [
        ("TP-E", "TP", EASY, solve_tripeaks, solve_tripeaks_plain, range(1, args.baseline + 1)),
        ("TP-C", "TP", CLASSIC, solve_tripeaks, solve_tripeaks_plain, range(1, args.baseline + 1)),
        (
            "PY",
            "PY",
            PYRAMID,
            solve_pyramid,
            solve_pyramid_plain,
            PYRAMID_BASELINE[: args.baseline],
        ),
    ]
    for name, prefix, rules, fast, plain, numbers in cases:
        fast_ms, plain_ms = [], []
        for number in numbers:
            deck = deal_deck(prefix, number)
            a, ms_a = timed(fast, deck, rules, Budget(None, None))
            b, ms_b = timed(plain, deck, rules, Budget(None, None))
            same = (a.winnable, a.moves, a.best_cards_left, a.best_moves) == (
                b.winnable,
                b.moves,
                b.best_cards_left,
                b.best_moves,
            )
            if not same:
                print(f"  {name} deal {number}: DIFFERENT ANSWERS {a} {b}")
                return 1
            fast_ms.append(ms_a)
            plain_ms.append(ms_b)
        m_fast, m_plain = statistics.median(fast_ms), statistics.median(plain_ms)
        print(f"{name:8} {len(fast_ms):6} {m_fast:9.1f} {m_plain:9.1f} {m_plain / m_fast:6.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
