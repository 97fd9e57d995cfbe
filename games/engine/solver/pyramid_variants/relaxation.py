"""The variants' relaxation: the stock-order-free graph of pyramid/relaxation.py, with
each variant's moves, from which the search takes its bounds.

A node is a pyramid mask and, per stock-side rank, how many of the root's remaining
cards of that rank are gone (3 bits each). Its moves forget where a stock-side card is:
any remaining one may pair with a free pyramid card, go alone if a King (tracked only
under ``strict_win``, where the stock side counts), or, with ``stock_against_discard``
and ``strict_win``, pair with any other remaining one. ``last_cover_pairs`` widens the
pyramid's pairs. Without ``strict_win`` a ``D`` pair takes no card that counts, and a
node with fewer cards gone bounds one with more (it allows every move of it), so the
graph leaves them out and a search key after one is bounded by a *stand-in* node:
without them the graph is tens of times smaller (deal 3: 6 388 nodes, 140 703 with).

Every real line maps onto a path of the graph with as many removal moves, so a node's
fewest cards left below it (``floor``) and its fewest removal moves to ``t`` cards left
(``distances``) bound every real continuation. With unlimited recycling the graph is
exact, as for the app's rules: any remaining stock-side card can be brought to the top at
any time, and a ``D`` pair (which needs its two cards adjacent) only matters when the
stock side counts, so it is exact unless ``strict_win`` meets ``stock_against_discard``.
"""

from __future__ import annotations

from games.engine.layouts import TABLEAU_SIZE
from games.engine.solver.outcome import Budget
from games.engine.solver.pyramid.relaxation import OutOfBudget
from games.engine.solver.pyramid.state import G_SHIFT, KING, LOW, PARTNER, SIDE_FULL
from games.engine.solver.pyramid_variants.moves import Moves

_BITS = 3  # gone count per rank, 0..4
Needs = tuple[tuple[int, int], ...]  # (rank, cards of it needed), as bound.draw_bound reads


def _shift(q: int) -> int:
    return G_SHIFT + _BITS * q


