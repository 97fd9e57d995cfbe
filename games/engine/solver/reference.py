"""The reference searches: breadth-first over every state, without any of the solvers'
layers, bounds or reductions. Slow and obviously right: the tests and bench/solver.py
hold the production searches (tripeaks.py, pyramid/) to them. Never used to answer."""

from __future__ import annotations

from collections import deque

from games.engine.base import DRAW
from games.engine.cards import Card, card_str
from games.engine.layouts import FULL_TABLEAU, TABLEAU_SIZE, TRIPEAKS_COVER_MASKS
from games.engine.pyramid import PyramidGame
from games.engine.rules import PyramidRules, TriPeaksRules
from games.engine.solver.outcome import Budget, Outcome
from games.engine.solver.pyramid.state import (
    G_SHIFT,
    K_SHIFT,
    KING,
    LOW,
    PARTNER,
    SIDE_FULL,
    Tables,
    breadth_first_answer,
)
from games.engine.solver.pyramid_variants.moves import Moves
from games.engine.solver.tripeaks import side_cards
from games.engine.tripeaks import fit_table


def solve_tripeaks_plain(deck: tuple[Card, ...], rules: TriPeaksRules, budget: Budget) -> Outcome:
    """Breadth-first search by moves over (removed, draws, top card), without the layers,
    the rank merging or the dominated restarts above: slow, obviously right, and the
    yardstick the tests and the benchmark hold the solver to. Any TriPeaks rules: the top
    card may be a joker or none (the engine's ``fit_table`` says what fits it), and under
    the traditional draw a draw is a move only when no removal is."""
    tableau = deck[:TABLEAU_SIZE]
    fit = fit_table(rules.king_ace_linked)
    side = side_cards(deck, rules)
    draws = len(side) - 1
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
        fits = fit[top]
        children: list[tuple[tuple[int, int, Card], str]] = []
        for pos, cover in enumerate(TRIPEAKS_COVER_MASKS):
            card = tableau[pos]
            if not removed >> pos & 1 and removed & cover == cover and fits >> (card % 13 + 1) & 1:
                children.append(((removed | 1 << pos, drawn, card), card_str(card)))
        if drawn < draws and not (rules.draw_only_when_stuck and children):
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


def solve_pyramid_plain(deck: tuple[Card, ...], rules: PyramidRules, budget: Budget) -> Outcome:
    """Breadth-first search over every state, without any of the reductions above: slow,
    obviously right, and the yardstick the tests and the benchmark hold the solver to."""
    if rules.max_recycles is not None:
        raise ValueError("the solver handles unlimited recycling only (max_recycles=None)")
    tables = Tables(deck, force_kings=False)
    side_partner = tuple(PARTNER[r] for r in tables.side_ranks)
    root = 1 << K_SHIFT
    parent: dict[int, int] = {root: -1}
    depth: dict[int, int] = {root: 0}  # moves << 8, as read_path reads them
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
        _, pairs, by_rank, _, _ = tables.info(pmask)
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
        d = depth[key] + 256
        for child in children:
            if child not in depth:
                depth[child] = d
                parent[child] = key
                queue.append(child)
    left = TABLEAU_SIZE - best_count
    return breadth_first_answer(parent, depth, best_key, left, deck, nodes, exhausted)


def solve_pyramid_variant_plain(
    deck: tuple[Card, ...], rules: PyramidRules, budget: Budget
) -> Outcome:
    """Breadth-first search by moves over every key of the variants' search (any
    Pyramid rules), with neither its reductions nor its bounds: the first win met is
    par, the first key met with the fewest cards left the best partial."""
    moves = Moves(Tables(deck, force_kings=False), rules)
    root = moves.root(PyramidGame(deck, rules=rules))
    parent: dict[int, int] = {root: -1}
    depth: dict[int, int] = {root: 0}  # moves << 8, as read_path reads them
    queue = deque([root])
    best_key, best_left = root, moves.cards_left(root)
    nodes, exhausted = 0, None
    while queue and best_left:
        key = queue.popleft()
        nodes += 1
        if nodes % budget.every == 0:
            exhausted = budget.exceeded(nodes)
            if exhausted:
                break
        left = moves.cards_left(key)
        if left < best_left:
            best_key, best_left = key, left
            if not left:
                break
        d = depth[key] + 256
        for child in moves.children(key):
            if child not in depth:
                depth[child] = d
                parent[child] = key
                queue.append(child)
    return breadth_first_answer(parent, depth, best_key, best_left, deck, nodes, exhausted)
