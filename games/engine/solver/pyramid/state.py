"""Pyramid's packed state: the key layout, the per-deal tables, the key of an engine
position and the log read back off a chain of keys.

**The stock side.** The 24 "stock-side" cards (deck position 28, the first face-up
discard card, then the 23 stock cards in drawing order) keep one cyclic order forever:
a draw moves the stock's next card onto the discard, a recycle turns the discard back
into the stock with the first card drawn first again, and a removal only ever takes the
discard's top card. So the remaining stock-side cards are split by a pointer ``k``:
those at index < k are the discard (its top is the highest remaining index below k),
those ≥ k the stock (next draw: the lowest remaining index ≥ k). ``k`` is kept
canonical, one past the discard's top (0: empty discard), so one position has one key.

A key packs: the removed pyramid cards (28 bits), the removed stock-side cards (24), the
pointer (5), the stock-side Kings *left* on the discard for good (24) and the *fresh*
cards (28): the free pyramid cards that may still start a pyramid pair (see search.py).
"""

from __future__ import annotations

from itertools import combinations

from games.engine.base import DRAW
from games.engine.cards import Card, card_str
from games.engine.layouts import DISCARD_POSITION, PYRAMID_COVER_MASKS, TABLEAU_SIZE
from games.engine.pyramid import PyramidGame
from games.engine.rules import pyramid_partner_ranks
from games.engine.solver.outcome import Outcome

SIDE_SIZE = 52 - DISCARD_POSITION  # 24 stock-side cards
SIDE_FULL = (1 << SIDE_SIZE) - 1
G_SHIFT = TABLEAU_SIZE  # removed stock-side cards, 24 bits
K_SHIFT = G_SHIFT + SIDE_SIZE  # the pointer, 5 bits
L_SHIFT = K_SHIFT + 5  # stock-side Kings left on the discard for good
F_SHIFT = L_SHIFT + SIDE_SIZE  # fresh pyramid cards
LOW = (1 << G_SHIFT) - 1
PGK = (1 << L_SHIFT) - 1  # pyramid, stock side and pointer: the position itself
F_LOW = (1 << F_SHIFT) - 1  # everything but the fresh cards
F_ONE = 1 << F_SHIFT  # a key below it has no fresh card
K_FIELD = 31 << K_SHIFT
POINTERS = tuple(k << K_SHIFT for k in range(SIDE_SIZE + 1))  # the pointer field's values

PARTNER = pyramid_partner_ranks()
KING = PARTNER.index(0, 1)  # the rank removed alone

# Per pyramid mask: (forced King bit or 0, pair masks, free cards' bits by rank, free
# mask, pairable mask: the free cards in some pyramid pair).
PyramidInfo = tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], int, int]


