"""Pyramid search: A* over packed states, unit cost per move, unlimited recycling.

The 24 "stock-side" cards (deck position 28, the first face-up discard card, then the
23 stock cards in drawing order) keep one cyclic order forever: a draw moves the stock's
next card onto the discard, a recycle turns the discard back into the stock with the
first card drawn first again (the engine reverses the discard into a stack whose next
card is that first one), and a removal only ever takes the discard's top card. So at any
moment the remaining stock-side cards are split by a pointer ``k``: those at index < k
are the discard (the top is the highest remaining index below k), those ≥ k the stock
(next draw: the lowest remaining index ≥ k). ``k`` is kept canonical, one past the
discard's top (0: empty discard), so one position has one key:

    key = pyramid removed mask (28 bits) | stock-side removed mask << 28 (24 bits) | k << 52

Moves (each costs 1, as the game counts them): a free pyramid King; two free pyramid
cards whose ranks sum to 13; a free pyramid card with the discard's top card; a King on
the discard; a draw; a recycle (only when the stock is empty and the discard is not).

Heuristic (admissible and consistent): every remaining pyramid King needs its own move,
and for each pair of ranks {r, 13 - r} a move removes at most one card of each, so the
class needs at least max(count r, count 13 - r) moves. Along any move it drops by at most
1, so f = g + h never decreases by a move and rises by at most 1: a two-level bucket
queue (this f, f + 1) replaces the heap, and a node's first expansion has its optimal g.

Pruning: a free pyramid King is removed at once, as the only move from that state. Any
win must remove it, by its own move, and removing it earlier only frees cards; the same
holds for the sequences reaching the most removable cards, so par, best_cards_left and
best_moves are unchanged (tests check this against a search without the pruning). A
King on the discard is *not* forced: a win may never come back to it.
"""

from __future__ import annotations

from itertools import combinations

from games.engine.base import DRAW
from games.engine.cards import Card, card_str
from games.engine.layouts import (
    DISCARD_POSITION,
    FULL_TABLEAU,
    PYRAMID_COVER_MASKS,
    TABLEAU_SIZE,
)
from games.engine.rules import PyramidRules, pyramid_partner_ranks
from games.engine.solver.outcome import Budget, Outcome

SIDE_SIZE = 52 - DISCARD_POSITION  # 24 stock-side cards
SIDE_SHIFT = TABLEAU_SIZE  # 28
K_SHIFT = SIDE_SHIFT + SIDE_SIZE  # 52
SIDE_FULL = (1 << SIDE_SIZE) - 1

PARTNER = pyramid_partner_ranks()

# Per removed-pyramid mask: (forced King bit or 0, pair masks, free cards' bits by rank,
# heuristic, pyramid cards removed).
Info = tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], int, int]


class _Layout:
    """The per-deal tables: ranks by position and a cache of facts per pyramid mask."""

    __slots__ = ("cache", "prune_kings", "ranks")

    def __init__(self, tableau: tuple[Card, ...], prune_kings: bool) -> None:
        self.ranks = tuple(card % 13 + 1 for card in tableau)
        self.cache: dict[int, Info] = {}
        self.prune_kings = prune_kings

    def info(self, removed: int) -> Info:
        ranks = self.ranks
        free = [
            pos
            for pos, cover in enumerate(PYRAMID_COVER_MASKS)
            if not removed >> pos & 1 and removed & cover == cover
        ]
        forced = 0
        by_rank: list[list[int]] = [[] for _ in range(14)]
        for pos in free:
            if PARTNER[ranks[pos]] == 0 and self.prune_kings and not forced:
                forced = 1 << pos
            by_rank[ranks[pos]].append(1 << pos)
        pairs = tuple(
            (1 << a) | (1 << b) for a, b in combinations(free, 2) if PARTNER[ranks[a]] == ranks[b]
        )
        counts = [0] * 14
        for pos in range(TABLEAU_SIZE):
            if not removed >> pos & 1:
                counts[ranks[pos]] += 1
        h = 0
        for r in range(1, 14):
            other = PARTNER[r]
            if other == 0:
                h += counts[r]
            elif r < other:
                h += max(counts[r], counts[other])
        info = (forced, pairs, tuple(tuple(bits) for bits in by_rank), h, removed.bit_count())
        self.cache[removed] = info
        return info


