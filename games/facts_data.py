"""The solver facts data file's format, without Django (games/facts_file.py loads it into
the database; tests/engine/test_solvability_ranges.py checks it against the published
ranges and the solver).

Format: gzip'd UTF-8 text, ``#`` comment lines first (the solver version on the first),
then one tab-separated line per deal: code, winnable (1/0), par (or ``-``), best cards
left, best moves, nodes, ms, the line (log tokens separated by spaces). The gzip header
carries no time, so the same facts give the same bytes.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from pathlib import Path

from games.engine import parse_code
from games.engine.solver import Solution

#: Where the repository keeps it.
FACTS_FILE = Path(__file__).resolve().parent / "data" / "solver_facts.tsv.gz"
COLUMNS = ("code", "winnable", "par", "best_cards_left", "best_moves", "nodes", "ms", "solution")


@dataclass(frozen=True)
class FileFact:
    """One deal's line of the file."""

    code: str
    winnable: bool
    par: int | None
    best_cards_left: int
    best_moves: int
    nodes: int
    ms: float
    solution: str

    def same_answer(self, answer: Solution) -> bool:
        """The solver's answer says what this line says (its line may differ: many
        lines reach par; speed never matters)."""
        return (answer.winnable, answer.moves, answer.best_cards_left, answer.best_moves) == (
            self.winnable,
            self.par,
            self.best_cards_left,
            self.best_moves,
        )


@dataclass(frozen=True)
class FactsFile:
    solver_version: str
    facts: tuple[FileFact, ...]


def _parse(line: str, number: int) -> FileFact:
    parts = line.rstrip("\n").split("\t")
    if len(parts) != len(COLUMNS):
        raise ValueError(f"line {number}: {len(parts)} fields, expected {len(COLUMNS)}")
    code, winnable, par, cards, moves, nodes, ms, solution = parts
    parse_code(code)  # a bad code names its wrong part
    if winnable not in ("0", "1"):
        raise ValueError(f"line {number}: winnable {winnable!r}, expected 0 or 1")
    return FileFact(
        code=code,
        winnable=winnable == "1",
        par=None if par == "-" else int(par),
        best_cards_left=int(cards),
        best_moves=int(moves),
        nodes=int(nodes),
        ms=float(ms),
        solution=solution,
    )


def read_facts_file(path: Path = FACTS_FILE) -> FactsFile:
    """The file's facts; ValueError naming the line for anything malformed."""
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    if not lines or not lines[0].startswith("# solver_version "):
        raise ValueError(f"{path}: no '# solver_version' first line")
    version = lines[0].split()[-1]
    facts = tuple(
        _parse(line, index)
        for index, line in enumerate(lines, start=1)
        if line and not line.startswith("#")
    )
    return FactsFile(version, facts)
