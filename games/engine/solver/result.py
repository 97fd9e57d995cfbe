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
