"""Pyramid search: A* over packed states with unlimited recycling, guided by an exact
relaxation.

**The stock side.** The 24 "stock-side" cards (deck position 28, the first face-up
discard card, then the 23 stock cards in drawing order) keep one cyclic order forever:
a draw moves the stock's next card onto the discard, a recycle turns the discard back
into the stock with the first card drawn first again (the engine reverses the discard
into a stack whose next card is that first one), and a removal only ever takes the
discard's top card. So the remaining stock-side cards are split by a pointer ``k``:
those at index < k are the discard (its top is the highest remaining index below k),
those ≥ k the stock (next draw: the lowest remaining index ≥ k). ``k`` is kept
canonical, one past the discard's top (0: empty discard), so one position has one key.

**Moves** (each costs 1, as the game counts them): a free pyramid King; two free
pyramid cards summing to 13; a free pyramid card with the discard's top card; a King on
the discard; a draw; a recycle (only when the stock is empty and the discard is not).

**The relaxation.** With unlimited recycling any remaining stock-side card can be
brought to the top at any time, so *which pyramid masks are reachable* does not depend
on stock order: only on how many stock cards of each rank were used. That graph (pyramid
mask, used count per rank) has a few thousand nodes; it decides winnability exactly and
the most removable cards C*. Walked backwards it gives, for every node, the fewest
removal moves to the goal (all 28 cards, or C* for an unwinnable deal) and, per rank,
the fewest stock cards of that rank any such continuation uses.

**The heuristic** (admissible and consistent, so a node's first expansion is optimal):
removal moves ≥ that distance; draws ≥ for each rank still needed from the stock side,
the draws to bring the needed cards up: the discard's cards above the highest card that
can never be removed again (a non-King whose partners have all left the pyramid) count
as reachable for free, stock cards must be drawn in order, and a card below that blocker
needs the whole stock drawn, a recycle and every card before it drawn again.

**Safe reductions** (each keeps par, best_cards_left and best_moves; the tests compare
against a plain breadth-first search over every state without them):

* a free pyramid King is removed at once, as the only move: any continuation must spend
  a move on it and removing it earlier only frees cards;
* after a draw or a recycle no pair of two pyramid cards is played: such a pair was
  already free before the draw and can be played before it, with the same count;
* a King reaching the discard's top is decided at once: removed now, or *left* for good
  (marked; the search then never draws it again). Removing it later instead, or drawing
  over it and meeting it again, is never better than removing it now; leaving it only
  pays when the game ends before it comes round again.
"""

from __future__ import annotations

from collections import deque
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
SIDE_FULL = (1 << SIDE_SIZE) - 1
G_SHIFT = TABLEAU_SIZE  # removed stock-side cards, 24 bits
K_SHIFT = G_SHIFT + SIDE_SIZE  # the pointer, 5 bits
R_BIT = 1 << (K_SHIFT + 5)  # "the last move was a draw": no pyramid pairs now
L_SHIFT = K_SHIFT + 6  # stock-side Kings left on the discard for good
LOW = (1 << G_SHIFT) - 1
PGK = (1 << (K_SHIFT + 5)) - 1  # pyramid, stock side and pointer
DEAD = -1  # seen value of a state that cannot reach the goal

Entry = tuple[int, tuple[tuple[int, int], ...]]  # relaxed distance, needs per rank

PARTNER = pyramid_partner_ranks()
KING = PARTNER.index(0, 1)  # the rank removed alone

# Per pyramid mask: (forced King bit or 0, pair masks, free cards' bits by rank).
PyramidInfo = tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]


