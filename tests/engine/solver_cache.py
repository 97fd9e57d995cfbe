"""Solved numbered deals, shared by the solver's test modules (each deal solved once)."""

from __future__ import annotations

from functools import cache

from games.engine import Variant, numbered_code
from games.engine.solver import Solution, solve


@cache
def solved(variant: Variant, number: int) -> Solution:
    return solve(numbered_code(variant, number))
