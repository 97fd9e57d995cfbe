"""TriPeaks search: fewest draws, layer by layer.

Every win removes the 28 tableau cards, one move each, so par = 28 + the fewest draws of
any win. The search walks the "draws used" layers s = 0, 1, …, 23; inside a layer,
removals are explored depth-first with a transposition table. The first layer that
reaches the full mask gives par. The moves to reach any position are popcount(removed)
+ s, so for an unwinnable deal the most removable cards and the fewest moves to get
there fall out of the same sweep.

A position is ``removed mask | top rank << 28``: only the discard top's *rank* decides
what can follow. Its free mask (cards face up and uncovered, a function of the removed
mask) travels with it on the stack (``<< 32``) and is updated from the engine's cover
masks as cards go, so the fitting free cards are one AND away.

Dominance keeps each position to one visit. A position reached with fewer draws is at
least as good as the same position with more: it can draw its way to the other's stock
and then do whatever the other does, with the same total of draws. So a position is
explored in the first layer that reaches it only; and after a mask is first reached
(layer s), restarting it from the stock is only useful in the layers t > s where a rank
shows up for the first time since s (an earlier card of the same rank dominates), and
only when a free card fits that rank.

The rule tables come from the engine: cover masks from ``layouts``, which ranks go on
which from ``rules.adjacency_masks`` with the rule set's ``king_ace_linked``.
"""

from __future__ import annotations

from collections import deque

from games.engine.base import DRAW
from games.engine.cards import Card, card_str
from games.engine.layouts import (
    DISCARD_POSITION,
    FULL_TABLEAU,
    STOCK_SIZE,
    TABLEAU_SIZE,
    TRIPEAKS_COVER_MASKS,
)
from games.engine.rules import TriPeaksRules, adjacency_masks
from games.engine.solver.outcome import Budget, Outcome

RANK_SHIFT = TABLEAU_SIZE  # 28
FREE_SHIFT = RANK_SHIFT + 4  # 32
LOW = (1 << RANK_SHIFT) - 1
FREE_MASK_OFF = (1 << FREE_SHIFT) - 1  # a state's key: removed mask and top rank


def free_mask(removed: int) -> int:
    """Tableau positions still there and uncovered, from the engine's cover masks."""
    free = 0
    for pos, cover in enumerate(TRIPEAKS_COVER_MASKS):
        if not removed >> pos & 1 and removed & cover == cover:
            free |= 1 << pos
    return free


#: For each tableau bit, the cards it covers with their cover masks: when it goes, each
#: of them becomes free once all of its cover is gone.
UNCOVERS: dict[int, tuple[tuple[int, int], ...]] = {
    1 << pos: tuple(
        (1 << q, cover) for q, cover in enumerate(TRIPEAKS_COVER_MASKS) if cover >> pos & 1
    )
    for pos in range(TABLEAU_SIZE)
}


def fit_masks(tableau: tuple[Card, ...], rules: TriPeaksRules) -> tuple[int, ...]:
    """For each top rank 1..13, the tableau positions whose card may go on it."""
    adjacent = adjacency_masks(rules.king_ace_linked)
    return tuple(
        sum(1 << pos for pos, card in enumerate(tableau) if adjacent[r] >> (card % 13 + 1) & 1)
        for r in range(14)
    )