class _Tables:
    """Per-deal tables: ranks, stock-side rank masks and facts cached per pyramid mask."""

    __slots__ = ("cache", "force_kings", "rank_bits", "ranks", "side_ranks")

    def __init__(self, deck: tuple[Card, ...], force_kings: bool = True) -> None:
        self.ranks = tuple(card % 13 + 1 for card in deck[:TABLEAU_SIZE])
        self.side_ranks = tuple(card % 13 + 1 for card in deck[DISCARD_POSITION:])
        self.rank_bits = [0] * 14
        for index, r in enumerate(self.side_ranks):
            self.rank_bits[r] |= 1 << index
        self.cache: dict[int, PyramidInfo] = {}
        self.force_kings = force_kings

    def info(self, removed: int) -> PyramidInfo:
        found = self.cache.get(removed)
        if found is not None:
            return found
        ranks = self.ranks
        free = [
            pos
            for pos, cover in enumerate(PYRAMID_COVER_MASKS)
            if not removed >> pos & 1 and removed & cover == cover
        ]
        forced = 0
        by_rank: list[list[int]] = [[] for _ in range(14)]
        for pos in free:
            if ranks[pos] == KING and self.force_kings and not forced:
                forced = 1 << pos
            by_rank[ranks[pos]].append(1 << pos)
        pairs = tuple(
            (1 << a) | (1 << b) for a, b in combinations(free, 2) if PARTNER[ranks[a]] == ranks[b]
        )
        info = (forced, pairs, tuple(tuple(bits) for bits in by_rank))
        self.cache[removed] = info
        return info

    def blockers(self, removed: int) -> int:
        """Stock-side cards that can never be removed again: non-Kings whose partner rank
        has no card left in the pyramid (a stock-side card only pairs with the pyramid)."""
        left = [0] * 14
        for pos, r in enumerate(self.ranks):
            if not removed >> pos & 1:
                left[r] += 1
        mask = 0
        for r in range(1, 14):
            if PARTNER[r] and not left[PARTNER[r]]:
                mask |= self.rank_bits[r]
        return mask


# -- the relaxation ---------------------------------------------------------------------

_USE_BITS = 3  # used count per rank, 0..4


def _use_shift(q: int) -> int:
    return G_SHIFT + _USE_BITS * q


class Relaxation:
    """The stock-order-free graph: (pyramid mask, used stock cards per rank)."""

    __slots__ = ("best_count", "goal_count", "nodes", "table", "winnable")

    def __init__(self, tables: _Tables, budget: Budget) -> None:
        available = [0] * 14
        for r in tables.side_ranks:
            available[r] += 1
        children: dict[int, list[tuple[int, int]]] = {0: []}
        stack = [0]
        every = budget.every
        check = every
        while stack:
            node = stack.pop()
            pmask = node & LOW
            forced, pairs, by_rank = tables.info(pmask)
            out: list[tuple[int, int]] = []
            if forced:
                out.append((node | forced, 0))
            else:
                out.extend((node | pair, 0) for pair in pairs)
                for r in range(1, 14):
                    q = PARTNER[r]
                    if not q or not by_rank[r]:
                        continue
                    shift = _use_shift(q)
                    if (node >> shift & 7) < available[q]:
                        for bit in by_rank[r]:
                            out.append(((node | bit) + (1 << shift), q))
            children[node] = out
            for child, _ in out:
                if child not in children:
                    children[child] = []
                    stack.append(child)
            if len(children) >= check:
                check += every
                if budget.exceeded(len(children)):
                    raise _OutOfBudget(budget.exceeded(len(children)) or "time")
        self.nodes = len(children)
        self.best_count = max((node & LOW).bit_count() for node in children)
        self.winnable = self.best_count == TABLEAU_SIZE
        self.goal_count = self.best_count
        # Backwards: fewest removal moves to a goal node, and per rank the fewest stock
        # cards of that rank any goal-reaching continuation uses.
        never = (99,) * 14
        table: dict[int, tuple[int, tuple[int, ...]]] = {}
        self.table: dict[int, Entry]
        for node in sorted(children, key=lambda n: -(n & LOW).bit_count()):
            if (node & LOW).bit_count() == self.goal_count:
                table[node] = (0, (0,) * 14)
                continue
            best = 99
            needs: tuple[int, ...] = never
            for child, used in children[node]:
                found = table.get(child)
                if found is None:
                    continue
                dist, child_needs = found
                if dist + 1 < best:
                    best = dist + 1
                if used:
                    child_needs = tuple(
                        m + 1 if r == used else m for r, m in enumerate(child_needs)
                    )
                needs = tuple(map(min, needs, child_needs))
            if best < 99:
                table[node] = (best, needs)
        self.table = {
            node: (dist, tuple((q, m) for q, m in enumerate(needs) if m))
            for node, (dist, needs) in table.items()
        }


