"""Pyramid search: A* over packed states (state.py) with unlimited recycling, guided by
the relaxation's bound (bound.py), from the deal's start or from any position.

**Moves** (each costs 1, as the game counts them): a free pyramid King; two free
pyramid cards summing to 13; a free pyramid card with the discard's top card; a King on
the discard; a draw; a recycle (only when the stock is empty and the discard is not).

**Draws are walked, not searched.** After a draw the only moves that can pay are a pair
with the new top, the decision on a King that reached the top, or another draw. So one
edge goes from a state straight to each pair with a card further round the stock
(costing the draws and a recycle on the way, plus the pair), and two to the next stock
King, decided as it reaches the top: removed (the draws and one move) or left for good
(the draws). The states in between, three quarters of the old search's, are never made,
nor the one with the King on the top (deal 1031: 27,000 of its 125,000 expansions).

**Safe reductions** (each keeps par, best_cards_left and best_moves; the tests compare
against the plain breadth-first search in reference.py, which has none of them):

* a free pyramid King is removed at once, as the only move: any continuation must spend
  a move on it and removing it earlier only frees cards;
* a pair of two pyramid cards is played as soon as both are free, or never: any line
  can play each such pair right after the move that freed the later of its cards
  (removing cards only frees others), so a state carries its *fresh* cards, those freed
  since the last draw or pair with the discard, and a pyramid pair needs one of them;
* a King reaching the discard's top is decided at once: removed now, or *left* for good
  (marked; the search then never draws it again). Removing it later instead, or drawing
  over it and meeting it again, is never better than removing it now; leaving it only
  pays when the game ends before it comes round again.

**Dead ends past a left King are proved, not searched.** A key with a King left for good
has a one-pass stock side, and most such keys the search meets cannot reach the goal at
all, which the bound does not see; before one is expanded, a memoised depth-first walk
of the same edges decides whether any goal is still reachable, and a dead end is dropped
(reaching the goal at all is all it decides, so every answer stays the same). As it asks
only that, the walk removes every King reaching the top (leaving one never reaches
more), and a key it proved dead also rules out the keys with the same cards and fewer
fresh cards, or drawn to from it (see ``dead_by_dominance``).
"""

from __future__ import annotations

from games.engine.cards import Card
from games.engine.layouts import TABLEAU_SIZE
from games.engine.pyramid import PyramidGame
from games.engine.rules import PyramidRules
from games.engine.solver.outcome import Budget, Outcome
from games.engine.solver.pyramid.bound import DEAD, Bound
from games.engine.solver.pyramid.relaxation import OutOfBudget, Relaxation, relaxed_node
from games.engine.solver.pyramid.state import (
    F_LOW,
    F_SHIFT,
    G_SHIFT,
    K_FIELD,
    K_SHIFT,
    L_SHIFT,
    LOW,
    PGK,
    POINTERS,
    SIDE_FULL,
    Tables,
    read_path,
    start_key,
)


def solve_pyramid(
    deck: tuple[Card, ...],
    rules: PyramidRules,
    budget: Budget,
    start: PyramidGame | None = None,
) -> Outcome:
    """The best result reachable from ``start`` (default: the deal's start), the fewest
    further moves to it and a line there."""
    if rules.max_recycles is not None:
        raise ValueError("the solver handles unlimited recycling only (max_recycles=None)")
    tables = Tables(deck)
    root = start_key(start if start is not None else PyramidGame(deck, rules=rules), tables)
    try:
        relaxed = Relaxation(tables, budget, relaxed_node(tables, root))
    except OutOfBudget as out:
        return Outcome(None, None, [], TABLEAU_SIZE - (root & LOW).bit_count(), 0, 0, out.which)
    search = _Search(deck, tables, Bound(tables, relaxed), budget, relaxed.nodes)
    count, key, g, exhausted = search.run(root, relaxed.goal_count)
    tokens = read_path(search.parent, search.seen, key, deck, G_AT)
    left_over = TABLEAU_SIZE - count
    if count == TABLEAU_SIZE:
        return Outcome(True, g, tokens, 0, g, search.nodes)
    if count == relaxed.goal_count:
        return Outcome(False, None, tokens, left_over, g, search.nodes)
    # Out of budget: winnability is still known exactly, from the relaxation.
    return Outcome(relaxed.winnable, None, tokens, left_over, g, search.nodes, exhausted)


