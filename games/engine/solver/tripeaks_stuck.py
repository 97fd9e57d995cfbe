"""TriPeaks under the traditional draw (``T``, seed 000 « on ne pioche que lorsqu'aucune
carte ne suit »): a draw is allowed only when no free card fits the discard's top.

The layered search of tripeaks.py rests on "fewer draws dominate": a position reached
with fewer draws can draw its way to the other's. Under this rule it cannot (a draw
needs a stuck position), so this search keeps the draws made in the state and drops the
dominance: layer s holds the positions reached after s draws, a removal stays in its
layer, and a stuck position (no free card fits, cards left to draw) starts the next
layer with the next stock card on top. The first layer that empties the tableau gives
par (every win removes the same cards, so the fewest draws make the fewest moves); the
most cards removed, first reached in the lowest layer, give the best partial.

The rule tables are the engine's: cover masks (``layouts``), what fits a top
(``tripeaks.fit_table`` through ``fit_masks``), the stock's order (``side_cards``).
"""

from __future__ import annotations

from games.engine.base import DRAW
from games.engine.cards import Card, card_str
from games.engine.layouts import FULL_TABLEAU, TABLEAU_SIZE
from games.engine.rules import TriPeaksRules
from games.engine.solver.outcome import Budget, Outcome
from games.engine.solver.tripeaks import (
    LOW,
    RANK_SHIFT,
    UNCOVERS,
    fit_masks,
    free_mask,
    side_cards,
    top_rank,
)
from games.engine.tripeaks import NO_TOP, TriPeaksGame

#: A state's layer (draws made) sits above the mask and the top rank.
LAYER_SHIFT = RANK_SHIFT + 4


def solve_traditional(
    deck: tuple[Card, ...], rules: TriPeaksRules, budget: Budget, game: TriPeaksGame
) -> Outcome:
    """The best result reachable from ``game`` under the traditional draw, the fewest
    further moves to it and a line there."""
    tableau = deck[:TABLEAU_SIZE]
    fits = fit_masks(tableau, rules)
    side_ranks = [top_rank(card) for card in side_cards(deck, rules)]
    bit_rank = {1 << pos: card % 13 + 1 for pos, card in enumerate(tableau)}
    layers = len(side_ranks) - 1
    first, root = _start(game, layers)
    parent: dict[int, int] = {root: -1}
    best_key, best_count = root, game.removed.bit_count()
    starts = [(root, free_mask(game.removed))]
    nodes, next_check = 0, budget.every
    exhausted: str | None = None
    for layer in range(first, layers + 1):
        if best_count == TABLEAU_SIZE or exhausted or not starts:
            break
        stuck: list[tuple[int, int]] = []
        stack = starts
        while stack:
            key, free = stack.pop()
            nodes += 1
            if nodes >= next_check:
                next_check += budget.every
                exhausted = budget.exceeded(nodes)
                if exhausted:
                    break
            playable = fits[key >> RANK_SHIFT & 15] & free
            if not playable:
                if layer < layers:
                    child = (layer + 1) << LAYER_SHIFT | side_ranks[layer + 1] << RANK_SHIFT
                    child |= key & LOW
                    if child not in parent:
                        parent[child] = key
                        stuck.append((child, free))
                continue
            base = key & ~LOW & ~(15 << RANK_SHIFT)
            while playable:
                bit = playable & -playable
                playable ^= bit
                child_mask = (key & LOW) | bit
                child = base | bit_rank[bit] << RANK_SHIFT | child_mask
                if child in parent:
                    continue
                parent[child] = key
                child_free = free ^ bit
                for q_bit, q_cover in UNCOVERS[bit]:
                    if child_mask & q_cover == q_cover:
                        child_free |= q_bit
                count = child_mask.bit_count()
                if count > best_count:
                    best_key, best_count = child, count
                    if child_mask == FULL_TABLEAU:
                        stack = []
                        break
                stack.append((child, child_free))
        starts = stuck
    return _answer(parent, best_key, tableau, nodes, exhausted)


def _start(game: TriPeaksGame, layers: int) -> tuple[int, int]:
    """The search's first layer (the draws ``game`` has made of the ``layers`` there are)
    and its start key: ``game``'s removed cards and top rank, packed as the loop's are."""
    first = layers - len(game.stock)
    top = top_rank(game.discard[-1] if game.discard else NO_TOP)
    return first, first << LAYER_SHIFT | top << RANK_SHIFT | game.removed


def _answer(
    parent: dict[int, int],
    key: int,
    tableau: tuple[Card, ...],
    nodes: int,
    exhausted: str | None,
) -> Outcome:
    """The Outcome read from the search's end, ``key`` being the best state it met:
    every move is one token, so the line's length is the moves."""
    tokens = _path(parent, key, tableau)
    moves = len(tokens)
    count = (key & LOW).bit_count()
    if count == TABLEAU_SIZE:
        return Outcome(True, moves, tokens, 0, moves, nodes)
    winnable = None if exhausted else False
    return Outcome(winnable, None, tokens, TABLEAU_SIZE - count, moves, nodes, exhausted)


def _path(parent: dict[int, int], key: int, tableau: tuple[Card, ...]) -> list[str]:
    """The log from the search's start to ``key``: a removal where the mask grew, a draw
    where the layer did."""
    tokens: list[str] = []
    while (before := parent[key]) >= 0:
        gone = (key ^ before) & LOW
        tokens.append(card_str(tableau[gone.bit_length() - 1]) if gone else DRAW)
        key = before
    tokens.reverse()
    return tokens