class _OutOfBudget(Exception):
    def __init__(self, which: str) -> None:
        self.which = which


# -- the search ---------------------------------------------------------------------------


def solve_pyramid(deck: tuple[Card, ...], rules: PyramidRules, budget: Budget) -> Outcome:
    if rules.max_recycles is not None:
        raise ValueError("the solver handles unlimited recycling only (max_recycles=None)")
    tables = _Tables(deck)
    try:
        relaxed = Relaxation(tables, budget)
    except _OutOfBudget as out:
        return Outcome(None, None, [], TABLEAU_SIZE, 0, 0, out.which)
    winnable: bool = relaxed.winnable
    goal_count = relaxed.goal_count
    if goal_count == 0:
        return Outcome(False, None, [], TABLEAU_SIZE, 0, relaxed.nodes)

    side_ranks = tables.side_ranks
    side_partner = tuple(PARTNER[r] for r in side_ranks)
    kings = sum(1 << i for i, r in enumerate(side_ranks) if r == KING)
    rank_bits = tables.rank_bits
    use_ranks = [(rank_bits[q], _use_shift(q)) for q in range(1, 14) if PARTNER[q]]
    relaxed_table = relaxed.table
    info_of = tables.info
    blockers_cache: dict[int, int] = {}
    entries: dict[int, Entry | None] = {}

    def heuristic(key: int) -> int:
        """Admissible, consistent lower bound on the moves left; DEAD if none exist."""
        pmask = key & LOW
        gone = key >> G_SHIFT & SIDE_FULL
        relaxed_key = pmask | ((gone & ~kings) << G_SHIFT)
        try:
            entry = entries[relaxed_key]
        except KeyError:
            node = pmask
            for bits, shift in use_ranks:
                used = (gone & bits).bit_count()
                if used:
                    node += used << shift
            entry = entries[relaxed_key] = relaxed_table.get(node)
        if entry is None:
            return DEAD
        dist, needs = entry
        if not needs:
            return dist
        blockers = blockers_cache.get(pmask)
        if blockers is None:
            blockers = blockers_cache[pmask] = tables.blockers(pmask)
        bound = _draw_bound(needs, blockers, rank_bits, gone, key >> K_SHIFT & 31, key >> L_SHIFT)
        return DEAD if bound == DEAD else dist + bound

    every = budget.every
    nodes = relaxed.nodes  # the budget counts both searches
    next_check = nodes + every
    root = 1 << K_SHIFT  # nothing removed, the first discard card face up: k = 1
    h_root = heuristic(root)
    seen: dict[int, int] = {root: h_root}  # key -> g << 8 | h
    parent: dict[int, int] = {root: -1}
    buckets: dict[int, list[int]] = {h_root: [root]}
    best_count, best_key, best_g = 0, root, 0
    exhausted: str | None = None

    while buckets and best_count < goal_count and not exhausted:
        f = min(buckets)
        stack = buckets.pop(f)
        pop = stack.pop
        push_now = stack.append
        while stack:
            key = pop()
            value = seen[key]
            g = value >> 8
            if g + (value & 255) != f:
                continue  # improved since it was queued
            pmask = key & LOW
            count = pmask.bit_count()
            if count >= best_count and (count > best_count or g < best_g):
                best_count, best_key, best_g = count, key, g
                if count == goal_count:
                    break
            nodes += 1
            if nodes >= next_check:
                next_check += every
                exhausted = budget.exceeded(nodes)
                if exhausted:
                    break
            forced, pairs, by_rank = info_of(pmask)
            gone = key >> G_SHIFT & SIDE_FULL
            k = key >> K_SHIFT & 31
            left = key >> L_SHIFT
            restricted = key & R_BIT
            remaining = SIDE_FULL & ~gone
            children: list[int] = []
            if forced:
                children.append((key | forced) & ~R_BIT)
            elif k and kings >> (k - 1) & 1 and not left >> (k - 1) & 1:
                # A King just reached the top: remove it now, or leave it for good.
                bit = 1 << (k - 1)
                below = remaining & (bit - 1)
                children.append(
                    key & ~PGK | pmask | (gone | bit) << G_SHIFT | below.bit_length() << K_SHIFT
                )
                stay = key | bit << L_SHIFT
                old = seen.get(stay)
                if old is None or old >> 8 > g:
                    seen[stay] = g << 8 | (value & 255)
                    parent[stay] = key
                    push_now(stay)
            else:
                tail = left << L_SHIFT
                if not restricted:
                    children.extend(key | pair for pair in pairs)
                if k:
                    partner = side_partner[k - 1]
                    if partner:
                        bit = 1 << (k - 1)
                        below = remaining & (bit - 1)
                        after = (
                            pmask | (gone | bit) << G_SHIFT | below.bit_length() << K_SHIFT | tail
                        )
                        children.extend(after | pos_bit for pos_bit in by_rank[partner])
                stock = remaining >> k
                base = pmask | gone << G_SHIFT | R_BIT | tail
                if stock:
                    nxt = k + (stock & -stock).bit_length()  # one past the drawn card
                    if not left >> (nxt - 1) & 1:
                        children.append(base | nxt << K_SHIFT)
                elif k:
                    children.append(base)  # recycle: k = 0
            child_g = g + 1
            for child in children:
                old = seen.get(child)
                if old is not None:
                    if old >> 8 <= child_g:
                        continue  # DEAD (-1) lands here too
                    h = old & 255
                else:
                    if child & R_BIT:
                        free_version = seen.get(child ^ R_BIT)
                        if free_version is not None and free_version >> 8 <= child_g:
                            continue  # the same state, pyramid pairs allowed, as cheap
                    h = heuristic(child)
                    if h == DEAD:
                        seen[child] = DEAD
                        continue
                seen[child] = child_g << 8 | h
                parent[child] = key
                child_f = child_g + h
                if child_f <= f:
                    if child_f < f:  # never happens with a consistent bound
                        seen[child] = child_g << 8 | (f - child_g)
                    push_now(child)
                else:
                    bucket = buckets.get(child_f)
                    if bucket is None:
                        buckets[child_f] = [child]
                    else:
                        bucket.append(child)

    total = nodes
    tokens = _path(parent, best_key, deck)
    if best_count == TABLEAU_SIZE:
        return Outcome(True, best_g, tokens, 0, best_g, total)
    left_over = TABLEAU_SIZE - best_count
    if best_count == goal_count:
        return Outcome(False, None, tokens, left_over, best_g, total)
    # Out of budget (or, impossibly, out of states): winnability is still known exactly.
    return Outcome(winnable, None, tokens, left_over, best_g, total, exhausted or "search")


