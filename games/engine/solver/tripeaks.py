"""TriPeaks search: fewest draws, layer by layer, from the deal's start or any position.

Every win removes the tableau cards left, one move each, so the fewest further moves of
a win = the cards left + the fewest draws. The search walks the "draws used" layers
s = s0, s0 + 1, …, 23 (s0: the draws already made); inside a layer, removals are
explored depth-first with a transposition table. The first layer that reaches the full
mask gives par. The moves to reach any position are the cards removed + the draws, so
for an unwinnable deal the most removable cards and the fewest moves to get there fall
out of the same sweep.

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

from games.engine.base import DRAW
from games.engine.cards import Card, card_str
from games.engine.layouts import (
    DISCARD_POSITION,
    FULL_TABLEAU,
    TABLEAU_SIZE,
    TRIPEAKS_COVER_MASKS,
)
from games.engine.rules import TriPeaksRules
from games.engine.solver.outcome import Budget, Outcome
from games.engine.tripeaks import NO_TOP, TriPeaksGame, fit_table

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


#: The "rank" of a discard top that every card fits (a joker, or no card yet): rank 0.
WILD = 0


def top_rank(card: Card) -> int:
    """The rank a discard top packs as: 1..13, or WILD for a joker (52, 53) or NO_TOP."""
    return WILD if card >= 52 else card % 13 + 1


def side_cards(deck: tuple[Card, ...], rules: TriPeaksRules) -> tuple[Card, ...]:
    """The discard's first top then the stock in drawing order, as the engine deals them
    (``split_deck``): with an empty starting discard (``B``) the first top is NO_TOP and
    deck position 28 is the first draw; jokers sit in the stock where GEN 1 put them."""
    side = deck[DISCARD_POSITION:]
    return (NO_TOP, *side) if rules.empty_discard else side


def fit_masks(tableau: tuple[Card, ...], rules: TriPeaksRules) -> tuple[int, ...]:
    """For each top rank (WILD, 1..13), the tableau positions whose card may go on it,
    from the engine's fit table (jokers and the empty discard take any rank)."""
    table = fit_table(rules.king_ace_linked)
    tops = (NO_TOP, *range(13))  # a card of each rank, and a wild top
    return tuple(
        sum(1 << pos for pos, card in enumerate(tableau) if table[top] >> (card % 13 + 1) & 1)
        for top in tops
    )


def first_ranks(side_ranks: list[int], fits: tuple[int, ...]) -> list[list[tuple[int, int]]]:
    """For each layer s, the later layers t where a draw shows a rank for the first time
    since s, with the cards that fit it: only those restarts are not dominated."""
    firsts: list[list[tuple[int, int]]] = []
    layers = len(side_ranks) - 1
    for s in range(layers + 1):
        shown: set[int] = set()
        later = []
        for t in range(s + 1, layers + 1):
            r = side_ranks[t]
            if r not in shown:
                shown.add(r)
                later.append((t, fits[r]))
        firsts.append(later)
    return firsts


def solve_tripeaks(
    deck: tuple[Card, ...],
    rules: TriPeaksRules,
    budget: Budget,
    start: TriPeaksGame | None = None,
) -> Outcome:
    """The best result reachable from ``start`` (default: the deal's start), the fewest
    further moves to it and a line there."""
    game = start if start is not None else TriPeaksGame(deck, rules=rules)
    if rules.draw_only_when_stuck:
        raise ValueError("the traditional draw (T) is searched by tripeaks_stuck.py")
    search = _Layers(deck, rules, budget, game)
    search.run()
    removed = search.best_count - game.removed.bit_count()
    best_moves = removed + search.best_layer - search.first_layer
    tokens = search.path()
    if search.won:
        return Outcome(True, best_moves, tokens, 0, best_moves, search.nodes)
    winnable = None if search.exhausted else False
    left = TABLEAU_SIZE - search.best_count
    return Outcome(winnable, None, tokens, left, best_moves, search.nodes, search.exhausted)


