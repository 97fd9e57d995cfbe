"""The Pyramid variants' search: A* by moves toward a target of cards left, its bounds
from the variant's relaxation (relaxation.py), over the reduced graph of walks.py (the
moves of moves.py, draws walked, pyramid pairs fresh, Kings on the top decided).

**The target.** A win is 0 cards left; an unwinnable deal's best partial is the fewest
cards any line leaves (C*). The relaxation's floor at the root bounds C* from below, and
is C* itself where the relaxation is exact (unlimited recycling, unless the strict win
meets stock against discard). When the floor is 0 an A* toward a win goes first; if it
finds none (or the floor is above 0) and the relaxation is not exact, C* comes from a
depth-first branch and bound over the reduced graph, each key pruned when its floor
cannot beat the best met; then one A* finds the fewest moves to C* cards left. A budget
cut keeps what is known (a floor above 0, or a win search that ran dry: not winnable).

**The bound** (admissible; A* reopens a key reached again with fewer moves, so par and
best_moves stay exact even where it is not consistent): the relaxation's fewest removal
moves to the target, plus a lower bound on the draws, which are moves of their own (the
relaxation knows nothing of the fresh cards or the Kings left, so it bounds the reduced
graph's lines as it does every line):

* toward a strict win, every stock card has to be drawn once, and a stock-side card
  that can never leave (a non-King with no partner left where it could pair: the
  pyramid, and with ``D`` the stock side too) ends the key;
* otherwise the draws that bring to the top the stock-side cards per rank that every
  continuation reaching the target takes (the relaxation's needs), read by the A*'s own
  ``pyramid.bound.draw_bound``: reachable discard cards free, stock cards in order, a
  card under one that never leaves (or a King left for good) after the whole stock and
  a recycle, nothing past a King left in the stock. With no recycle left such a card is
  out of reach for good, so it is not counted at all.
"""

from __future__ import annotations

from games.engine.cards import Card
from games.engine.pyramid import PyramidGame
from games.engine.rules import PyramidRules
from games.engine.solver.outcome import Budget, Outcome
from games.engine.solver.pyramid.bound import draw_bound
from games.engine.solver.pyramid.relaxation import OutOfBudget
from games.engine.solver.pyramid.state import (
    G_SHIFT,
    K_SHIFT,
    L_SHIFT,
    LOW,
    PARTNER,
    SIDE_FULL,
    Tables,
)
from games.engine.solver.pyramid_variants.moves import R_SHIFT, Moves, line
from games.engine.solver.pyramid_variants.relaxation import Needs, Relaxed
from games.engine.solver.pyramid_variants.walks import FRESH_FIELD, Walks

DEAD = -1
#: A queue entry is a key with its moves above it (keys stay below bit R_SHIFT + 2).
ENTRY_SHIFT = R_SHIFT + 2
KEYS = (1 << ENTRY_SHIFT) - 1


def solve_pyramid_variant(
    deck: tuple[Card, ...], rules: PyramidRules, budget: Budget, game: PyramidGame
) -> Outcome:
    """The best result reachable from ``game`` under ``rules``, the fewest further moves
    to it and a line there."""
    tables = Tables(deck)
    moves = Moves(tables, rules)
    walks = Walks(moves)
    root = walks.root(game)
    try:
        relaxed = Relaxed(moves, root, budget)
    except OutOfBudget as out:
        return Outcome(None, None, [], moves.cards_left(root), 0, 0, out.which)
    search = _Search(deck, walks, relaxed, budget)
    exact = rules.max_recycles is None and not (rules.strict_win and rules.stock_against_discard)
    floor = relaxed.floor(root)
    if floor == 0:
        found = search.a_star(root, 0)
        if found is not None:
            return search.answer(found, won=True)
        if search.exhausted:
            return search.answer(search.best, won=True if exact else None)
        # The search went through every key that might still win: none does.
        floor, exact = 1, False
    target = floor if exact else search.branch_and_bound(root, floor)
    if target is None:
        return search.answer(search.best, won=False)
    found = search.a_star(root, target)
    return search.answer(found if found is not None else search.best, won=False)


