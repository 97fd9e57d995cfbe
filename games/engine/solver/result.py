"""What the solver answers for one deal."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: Bump when a change could alter any stored answer (par, solution, best figures).
SOLVER_VERSION = 1


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's verdict on one deal.

    ``winnable`` is None only when a budget ran out (``budget_exhausted`` names it:
    ``"nodes"`` or ``"time"``). ``moves`` is par, the fewest moves of any win, counted as
    the game counts them; ``solution`` is a log reaching par. For an unwinnable deal
    ``solution`` reaches ``best_cards_left`` in ``best_moves`` moves instead.
    """

    code: str | None
    variant: str
    winnable: bool | None
    moves: int | None
    solution: list[str] = field(default_factory=list)
    best_cards_left: int = 28
    best_moves: int = 0
    nodes: int = 0
    ms: float = 0.0
    budget_exhausted: str | None = None
    solver_version: int = SOLVER_VERSION

    @property
    def log(self) -> str:
        return " ".join(self.solution)

    @classmethod
    def from_dict(cls, row: dict[str, Any]) -> Solution:
        """The inverse of ``as_dict`` (answers cross process boundaries as dicts)."""
        line = row.get("solution") or ""
        return cls(
            code=row.get("code"),
            variant=row["variant"],
            winnable=row.get("winnable"),
            moves=row.get("moves"),
            solution=line.split() if isinstance(line, str) else list(line),
            best_cards_left=row.get("best_cards_left", 28),
            best_moves=row.get("best_moves", 0),
            nodes=row.get("nodes", 0),
            ms=row.get("ms", 0.0),
            budget_exhausted=row.get("budget_exhausted"),
            solver_version=row.get("solver_version", SOLVER_VERSION),
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "variant": self.variant,
            "winnable": self.winnable,
            "moves": self.moves,
            "solution": self.log,
            "best_cards_left": self.best_cards_left,
            "best_moves": self.best_moves,
            "nodes": self.nodes,
            "ms": round(self.ms, 3),
            "budget_exhausted": self.budget_exhausted,
            "solver_version": self.solver_version,
        }