PLACE = F_LOW & ~K_FIELD  # a key's cards and left Kings: what the pointer and fresh cards act on
G_AT = 16  # a ``seen`` value: g << G_AT | what ``Bound.queued`` says of the key
G_LOW = (1 << G_AT) - 1
NO_LIMIT = 1 << 16  # ``expand_within``: every move, whatever it costs
# DEFERRED: a stock move costing c from a key at g, whose relaxed distance is d, leads to
# a child at f >= g + c + d - 1 (the move removes one card, and the relaxation's distance
# drops by at most 1 a removal; a King drawn to removes none). So the A* makes only the
# stock moves due at the key's own f, and queues the key again (as ~key) at the f the
# first one put off is due, when it makes those then due; on the slow deals about half
# the children are never due at all. Improving a key later is safe: its f is at least
# the due f, so it is improved before that key is popped again.


class _Search:
    """One A* run: ``seen`` maps a key to g << G_AT | d << 8 | h (DEAD: hopeless; d the
    relaxation's distance, h the full bound, see ``Bound.queued``), ``parent`` to the
    key it was reached from."""

    __slots__ = (
        "bound",
        "budget",
        "dead",
        "deck",
        "goal_count",
        "live",
        "nodes",
        "parent",
        "places",
        "seen",
        "tables",
    )

    def __init__(
        self, deck: tuple[Card, ...], tables: Tables, bound: Bound, budget: Budget, nodes: int
    ) -> None:
        self.deck = deck
        self.tables = tables
        self.bound = bound
        self.budget = budget
        self.nodes = nodes  # the budget counts the relaxation's nodes too
        self.seen: dict[int, int] = {}
        self.parent: dict[int, int] = {}
        self.places: dict[int, list[int]] = {}  # a key without pointer -> its g << 5 | k
        self.live: dict[int, bool] = {}  # left-King keys: can they still reach the goal?
        self.dead: dict[int, list[int]] = {}  # such keys proved dead, by cards (see below)
        self.goal_count = TABLEAU_SIZE

    def reaches_goal(self, key: int) -> bool:
        """Can a key with a King left for good still reach the goal at all? Past a left
        King the stock side is one pass (its cards come up once each, a card buried by
        one never removed is lost), which the bound does not see, and most such keys the
        search meets are dead ends: a depth-first walk of the same edges proves it
        (memoised; the graph is acyclic there, as every edge removes a card or draws)."""
        found = self.live.get(key)
        return self._walk(key) if found is None else found

    def _walk(self, key: int) -> bool:
        """``reaches_goal`` of a key not yet in ``live``."""
        live = self.live
        if (key & LOW).bit_count() >= self.goal_count:
            live[key] = True
            return True
        place = key & PLACE
        dead_here = self.dead.get(place)
        if dead_here is not None and self.dead_by_dominance(dead_here, key):
            live[key] = False
            return False
        self.nodes += 1  # the budget counts this walk's expansions too
        alive = self.bound.alive
        children = self.expand_within(key, NO_LIMIT)[0]
        if children and (children[-1][0] ^ key) >> L_SHIFT & SIDE_FULL:
            # The last edge leaves a King on the top for good, beside the one that
            # removes it: every line from the King left is a line from the King
            # removed (the same pyramid and cards, the King never drawn past nor
            # removed), so for reaching the goal at all the removal is enough.
            del children[-1]
        for child, _ in children:
            found = live.get(child)
            if found is None:
                if not alive(child):
                    live[child] = False
                    continue
                found = self._walk(child)
            if found:
                live[key] = True
                return True
        live[key] = False
        # Read again: the walk below may have noted a key of the same cards meanwhile.
        self.dead.setdefault(place, []).append(key >> K_SHIFT & 31 | key >> F_SHIFT << 5)
        return False

    def dead_by_dominance(self, dead_here: list[int], key: int) -> bool:
        """Is this left-King key dead because a key of the same cards the walk proved
        dead (``dead_here``: their fresh cards << 5 | pointer) reaches no less? That one
        either has the same pointer and every fresh card of this one (fresh cards only
        allow pyramid pairs, and the fresh cards after a move grow with those before),
        or this one has no fresh card and is drawn to from it without drawing a King:
        then the dead key's walked draws meet every card this one's do, as soon or
        sooner, and leave the same positions (the pointer is canonical), so all this one
        reaches that one reaches too."""
        k = key >> K_SHIFT & 31
        fresh = key >> F_SHIFT
        if fresh:
            return any(other & 31 == k and not fresh & ~(other >> 5) for other in dead_here)
        remaining = SIDE_FULL & ~(key >> G_SHIFT)
        kings = self.tables.kings
        return any(draws_between(remaining, kings, other & 31, k) >= 0 for other in dead_here)

    def drawn_to(self, noted: list[int], key: int, g: int) -> bool:
        """Is this key no better than a key seen with the same cards (``noted``: their
        fresh cards << 13 | g << 5 | pointer)? Then it is dominated, and nothing it leads
        to is new, when that key has the same pointer, every fresh card of this one and
        no more moves (fresh cards only allow pyramid pairs, and the fresh cards after a
        move grow with those before), or when this one has no fresh card and drawing
        from that key to it, a real line, costs no more than its own moves (drawing
        forgets the fresh cards; the search does not draw past a King). Otherwise it is
        noted too."""
        k = key >> K_SHIFT & 31
        fresh = key >> F_SHIFT
        if fresh:
            for other in noted:
                if other & 31 == k and other >> 5 & 255 <= g and not fresh & ~(other >> 13):
                    return True
        else:
            remaining = SIDE_FULL & ~(key >> G_SHIFT)
            kings = self.tables.kings
            for other in noted:
                draws = draws_between(remaining, kings, other & 31, k)
                if draws >= 0 and (other >> 5 & 255) + draws <= g:
                    return True
        noted.append(fresh << 13 | g << 5 | k)
        return False

    def run(self, root: int, goal_count: int) -> tuple[int, int, int, str]:
        """Expand by f = g + h; returns the best (count, key, g) and what cut it short.

        A new key is queued with its full bound at once. (It used to wait with the
        cheap one and get the full one when its turn came, so that far draws that never
        come up cost no full bound; since the stock moves are made only when due, nearly
        every key made comes up: deal 1031, 788 of 289,000 keys never did, while 206,000
        were popped only to be queued again further on.) A key with a King left for good
        is proved able to reach the goal before it is expanded (``reaches_goal``)."""
        self.goal_count = goal_count
        seen, parent, expand = self.seen, self.parent, self.expand_within
        put_off: dict[int, int] = {}  # a key -> the cost of its first stock move put off
        drawn_to, queued = self.drawn_to, self.bound.queued
        places = self.places
        seen[root], parent[root] = queued(root), -1
        buckets: dict[int, list[int]] = {seen[root] & 255: [root]}
        best_count, best_key, best_g = (root & LOW).bit_count(), root, 0
        next_check = self.nodes + self.budget.every
        while buckets and best_count < goal_count:
            f = min(buckets)
            stack = buckets.pop(f)
            push = stack.append
            while stack:
                key = stack.pop()
                if key < 0:  # a key's stock moves put off until now (see DEFERRED)
                    key = ~key
                    first = put_off.pop(key, 0)
                    if not first:
                        continue  # made already (by a marker of the same key)
                    value = seen[key]
                    g = value >> G_AT
                    children: list[tuple[int, int]] = []
                    floor = g + (value >> 8 & 255) - 1
                    later_cost = self.stock_moves_of(children, key, first, f - floor)
                else:
                    value = seen[key]
                    g = value >> G_AT
                    if g + (value & 255) != f:
                        continue  # hopeless (DEAD), or improved since it was queued
                    if key >> L_SHIFT & SIDE_FULL and not self.reaches_goal(key):
                        seen[key] = DEAD
                        continue
                    count = (key & LOW).bit_count()
                    if count >= best_count and (count > best_count or g < best_g):
                        best_count, best_key, best_g = count, key, g
                        if count == goal_count:
                            break
                    self.nodes += 1
                    if self.nodes >= next_check:
                        next_check += self.budget.every
                        exhausted = self.budget.exceeded(self.nodes)
                        if exhausted:
                            return best_count, best_key, best_g, exhausted
                    floor = g + (value >> 8 & 255) - 1
                    children, later_cost = expand(key, f - floor)
                if later_cost:
                    # The stock moves costing more than f - floor: each child's f is at
                    # least floor + its cost, so none is due before the first of them.
                    put_off[key] = later_cost
                    buckets.setdefault(floor + later_cost, []).append(~key)
                for child, cost in children:
                    child_g = g + cost
                    old = seen.get(child)
                    if old is not None:
                        if old >> G_AT <= child_g:
                            continue  # DEAD (-1) lands here too
                        h = old & 255
                        seen[child] = child_g << G_AT | old & G_LOW
                    else:
                        place = child & PLACE
                        noted = places.get(place)
                        if noted is None:
                            places[place] = [
                                child >> F_SHIFT << 13 | child_g << 5 | child >> K_SHIFT & 31
                            ]
                        elif drawn_to(noted, child, child_g):
                            continue
                        both = queued(child)
                        if both == DEAD:
                            seen[child] = DEAD
                            continue
                        seen[child] = child_g << G_AT | both
                        h = both & 255
                    parent[child] = key
                    child_f = child_g + h
                    if child_f <= f:  # equal: the bounds are consistent
                        push(child)
                    else:
                        waiting = buckets.get(child_f)
                        if waiting is None:
                            buckets[child_f] = [child]
                        else:
                            waiting.append(child)
        return best_count, best_key, best_g, "search"

    def expand(self, key: int) -> list[tuple[int, int]]:
        """The children of a key with what each edge costs in moves."""
        return self.expand_within(key, NO_LIMIT)[0]

    def expand_within(self, key: int, high: int) -> tuple[list[tuple[int, int]], int]:
        """The children of a key with what each edge costs in moves, but for the stock
        moves costing more than ``high`` (see DEFERRED): the first such cost, 0 if none."""
        tables = self.tables
        pmask = key & LOW
        forced, pairs, _, free, pairable = tables.cache.get(pmask) or tables.info(pmask)
        fresh = key >> F_SHIFT
        if forced:
            return [(tables.with_fresh(key | forced, fresh, free), 1)], 0
        gone = key >> G_SHIFT & SIDE_FULL
        k = key >> K_SHIFT & 31
        left = key >> L_SHIFT & SIDE_FULL
        if k and tables.kings >> (k - 1) & 1 and not left >> (k - 1) & 1:
            # A King just reached the top: remove it now, or leave it for good.
            bit = 1 << (k - 1)
            below = SIDE_FULL & ~gone & (bit - 1)
            removed = key & ~PGK | pmask | (gone | bit) << G_SHIFT | below.bit_length() << K_SHIFT
            return [(removed, 1), (key | bit << L_SHIFT, 0)], 0
        out: list[tuple[int, int]] = []
        if fresh & pairable:  # most keys expanded have none (413: 71 %, 1031: 84 %)
            for pair in pairs:
                if pair & fresh:
                    out.append((tables.with_fresh(key | pair, fresh, free), 1))
        return out, self.stock_moves(out, pmask, free, gone, k, left, 0, high)

    def stock_moves_of(self, out: list[tuple[int, int]], key: int, low: int, high: int) -> int:
        """``stock_moves`` of a key expanded before, costing ``low`` to ``high``: those it
        put off (see DEFERRED)."""
        pmask = key & LOW
        free = (self.tables.cache.get(pmask) or self.tables.info(pmask))[3]
        gone = key >> G_SHIFT & SIDE_FULL
        left = key >> L_SHIFT & SIDE_FULL
        return self.stock_moves(out, pmask, free, gone, key >> K_SHIFT & 31, left, low, high)

    def stock_moves(
        self,
        out: list[tuple[int, int]],
        pmask: int,
        free: int,
        gone: int,
        k: int,
        left: int,
        low: int,
        high: int,
    ) -> int:
        """Add to ``out`` the pairs with the top now and with each card further round the
        stock (the draws, and a recycle, on the way), and at the next stock King its
        removal and, last, the King left for good, those costing ``low`` to ``high``
        moves; return the cost of the first one above ``high`` (0: none). A King left for
        good is never drawn again, so nothing is reached past it.

        The cards come in the order they reach the top, so the costs never go down: the
        top itself (no draw), the stock, then after a recycle the discard below the top;
        going round to the top again would change nothing."""
        tables = self.tables
        remaining = SIDE_FULL & ~gone
        append = out.append
        # Only cards that pair with a free pyramid card, Kings and left Kings matter.
        stoppers = left | tables.kings
        partners, templates = tables.side_cache.get(pmask) or tables.side_children(pmask, free)
        useful = remaining & (partners | stoppers)
        if not useful:
            return 0
        base = pmask | left << L_SHIFT | gone << G_SHIFT
        stock = remaining >> k << k
        # (the cards, those drawn on the way to one of them, the draws to the first of
        # those): the top (a King there is decided, not paired), the stock, then after
        # the recycle the discard below the top.
        if k:
            top = 1 << (k - 1)
            passes: tuple[tuple[int, int, int], ...] = (
                (useful & top & ~stoppers, 0, 0),
                (useful & stock, stock, 1),
                (useful & (top - 1), remaining, stock.bit_count() + 2),
            )
        else:
            passes = ((useful & stock, stock, 1),)
        for cards, counted, first in passes:
            while cards:
                low_card = cards & -cards
                cards ^= low_card
                under = low_card - 1
                draws = first + (counted & under).bit_count()
                if stoppers & low_card:
                    if left & low_card:
                        return 0
                    # A King reaches the top: removed at once (a move more) or left for
                    # good, both made from here (no key with the King on the top between).
                    if draws > high:
                        return draws
                    if draws < high:  # and draws + 1 >= low: nothing comes after a King
                        under_king = POINTERS[(remaining & under).bit_length()]
                        append((base | low_card << G_SHIFT | under_king, draws + 1))
                    if draws >= low:  # last: the walk tells it by its new left King
                        on_king = POINTERS[low_card.bit_length()]
                        append((base | low_card << L_SHIFT | on_king, draws))
                    return 0 if draws < high else draws + 1
                cost = draws + 1
                if cost > high:
                    return cost
                if cost < low:
                    continue
                after = base | POINTERS[(remaining & under).bit_length()]
                for extra in templates[low_card.bit_length()]:  # the card's bit in each
                    append((after | extra, cost))
        return 0


