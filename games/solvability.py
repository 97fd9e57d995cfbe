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

from games.engine import Variant, numbered_code, parse_rule_set
from games.engine.solver import SOLVER_VERSION, solve
from games.engine.variants import named_rule_sets, option_labels

VARIANT_NAMES = {
    Variant.TP_E: "TriPeaks Easy",
    Variant.TP_C: "TriPeaks Classic",
    Variant.PY: "Pyramid",
}


def rule_set_title(name: str) -> str:
    """``TP-E`` -> "TriPeaks Easy", ``TP-C+T`` -> "TriPeaks Classic + traditional draw"."""
    variant, options = parse_rule_set(name)
    title = VARIANT_NAMES[variant]
    return f"{title} + {', '.join(option_labels(options))}" if options else title


def rule_set_order(name: str) -> tuple[int, str]:
    """The table's order: the app's three, then one option at a time as the pickers list
    them, then combinations."""
    order = [v.value for v in VARIANT_NAMES] + named_rule_sets()
    return (order.index(name), "") if name in order else (len(order), name)


# -- solving ------------------------------------------------------------------------------


def solve_code(job: tuple[str, float | None, int | None]) -> dict[str, Any]:
    """One deal, in a worker: a plain dict, or an ``error`` entry instead of a traceback."""
    code, time_budget_s, node_budget = job
    try:
        return solve(code, time_budget_s=time_budget_s, node_budget=node_budget).as_dict()
    except Exception as err:  # reported per deal: the run goes on
        return {"code": code, "error": f"{type(err).__name__}: {err}"}


def solve_many(
    codes: Sequence[str],
    workers: int,
    time_budget_s: float | None,
    node_budget: int | None = None,
) -> Iterator[dict[str, Any]]:
    """Answers for ``codes`` as they come (not in order), on ``workers`` processes."""
    jobs = [(code, time_budget_s, node_budget) for code in codes]
    if workers <= 1 or len(jobs) <= 1:
        yield from map(solve_code, jobs)
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap_unordered(solve_code, jobs, chunksize=1)


def numbered_codes(variant: Variant, first: int, last: int, options: str = "") -> list[str]:
    return [numbered_code(variant, number, options).text for number in range(first, last + 1)]


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
    """One rule set's line of the table (``variant``: its name, ``TP-E`` or ``TP-C+T``)."""

    variant: str
    deals: int
    winnable: int
    unwinnable: int
    unknown: int
    median_par: float | None
    p95_par: float | None
    median_ms: float | None
    p95_ms: float | None
    max_ms: float | None
    #: The numbers of the deals it covers, lowest and highest.
    numbers: tuple[int, int] | None = None

    @property
    def share_winnable(self) -> float | None:
        """Winnable among the deals with a verdict, in percent."""
        known = self.winnable + self.unwinnable
        return 100.0 * self.winnable / known if known else None


def percentile(values: Sequence[float], share: float) -> float:
    """Nearest-rank percentile (``share`` in 0..1) of a non-empty sequence."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def summarize(variant: str, rows: Iterable[dict[str, Any]]) -> Summary:
    """Rows are answers: ``winnable`` (True/False/None), ``moves`` (par) and ``ms``, and
    the deal's ``number`` where known."""
    rows = list(rows)
    numbers = [row["number"] for row in rows if row.get("number") is not None]
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
        numbers=(min(numbers), max(numbers)) if numbers else None,
    )


def _cell(value: float | None, digits: int = 0, suffix: str = "") -> str:
    if value is None:
        return "-"
    return f"{value:.{digits}f}{suffix}"