class Relaxed:
    """The graph from a root key, with each node's floor; ``distances(t)`` on demand."""

    __slots__ = (
        "_by_pyramid",
        "_children",
        "_nodes",
        "_shifts",
        "_stand_ins",
        "against",
        "avail",
        "floors",
        "moves",
        "nodes",
        "order",
        "tracked",
    )

    def __init__(self, moves: Moves, root: int, budget: Budget) -> None:
        self.moves = moves
        # A D pair takes no pyramid card: it only counts where the stock side does.
        self.against = moves.against and moves.strict
        self._by_pyramid: dict[int, list[int]] = {}
        self._stand_ins: dict[int, int] = {}
        remaining = SIDE_FULL & ~(root >> G_SHIFT)
        rank_bits = moves.tables.rank_bits
        self.tracked = tuple(q for q in range(1, 14) if PARTNER[q] or moves.strict)
        self._shifts = tuple(_shift(q) for q in self.tracked)
        self.avail = [0] * 14
        for q in self.tracked:
            self.avail[q] = (remaining & rank_bits[q]).bit_count()
        self._nodes: dict[int, int] = {}  # stock side gone -> a node's counts
        self._children = self._explore(root & LOW, budget)
        self.nodes = len(self._children)
        # Children always have more cards gone: the most gone first is a topological order.
        self.order = sorted(self._children, key=self._gone_count, reverse=True)
        self.floors: dict[int, int] = {}
        for node in self.order:
            best = self.cards_left(node)
            for child in self._children[node]:
                best = min(best, self.floors[child])
            self.floors[node] = best

    def _gone_count(self, node: int) -> int:
        return (node & LOW).bit_count() + sum(node >> _shift(q) & 7 for q in self.tracked)

    def cards_left(self, node: int) -> int:
        """The cards a node leaves, as ``Moves.cards_left`` counts them."""
        left = TABLEAU_SIZE - (node & LOW).bit_count()
        if self.moves.strict:
            left += sum(self.avail[q] - (node >> _shift(q) & 7) for q in self.tracked)
        return left

    def node(self, key: int) -> int:
        """The node of a search key: its pyramid and its stock side's gone counts per
        rank (cached per stock side gone), or its stand-in."""
        gone = key >> G_SHIFT & SIDE_FULL
        counts = self._nodes.get(gone)
        if counts is None:
            remaining = SIDE_FULL & ~gone
            rank_bits = self.moves.tables.rank_bits
            counts = 0
            for q in self.tracked:
                counts += (self.avail[q] - (remaining & rank_bits[q]).bit_count()) << _shift(q)
            self._nodes[gone] = counts
        node = (key & LOW) + counts
        if node in self.floors:
            return node
        return self._stand_ins.get(node) or self._stand_in(node)

    def _stand_in(self, node: int) -> int:
        """A node of the graph that bounds ``node``, one a search key after a ``D`` pair
        may have outside a graph without them (``D`` without ``strict_win``): one with
        the same pyramid and no more cards of any rank gone, the most gone in all. Fewer
        cards gone only allow more, so its floor, distances and needs bound ``node``'s;
        and there is one: the key's line without its ``D`` pairs is a path of the graph
        (they take no pyramid card), reaching the same pyramid with fewer cards gone."""
        if not self._by_pyramid:
            for other in self.order:
                self._by_pyramid.setdefault(other & LOW, []).append(other)
        shifts = self._shifts
        best, best_gone = -1, -1
        for other in self._by_pyramid.get(node & LOW, ()):
            if all(other >> shift & 7 <= node >> shift & 7 for shift in shifts):
                gone = self._gone_count(other)
                if gone > best_gone:
                    best, best_gone = other, gone
        if best < 0:
            raise ValueError("a search key off every line of the relaxation")
        self._stand_ins[node] = best
        return best

    def floor(self, key: int) -> int:
        """The fewest cards any continuation from ``key`` can leave (a lower bound)."""
        return self.floors[self.node(key)]

    def distances(self, target: int) -> dict[int, int]:
        """Per node, the fewest removal moves to a node leaving at most ``target`` cards
        (absent: none below it does)."""
        dist: dict[int, int] = {}
        for node in self.order:
            if self.floors[node] > target:
                continue
            if self.cards_left(node) <= target:
                dist[node] = 0
                continue
            dist[node] = 1 + min(dist[c] for c in self._children[node] if c in dist)
        return dist

    def needs(self, dist: dict[int, int]) -> dict[int, Needs]:
        """Per node of ``dist``, for each stock-side rank, the fewest cards of it that any
        continuation reaching the target takes (not only the shortest ones): each of
        them must come to the discard's top, which is what the draws bound reads."""
        tracked = self.tracked
        per_node: dict[int, tuple[int, ...]] = {}
        none = (0,) * len(tracked)
        never = (99,) * len(tracked)
        for node in self.order:
            if node not in dist:
                continue
            if not dist[node]:
                per_node[node] = none
                continue
            best = never
            for child in self._children[node]:
                below = per_node.get(child)
                if below is None:
                    continue
                diff = child - node
                used = tuple(
                    m + (diff >> _shift(q) & 7) for m, q in zip(below, tracked, strict=True)
                )
                best = tuple(map(min, best, used))
            per_node[node] = best
        return {
            node: tuple((q, m) for q, m in zip(tracked, wants, strict=True) if m)
            for node, wants in per_node.items()
        }

    def _explore(self, root: int, budget: Budget) -> dict[int, list[int]]:
        """Every node reachable from ``root``, with its children."""
        moves, avail = self.moves, self.avail
        tables = moves.tables
        strict, against = moves.strict, self.against
        children: dict[int, list[int]] = {root: []}
        stack = [root]
        check = budget.every
        while stack:
            node = stack.pop()
            pmask = node & LOW
            forced, _, by_rank, _, _ = tables.info(pmask)
            if forced:
                out = [node | forced]
            else:
                out = [node | pair for pair in moves.pyramid_pairs(pmask)]
                for r in range(1, 14):
                    q = PARTNER[r]
                    if q and by_rank[r] and (node >> _shift(q) & 7) < avail[q]:
                        out.extend((node | bit) + (1 << _shift(q)) for bit in by_rank[r])
                if strict and (node >> _shift(KING) & 7) < avail[KING]:
                    out.append(node + (1 << _shift(KING)))
                if against:
                    for q in range(1, 7):
                        s = PARTNER[q]
                        room = (node >> _shift(q) & 7) < avail[q]
                        if room and (node >> _shift(s) & 7) < avail[s]:
                            out.append(node + (1 << _shift(q)) + (1 << _shift(s)))
            children[node] = out
            for child in out:
                if child not in children:
                    children[child] = []
                    stack.append(child)
            if len(children) >= check:
                check += budget.every
                which = budget.exceeded(len(children))
                if which:
                    raise OutOfBudget(which)
        return children
