"""Pyramid under the literature's rules (SPEC §9, seed 002): strict win, limited
redeals, stock against discard, a card with its last covering card.

The A* of pyramid/ rests on the app's rules (unlimited recycling, its bound and its
reductions), so the variants get their own search: breadth-first by moves over the
packed states of pyramid/state.py, every move costing one, so the first win met is par
and the first state met with the fewest cards left is the best partial.

**State.** The stock side keeps one cyclic order under every variant (a pair of the
discard's top with the card under it takes the two highest remaining cards below the
pointer), so a key is the removed pyramid cards, the removed stock-side cards, the
pointer ``k`` (pyramid/state.py) and, with a redeal limit, the recycles made (``R_SHIFT``;
unlimited recycling keeps 0 there, as the count then decides nothing).

**Moves**, each from the rule value it reads: a free pyramid King; two free pyramid
cards summing to 13 (``Tables``); the discard's top with a free pyramid card, or alone
if a King; a draw; a recycle while ``max_recycles`` allows one; with
``stock_against_discard`` the top with the card under it; with ``last_cover_pairs`` a
card with its last covering card (the engine's ``pyramid.last_cover``).

**Win and cards left** as the engine counts them: with ``strict_win`` the stock side
must be emptied too and its cards count as left.

One reduction, the A*'s first (pyramid/search.py): a free pyramid King is removed at
once as the only move. No variant makes a King pair, so removing it never takes a move
away; the tests hold this search to the engine-object brute force per variant.
"""

from __future__ import annotations

from collections import deque

from games.engine.cards import Card
from games.engine.layouts import PYRAMID_COVERS, TABLEAU_SIZE
from games.engine.pyramid import PyramidGame, last_cover
from games.engine.rules import PyramidRules
from games.engine.solver.outcome import Budget, Outcome
from games.engine.solver.pyramid.state import (
    G_SHIFT,
    K_SHIFT,
    LOW,
    PARTNER,
    SIDE_FULL,
    Tables,
    breadth_first_answer,
    start_key,
)

#: The recycles made, above the pointer's 5 bits.
R_SHIFT = K_SHIFT + 5


def is_default(rules: PyramidRules) -> bool:
    """Are these the app's Pyramid rules, which the A* of pyramid/ searches?"""
    return (
        rules.max_recycles is None
        and not rules.strict_win
        and not rules.stock_against_discard
        and not rules.last_cover_pairs
    )


def _last_cover_pairs(
    tables: Tables, removed: int, cache: dict[int, tuple[int, ...]]
) -> tuple[int, ...]:
    """The pairs of a card with its last covering card summing to 13, per pyramid mask."""
    found = cache.get(removed)
    if found is None:
        ranks = tables.ranks
        pairs = []
        for cover in range(TABLEAU_SIZE):
            if removed >> cover & 1:
                continue
            for pos in PYRAMID_COVERS[cover]:
                if (
                    not removed >> pos & 1
                    and last_cover(removed, pos) == cover
                    and PARTNER[ranks[pos]] == ranks[cover]
                ):
                    pairs.append(1 << pos | 1 << cover)
        found = cache[removed] = tuple(pairs)
    return found


def solve_pyramid_variant(
    deck: tuple[Card, ...], rules: PyramidRules, budget: Budget, game: PyramidGame
) -> Outcome:
    """The best result reachable from ``game`` under ``rules``, the fewest further moves
    to it and a line there."""
    tables = Tables(deck)
    side_ranks = tables.side_ranks
    limit = rules.max_recycles
    root = _root_key(game, tables, limit)
    parent: dict[int, int] = {root: -1}
    depth: dict[int, int] = {root: 0}  # moves << 8, as read_path reads them
    queue = deque([root])
    strict, against, covers = rules.strict_win, rules.stock_against_discard, rules.last_cover_pairs
    cover_cache: dict[int, tuple[int, ...]] = {}
    best_key, best_left = root, _cards_left(root, strict)
    nodes, exhausted = 0, None
    # The pyramid's moves are made inline and the stock side's in one call per node
    # that has them: the loop stays in this function, where the search spends its time.
    while queue and best_left:
        key = queue.popleft()
        nodes += 1
        if nodes % budget.every == 0:
            exhausted = budget.exceeded(nodes)
            if exhausted:
                break
        left = _cards_left(key, strict)
        if left < best_left:
            best_key, best_left = key, left
            if not left:
                break
        pmask = key & LOW
        forced, pairs, by_rank, _, _ = tables.info(pmask)
        if forced:
            children = [key | forced]
        else:
            children = [key | pair for pair in pairs]
            if covers:
                children.extend(
                    key | pair for pair in _last_cover_pairs(tables, pmask, cover_cache)
                )
            _stock_side_moves(key, side_ranks, by_rank, limit, against, children)
        d = depth[key] + 256
        for child in children:
            if child not in depth:
                depth[child] = d
                parent[child] = key
                queue.append(child)
    return breadth_first_answer(parent, depth, best_key, best_left, deck, nodes, exhausted)


def _root_key(game: PyramidGame, tables: Tables, limit: int | None) -> int:
    """The search's start: the A*'s key of ``game`` without its fresh cards and left
    Kings (this search has neither), and with a redeal limit the recycles made."""
    root = start_key(game, tables) & ((1 << R_SHIFT) - 1)
    if limit is not None:
        root |= game.recycles << R_SHIFT
    return root


def _cards_left(key: int, strict: bool) -> int:
    """The cards a key leaves as the engine counts them: the pyramid's, and under
    ``strict_win`` the stock side's too."""
    left = TABLEAU_SIZE - (key & LOW).bit_count()
    if strict:
        left += (SIDE_FULL & ~(key >> G_SHIFT)).bit_count()
    return left


def _stock_side_moves(
    key: int,
    side_ranks: tuple[int, ...],
    by_rank: tuple[tuple[int, ...], ...],
    limit: int | None,
    against: bool,
    children: list[int],
) -> None:
    """Append to ``children`` the moves of the discard's top (with a pyramid card, alone
    if a King, with the card under it when ``against``), the draw and the recycle while
    ``limit`` allows one: apart from the pyramid's moves because each reads several
    fields of the key, and appended in place to spare a list per node."""
    pmask = key & LOW
    gone = key >> G_SHIFT & SIDE_FULL
    k = key >> K_SHIFT & 31
    recycles = key >> R_SHIFT
    remaining = SIDE_FULL & ~gone
    base = pmask | gone << G_SHIFT | recycles << R_SHIFT
    if k:
        top = 1 << (k - 1)
        below = remaining & (top - 1)
        after = base | top << G_SHIFT | below.bit_length() << K_SHIFT
        partner = PARTNER[side_ranks[k - 1]]
        if partner:
            children.extend(after | pos_bit for pos_bit in by_rank[partner])
            under = 1 << (below.bit_length() - 1) if below else 0
            if against and under and side_ranks[below.bit_length() - 1] == partner:
                rest = below & ~under
                children.append(base | (top | under) << G_SHIFT | rest.bit_length() << K_SHIFT)
        else:
            children.append(after)
    stock = remaining >> k
    if stock:
        children.append(base | (k + (stock & -stock).bit_length()) << K_SHIFT)
    elif k and (limit is None or recycles < limit):
        children.append(base + ((limit is not None) << R_SHIFT))
