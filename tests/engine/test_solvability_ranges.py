"""Solvability of numbered deals 1..2000 falls inside the published ranges, read from the
repository's data file of solver facts (games/data/solver_facts.tsv.gz), and the file is
checked like a test (python-chess keeps its perft data the same way):

* always (seconds): the file holds deals 1..2000 of each of the app's three rule sets,
  from this solver version; every line it gives replays through the engine to what it
  claims; the winnable shares fall inside the published ranges;
* slow (RUN_SLOW=1, CI's third pass): 200 deals drawn with a fixed seed, and the slowest
  deals of each rule set by the file's node counts, are solved again and must give the
  file's answer (winnable, par, best cards left, best moves).

A solver change that alters an answer makes the slow check fail: then bump
SOLVER_VERSION and regenerate the file (docs/solvability.md says how).
The published ranges live here and only here. TriPeaks Classic has no published range:
its figure is printed.
"""

import functools
import os
import random
import sys

import pytest

from games.engine import Variant, numbered_code, parse_code
from games.engine.solver import SOLVER_VERSION
from games.facts_data import FileFact, read_facts_file
from games.solvability import solve_many
from tests.support.facts_lines import assert_replays_to_its_claims

DEALS = range(1, 2001)
#: Per deal, for the re-solved sample. This is a check of the answers, not of speed
#: (bench/solver.py measures that): on a loaded CI machine a slow deal must not turn into
#: "unknown".
TIME_BUDGET_S = 300.0
#: Published winnable shares (percent) for the app's rules.
PUBLISHED = {
    Variant.TP_E: (95.0, 98.5),  # TriPeaks, K and A linked
    Variant.PY: (64.5, 69.5),  # clear the pyramid, unlimited recycling, top discard only
}
SAMPLE = 200
SAMPLE_SEED = 2000
SLOWEST_PER_VARIANT = 5


@functools.cache
def facts() -> dict[Variant, list[FileFact]]:
    data = read_facts_file()
    assert data.solver_version == str(SOLVER_VERSION), "regenerate the facts file"
    by_variant: dict[Variant, list[FileFact]] = {
        v: [] for v in (Variant.TP_E, Variant.TP_C, Variant.PY)
    }
    for fact in data.facts:
        by_variant[parse_code(fact.code).variant].append(fact)
    return by_variant


def verdicts(variant: Variant) -> tuple[bool, ...]:
    """Winnable or not for deals 1..2000, as the file says."""
    return tuple(fact.winnable for fact in facts()[variant])


def share(variant: Variant) -> float:
    rows = verdicts(variant)
    winnable = sum(rows)
    percent = 100.0 * winnable / len(rows)
    print(
        f"\n{variant.value}: {winnable} winnable of {len(rows)}: {percent:.2f} %", file=sys.stderr
    )
    return percent


def test_the_file_holds_deals_1_to_2000_of_each_rule_set() -> None:
    for variant, rows in facts().items():
        assert [f.code for f in rows] == [numbered_code(variant, n).text for n in DEALS]


def test_every_line_of_the_file_replays_to_what_it_claims() -> None:
    for rows in facts().values():
        for fact in rows:
            assert_replays_to_its_claims(fact)


@pytest.mark.parametrize("variant", list(PUBLISHED))
def test_winnable_share_is_inside_the_published_range(variant: Variant) -> None:
    low, high = PUBLISHED[variant]
    assert low <= share(variant) <= high


def test_tripeaks_classic_share_is_reported() -> None:
    assert share(Variant.TP_C) < share(Variant.TP_E)


def sample() -> list[FileFact]:
    """200 deals by a fixed seed, plus each rule set's slowest by the file's node count."""
    everything = [fact for rows in facts().values() for fact in rows]
    chosen = {fact.code: fact for fact in random.Random(SAMPLE_SEED).sample(everything, SAMPLE)}
    for rows in facts().values():
        for fact in sorted(rows, key=lambda f: -f.nodes)[:SLOWEST_PER_VARIANT]:
            chosen[fact.code] = fact
    return sorted(chosen.values(), key=lambda f: f.code)


@pytest.mark.slow
@pytest.mark.timeout(3600)
@pytest.mark.skipif(os.environ.get("RUN_SLOW") != "1", reason="slow: set RUN_SLOW=1 to run")
def test_a_sample_solved_again_gives_the_files_answers() -> None:
    chosen = {fact.code: fact for fact in sample()}
    rows = list(solve_many(list(chosen), workers=os.cpu_count() or 2, time_budget_s=TIME_BUDGET_S))
    assert not [row for row in rows if "error" in row]
    differ = [
        (row["code"], row["winnable"], row["moves"], row["best_cards_left"], row["best_moves"])
        for row in rows
        if (row["winnable"], row["moves"], row["best_cards_left"], row["best_moves"])
        != (chosen[row["code"]].winnable, chosen[row["code"]].par,
            chosen[row["code"]].best_cards_left, chosen[row["code"]].best_moves)
    ]  # fmt: skip
    print(f"\nre-solved {len(rows)} deals of the facts file", file=sys.stderr)
    assert differ == []
