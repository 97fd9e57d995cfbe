"""The relaxation that guides the Pyramid search, and decides winnability exactly.

With unlimited recycling any remaining stock-side card can be brought to the top at any
time, so *which pyramid masks are reachable* does not depend on stock order: only on how
many stock cards of each rank were used. That graph (pyramid mask, used count per rank)
has a few thousand nodes; it decides winnability exactly and the most removable cards
C*. Walked backwards it gives, for every node, the fewest removal moves to the goal (all
28 cards, or C* for an unwinnable deal) and, per rank, the fewest stock cards of that
rank any such continuation uses.

The graph is explored from any start node (a position's pyramid and used cards), so the
same relaxation serves the deal's start and a position in the middle of a game.
"""

from __future__ import annotations

from games.engine.layouts import TABLEAU_SIZE
from games.engine.solver.outcome import Budget
from games.engine.solver.pyramid.state import G_SHIFT, LOW, PARTNER, SIDE_FULL, Tables

Entry = tuple[int, tuple[tuple[int, int], ...]]  # relaxed distance, needs per rank

_USE_BITS = 3  # used count per rank, 0..4
_NEVER = 99


def use_shift(q: int) -> int:
    """Where the used count of rank ``q`` sits in a relaxed node."""
    return G_SHIFT + _USE_BITS * q


def relaxed_node(tables: Tables, key: int) -> int:
    """The relaxation's node of a search key: its pyramid and used stock cards per rank
    (stock-side Kings go alone, so they are not counted)."""
    gone = key >> G_SHIFT & SIDE_FULL
    node = key & LOW
    for q in range(1, 14):
        used = (gone & tables.rank_bits[q]).bit_count() if PARTNER[q] else 0
        if used:
            node += used << use_shift(q)
    return node


class OutOfBudget(Exception):
    """A budget ran out while the relaxation was being built: nothing is known."""

    def __init__(self, which: str) -> None:
        self.which = which


class Relaxation:
    """The stock-order-free graph from ``root``: (pyramid mask, used stock cards per rank)."""

    __slots__ = ("best_count", "goal_count", "nodes", "table", "winnable")

    def __init__(self, tables: Tables, budget: Budget, root: int = 0) -> None:
        children = _explore(tables, budget, root)
        self.nodes = len(children)
        self.best_count = max((node & LOW).bit_count() for node in children)
        self.winnable = self.best_count == TABLEAU_SIZE
        self.goal_count = self.best_count
        self.table: dict[int, Entry] = _distances(children, self.goal_count)


def _explore(tables: Tables, budget: Budget, root: int) -> dict[int, list[tuple[int, int]]]:
    """Every relaxed node reachable from ``root``, with its children and the stock rank
    each child used (0: none)."""
    available = [0] * 14
    for r in tables.side_ranks:
        available[r] += 1
    children: dict[int, list[tuple[int, int]]] = {root: []}
    stack = [root]
    check = budget.every
    while stack:
        node = stack.pop()
        forced, pairs, by_rank, _, _ = tables.info(node & LOW)
        out: list[tuple[int, int]] = []
        if forced:
            out.append((node | forced, 0))
        else:
            out.extend((node | pair, 0) for pair in pairs)
            for r in range(1, 14):
                q = PARTNER[r]
                if not q or not by_rank[r]:
                    continue
                shift = use_shift(q)
                if (node >> shift & 7) < available[q]:
                    out.extend(((node | bit) + (1 << shift), q) for bit in by_rank[r])
        children[node] = out
        for child, _ in out:
            if child not in children:
                children[child] = []
                stack.append(child)
        if len(children) >= check:
            check += budget.every
            which = budget.exceeded(len(children))
            if which:
                raise OutOfBudget(which)
    return children


def _distances(children: dict[int, list[tuple[int, int]]], goal_count: int) -> dict[int, Entry]:
    """Backwards from the goal nodes: the fewest removal moves to one, and per rank the
    fewest stock cards of that rank any goal-reaching continuation uses."""
    never = (_NEVER,) * 14
    table: dict[int, tuple[int, tuple[int, ...]]] = {}
    for node in sorted(children, key=lambda n: -(n & LOW).bit_count()):
        if (node & LOW).bit_count() == goal_count:
            table[node] = (0, (0,) * 14)
            continue
        best = _NEVER
        needs: tuple[int, ...] = never
        for child, used in children[node]:
            found = table.get(child)
            if found is None:
                continue
            dist, child_needs = found
            best = min(best, dist + 1)
            if used:
                child_needs = tuple(m + 1 if r == used else m for r, m in enumerate(child_needs))
            needs = tuple(map(min, needs, child_needs))
        if best < _NEVER:
            table[node] = (best, needs)
    return {
        node: (dist, tuple((q, m) for q, m in enumerate(needs) if m))
        for node, (dist, needs) in table.items()
    }