def render_table(summaries: Sequence[Summary]) -> str:
    lines = [
        "| variant | deals | winnable | unwinnable | unknown | share winnable "
        "| median par | p95 par | median solve | p95 solve | slowest | numbers |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for s in summaries:
        numbers = f"{s.numbers[0]}..{s.numbers[1]}" if s.numbers else "-"
        lines.append(
            f"| {rule_set_title(s.variant)} ({s.variant}) | {s.deals} | {s.winnable} "
            f"| {s.unwinnable} | {s.unknown} | {_cell(s.share_winnable, 1, ' %')} "
            f"| {_cell(s.median_par, 1)} | {_cell(s.p95_par)} "
            f"| {_cell(s.median_ms, 0, ' ms')} | {_cell(s.p95_ms, 0, ' ms')} "
            f"| {_cell(s.max_ms, 0, ' ms')} | {numbers} |"
        )
    return "\n".join(lines)


#: Published win rates with a rule set of ours that plays the same rules (issue 17). Their
#: "pyramid only" is our default win, "all cards" our strict win (S), "once" our R0,
#: "overlap discards" our last covering card (L). Solitaire Laboratory's game also lets
#: the stock card just dealt pair with the waste's top: our stock against discard (D);
#: solitairewinrates.com does not say whether it does, so its one-pass figures stand
#: beside both readings (R0 and R0D, SR0 and SR0D).
PUBLISHED: tuple[tuple[str, str, str, str], ...] = (
    ("PY", "Pyramid only, unlimited passes, no overlap", "66.87 %", "solitairewinrates"),
    ("PY+L", "Pyramid only, unlimited passes, overlap", "83.15 %", "solitairewinrates"),
    ("PY+R0", "Pyramid only, one pass, no overlap", "9.02 %", "solitairewinrates"),
    (
        "PY+R0D",
        "Pyramid only, one pass, no overlap (read with the stock card on the waste's top)",
        "9.02 %",
        "solitairewinrates",
    ),
    ("PY+R0L", "Pyramid only, one pass, overlap", "22.77 %", "solitairewinrates"),
    ("PY+SR0", "All cards, one pass, no overlap", "6.80 %", "solitairewinrates"),
    (
        "PY+SR0D",
        "All cards, one pass, no overlap (read with the stock card on the waste's top)",
        "6.80 %",
        "solitairewinrates",
    ),
    ("PY+SR0D", "all 52 cards in one pass (an estimate)", "about 2 % (1 in 50)", "laboratory"),
)
SOURCES = {
    "solitairewinrates": "https://solitairewinrates.com/Pyramid.html (the same 100 million "
    "deals for each rule set, page of 17 April 2022)",
    "laboratory": "Morehead and Mott-Smith's estimate, cited by M. Keller and M. Masten, "
    '"Pyramid and Giza", http://solitairelaboratory.com/pyramidgiza.html',
}


def render_published(summaries: Sequence[Summary]) -> list[str]:
    """The published figures beside ours where we have the same rule set."""
    ours = {s.variant: s for s in summaries}
    lines = [
        "## Against the published figures",
        "",
        "| rule set | their rules | published | ours | our deals (unknown) |",
        "| --- | --- | ---: | ---: | --- |",
    ]
    for name, rules, figure, source in PUBLISHED:
        mine = ours.get(name)
        share = (
            _cell(mine.share_winnable, 1, " %")
            if mine
            else ("in the table above" if "+" not in name else "not computed")
        )
        span = (
            f"{mine.numbers[0]}..{mine.numbers[1]} ({mine.unknown})"
            if mine and mine.numbers
            else "-"
        )
        lines.append(f"| {name} | {rules} [{source}] | {figure} | {share} | {span} |")
    lines.append("")
    lines += [f"[{key}]: {text}" for key, text in SOURCES.items()]
    lines += [
        "",
        "Our share counts only the deals with a verdict: where many are unknown (the",
        "budget ran out), it leans towards the deals that are quick to decide. Whether",
        "solitairewinrates.com lets the stock card pair with the waste's top (our D) its",
        "page does not say; Solitaire Laboratory's rules do.",
        "",
    ]
    return lines


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
        "and recycles); solve times are wall-clock per deal, one deal per core. The last",
        "column gives the deals each rule set's line covers (stored answers in the range);",
        "an answer cut short by its budget counts as unknown.",
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
    if any(s.variant in {name for name, *_ in PUBLISHED} for s in summaries):
        parts += render_published(summaries)

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


#: The markers around the section of the literature's variants in docs/solvability.md.
SECTION_START = "<!-- solve_deals --variants-section: from here -->"
SECTION_END = "<!-- solve_deals --variants-section: to here -->"


def render_variants_section(
    summaries: Sequence[Summary], first: int, last: int, command: str = ""
) -> str:
    """The section of the literature's variants (issue 17), between its markers."""
    parts = [
        SECTION_START,
        "## The literature's variants (issue 17)",
        "",
        f"Written by `{command}`" if command else "Written by the `solve_deals` command",
        f"from the stored answers (solver version {SOLVER_VERSION}) in {first}..{last}; each",
        "line's last column gives the deals it covers, which may be fewer than the range",
        "(the run stopped there). Unknown: the per-deal budget ran out.",
        "Open peaks (`O`) and Hogue's scoring (`H`) change no move and nothing of what is",
        "left, so their answers are their base's, deal for deal (the table of the app's",
        "rule sets above; held by tests/engine/test_variant_solver.py",
        "`test_open_peaks_and_hogue_scoring_change_no_move_so_no_answer`): they get no line.",
        "",
        render_table(summaries),
        "",
        *render_published(summaries),
        SECTION_END,
    ]
    return "\n".join(parts)


def replace_section(text: str, section: str) -> str:
    """``text`` with its variants' section replaced by ``section`` (appended if none)."""
    start, end = text.find(SECTION_START), text.find(SECTION_END)
    if start >= 0 and end > start:
        return text[:start] + section + text[end + len(SECTION_END) :]
    return text.rstrip("\n") + "\n\n" + section + "\n"
