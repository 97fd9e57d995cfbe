"""The solver facts data file (games/data/solver_facts.tsv.gz): written by ``solve_deals
--export``, loaded by ``setup_site`` in bulk, idempotently, and saying what the solver
says (on a sample here; tests/engine/test_solvability_ranges.py checks it whole)."""

from __future__ import annotations

import random
import time
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

import games.management.commands.setup_site as setup_site_command
from games.engine.solver import solve
from games.facts_data import FACTS_FILE, read_facts_file
from games.facts_file import do_load_facts_file
from games.models import Deal, SolverFact

pytestmark = pytest.mark.django_db


def test_loading_the_repositorys_file_is_idempotent_and_shows_the_facts_at_once(
    client: Client,
) -> None:
    data = read_facts_file()
    count = len(data.facts)
    assert count >= 4000  # TriPeaks Easy and Classic whole, Pyramid from deal 1 on
    started = time.perf_counter()
    assert do_load_facts_file() == (count, 0)
    loaded_in = time.perf_counter() - started
    assert do_load_facts_file() == (0, count)
    assert SolverFact.objects.count() == Deal.objects.count() == count
    print(f"\nloaded {count} facts in {loaded_in:.2f} s")
    for fact in random.Random(14).sample(data.facts, 20):
        body = client.get(f"/api/deals/{fact.code}").json()
        assert (body["winnable"], body["par"], body["solved"]) == (fact.winnable, fact.par, True)
        stored = SolverFact.objects.get(deal__code=fact.code)
        assert (stored.best_cards_left, stored.best_moves, stored.solution) == (
            fact.best_cards_left,
            fact.best_moves,
            fact.solution,
        )


def test_the_file_says_what_the_solver_says_on_a_sample() -> None:
    """A quick sample (deals the file says took under half a second); the slow range
    test re-solves 200 deals and the slowest ones."""
    quick = [fact for fact in read_facts_file().facts if fact.ms < 500]
    for fact in random.Random(15).sample(quick, 6):
        assert fact.same_answer(solve(fact.code, time_budget_s=None)), fact.code


def test_export_then_load_round_trips_and_keeps_known_verdicts(tmp_path: Path) -> None:
    path = tmp_path / "facts.tsv.gz"
    out = StringIO()
    call_command(
        "solve_deals", "--variant", "TP-E", "--from", "1", "--to", "3", "--workers", "1",
        "--export", str(path), stdout=out, stderr=StringIO(),
    )  # fmt: skip
    assert "wrote 3 facts" in out.getvalue()
    first = path.read_bytes()
    call_command(
        "solve_deals", "--variant", "TP-E", "--from", "1", "--to", "3", "--export", str(path),
        stdout=StringIO(), stderr=StringIO(),
    )  # fmt: skip
    assert path.read_bytes() == first  # the same facts, the same bytes
    exported = read_facts_file(path)
    assert [f.code for f in exported.facts] == ["TP1-E-AAAAAAB", "TP1-E-AAAAAAC", "TP1-E-AAAAAAD"]
    for fact in exported.facts:
        assert fact.same_answer(solve(fact.code, time_budget_s=None))
    # A budget-cut answer (unknown) is replaced by the file's; a known one is kept.
    SolverFact.objects.filter(deal__code="TP1-E-AAAAAAB").update(winnable=None, par_moves=None)
    SolverFact.objects.filter(deal__code="TP1-E-AAAAAAC").update(solution="kept")
    SolverFact.objects.filter(deal__code="TP1-E-AAAAAAD").delete()
    assert do_load_facts_file(path) == (2, 1)
    assert SolverFact.objects.get(deal__code="TP1-E-AAAAAAB").winnable is not None
    assert SolverFact.objects.get(deal__code="TP1-E-AAAAAAC").solution == "kept"
    assert SolverFact.objects.filter(deal__code="TP1-E-AAAAAAD").exists()


def test_a_malformed_file_names_its_line(tmp_path: Path) -> None:
    import gzip

    path = tmp_path / "bad.tsv.gz"
    path.write_bytes(gzip.compress(b"# solver_version 1\nTP1-E-AAAAAAB\t2\t-\t0\t0\t0\t0\t\n"))
    with pytest.raises(ValueError, match="line 2"):
        read_facts_file(path)


def test_setup_site_loads_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    # Patched on the command's module only, imported before: patching games.services.daily
    # first would let the command's module bind the stand-in at its import, for good.
    monkeypatch.setattr(setup_site_command, "ensure_daily_deals", lambda: [])
    out = StringIO()
    call_command("setup_site", stdout=out)
    assert f"Solver facts: {len(read_facts_file().facts)} loaded" in out.getvalue()
    assert FACTS_FILE.exists()


def test_a_run_goes_on_from_the_data_files_it_loads(tmp_path: Path) -> None:
    path = tmp_path / "variants.tsv.gz"
    call_command(
        "solve_deals", "--variant", "TP-C+T", "--from", "1", "--to", "3", "--workers", "1",
        "--export", str(path), stdout=StringIO(), stderr=StringIO(),
    )  # fmt: skip
    SolverFact.objects.all().delete()
    out = StringIO()
    call_command(
        "solve_deals", "--load", str(path), "--variant", "TP-C+T", "--from", "1", "--to", "4",
        "--workers", "1", stdout=out, stderr=StringIO(),
    )  # fmt: skip
    said = out.getvalue()
    assert f"{path}: 3 answers loaded, 0 already known" in said
    assert "1 deals to solve, 3 already solved" in said
    assert SolverFact.objects.filter(deal__variant="TP-C+T").count() == 4


def test_a_file_that_does_not_load_is_a_cli_message(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tsv.gz"
    bad.write_bytes(b"not gzip")
    for path in (bad, tmp_path / "missing"):
        with pytest.raises(CommandError, match=rf"--load {path}: "):
            call_command(
                "solve_deals", "--load", str(path), "--report-only",
                "--report", str(tmp_path / "r.md"), stdout=StringIO(), stderr=StringIO(),
            )  # fmt: skip
    assert SolverFact.objects.count() == 0
