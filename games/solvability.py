"""Solving many numbered deals, and the solvability table (docs/solvability.md).

No Django here: the ``solve_deals`` command feeds the table from stored SolverFacts, the
slow range test and ``bench/`` feed it from fresh answers, and all of them solve ranges
with ``solve_many`` (a process pool: the solver is pure Python, one deal per core).
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from games.engine import Variant, numbered_code
from games.engine.solver import SOLVER_VERSION, solve

VARIANT_NAMES = {
    Variant.TP_E: "TriPeaks Easy",
    Variant.TP_C: "TriPeaks Classic",
    Variant.PY: "Pyramid",
}


# -- solving ------------------------------------------------------------------------------


def solve_code(job: tuple[str, float | None]) -> dict[str, Any]:
    """One deal, in a worker: a plain dict, or an ``error`` entry instead of a traceback."""
    code, time_budget_s = job
    try:
        return solve(code, time_budget_s=time_budget_s).as_dict()
    except Exception as err:  # reported per deal: the run goes on
        return {"code": code, "error": f"{type(err).__name__}: {err}"}


def solve_many(
    codes: Sequence[str], workers: int, time_budget_s: float | None
) -> Iterator[dict[str, Any]]:
    """Answers for ``codes`` as they come (not in order), on ``workers`` processes."""
    jobs = [(code, time_budget_s) for code in codes]
    if workers <= 1 or len(jobs) <= 1:
        yield from map(solve_code, jobs)
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap_unordered(solve_code, jobs, chunksize=1)


def numbered_codes(variant: Variant, first: int, last: int) -> list[str]:
    return [numbered_code(variant, number).text for number in range(first, last + 1)]


class Progress:
    """``done/total, rate, time left`` on one line of stderr, redrawn in place on a
    terminal (a line per 5 % otherwise, so logs stay readable)."""

    def __init__(
        self,
        total: int,
        label: str,
        stream: TextIO | None = None,
        *,
        write: Callable[[str], object] | None = None,
        tty: bool | None = None,
    ) -> None:
        self.total = total
        self.label = label
        self.done = 0
        out = stream or sys.stderr
        self.write = write or out.write
        self.flush = out.flush if write is None else (lambda: None)
        self.tty = out.isatty() if tty is None else tty
        self.started = time.monotonic()
        self._last_step = -1

    def advance(self, count: int = 1) -> None:
        self.done += count
        step = self.done * 20 // max(1, self.total)
        if self.tty or step != self._last_step or self.done == self.total:
            self._last_step = step
            self.write(("\r" if self.tty else "") + self.line() + ("" if self.tty else "\n"))
            self.flush()

    def line(self) -> str:
        elapsed = max(time.monotonic() - self.started, 1e-9)
        rate = self.done / elapsed
        left = (self.total - self.done) / rate if rate > 0 else math.inf
        width = 24
        filled = width * self.done // max(1, self.total)
        bar = "#" * filled + "." * (width - filled)
        return f"{self.label} [{bar}] {self.done}/{self.total} {rate:.1f}/s left {_duration(left)}"

    def close(self) -> None:
        if self.tty:
            self.write("\n")
            self.flush()


def _duration(seconds: float) -> str:
    if not math.isfinite(seconds):
        return "?"
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m" if hours else f"{minutes}m{secs:02d}s"


# -- the table ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Summary:
    """One variant's line of the table."""

    variant: Variant
    deals: int
    winnable: int
    unwinnable: int
    unknown: int
    median_par: float | None
    p95_par: float | None
    median_ms: float | None
    p95_ms: float | None
    max_ms: float | None

    @property
    def share_winnable(self) -> float | None:
        """Winnable among the deals with a verdict, in percent."""
        known = self.winnable + self.unwinnable
        return 100.0 * self.winnable / known if known else None