def solve_tripeaks(deck: tuple[Card, ...], rules: TriPeaksRules, budget: Budget) -> Outcome:
    tableau = deck[:TABLEAU_SIZE]
    fits = fit_masks(tableau, rules)
    side_ranks = [card % 13 + 1 for card in deck[DISCARD_POSITION:]]
    # After the draws up to stock-side card s, the layers where a draw shows a rank for
    # the first time since s: only those starts are not dominated.
    firsts: list[list[tuple[int, int]]] = []
    for s in range(STOCK_SIZE + 1):
        shown: set[int] = set()
        later = []
        for t in range(s + 1, STOCK_SIZE + 1):
            r = side_ranks[t]
            if r not in shown:
                shown.add(r)
                later.append((t, fits[r]))
        firsts.append(later)
    bit_rank = {1 << pos: card % 13 + 1 for pos, card in enumerate(tableau)}
    uncovers = UNCOVERS
    full = FULL_TABLEAU
    low = LOW
    rank_shift = RANK_SHIFT
    free_shift = FREE_SHIFT
    every = budget.every
    nodes = 0
    next_check = every
    seen: dict[int, int] = {}  # state -> parent state, or -(layer + 1) for a start
    first_seen: dict[int, tuple[int, int]] = {0: (-1, 0)}  # mask -> (first state, layer)
    root_free = free_mask(0)
    starts: list[list[int]] = [[] for _ in range(STOCK_SIZE + 1)]
    starts[0].append(root_free << free_shift)
    for t, fit in firsts[0]:
        if fit & root_free:
            starts[t].append(root_free << free_shift)
    best_count = 0
    best_key = side_ranks[0] << rank_shift
    best_layer = 0
    won = False
    exhausted: str | None = None
    state_bits = FREE_MASK_OFF
    for layer in range(STOCK_SIZE + 1):
        top = side_ranks[layer] << rank_shift
        later = firsts[layer]
        marker = -(layer + 1)
        stack: list[int] = []
        pop = stack.pop
        push = stack.append
        for start in starts[layer]:
            entry = start | top
            key = entry & state_bits
            if key in seen:
                continue  # dominated: the same mask under the same top rank, earlier
            seen[key] = marker
            push(entry)
            while stack:
                entry = pop()
                nodes += 1
                key = entry & state_bits
                mask = entry & low
                free = entry >> free_shift
                playable = fits[key >> rank_shift] & free
                while playable:
                    bit = playable & -playable
                    playable ^= bit
                    child_mask = mask | bit
                    child_rank = bit_rank[bit]
                    child = child_mask | child_rank << rank_shift
                    if child in seen:
                        continue
                    seen[child] = key
                    child_free = free ^ bit
                    for q_bit, q_cover in uncovers[bit]:
                        if child_mask & q_cover == q_cover:
                            child_free |= q_bit
                    if fits[child_rank] & child_free:
                        push(child | child_free << free_shift)
                    if child_mask in first_seen:
                        continue
                    first_seen[child_mask] = (child, layer)
                    count = child_mask.bit_count()
                    if count > best_count:
                        best_count, best_key, best_layer = count, child, layer
                        if child_mask == full:
                            won = True
                            break
                    base = child_mask | child_free << free_shift
                    for t, fit in later:
                        if fit & child_free:
                            starts[t].append(base)
                if won:
                    break
                if nodes >= next_check:
                    next_check += every
                    exhausted = budget.exceeded(nodes)
                    if exhausted:
                        break
            if won or exhausted:
                break
        if won or exhausted:
            break
        starts[layer] = []

    tokens = _path(seen, first_seen, best_key, best_layer, tableau)
    best_moves = best_count + best_layer
    if won:
        return Outcome(True, best_moves, tokens, 0, best_moves, nodes)
    winnable = None if exhausted else False
    return Outcome(winnable, None, tokens, TABLEAU_SIZE - best_count, best_moves, nodes, exhausted)


def _path(
    seen: dict[int, int],
    first_seen: dict[int, tuple[int, int]],
    key: int,
    layer: int,
    tableau: tuple[Card, ...],
) -> list[str]:
    """Walk the parent links back to the deal's start; returns the log, first move first.

    A start state of layer t on mask M was reached by drawing from t - s draws after
    M's first state, found at layer s."""
    tokens: list[str] = []
    while key >= 0:
        parent = seen[key]
        if parent >= 0:
            tokens.append(card_str(tableau[((key ^ parent) & LOW).bit_length() - 1]))
            key = parent
            continue
        start_layer = -parent - 1
        key, layer = first_seen[key & LOW]
        tokens.extend([DRAW] * (start_layer - layer))
    tokens.reverse()
    return tokens


def solve_tripeaks_plain(deck: tuple[Card, ...], rules: TriPeaksRules, budget: Budget) -> Outcome:
    """Breadth-first search by moves over (removed, draws, top card), without the layers,
    the rank merging or the dominated restarts above: slow, obviously right, and the
    yardstick the tests and the benchmark hold the solver to."""
    tableau = deck[:TABLEAU_SIZE]
    adjacent = adjacency_masks(rules.king_ace_linked)
    side = deck[DISCARD_POSITION:]
    root = (0, 0, side[0])
    parent: dict[tuple[int, int, Card], tuple[tuple[int, int, Card], str] | None] = {root: None}
    queue = deque([root])
    best = root
    nodes = 0
    exhausted: str | None = None
    while queue:
        state = queue.popleft()
        nodes += 1
        if nodes % budget.every == 0:
            exhausted = budget.exceeded(nodes)
            if exhausted:
                break
        removed, drawn, top = state
        if removed.bit_count() > best[0].bit_count():
            best = state
            if removed == FULL_TABLEAU:
                break
        fits = adjacent[top % 13 + 1]
        children: list[tuple[tuple[int, int, Card], str]] = []
        for pos, cover in enumerate(TRIPEAKS_COVER_MASKS):
            card = tableau[pos]
            if not removed >> pos & 1 and removed & cover == cover and fits >> (card % 13 + 1) & 1:
                children.append(((removed | 1 << pos, drawn, card), card_str(card)))
        if drawn < STOCK_SIZE:
            children.append(((removed, drawn + 1, side[drawn + 1]), DRAW))
        for child, token in children:
            if child not in parent:
                parent[child] = (state, token)
                queue.append(child)
    tokens: list[str] = []
    link = parent[best]
    while link is not None:
        tokens.append(link[1])
        link = parent[link[0]]
    tokens.reverse()
    count = best[0].bit_count()
    moves = count + best[1]
    if count == TABLEAU_SIZE:
        return Outcome(True, moves, tokens, 0, moves, nodes)
    return Outcome(
        None if exhausted else False, None, tokens, TABLEAU_SIZE - count, moves, nodes, exhausted
    )
