"""The raw answer of one search, before timing and verification are added."""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(slots=True)
class Outcome:
    winnable: bool | None
    moves: int | None
    tokens: list[str]
    best_cards_left: int
    best_moves: int
    nodes: int
    exhausted: str | None = None


class Budget:
    """Node and wall-clock limits, checked every ``every`` nodes to stay cheap."""

    __slots__ = ("deadline", "every", "node_budget")

    def __init__(self, node_budget: int | None, time_budget_s: float | None) -> None:
        self.node_budget = node_budget
        self.deadline = None if time_budget_s is None else time.perf_counter() + time_budget_s
        self.every = 2048 if node_budget is None else max(1, min(2048, node_budget))

    def exceeded(self, nodes: int) -> str | None:
        if self.node_budget is not None and nodes >= self.node_budget:
            return "nodes"
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            return "time"
        return None
