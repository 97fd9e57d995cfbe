"""The solver (issue 3): is a deal winnable, in how few moves, and how far it gets if not.

Pure engine code, fed by the engine's own tables (cover masks, adjacency, deal reading)
so that there is no second copy of a rule; every answer is replayed through
``games.engine.replay`` before it is returned.
"""

from games.engine.solver.core import DEFAULT_TIME_BUDGET_S, SolverError, solve
from games.engine.solver.result import SOLVER_VERSION, Solution

__all__ = ["DEFAULT_TIME_BUDGET_S", "SOLVER_VERSION", "Solution", "SolverError", "solve"]