class Tables:
    """Per-deal tables: ranks, stock-side rank masks and facts cached per pyramid mask."""

    __slots__ = (
        "cache",
        "force_kings",
        "kings",
        "partner_cache",
        "rank_bits",
        "ranks",
        "side_cache",
        "side_ranks",
        "used_bytes",
    )

    def __init__(self, deck: tuple[Card, ...], force_kings: bool = True) -> None:
        self.ranks = tuple(card % 13 + 1 for card in deck[:TABLEAU_SIZE])
        self.side_ranks = tuple(card % 13 + 1 for card in deck[DISCARD_POSITION:])
        self.rank_bits = [0] * 14
        for index, r in enumerate(self.side_ranks):
            self.rank_bits[r] |= 1 << index
        self.kings = self.rank_bits[KING]
        self.cache: dict[int, PyramidInfo] = {}
        self.force_kings = force_kings
        self.partner_cache: dict[int, int] = {}
        self.side_cache: dict[int, tuple[int, tuple[tuple[int, ...], ...]]] = {}
        self.used_bytes: tuple[list[int], ...] = ()  # filled by relaxation.relaxed_node

    def info(self, removed: int) -> PyramidInfo:
        """What a pyramid mask allows, computed once per mask (a search meets each often)."""
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
        pairable = 0
        for pair in pairs:
            pairable |= pair
        free_bits = sum(1 << pos for pos in free)
        info = (forced, pairs, tuple(tuple(bits) for bits in by_rank), free_bits, pairable)
        self.cache[removed] = info
        return info

    def pairs_with(self, removed: int) -> int:
        """The stock-side cards that pair with a free pyramid card of this mask."""
        found = self.partner_cache.get(removed)
        if found is None:
            by_rank = self.info(removed)[2]
            found = 0
            for r in range(1, 14):
                if by_rank[r] and PARTNER[r]:
                    found |= self.rank_bits[PARTNER[r]]
            self.partner_cache[removed] = found
        return found

    def side_children(self, removed: int, free: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
        """The stock-side cards that pair with a free pyramid card of this mask, and per
        stock-side card (by index + 1, its bit's length; the first entry is empty), what
        a pair of it with the pyramid adds to a key of
        this mask: the stock-side card's own removed bit, and each free partner's bit
        with the fresh cards it leaves (a pair with the discard starts the fresh cards
        afresh). ``free``: this mask's free cards. Worked out once per mask: a search
        meets few masks (deal 1406: 1 038) and each very often."""
        found = self.side_cache.get(removed)
        if found is None:
            by_rank = (self.cache.get(removed) or self.info(removed))[2]
            per_rank = [
                tuple(
                    bit | self.with_fresh(removed | bit, 0, free) >> F_SHIFT << F_SHIFT
                    for bit in by_rank[PARTNER[r]]
                )
                if PARTNER[r]
                else ()
                for r in range(14)
            ]
            found = (
                self.pairs_with(removed),
                (
                    (),
                    *(
                        tuple(1 << (G_SHIFT + index) | extra for extra in per_rank[r])
                        for index, r in enumerate(self.side_ranks)
                    ),
                ),
            )
            self.side_cache[removed] = found
        return found

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

    def dig_limits(self, removed: int) -> tuple[tuple[int, int], ...]:
        """Per stock-side rank r whose partner rank has c cards left in the pyramid, with
        0 < c < r's stock-side cards: (r's stock-side cards, c). Before a recycle the
        discard's (c + 1)-th card of rank r from the top cannot leave it, nor any card
        under it: removing it means removing every card above it first, c of rank r
        among them, each with a pyramid card of the partner rank of its own (a
        stock-side card pairs only with the pyramid), and the pyramid gains no card,
        while draws only add cards above. (c = 0 is a blocker.)"""
        left = [0] * 14
        for pos, r in enumerate(self.ranks):
            if not removed >> pos & 1:
                left[r] += 1
        return tuple(
            (self.rank_bits[r], left[PARTNER[r]])
            for r in range(1, 14)
            if PARTNER[r] and 0 < left[PARTNER[r]] < self.rank_bits[r].bit_count()
        )

    def fresh_after(self, removed: int, fresh: int, free_before: int) -> int:
        """The fresh cards after a move that leaves ``removed``: the pairable ones among
        ``fresh`` and those the move just freed (``free_before``: the free mask before)."""
        info = self.cache.get(removed) or self.info(removed)
        return (fresh | info[3] & ~free_before) & info[4]

    def with_fresh(self, child: int, fresh: int, free_before: int) -> int:
        """``child`` with its fresh cards (``fresh_after``; inlined, as the search calls
        it for every child it makes)."""
        info = self.cache.get(child & LOW) or self.info(child & LOW)
        return child & F_LOW | ((fresh | info[3] & ~free_before) & info[4]) << F_SHIFT


def start_key(game: PyramidGame, tables: Tables) -> int:
    """The key of an engine position: every pyramid pair allowed, no King left yet.

    The engine's stock and discard are read back onto the stock-side order; a position
    that does not fit it would be an engine bug, so it raises ValueError."""
    index = {card: i for i, card in enumerate(game.deck[DISCARD_POSITION:])}
    discard = [index[card] for card in game.discard]
    stock = [index[card] for card in reversed(game.stock)]  # next draw first
    gone = SIDE_FULL
    for i in discard + stock:
        gone &= ~(1 << i)
    k = discard[-1] + 1 if discard else 0
    remaining = sorted(discard + stock)
    if discard + stock != [i for i in remaining if i < k] + [i for i in remaining if i >= k]:
        raise ValueError("the stock and discard are not in the stock side's cyclic order")
    return tables.with_fresh(game.removed | gone << G_SHIFT | k << K_SHIFT, 0, 0)


def read_path(
    parent: dict[int, int],
    seen: dict[int, int],
    key: int,
    deck: tuple[Card, ...],
    g_shift: int = 8,
) -> list[str]:
    """The log from the search's start to ``key``, read off the differences of the keys:
    the cards that went make the token, and the moves an edge cost beyond them (``seen``
    holds g << ``g_shift`` | what the search keeps beside) are draws, a draw or a
    recycle being the engine's ``D`` for both."""
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
        moves = (seen[key] >> g_shift) - (seen[before] >> g_shift)
        tokens.extend([DRAW] * (moves - bool(cards)))
        key = before
    tokens.reverse()
    return tokens


def breadth_first_answer(
    parent: dict[int, int],
    depth: dict[int, int],
    key: int,
    left: int,
    deck: tuple[Card, ...],
    nodes: int,
    exhausted: str | None,
) -> Outcome:
    """The Outcome of a breadth-first search that ended with ``key`` the best state met
    (``left`` cards left there): one reading of the search's end for the variants' search
    and the reference, so that both say won, lost and cut short the same way."""
    tokens = read_path(parent, depth, key, deck)
    moves = depth[key] >> 8
    if not left:
        return Outcome(True, moves, tokens, 0, moves, nodes)
    return Outcome(None if exhausted else False, None, tokens, left, moves, nodes, exhausted)
