"""Pyramid under the literature's rules (SPEC §9, seed 002): strict win, limited
redeals, stock against discard, a card with its last covering card, and any mix of
them. The positions and moves (moves.py), the stock-order-free relaxation that bounds
them (relaxation.py) and the A* and branch and bound over them (search.py)."""

from games.engine.solver.pyramid_variants.moves import is_default
from games.engine.solver.pyramid_variants.search import solve_pyramid_variant

__all__ = ["is_default", "solve_pyramid_variant"]