class _Layers:
    """One sweep of the draw layers from a position. ``seen`` maps a state to its parent
    state, or -(layer + 1) for a layer's start; ``first_seen`` a mask to its first state
    and layer."""

    def __init__(
        self, deck: tuple[Card, ...], rules: TriPeaksRules, budget: Budget, game: TriPeaksGame
    ) -> None:
        self.tableau = deck[:TABLEAU_SIZE]
        self.fits = fit_masks(self.tableau, rules)
        self.side_ranks = [top_rank(card) for card in side_cards(deck, rules)]
        self.layers = len(self.side_ranks) - 1
        self.firsts = first_ranks(self.side_ranks, self.fits)
        self.bit_rank = {1 << pos: card % 13 + 1 for pos, card in enumerate(self.tableau)}
        self.budget = budget
        self.nodes = 0
        self.next_check = budget.every
        self.exhausted: str | None = None
        self.first_layer = self.layers - len(game.stock)
        mask, top = game.removed, top_rank(game.discard[-1] if game.discard else NO_TOP)
        self.seen: dict[int, int] = {}
        self.first_seen: dict[int, tuple[int, int]] = {mask: (-1, self.first_layer)}
        self.starts: list[list[int]] = [[] for _ in range(self.layers + 1)]
        free = free_mask(mask)
        self.starts[self.first_layer].append(free << FREE_SHIFT | mask | top << RANK_SHIFT)
        self.restart(mask, free, self.first_layer)
        self.best_count, self.best_key = mask.bit_count(), mask | top << RANK_SHIFT
        self.best_layer = self.first_layer
        self.won = mask == FULL_TABLEAU

    def restart(self, mask: int, free: int, layer: int) -> None:
        """Queue a mask first reached in ``layer`` for the later layers that may pay."""
        base = mask | free << FREE_SHIFT
        for t, fit in self.firsts[layer]:
            if fit & free:
                self.starts[t].append(base | self.side_ranks[t] << RANK_SHIFT)

    def run(self) -> None:
        for layer in range(self.first_layer, self.layers + 1):
            if self.won or self.exhausted:
                return
            marker = -(layer + 1)
            for entry in self.starts[layer]:
                key = entry & FREE_MASK_OFF
                if key in self.seen:
                    continue  # dominated: the same mask under the same top rank, earlier
                self.seen[key] = marker
                self.sweep(entry, layer)
                if self.won or self.exhausted:
                    return
            self.starts[layer] = []

    def sweep(self, entry: int, layer: int) -> None:
        """Depth-first over the removals from one start, inside one layer."""
        fits, seen, first_seen, bit_rank = self.fits, self.seen, self.first_seen, self.bit_rank
        stack = [entry]
        while stack:
            entry = stack.pop()
            self.nodes += 1
            key = entry & FREE_MASK_OFF
            mask = entry & LOW
            free = entry >> FREE_SHIFT
            playable = fits[key >> RANK_SHIFT] & free
            while playable:
                bit = playable & -playable
                playable ^= bit
                child_mask = mask | bit
                child_rank = bit_rank[bit]
                child = child_mask | child_rank << RANK_SHIFT
                if child in seen:
                    continue
                seen[child] = key
                child_free = free ^ bit
                for q_bit, q_cover in UNCOVERS[bit]:
                    if child_mask & q_cover == q_cover:
                        child_free |= q_bit
                if fits[child_rank] & child_free:
                    stack.append(child | child_free << FREE_SHIFT)
                if child_mask in first_seen:
                    continue
                first_seen[child_mask] = (child, layer)
                if child_mask.bit_count() > self.best_count:
                    self.best_count, self.best_key, self.best_layer = (
                        child_mask.bit_count(),
                        child,
                        layer,
                    )
                    if child_mask == FULL_TABLEAU:
                        self.won = True
                        return
                self.restart(child_mask, child_free, layer)
            if self.nodes >= self.next_check:
                self.next_check += self.budget.every
                self.exhausted = self.budget.exceeded(self.nodes)
                if self.exhausted:
                    return

    def path(self) -> list[str]:
        """Walk the parent links back to the search's start; returns the log, first move
        first. A start state of layer t on mask M was reached by drawing from t - s draws
        after M's first state, found at layer s."""
        tokens: list[str] = []
        key, layer = self.best_key, self.best_layer
        while key >= 0:
            parent = self.seen.get(key, -(layer + 1))
            if parent >= 0:
                tokens.append(card_str(self.tableau[((key ^ parent) & LOW).bit_length() - 1]))
                key = parent
                continue
            start_layer = -parent - 1
            key, layer = self.first_seen[key & LOW]
            tokens.extend([DRAW] * (start_layer - layer))
        tokens.reverse()
        return tokens