def _draw_bound(
    needs: tuple[tuple[int, int], ...],
    blockers: int,
    rank_bits: list[int],
    gone: int,
    k: int,
    left: int,
) -> int:
    """Fewest draws (and recycles) before every needed stock-side card has been on top;
    DEAD when some of them can never get there.

    Discard cards above the highest card that never leaves it (a blocker, or a King left
    for good) count as reachable for free; stock cards are drawn in order, up to a left
    King, which is never drawn again; a card under the blocker costs the whole stock, a
    recycle and every card before it, and only exists before the first left King."""
    remaining = SIDE_FULL & ~gone
    below = (1 << k) - 1
    discard = remaining & below
    blocked = discard & (blockers | left)
    if blocked:
        b = blocked.bit_length() - 1
        reachable = discard >> (b + 1) << (b + 1)
        deep = discard & ((1 << b) - 1)
    else:
        reachable = discard
        deep = 0
    stock = remaining & ~below
    wrap = True
    if left:
        stopper = left & stock
        if stopper:
            stock &= (stopper & -stopper) - 1  # never drawn past: no recycle either
            wrap = False
        else:
            deep &= (left & -left) - 1  # after a recycle, only cards before the first
    bound = 0
    for q, m in needs:
        cards = remaining & rank_bits[q]
        n = m - (cards & reachable).bit_count()
        if n <= 0:
            continue
        ahead = cards & stock
        count = ahead.bit_count()
        if count >= n:
            for _ in range(n - 1):
                ahead &= ahead - 1
            j = (ahead & -ahead).bit_length()
            dist = (stock & ((1 << j) - 1)).bit_count()
        else:
            n -= count
            under = cards & deep
            if not wrap or under.bit_count() < n:
                return DEAD
            for _ in range(n - 1):
                under &= under - 1
            j = (under & -under).bit_length()
            dist = stock.bit_count() + 1 + (remaining & ((1 << j) - 1)).bit_count()
        if dist > bound:
            bound = dist
    return bound