class _Search:
    """The searches of one solve, sharing its tables, relaxation, budget and node count.

    ``best`` is the key with the fewest cards left (then fewest moves) the last search
    met, for an answer cut short; ``parent`` the tree the last search grew (a key's
    parent << 6 | its edge's moves), ``seen`` each key's moves << 8 | bound."""

    __slots__ = (
        "best",
        "budget",
        "deck",
        "exhausted",
        "moves",
        "next_check",
        "nodes",
        "parent",
        "pyramid_counts",
        "relaxed",
        "seen",
        "walks",
    )

    def __init__(self, deck: tuple[Card, ...], walks: Walks, relaxed: Relaxed, budget: Budget):
        self.deck = deck
        self.walks = walks
        self.moves = walks.moves
        self.relaxed = relaxed
        self.budget = budget
        self.nodes = relaxed.nodes  # the budget counts the relaxation's nodes too
        self.next_check = self.nodes + budget.every
        self.exhausted: str | None = None
        self.parent: dict[int, int] = {}
        self.seen: dict[int, int] = {}
        self.best = 0
        self.pyramid_counts: dict[int, list[int]] = {}

    def tick(self) -> bool:
        """Count one expansion; has a budget run out?"""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.next_check += self.budget.every
            self.exhausted = self.budget.exceeded(self.nodes)
        return self.exhausted is not None

    def answer(self, key: int, won: bool | None) -> Outcome:
        """The Outcome of a line to ``key``: a win, or ``key``'s cards left, with what cut
        the search short if anything did (``won`` is then what is known regardless)."""
        tokens = line(self.parent, key, self.deck)
        left = self.moves.cards_left(key)
        if not left:
            return Outcome(True, len(tokens), tokens, 0, len(tokens), self.nodes)
        if self.exhausted is None:
            won = False
        return Outcome(won, None, tokens, left, len(tokens), self.nodes, self.exhausted)

    def _start(self, root: int) -> None:
        self.parent = {root: -1}
        self.seen = {root: 0}
        self.best = root
        self.walks.start()

    def a_star(self, root: int, target: int) -> int | None:
        """The first key met leaving at most ``target`` cards, by fewest moves (None: no
        such key, or a budget ran out: ``exhausted`` says which).

        A new key is queued with the removal moves alone (a weaker bound) and gets the
        draws too when its turn comes: if that puts it further, it waits again. The
        bound need not be consistent: a key reached again with fewer moves is queued
        again (an entry carries its moves, so an outdated one is told apart)."""
        self._start(root)
        parent, seen = self.parent, self.seen
        cards_left = self.moves.cards_left
        best_left, best_g = cards_left(root) + 1, 0  # the root is met first
        expand, drawn_to = self.walks.expand, self.walks.drawn_to
        relaxed = self.relaxed
        node_of = relaxed.node
        distances = relaxed.distances(target)
        needs = relaxed.needs(distances)

        def full(key: int) -> int:
            node = node_of(key)
            found = distances.get(node, DEAD)
            if found != DEAD:
                draws = self.draws_to(key, needs[node], target)
                found = DEAD if draws == DEAD else found + draws
            return found

        h = full(root)
        if h == DEAD:
            return None
        seen[root] = h
        buckets: dict[int, list[int]] = {h: [root]}
        rough: set[int] = set()  # keys queued with the removal moves only
        while buckets:
            f = min(buckets)
            stack = buckets.pop(f)
            while stack:
                entry = stack.pop()
                key = entry & KEYS
                g = entry >> ENTRY_SHIFT
                value = seen[key]
                if value >> 8 != g:
                    continue  # reached again with fewer moves since (or hopeless)
                if key in rough:
                    rough.discard(key)
                    h = full(key)
                    if h == DEAD:
                        seen[key] = DEAD
                        continue
                    seen[key] = g << 8 | h
                    if g + h > f:
                        buckets.setdefault(g + h, []).append(entry)
                        continue
                left = cards_left(key)
                if left < best_left or (left == best_left and g < best_g):
                    self.best, best_left, best_g = key, left, g
                    if left <= target:
                        return key
                if self.tick():
                    return None
                for child, cost in expand(key):
                    child_g = g + cost
                    old = seen.get(child)
                    if old is not None:
                        if old >> 8 <= child_g:
                            continue  # DEAD (-1) lands here too
                        h = old & 255
                    else:
                        if not child & FRESH_FIELD and drawn_to(child, child_g):
                            continue
                        h = distances.get(node_of(child), DEAD)
                        if h == DEAD:
                            seen[child] = DEAD
                            continue
                        rough.add(child)
                    seen[child] = child_g << 8 | h
                    parent[child] = key << 6 | cost
                    child_entry = child | child_g << ENTRY_SHIFT
                    if child_g + h <= f:
                        stack.append(child_entry)
                    else:
                        buckets.setdefault(child_g + h, []).append(child_entry)
        return None

    def branch_and_bound(self, root: int, floor: int) -> int | None:
        """C*, the fewest cards any line from ``root`` leaves, knowing no line leaves
        fewer than ``floor``: depth first over the reduced graph's keys, removals first,
        each key pruned when its relaxation's floor cannot beat the best met. None: cut
        short."""
        self._start(root)
        moves, parent, seen = self.moves, self.parent, self.seen
        expand, drawn_to = self.walks.expand, self.walks.drawn_to
        floor_of = self.relaxed.floor
        best_left = moves.cards_left(root)
        stack = [root]
        while stack and best_left > floor:
            key = stack.pop()
            if floor_of(key) >= best_left:
                continue
            left = moves.cards_left(key)
            if left < best_left:
                best_left, self.best = left, key
                if left == floor:
                    break
            if self.tick():
                return None
            g = seen[key] >> 8
            for child, cost in reversed(expand(key)):  # removals are popped first
                if child not in parent and floor_of(child) < best_left:
                    if not child & FRESH_FIELD and drawn_to(child, 0, any_moves=True):
                        continue
                    parent[child] = key << 6 | cost
                    seen[child] = (g + cost) << 8
                    stack.append(child)
        return best_left

    def draws_to(self, key: int, needs: Needs, target: int) -> int:
        """A lower bound on the draws (and recycles) any line from ``key`` to ``target``
        cards left still makes, given the stock-side cards per rank it ``needs`` (the
        relaxation's)."""
        moves = self.moves
        pmask = key & LOW
        gone = key >> G_SHIFT & SIDE_FULL
        remaining = SIDE_FULL & ~gone
        k = key >> K_SHIFT & 31
        below = (1 << k) - 1
        if moves.strict and not target:
            # Every stock card has to be drawn; a card that can never leave ends it.
            if remaining & self._blockers(pmask, remaining):
                return DEAD
            return (remaining & ~below).bit_count()
        blockers = self._blockers(pmask, remaining)
        left = key >> L_SHIFT & SIDE_FULL
        if moves.limit is not None and key >> R_SHIFT >= moves.limit:
            # No recycle left: what lies under a card that never leaves is out of reach.
            blocked = remaining & below & (blockers | left)
            if blocked:
                gone |= remaining & ((1 << (blocked.bit_length() - 1)) - 1)
        return draw_bound(needs, blockers, moves.tables.rank_bits, gone, k, left)

    def _pyramid_counts(self, pmask: int) -> list[int]:
        """The pyramid's remaining cards per rank, per mask."""
        found = self.pyramid_counts.get(pmask)
        if found is None:
            found = [0] * 14
            for pos, r in enumerate(self.moves.tables.ranks):
                if not pmask >> pos & 1:
                    found[r] += 1
            self.pyramid_counts[pmask] = found
        return found

    def _blockers(self, pmask: int, remaining: int) -> int:
        """Stock-side cards that can never leave: non-Kings with no partner left where
        they could pair (the pyramid; with ``D`` the stock side too)."""
        counts = self._pyramid_counts(pmask)
        rank_bits = self.moves.tables.rank_bits
        mask = 0
        for r in range(1, 13):
            q = PARTNER[r]
            if counts[q] or (self.moves.against and remaining & rank_bits[q]):
                continue
            mask |= rank_bits[r]
        return mask
