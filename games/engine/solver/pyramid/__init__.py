"""The Pyramid solver: packed state (state.py), the relaxation that decides winnability
exactly (relaxation.py), the lower bound it gives (bound.py) and the A* search that uses
it, from the start or from any position (search.py)."""

from games.engine.solver.pyramid.search import solve_pyramid

__all__ = ["solve_pyramid"]