def _path(parent: dict[int, int], key: int, deck: tuple[Card, ...]) -> list[str]:
    """The log from the deal's start to ``key``, read off the differences of the keys."""
    tokens: list[str] = []
    while True:
        before = parent[key]
        if before < 0:
            break
        pyramid = (key & ~before) & LOW
        side = (key >> G_SHIFT & ~(before >> G_SHIFT)) & SIDE_FULL
        cards = [deck[pos] for pos in range(TABLEAU_SIZE) if pyramid >> pos & 1]
        cards += [deck[DISCARD_POSITION + i] for i in range(SIDE_SIZE) if side >> i & 1]
        if cards:
            tokens.append("+".join(card_str(card) for card in cards))
        elif (key ^ before) & PGK:
            tokens.append(DRAW)  # a draw or a recycle; otherwise a King was left: no move
        key = before
    tokens.reverse()
    return tokens


# -- the reference ------------------------------------------------------------------------


def solve_pyramid_plain(deck: tuple[Card, ...], rules: PyramidRules, budget: Budget) -> Outcome:
    """Breadth-first search over every state, without any of the reductions above: slow,
    obviously right, and the yardstick the tests and the benchmark hold the solver to."""
    if rules.max_recycles is not None:
        raise ValueError("the solver handles unlimited recycling only (max_recycles=None)")
    tables = _Tables(deck, force_kings=False)
    side_partner = tuple(PARTNER[r] for r in tables.side_ranks)
    root = 1 << K_SHIFT
    parent: dict[int, int] = {root: -1}
    depth: dict[int, int] = {root: 0}
    queue = deque([root])
    nodes = 0
    best_count, best_key = 0, root
    every = budget.every
    exhausted: str | None = None
    while queue:
        key = queue.popleft()
        nodes += 1
        if nodes % every == 0:
            exhausted = budget.exceeded(nodes)
            if exhausted:
                break
        pmask = key & LOW
        count = pmask.bit_count()
        if count > best_count:
            best_count, best_key = count, key
            if pmask == FULL_TABLEAU:
                break
        _, pairs, by_rank = tables.info(pmask)
        gone = key >> G_SHIFT & SIDE_FULL
        k = key >> K_SHIFT
        remaining = SIDE_FULL & ~gone
        base = pmask | gone << G_SHIFT
        children = [key | pair for pair in pairs]
        children.extend(key | bit for bit in by_rank[KING])
        if k:
            bit = 1 << (k - 1)
            after = base | bit << G_SHIFT | (remaining & (bit - 1)).bit_length() << K_SHIFT
            partner = side_partner[k - 1]
            if partner:
                children.extend(after | pos_bit for pos_bit in by_rank[partner])
            else:
                children.append(after)
        stock = remaining >> k
        if stock:
            children.append(base | (k + (stock & -stock).bit_length()) << K_SHIFT)
        elif k:
            children.append(base)
        d = depth[key] + 1
        for child in children:
            if child not in depth:
                depth[child] = d
                parent[child] = key
                queue.append(child)
    tokens = _path(parent, best_key, deck)
    moves = depth[best_key]
    if best_count == TABLEAU_SIZE:
        return Outcome(True, moves, tokens, 0, moves, nodes)
    if exhausted:
        return Outcome(None, None, tokens, TABLEAU_SIZE - best_count, moves, nodes, exhausted)
    return Outcome(False, None, tokens, TABLEAU_SIZE - best_count, moves, nodes)