def draws_between(remaining: int, kings: int, start: int, end: int) -> int:
    """The draws (a recycle counting as one) from pointer ``start`` to pointer ``end``
    with the same cards remaining; -1 if that would draw a King (the search decides a
    King on the top there, so it does not draw past one)."""
    if end > start:
        drawn = remaining & ((1 << end) - 1) & ~((1 << start) - 1)
        return -1 if drawn & kings else drawn.bit_count()
    if end == start:
        return 0
    tail = remaining >> start << start
    head = remaining & ((1 << end) - 1)
    return -1 if (tail | head) & kings else tail.bit_count() + 1 + head.bit_count()


def round_the_stock(
    useful: int, remaining: int, stock: int, k: int, wrap: bool = True
) -> list[tuple[int, int]]:
    """The ``useful`` stock-side cards in the order they reach the top, with the draws
    (and the recycle) that takes: the top itself (0), the stock, then after a recycle
    (if ``wrap``: one is allowed) the discard below the top; going round to the top
    again would change nothing."""
    order: list[tuple[int, int]] = [(k - 1, 0)] if k and useful >> (k - 1) & 1 else []
    ahead = useful & stock
    while ahead:
        low = ahead & -ahead
        ahead ^= low
        order.append((low.bit_length() - 1, (stock & (low << 1) - 1).bit_count()))
    if k and wrap:
        under = useful & ((1 << (k - 1)) - 1)
        passed = stock.bit_count() + 1  # the whole stock and the recycle
        while under:
            low = under & -under
            under ^= low
            order.append((low.bit_length() - 1, passed + (remaining & (low << 1) - 1).bit_count()))
    return order
