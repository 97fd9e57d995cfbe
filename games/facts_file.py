"""The solver facts of numbered deals 1..2000 as a data file in the repository
(``games/data/solver_facts.tsv.gz``), so that a fresh ``make run`` shows Winnable and Par
at once instead of solving 6,000 deals (about 20 minutes of both cores).

The file is written by the project's own command from what it solved
(``manage.py solve_deals --from 1 --to 2000 --time-budget 300 --export FILE``), loaded in
bulk by ``manage.py setup_site`` (a few seconds), and is itself checked like a test
(python-chess keeps its perft data the same way): ``tests/engine/test_solvability_ranges.py``
holds it to the published ranges and re-solves a sample of its deals against it.

The format: games/facts_data.py (no Django there, so the engine's tests read it too).
"""

from __future__ import annotations

import gzip
import io
from collections.abc import Iterable, Iterator
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from games.engine import parse_code
from games.engine.solver import SOLVER_VERSION
from games.facts_data import COLUMNS, FACTS_FILE, FileFact, read_facts_file
from games.models import Deal, SolverFact

__all__ = ["FACTS_FILE", "do_load_facts_file", "write_facts_file"]

_CHUNK = 500


def file_ms(ms: float) -> str:
    """A solve time as the file writes it (whole milliseconds): the solvability report
    rounds the same way, so that what it says is what the file gives."""
    return f"{ms:.0f}"


def _line(fact: SolverFact) -> str:
    par = "-" if fact.par_moves is None else str(fact.par_moves)
    fields = (
        fact.deal.code,
        "1" if fact.winnable else "0",
        par,
        str(fact.best_cards_left),
        str(fact.best_moves),
        str(fact.nodes),
        file_ms(fact.ms),
        fact.solution,
    )
    return "\t".join(fields)


def _complete(fact: SolverFact) -> bool:
    """A whole answer: a verdict, and a par for a winnable deal (a Pyramid search cut by
    its budget keeps the relaxation's exact verdict but has no par)."""
    return fact.winnable is not None and (fact.par_moves is not None or not fact.winnable)


def write_facts_file(path: Path, facts: Iterable[SolverFact], command: str) -> int:
    """Write the whole answers among ``facts`` (numbered deals, by variant and number);
    returns how many lines. Refuses facts of another solver version than this one's."""
    rows = sorted(
        (f for f in facts if _complete(f) and not f.deal.sealed),
        key=lambda f: (f.deal.variant, f.deal.number or 0),
    )
    stale = {f.solver_version for f in rows} - {str(SOLVER_VERSION)}
    if stale:
        raise ValueError(f"facts of solver version {sorted(stale)} (this one is {SOLVER_VERSION})")
    header = [
        f"# solver_version {SOLVER_VERSION}",
        f"# regenerate: {command}",
        "# " + "\t".join(COLUMNS),
    ]
    text = "\n".join(header + [_line(f) for f in rows]) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0, filename="") as handle:
        handle.write(text.encode("utf-8"))
    path.write_bytes(buffer.getvalue())
    return len(rows)


def _chunks(items: list[FileFact]) -> Iterator[list[FileFact]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start : start + _CHUNK]


def do_load_facts_file(path: Path = FACTS_FILE) -> tuple[int, int]:
    """Load the file into Deal and SolverFact in bulk: (loaded, already known).

    Idempotent: a deal that already has a verdict keeps it (it may come from a longer or
    newer run); an unknown one (a budget-cut answer) is replaced. A file of another
    solver version than this one's loads nothing (its answers could be stale).
    """
    data = read_facts_file(path)
    if data.solver_version != str(SOLVER_VERSION):
        return 0, 0
    loaded = known = 0
    now = timezone.now()
    with transaction.atomic():
        for chunk in _chunks(list(data.facts)):
            codes = [f.code for f in chunk]
            deals = {d.code: d for d in Deal.objects.filter(code__in=codes)}
            missing = []
            for fact in chunk:
                if fact.code not in deals:
                    parsed = parse_code(fact.code)
                    missing.append(
                        Deal(code=fact.code, variant=parsed.rule_set, number=parsed.number)
                    )
            Deal.objects.bulk_create(missing, batch_size=_CHUNK, ignore_conflicts=True)
            deals = {d.code: d for d in Deal.objects.filter(code__in=codes)}
            have = set(
                SolverFact.objects.filter(
                    deal__in=deals.values(), winnable__isnull=False
                ).values_list("deal_id", flat=True)
            )
            SolverFact.objects.filter(deal__in=deals.values(), winnable__isnull=True).delete()
            rows = [
                SolverFact(
                    deal=deals[f.code],
                    winnable=f.winnable,
                    par_moves=f.par,
                    solution=f.solution,
                    best_cards_left=f.best_cards_left,
                    best_moves=f.best_moves,
                    nodes=f.nodes,
                    ms=f.ms,
                    solver_version=data.solver_version,
                    solved_at=now,
                )
                for f in chunk
                if deals[f.code].pk not in have
            ]
            SolverFact.objects.bulk_create(rows, batch_size=_CHUNK)
            loaded += len(rows)
            known += len(chunk) - len(rows)
    return loaded, known
