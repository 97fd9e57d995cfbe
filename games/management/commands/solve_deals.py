"""``manage.py solve_deals``: fill SolverFact for numbered deals, on every core.

    solve_deals --variant TP-E [TP-C PY TP-C+T PY+R1 …] --from 1 --to 2000 [--workers K]
                [--time-budget S] [--node-budget N] [--report docs/solvability.md]
                [--report-only] [--force] [--export games/data/solver_facts.tsv.gz]
                [--load games/data/variant_facts.tsv.gz …]

A variant is any rule set the engine names (the app's three, or a base with the
literature's options, issue 17: ``TP-E+B``, ``PY+R1``).

Resumable: deals already answered by the current solver version are skipped, so an
interrupted run picks up where it stopped (answers are written in batches as they come).
Workers run the pure engine and return dicts; only this process touches the database.
``--report`` then writes the solvability table from the stored answers of every variant;
``--export`` writes the stored facts of the range as the repository's data file
(games/facts_file.py), which ``setup_site`` loads; ``--load`` first loads such files (the
literature's variants keep theirs in games/data/variant_facts.tsv.gz, which setup_site
does not load: hours of solving, read only by this report), so that a run goes on from
them and a report covers them.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections

from games.engine import DealCodeError, Variant, numbered_code, parse_rule_set
from games.engine.solver import DEFAULT_TIME_BUDGET_S, Solution
from games.engine.variants import rule_set_name
from games.facts_file import do_load_facts_file, file_ms, write_facts_file
from games.models import SolverFact
from games.solvability import (
    Progress,
    numbered_codes,
    render_report,
    render_variants_section,
    replace_section,
    rule_set_order,
    solve_many,
    summarize,
)
from games.solver_facts import current_version, do_store_solutions, solved_numbers

BATCH = 50
#: Codes the rule books make claims about (SPEC §4, §5): the report says what ours are.
NOTABLE = (("TP-E", 3), ("TP-C", 3), ("PY", 9))
#: How the data file is made again, written in its header (docs/solvability.md).
REGENERATE = (
    "manage.py setup_site && manage.py solve_deals --from 1 --to 2000 --time-budget 300 "
    "--export games/data/solver_facts.tsv.gz (setup_site loads the file when it is of this "
    "solver version; deals already known by this version are skipped)"
)


class Command(BaseCommand):
    help = "Solve numbered deals into SolverFact (resumable), and write docs/solvability.md."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--variant",
            nargs="+",
            default=["TP-E", "TP-C", "PY"],
            help="rule sets: TP-E, TP-C, PY, or a base with options (TP-C+T, PY+R1); "
            "default: the app's three",
        )
        parser.add_argument("--from", dest="first", type=int, default=1)
        parser.add_argument("--to", dest="last", type=int, default=2000)
        parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
        parser.add_argument("--time-budget", type=float, default=DEFAULT_TIME_BUDGET_S)
        parser.add_argument(
            "--node-budget",
            type=int,
            default=None,
            help="at most this many search nodes per deal (the same on any machine)",
        )
        parser.add_argument("--report", type=Path, help="write the solvability table here")
        parser.add_argument(
            "--report-only", action="store_true", help="write the report, solve nothing"
        )
        parser.add_argument(
            "--variants-section",
            action="store_true",
            help="with --report: rewrite only the section of the literature's variants, "
            "keeping the app's three rule sets' table as an earlier run wrote it",
        )
        parser.add_argument(
            "--force", action="store_true", help="solve again deals already answered"
        )
        parser.add_argument(
            "--export", type=Path, help="write the range's stored facts as a data file here"
        )
        parser.add_argument(
            "--load",
            type=Path,
            nargs="+",
            default=[],
            help="first load these data files' answers (of this solver version)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        first, last = options["first"], options["last"]
        if not 1 <= first <= last:
            raise CommandError(f"--from {first} --to {last}: expected 1 <= from <= to")
        try:
            rule_sets = [parse_rule_set(text) for text in options["variant"]]
            numbered_code(rule_sets[0][0], last)
        except (DealCodeError, ValueError) as err:
            raise CommandError(str(err)) from None
        if options["report_only"] and not options["report"]:
            raise CommandError("--report-only needs --report PATH")
        for path in options["load"]:
            self.load(path)
        if not options["report_only"]:
            for variant, rule_options in rule_sets:
                self.solve_range(variant, rule_options, first, last, options)
        if options["report"]:
            self.write_report(options["report"], first, last, options["variants_section"])
        if options["export"]:
            self.export(
                options["export"], [rule_set_name(*rule_set) for rule_set in rule_sets], first, last
            )

    def load(self, path: Path) -> None:
        try:
            loaded, known = do_load_facts_file(path)
        except (OSError, ValueError) as err:
            raise CommandError(f"--load {path}: {err}") from None
        self.stdout.write(f"{path}: {loaded} answers loaded, {known} already known")

    def export(self, path: Path, names: list[str], first: int, last: int) -> None:
        facts = SolverFact.objects.filter(
            deal__variant__in=names,
            deal__sealed=False,
            deal__number__gte=first,
            deal__number__lte=last,
        ).select_related("deal")
        # The app's three: the file setup_site loads, made again as its header says; any
        # other file (the variants'): the command line that wrote it.
        default = names == [rule_set_name(*parse_rule_set(n)) for n in ("TP-E", "TP-C", "PY")]
        from_cli = "solve_deals" in sys.argv[1:2]
        command = REGENERATE
        if from_cli and not default:
            command = "manage.py solve_deals " + shlex.join(sys.argv[2:])
        try:
            count = write_facts_file(path, facts, command)
        except ValueError as err:
            raise CommandError(f"--export: {err}; solve again with --force") from None
        self.stdout.write(f"wrote {count} facts to {path}")

    def solve_range(
        self, variant: Variant, rule_options: str, first: int, last: int, options: dict[str, Any]
    ) -> None:
        name = rule_set_name(variant, rule_options)
        skip = set() if options["force"] else solved_numbers(name, first, last)
        codes = [
            code
            for number, code in zip(
                range(first, last + 1),
                numbered_codes(variant, first, last, rule_options),
                strict=True,
            )
            if number not in skip
        ]
        self.stdout.write(
            f"{name}: {len(codes)} deals to solve, {len(skip)} already solved "
            f"(solver version {current_version()})"
        )
        if not codes:
            return
        # Forked workers must not share the parent's database connection (they never
        # query; the parent reconnects on its next write). Inside a transaction (a test)
        # the connection stays.
        for connection in connections.all(initialized_only=True):
            if not connection.in_atomic_block:
                connection.close()
        progress = Progress(
            len(codes),
            f"{name:4}",
            write=lambda text: self.stderr.write(text, ending=""),
            tty=self.stderr.isatty(),
        )
        batch: list[Solution] = []
        failures = 0
        try:
            for row in solve_many(
                codes, options["workers"], options["time_budget"], options["node_budget"]
            ):
                if "error" in row:
                    failures += 1
                    self.stderr.write(f"\n{row['code']}: {row['error']}")
                else:
                    batch.append(Solution.from_dict(row))
                if len(batch) >= BATCH:
                    do_store_solutions(batch)
                    batch = []
                progress.advance()
        finally:
            if batch:
                do_store_solutions(batch)
            progress.close()
        if failures:
            raise CommandError(f"{failures} deals failed (see above); the others are stored")

    def write_report(self, path: Path, first: int, last: int, section: bool = False) -> None:
        summaries = []
        in_range = SolverFact.objects.filter(
            deal__sealed=False, deal__number__gte=first, deal__number__lte=last
        )
        names = set(in_range.values_list("deal__variant", flat=True).distinct())
        if section:
            names -= {variant.value for variant in Variant}
        for name in sorted(names, key=rule_set_order):
            facts = in_range.filter(deal__variant=name).values(
                "winnable", "par_moves", "ms", "deal__number"
            )
            rows = [
                {
                    "winnable": f["winnable"],
                    "moves": f["par_moves"],
                    # Rounded as the data file writes it: the report is the file's.
                    "ms": float(file_ms(f["ms"])),
                    "number": f["deal__number"],
                }
                for f in facts
            ]
            summaries.append(summarize(name, rows))
        notable = []
        for variant_text, number in NOTABLE:
            fact = (
                SolverFact.objects.filter(
                    deal__variant=variant_text, deal__number=number, deal__sealed=False
                )
                .select_related("deal")
                .first()
            )
            if fact is not None:
                notable.append(
                    {
                        "code": fact.deal.code,
                        "winnable": fact.winnable,
                        "moves": fact.par_moves,
                        "best_cards_left": fact.best_cards_left,
                        "best_moves": fact.best_moves,
                    }
                )
        command = "manage.py solve_deals " + shlex.join(sys.argv[2:])
        if section:
            old = path.read_text() if path.exists() else ""
            body = render_variants_section(
                summaries, first, last, command if "solve_deals" in sys.argv[1:2] else ""
            )
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(replace_section(old, body))
            self.stdout.write(f"wrote the variants' section of {path}")
            return
        text = render_report(
            summaries,
            first,
            last,
            notable=notable,
            command=command if "solve_deals" in sys.argv[1:2] else "",
            note=f"Machine: {os.cpu_count()} cores, CPython {sys.version.split()[0]}.",
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        self.stdout.write(f"wrote {path}")
