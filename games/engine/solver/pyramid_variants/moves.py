"""The Pyramid variants' positions and moves (SPEC §9, seed 002), on the packed keys of
pyramid/state.py plus the recycles made.

**State.** The stock side keeps one cyclic order under every variant (a pair of the
discard's top with the card under it takes the two highest remaining cards below the
pointer), so a key is the removed pyramid cards, the removed stock-side cards, the
pointer ``k`` (pyramid/state.py) and, with a redeal limit, the recycles made (``R_SHIFT``,
above the fields walks.py adds; unlimited recycling keeps 0 there, as the count then
decides nothing).

**Moves**, each from the rule value it reads, each costing one move as the game counts
them: a free pyramid King; two free pyramid cards summing to 13 (``Tables``); the
discard's top with a free pyramid card, or alone if a King; a draw; a recycle while
``max_recycles`` allows one; with ``stock_against_discard`` the top with the card under
it; with ``last_cover_pairs`` a card with its last covering card (the engine's
``pyramid.last_cover``).

The plain moves are what reference.py's breadth-first search reads (with
``Tables(force_kings=False)``); the A* reads walks.py's reduced graph over the same moves.
"""

from __future__ import annotations

from games.engine.cards import Card
from games.engine.layouts import PYRAMID_COVERS, TABLEAU_SIZE
from games.engine.pyramid import PyramidGame, last_cover
from games.engine.rules import PyramidRules
from games.engine.solver.pyramid.state import (
    F_SHIFT,
    G_SHIFT,
    K_SHIFT,
    KING,
    LOW,
    PARTNER,
    PGK,
    SIDE_FULL,
    Tables,
    read_path,
    start_key,
)

#: The recycles made, above every field of pyramid/state.py's keys (walks.py's keys
#: carry its left Kings and fresh cards).
R_SHIFT = F_SHIFT + TABLEAU_SIZE


def is_default(rules: PyramidRules) -> bool:
    """Are these the app's Pyramid rules, which the A* of pyramid/ searches?"""
    return (
        rules.max_recycles is None
        and not rules.strict_win
        and not rules.stock_against_discard
        and not rules.last_cover_pairs
    )


class Moves:
    """One rules value's moves over packed keys, with the per-mask facts cached."""

    __slots__ = (
        "against",
        "cover_cache",
        "covers",
        "limit",
        "side_ranks",
        "strict",
        "tables",
    )

    def __init__(self, tables: Tables, rules: PyramidRules) -> None:
        self.tables = tables
        self.side_ranks = tables.side_ranks
        self.limit = rules.max_recycles
        self.strict = rules.strict_win
        self.against = rules.stock_against_discard
        self.covers = rules.last_cover_pairs
        self.cover_cache: dict[int, tuple[int, ...]] = {}

    def root(self, game: PyramidGame) -> int:
        """The key of an engine position: pyramid/state.py's without its fresh cards and
        left Kings (no search here has either), and with a redeal limit the recycles."""
        root = start_key(game, self.tables) & PGK
        if self.limit is not None:
            root |= game.recycles << R_SHIFT
        return root

    def cards_left(self, key: int) -> int:
        """The cards a key leaves as the engine counts them: the pyramid's, and under
        ``strict_win`` the stock side's too."""
        left = TABLEAU_SIZE - (key & LOW).bit_count()
        if self.strict:
            left += (SIDE_FULL & ~(key >> G_SHIFT)).bit_count()
        return left

    def pyramid_pairs(self, removed: int) -> tuple[int, ...]:
        """The two-pyramid-card moves of a mask: free pairs, and with ``last_cover_pairs``
        a card with its last covering card (summing to 13 too)."""
        pairs = self.tables.info(removed)[1]
        return pairs + self.last_cover_pairs(removed) if self.covers else pairs

    def last_cover_pairs(self, removed: int) -> tuple[int, ...]:
        """The pairs of a card with its last covering card summing to 13, per mask."""
        found = self.cover_cache.get(removed)
        if found is None:
            ranks = self.tables.ranks
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
            found = self.cover_cache[removed] = tuple(pairs)
        return found

    def children(self, key: int) -> list[int]:
        """Every key one move away, with no reduction (``tables`` built with
        ``force_kings=False``, so that a free pyramid King is one move among others)."""
        pmask = key & LOW
        by_rank = self.tables.info(pmask)[2]
        gone = key >> G_SHIFT & SIDE_FULL
        k = key >> K_SHIFT & 31
        remaining = SIDE_FULL & ~gone
        base = pmask | gone << G_SHIFT | key >> R_SHIFT << R_SHIFT
        out = [key | pair for pair in self.pyramid_pairs(pmask)]
        out.extend(key | bit for bit in by_rank[KING])
        if k:
            top = 1 << (k - 1)
            below = remaining & (top - 1)
            after = base | top << G_SHIFT | below.bit_length() << K_SHIFT
            partner = PARTNER[self.side_ranks[k - 1]]
            if not partner:
                out.append(after)
            else:
                out.extend(after | pos_bit for pos_bit in by_rank[partner])
                if self.against and below:
                    under = below.bit_length() - 1
                    if self.side_ranks[under] == partner:
                        rest = below & ~(1 << under)
                        out.append(
                            base | (top | 1 << under) << G_SHIFT | rest.bit_length() << K_SHIFT
                        )
        stock = remaining >> k
        if stock:
            out.append(base | (k + (stock & -stock).bit_length()) << K_SHIFT)
        elif k and (self.limit is None or key >> R_SHIFT < self.limit):
            out.append(base + ((self.limit is not None) << R_SHIFT))
        return out


def line(parent: dict[int, int], key: int, deck: tuple[Card, ...]) -> list[str]:
    """The log from the search's start to ``key`` along ``parent`` (a key's parent key
    << 6 | the moves its edge cost; the start's is -1): the moves are summed along the
    chain itself, as a parent's best count may have dropped since its child was made."""
    chain = [key]
    while parent[chain[-1]] >= 0:
        chain.append(parent[chain[-1]] >> 6)
    moves = {chain[-1]: 0}
    g = 0
    for link in reversed(chain[:-1]):
        g += (parent[link] & 63) << 8
        moves[link] = g
    tree = {link: parent[link] >> 6 if parent[link] >= 0 else -1 for link in chain}
    return read_path(tree, moves, key, deck)


__all__ = ["KING", "R_SHIFT", "Moves", "is_default", "line"]