def percentile(values: Sequence[float], share: float) -> float:
    """Nearest-rank percentile (``share`` in 0..1) of a non-empty sequence."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def summarize(variant: Variant, rows: Iterable[dict[str, Any]]) -> Summary:
    """Rows are answers: ``winnable`` (True/False/None), ``moves`` (par) and ``ms``."""
    rows = list(rows)
    pars = [row["moves"] for row in rows if row.get("winnable") and row.get("moves") is not None]
    times = [float(row["ms"]) for row in rows if row.get("ms") is not None]
    return Summary(
        variant=variant,
        deals=len(rows),
        winnable=sum(1 for row in rows if row.get("winnable") is True),
        unwinnable=sum(1 for row in rows if row.get("winnable") is False),
        unknown=sum(1 for row in rows if row.get("winnable") is None),
        median_par=statistics.median(pars) if pars else None,
        p95_par=percentile(pars, 0.95) if pars else None,
        median_ms=statistics.median(times) if times else None,
        p95_ms=percentile(times, 0.95) if times else None,
        max_ms=max(times) if times else None,
    )


def _cell(value: float | None, digits: int = 0, suffix: str = "") -> str:
    if value is None:
        return "-"
    return f"{value:.{digits}f}{suffix}"


def render_table(summaries: Sequence[Summary]) -> str:
    lines = [
        "| variant | deals | winnable | unwinnable | unknown | share winnable "
        "| median par | p95 par | median solve | p95 solve | slowest |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for s in summaries:
        lines.append(
            f"| {VARIANT_NAMES[s.variant]} ({s.variant.value}) | {s.deals} | {s.winnable} "
            f"| {s.unwinnable} | {s.unknown} | {_cell(s.share_winnable, 1, ' %')} "
            f"| {_cell(s.median_par, 1)} | {_cell(s.p95_par)} "
            f"| {_cell(s.median_ms, 0, ' ms')} | {_cell(s.p95_ms, 0, ' ms')} "
            f"| {_cell(s.max_ms, 0, ' ms')} |"
        )
    return "\n".join(lines)


def render_report(
    summaries: Sequence[Summary],
    first: int,
    last: int,
    *,
    notable: Sequence[dict[str, Any]] = (),
    command: str = "",
    note: str = "",
) -> str:
    """docs/solvability.md, whole."""
    parts = [
        "# Solvability of the numbered deals",
        "",
        f"Written by `{command}`" if command else "Written by the `solve_deals` command",
        f"from the stored solver answers (solver version {SOLVER_VERSION}) for the numbered",
        f"deals {first}..{last} of each variant: do not edit by hand, run the command again.",
        "",
        "Share winnable counts the deals with a verdict; par is the fewest moves of a win",
        "as the game counts them (TriPeaks: removals and draws; Pyramid: removals, draws",
        "and recycles); solve times are wall-clock per deal, one deal per core.",
        "",
        render_table(summaries),
        "",
    ]
    if notable:
        parts += [
            "## Codes the rule books talk about",
            "",
            "The rule books' deals are not GEN 1's (SPEC §3): under GEN 1 these codes deal",
            "other cards, and this is what our solver says of them.",
            "",
            "| code | winnable | par | cards left at best | moves to that best |",
            "| --- | --- | ---: | ---: | ---: |",
        ]
        for row in notable:
            verdict = {True: "yes", False: "no", None: "unknown"}[row.get("winnable")]
            parts.append(
                f"| {row['code']} | {verdict} | {row.get('moves') if row.get('moves') else '-'} "
                f"| {row.get('best_cards_left')} | {row.get('best_moves')} |"
            )
        parts.append("")
    parts += [
        "## The data file",
        "",
        "The same answers ship in the repository as `games/data/solver_facts.tsv.gz` (one",
        "line per deal: code, winnable, par, best cards left, best moves, nodes, ms, the",
        "line; format in games/facts_data.py), written by the same run with",
        "`--export games/data/solver_facts.tsv.gz`. `manage.py setup_site` (so `make run`)",
        "loads it in bulk, so numbered deals show Winnable and Par at once; a deal already",
        "known keeps its stored answer. To complete or regenerate it: `manage.py setup_site`",
        "then `manage.py solve_deals --from 1 --to 2000 --time-budget 300 --export",
        "games/data/solver_facts.tsv.gz` (resumable: deals known by this solver version are",
        "skipped, so after a SOLVER_VERSION bump everything is solved again, about half an",
        "hour of both cores on a quiet machine). tests/engine/test_solvability_ranges.py",
        "checks the file in every pass (deals 1..N, every line replayed, the published",
        "ranges) and CI's third pass re-solves 200 of its deals and the slowest ones.",
        "",
    ]
    if note:
        parts += [note, ""]
    return "\n".join(parts)