def solve_pyramid(
    deck: tuple[Card, ...], rules: PyramidRules, budget: Budget, *, prune_kings: bool = True
) -> Outcome:
    if rules.max_recycles is not None:
        raise ValueError("the solver handles unlimited recycling only (max_recycles=None)")
    layout = _Layout(deck[:TABLEAU_SIZE], prune_kings)
    side = deck[DISCARD_POSITION:]
    side_ranks = tuple(card % 13 + 1 for card in side)
    side_partner = tuple(PARTNER[r] for r in side_ranks)
    cache = layout.cache
    get_info = layout.info
    full = FULL_TABLEAU
    low = (1 << SIDE_SHIFT) - 1
    every = budget.every

    root = 1 << K_SHIFT  # nothing removed, the first discard card face up: k = 1
    root_info = get_info(0)
    f = root_info[3]
    seen: dict[int, int] = {root: f}  # key -> f at its best discovery
    parent: dict[int, int] = {root: -1}
    current: list[int] = [root]
    following: list[int] = []
    nodes = 0
    next_check = every
    best_count = 0
    best_key = root
    best_g = 0
    goal = -1
    exhausted: str | None = None

    while current:
        pop = current.pop
        push_now = current.append
        push_next = following.append
        while current:
            key = pop()
            if seen[key] != f:
                continue  # expanded earlier from a lower bucket
            nodes += 1
            pmask = key & low
            info = cache.get(pmask) or get_info(pmask)
            g = f - info[3]
            if pmask == full:
                goal = key
                best_g = g
                break
            if info[4] > best_count or (info[4] == best_count and g < best_g):
                best_count, best_key, best_g = info[4], key, g
            if nodes >= next_check:
                next_check += every
                exhausted = budget.exceeded(nodes)
                if exhausted:
                    break
            child_g = g + 1
            forced = info[0]
            if forced:
                children = [key | forced]
            else:
                children = [key | pair for pair in info[1]]
                gone = key >> SIDE_SHIFT & SIDE_FULL
                k = key >> K_SHIFT
                base = pmask | gone << SIDE_SHIFT
                remaining = SIDE_FULL & ~gone
                if k:
                    t = k - 1
                    bit = 1 << t
                    below = remaining & (bit - 1)
                    after = base | bit << SIDE_SHIFT | below.bit_length() << K_SHIFT
                    partner = side_partner[t]
                    if partner == 0:
                        children.append(after)  # a King on the discard
                    else:
                        for pos_bit in info[2][partner]:
                            children.append(after | pos_bit)
                stock = remaining >> k
                if stock:
                    children.append(base | (k + (stock & -stock).bit_length()) << K_SHIFT)
                elif k:
                    children.append(base)  # recycle: k = 0
            for child in children:
                cmask = child & low
                cinfo = cache.get(cmask) or get_info(cmask)
                child_f = child_g + cinfo[3]
                old = seen.get(child)
                if old is None or old > child_f:
                    seen[child] = child_f
                    parent[child] = key
                    if child_f == f:
                        push_now(child)
                    else:
                        push_next(child)
        if goal >= 0 or exhausted:
            break
        current, following = following, []
        f += 1

    if goal >= 0:
        tokens = _path(parent, goal, deck)
        return Outcome(True, best_g, tokens, 0, best_g, nodes)
    tokens = _path(parent, best_key, deck)
    cards_left = TABLEAU_SIZE - best_count
    return Outcome(None if exhausted else False, None, tokens, cards_left, best_g, nodes, exhausted)


def _path(parent: dict[int, int], key: int, deck: tuple[Card, ...]) -> list[str]:
    """The log from the deal's start to ``key``, read off the differences of the keys."""
    low = (1 << SIDE_SHIFT) - 1
    tokens: list[str] = []
    while True:
        before = parent[key]
        if before < 0:
            break
        pyramid = (key & ~before) & low
        side = (key >> SIDE_SHIFT & ~(before >> SIDE_SHIFT)) & SIDE_FULL
        cards = [deck[pos] for pos in range(TABLEAU_SIZE) if pyramid >> pos & 1]
        cards += [deck[DISCARD_POSITION + i] for i in range(SIDE_SIZE) if side >> i & 1]
        tokens.append("+".join(card_str(card) for card in cards) if cards else DRAW)
        key = before
    tokens.reverse()
    return tokens
