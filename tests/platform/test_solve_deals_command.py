"""``manage.py solve_deals``: fills SolverFact for numbered deals, resumes after an
interruption, and writes the solvability table from what is stored."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.engine import Variant, numbered_code
from games.engine.solver import SOLVER_VERSION, Solution, solve
from games.models import Deal, SolverFact
from games.services.deals import get_or_create_deal
from games.solvability import Progress, percentile, summarize
from games.solver_facts import do_store_solution, solved_numbers

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("solve_deals", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_it_solves_a_range_on_two_workers_and_stores_every_answer() -> None:
    out, err = run("--variant", "TP-E", "--from", "1", "--to", "4", "--workers", "2")
    assert "TP-E: 4 deals to solve" in out
    assert "4/4" in err  # the progress line
    facts = SolverFact.objects.filter(deal__variant="TP-E").select_related("deal")
    assert sorted(f.deal.number for f in facts) == [1, 2, 3, 4]
    first = facts.get(deal__number=1)
    expected = solve("TP1-E-AAAAAAB")
    assert (first.winnable, first.par_moves, first.solution) == (True, 48, expected.log)
    assert first.solver_version == str(SOLVER_VERSION) and first.deal.code == "TP1-E-AAAAAAB"


def test_a_second_run_resumes_and_skips_what_the_current_solver_answered() -> None:
    run("--variant", "PY", "--from", "11", "--to", "11", "--workers", "1")
    stale = get_or_create_deal(numbered_code(Variant.PY, 29))
    SolverFact.objects.create(deal=stale, winnable=True, par_moves=1, solver_version="0")
    out, _ = run("--variant", "PY", "--from", "11", "--to", "12", "--workers", "1")
    assert "PY: 1 deals to solve, 1 already solved" in out
    assert solved_numbers(Variant.PY, 1, 30) == {11, 12}
    out, _ = run("--variant", "PY", "--from", "29", "--to", "29", "--workers", "1")
    assert "1 deals to solve" in out  # an older solver's answer is solved again
    fact = SolverFact.objects.get(deal=stale)
    assert (fact.winnable, fact.par_moves, fact.best_cards_left) == (False, None, 15)


def test_the_report_is_written_from_the_stored_answers(tmp_path: Path) -> None:
    run("--variant", "TP-C", "--from", "1", "--to", "4", "--workers", "1")
    report = tmp_path / "docs" / "solvability.md"
    run("--from", "1", "--to", "4", "--report", str(report), "--report-only")
    text = report.read_text()
    assert "| TriPeaks Classic (TP-C) | 4 | 3 | 1 | 0 | 75.0 % |" in text
    assert "TriPeaks Easy" not in text  # nothing stored for it
    assert "| TP1-C-AAAAAAD | no | - | 1 | 44 |" in text
    assert "do not edit by hand" in text


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(CommandError):
        run("--variant", "XX")
    with pytest.raises(CommandError):
        run("--from", "5", "--to", "2")
    with pytest.raises(CommandError):
        run("--report-only")
    assert not Deal.objects.exists()


def test_a_budget_cut_answer_never_replaces_a_complete_one() -> None:
    deal = get_or_create_deal(numbered_code(Variant.PY, 1))
    complete = solve("PY1-N-AAAAAAB")
    do_store_solution(deal, complete)
    cut = solve("PY1-N-AAAAAAB", node_budget=3000)
    assert cut.winnable is True and cut.moves is None and cut.budget_exhausted == "nodes"
    fact = do_store_solution(deal, cut)
    assert (fact.winnable, fact.par_moves, fact.solution) == (True, 72, complete.log)


def test_answers_cross_processes_as_dicts() -> None:
    answer = solve("PY1-N-AAAAAAL")
    assert Solution.from_dict(answer.as_dict()) == replace(answer, ms=round(answer.ms, 3))


def test_the_table_figures() -> None:
    rows = [{"winnable": True, "moves": m, "ms": 10.0 * m} for m in (40, 42, 44, 46)] + [
        {"winnable": False, "moves": None, "ms": 5.0},
        {"winnable": None, "moves": None},
    ]
    summary = summarize(Variant.TP_E, rows)
    assert (summary.deals, summary.winnable, summary.unwinnable, summary.unknown) == (6, 4, 1, 1)
    assert summary.share_winnable == 80.0
    assert (summary.median_par, summary.p95_par) == (43.0, 46)
    assert percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95) == 10
    assert percentile([3], 0.5) == 3


def test_the_progress_line_says_done_total_rate_and_time_left() -> None:
    stream = io.StringIO()
    progress = Progress(40, "PY", stream)
    for _ in range(4):
        progress.advance()
    line = stream.getvalue().splitlines()[-1]
    assert line.startswith("PY [##") and " 4/40 " in line and "/s left " in line


def test_a_variant_rule_set_is_solved_under_its_rules_and_reported_with_its_range(
    tmp_path: Path,
) -> None:
    out, _ = run("--variant", "TP-C+T", "--from", "2", "--to", "4", "--workers", "1")
    assert "TP-C+T: 3 deals to solve" in out
    facts = SolverFact.objects.filter(deal__variant="TP-C+T").select_related("deal")
    assert sorted(f.deal.code for f in facts) == [
        "TP1-CT-AAAAAAC",
        "TP1-CT-AAAAAAD",
        "TP1-CT-AAAAAAE",
    ]
    fact = facts.get(deal__number=3)
    expected = solve("TP1-CT-AAAAAAD")
    assert (fact.winnable, fact.best_cards_left) == (expected.winnable, expected.best_cards_left)
    report = tmp_path / "solvability.md"
    run("--from", "1", "--to", "10", "--report", str(report), "--report-only")
    line = next(row for row in report.read_text().splitlines() if "(TP-C+T)" in row)
    assert line.startswith("| TriPeaks Classic + traditional draw (TP-C+T) | 3 |")
    assert line.endswith("| 2..4 |")  # the deals it covers, not the range asked


def test_an_unknown_rule_option_is_refused() -> None:
    with pytest.raises(CommandError, match="'Q'"):
        run("--variant", "TP-E+Q")
    assert not Deal.objects.exists()


def test_the_variants_section_is_rewritten_alone(tmp_path: Path) -> None:
    report = tmp_path / "solvability.md"
    report.write_text("# Solvability\n\nthe app's table, from an earlier run\n")
    run("--variant", "TP-E+T", "--from", "1", "--to", "2", "--workers", "1")
    run("--variant", "TP-E", "--from", "1", "--to", "1", "--workers", "1")
    for _ in range(2):  # a second run replaces the section, never adds one
        run("--to", "2", "--report", str(report), "--report-only", "--variants-section")
    text = report.read_text()
    assert text.startswith("# Solvability\n\nthe app's table, from an earlier run\n")
    assert text.count("## The literature's variants") == 1
    assert "(TP-E+T) | 2 |" in text
    assert "TriPeaks Easy (TP-E)" not in text  # the app's rule sets stay the earlier run's
