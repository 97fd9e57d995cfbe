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
from games.engine.solver.pyramid.state import (
    F_SHIFT,
    G_SHIFT,
    LOW,
    PARTNER,
    SIDE_FULL,
    SIDE_SIZE,
    Tables,
)

Entry = tuple[int, tuple[tuple[int, int], ...]]  # relaxed distance, needs per rank

_USE_BITS = 3  # used count per rank, 0..4
_NEVER = 99
_FORGET = -1  # the edge that forgets the fresh cards (a draw's), free of removals
FRESH_SHIFT = G_SHIFT + _USE_BITS * 14  # a relaxed node's fresh cards
USED = (1 << FRESH_SHIFT) - 1  # a relaxed node without its fresh cards


def use_shift(q: int) -> int:
    """Where the used count of rank ``q`` sits in a relaxed node."""
    return G_SHIFT + _USE_BITS * q


def relaxed_node(tables: Tables, key: int) -> int:
    """The relaxation's node of a search key: its pyramid, used stock cards per rank
    (stock-side Kings go alone, so they are not counted) and fresh cards."""
    used = tables.used_bytes or _used_bytes(tables)
    gone = key >> G_SHIFT & SIDE_FULL
    return (
        key & LOW
        | (key >> F_SHIFT) << FRESH_SHIFT
        | used[0][gone & 255] + used[1][gone >> 8 & 255] + used[2][gone >> 16]
    )


def _used_bytes(tables: Tables) -> tuple[list[int], ...]:
    """The used counts of every set of removed stock-side cards, a byte of the stock side
    at a time (counts add without carrying: at most 4 a rank in 3 bits), so that a key's
    relaxed node costs three look-ups (the bound makes one per position)."""
    steps = [1 << use_shift(r) if PARTNER[r] else 0 for r in tables.side_ranks]
    parts = []
    for low in range(0, SIDE_SIZE, 8):
        part = [0] * 256
        for byte in range(1, 256):
            lowest = (byte & -byte).bit_length() - 1
            part[byte] = part[byte & (byte - 1)] + steps[low + lowest]
        parts.append(part)
    tables.used_bytes = tuple(parts)
    return tables.used_bytes


class OutOfBudget(Exception):
    """A budget ran out while the relaxation was being built: nothing is known."""

    def __init__(self, which: str) -> None:
        self.which = which


class Relaxation:
    """The stock-order-free graph from ``root``: (pyramid mask, used stock cards per rank,
    fresh cards)."""

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
    each child used (0: none, _FORGET: the fresh cards forgotten, as a draw does)."""
    available = [0] * 14
    for r in tables.side_ranks:
        available[r] += 1
    children: dict[int, list[tuple[int, int]]] = {root: []}
    stack = [root]
    check = budget.every
    while stack:
        node = stack.pop()
        pmask = node & LOW
        fresh = node >> FRESH_SHIFT
        base = node & USED
        forced, pairs, by_rank, free, _ = tables.info(pmask)
        out: list[tuple[int, int]] = []
        if forced:
            out.append((_with_fresh(tables, base | forced, fresh, free), 0))
        else:
            out.extend(
                (_with_fresh(tables, base | pair, fresh, free), 0) for pair in pairs if pair & fresh
            )
            for r in range(1, 14):
                q = PARTNER[r]
                if not q or not by_rank[r]:
                    continue
                shift = use_shift(q)
                if (node >> shift & 7) < available[q]:
                    out.extend(
                        (_with_fresh(tables, (base | bit) + (1 << shift), 0, free), q)
                        for bit in by_rank[r]
                    )
            if fresh:
                out.append((base, _FORGET))
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


def _with_fresh(tables: Tables, child: int, fresh: int, free_before: int) -> int:
    """A relaxed ``child`` with its fresh cards, as the search's keys carry them."""
    return child | tables.fresh_after(child & LOW, fresh, free_before) << FRESH_SHIFT


def _distances(children: dict[int, list[tuple[int, int]]], goal_count: int) -> dict[int, Entry]:
    """Backwards from the goal nodes: the fewest removal moves to one, and per rank the
    fewest stock cards of that rank any goal-reaching continuation uses."""
    never = (_NEVER,) * 14
    table: dict[int, tuple[int, tuple[int, ...]]] = {}
    # Children first: more cards removed, or the same cards with fresh cards forgotten.
    for node in sorted(children, key=lambda n: (-(n & LOW).bit_count(), n >> FRESH_SHIFT != 0)):
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
            best = min(best, dist + (used != _FORGET))
            if used > 0:
                child_needs = tuple(m + 1 if r == used else m for r, m in enumerate(child_needs))
            needs = tuple(map(min, needs, child_needs))
        if best < _NEVER:
            table[node] = (best, needs)
    return {
        node: (dist, tuple((q, m) for q, m in enumerate(needs) if m))
        for node, (dist, needs) in table.items()
    }
