"""The literature's variants' data file (games/data/variant_facts.tsv.gz, issue 17) is
checked like a test, as the app's own facts file is (test_solvability_ranges.py):

* it holds deals 1..2000 of every rule set its regenerate line names, in order, from
  this solver version;
* every line replays through the engine, under its code's own rules, to what it claims;
* docs/solvability.md's variants section is what ``solve_deals --variants-section``
  writes from it: the figures the docs give are the file's, not a copy typed by hand;
* slow (RUN_SLOW=1, CI's third pass): two quick deals of every rule set, drawn by a
  fixed seed, are solved again and must give the file's answers.

Seconds, but for the slow one: the file's 34,000 lines replay at about 0.1 ms each.
"""

import functools
import gzip
import os
import random
import shlex
from pathlib import Path

import pytest

from games.engine import numbered_code, parse_code, parse_rule_set
from games.engine.solver import SOLVER_VERSION
from games.engine.variants import rule_set_name
from games.facts_data import FileFact, read_facts_file
from games.solvability import (
    SECTION_END,
    SECTION_START,
    render_variants_section,
    rule_set_order,
    solve_many,
    summarize,
)
from tests.support.facts_lines import assert_replays_to_its_claims

ROOT = Path(__file__).resolve().parents[2]
VARIANT_FACTS = ROOT / "games" / "data" / "variant_facts.tsv.gz"
SOLVABILITY_DOC = ROOT / "docs" / "solvability.md"
DEALS = range(1, 2001)


@functools.cache
def header_command() -> str:
    """The file's regenerate line: the command that wrote it (and the docs' section)."""
    with gzip.open(VARIANT_FACTS, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("# regenerate: "):
                return line.removeprefix("# regenerate: ").strip()
    raise AssertionError(f"{VARIANT_FACTS}: no '# regenerate:' line")


def named_rule_sets() -> list[str]:
    """The rule sets the regenerate line names after ``--variant``."""
    words = shlex.split(header_command())
    start = words.index("--variant") + 1
    names = []
    for word in words[start:]:
        if word.startswith("--"):
            break
        names.append(rule_set_name(*parse_rule_set(word)))
    return names


@functools.cache
def by_rule_set() -> dict[str, list[FileFact]]:
    data = read_facts_file(VARIANT_FACTS)
    assert data.solver_version == str(SOLVER_VERSION), "regenerate the variants' file"
    grouped: dict[str, list[FileFact]] = {}
    for fact in data.facts:
        code = parse_code(fact.code)
        grouped.setdefault(rule_set_name(code.variant, code.options), []).append(fact)
    return grouped


def test_the_file_holds_deals_1_to_2000_of_every_rule_set_it_names() -> None:
    facts = by_rule_set()
    assert sorted(facts) == sorted(named_rule_sets())
    for name, rows in facts.items():
        variant, options = parse_rule_set(name)
        expected = [numbered_code(variant, n, options=options).text for n in DEALS]
        assert [fact.code for fact in rows] == expected, name


def test_every_line_replays_under_its_own_rules_to_what_it_claims() -> None:
    for rows in by_rule_set().values():
        for fact in rows:
            assert_replays_to_its_claims(fact)


def test_the_docs_variants_section_is_the_files_figures() -> None:
    summaries = [
        summarize(
            name,
            (
                {
                    "winnable": fact.winnable,
                    "moves": fact.par,
                    "ms": fact.ms,
                    "number": parse_code(fact.code).number,
                }
                for fact in by_rule_set()[name]
            ),
        )
        for name in sorted(by_rule_set(), key=rule_set_order)
    ]
    written = render_variants_section(summaries, DEALS[0], DEALS[-1], header_command())
    doc = SOLVABILITY_DOC.read_text(encoding="utf-8")
    start, end = doc.index(SECTION_START), doc.index(SECTION_END) + len(SECTION_END)
    assert doc[start:end] == written


#: Per rule set, deals re-solved in CI's slow pass, drawn by a fixed seed among those the
#: file says took under QUICK_MS: a solver change that alters a variant's answer fails
#: here (then bump SOLVER_VERSION and solve the file again), in about a minute.
PER_RULE_SET = 2
QUICK_MS = 2000.0
SAMPLE_SEED = 17


def quick_sample() -> list[FileFact]:
    chosen = []
    for name in sorted(by_rule_set(), key=rule_set_order):
        quick = [fact for fact in by_rule_set()[name] if fact.ms < QUICK_MS]
        chosen += random.Random(f"{SAMPLE_SEED}:{name}").sample(quick, PER_RULE_SET)
    return chosen


@pytest.mark.slow
@pytest.mark.timeout(1800)
@pytest.mark.skipif(os.environ.get("RUN_SLOW") != "1", reason="slow: set RUN_SLOW=1 to run")
def test_a_sample_of_every_rule_set_solved_again_gives_the_files_answers() -> None:
    chosen = {fact.code: fact for fact in quick_sample()}
    rows = list(solve_many(list(chosen), workers=os.cpu_count() or 2, time_budget_s=300.0))
    assert not [row for row in rows if "error" in row]
    differ = [
        row["code"]
        for row in rows
        if (row["winnable"], row["moves"], row["best_cards_left"], row["best_moves"])
        != (chosen[row["code"]].winnable, chosen[row["code"]].par,
            chosen[row["code"]].best_cards_left, chosen[row["code"]].best_moves)
    ]  # fmt: skip
    assert differ == []
