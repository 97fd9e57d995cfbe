"""The variants' search graph: the moves of moves.py with the default A*'s walked draws
and fresh pairs (pyramid/search.py), and a King on the discard's top decided at once,
each shown here to hold under every variant's rules. The plain moves stay in moves.py
(the reference search reads them, with no reduction).

**Keys** carry, beside pyramid/state.py's position (pyramid, stock side gone, pointer),
its Kings *left* for good (``L_SHIFT``) and *fresh* cards (``F_SHIFT``), and above them
the recycles made (moves.py's ``R_SHIFT``).

**Why each reduction keeps par, best_cards_left and best_moves** (every line maps onto a
line of the reduced graph with as many moves and the same end, or fewer moves). The
argument the three rest on: *removing more pyramid cards earlier keeps every move
legal.* A free card stays free; a pair with the discard's top needs its pyramid card
free; the stock side does not see the pyramid; and a card with its last covering card
(``L``) stays legal too: the cards removed early are removed later anyway, so neither
of its two cards, and its last cover is still the one card covering it.

* **A free pyramid King is removed at once**, as the only move, under every variant: no
  variant lets a King pair, so it is never the partner an ``L`` or a ``D`` pair needs,
  and a line that removes it later (the best partial's too: a line that never removes it
  can remove it first and leave one card fewer) plays the same moves after removing it
  first, by the argument above.
* **Fresh pairs.** Call a *stock move* a draw, a recycle, a pair with the discard's top
  (with a pyramid card, or under ``D`` with the card under it) — not a forced move (a
  pyramid King, a King on the top removed or left). A pair of two free pyramid cards
  that was legal before the stock move last made can be played just before it instead
  (it stays legal, and that stock move too, by the argument above); repeating that
  moves pairs earlier only, so it ends, in a line where every pyramid pair became legal
  since the last stock move: one of its cards was freed since (a *fresh* card). So a
  pyramid pair needs a fresh card. ``L`` pairs, which may need the other cover of their
  covered card gone rather than a card freed, are left free of the rule.
* **Draws are walked.** Right after a draw no pyramid pair is fresh, so the moves left
  are the ``L`` pairs, a pair with the new top (with a pyramid card, or the ``D`` pair
  with the card under it), the decision on a King on top, and another draw. An ``L``
  pair after a draw is legal before it too (a draw leaves the pyramid as it was), so a
  line can play it before the draw; as with the fresh pairs this only moves pyramid
  moves earlier past stock moves, so doing both ends, and then only draws lead from a
  draw to the next pair. So one edge goes from a key to each pair with a
  card further round the stock, costing the draws (and the recycle, counted in the key,
  while ``max_recycles`` allows one) on the way plus the pair, and to the next stock
  King: the keys in between are never made. A ``D`` pair with the card under it reads
  the card under the top there: the highest remaining below it, before a recycle or
  after. Going round to the top again only spends a recycle.
* **A King on the discard's top is decided at once**, removed or (not under
  ``strict_win``) left for good, never drawn again nor removed. A line that removes it
  later can remove it now (moves in between stay legal: a King pairs with nothing, so
  no pair with the top or ``D`` pair used it, and the cards drawn over it come in the
  same order; a recycle of the King alone is then dropped with the draw of it after,
  fewer moves, one recycle spared). A line that never removes it but draws it again
  after a recycle can remove it now instead for one move and spare that draw. Under
  ``strict_win`` it is removed at once, as the only move: the stock side's cards count
  there, so every win removes it and a line that leaves it can remove it first and
  leave one card fewer.
* **Dominance** (``drawn_to``): a key with no fresh card is dropped when the same cards
  (with the same Kings left) were met at another pointer, no more recycles made, at
  least the draws between them cheaper (no King drawn on the way; a recycle on the way
  counted, and allowed only with fewer recycles made): every line from it can be played
  from that key after those draws, and the walk from that key reaches each card no
  later. The search for the fewest cards left alone (branch and bound) drops it whatever
  the moves: that key's lines leave the same cards.
"""

from __future__ import annotations

from games.engine.layouts import TABLEAU_SIZE
from games.engine.pyramid import PyramidGame
from games.engine.solver.pyramid.search import draws_between, round_the_stock
from games.engine.solver.pyramid.state import (
    F_SHIFT,
    G_SHIFT,
    K_FIELD,
    K_SHIFT,
    L_SHIFT,
    LOW,
    PARTNER,
    PGK,
    SIDE_FULL,
)
from games.engine.solver.pyramid_variants.moves import R_SHIFT, Moves

FRESH_FIELD = ((1 << TABLEAU_SIZE) - 1) << F_SHIFT
R_FIELD = 3 << R_SHIFT
R_ONE = 1 << R_SHIFT
#: A key without its pointer and recycles: what ``drawn_to`` compares.
PLACE = ~(K_FIELD | R_FIELD)

Edges = list[tuple[int, int]]  # (child key, moves the edge costs)


class Walks:
    """One rules value's reduced graph over keys (the module's docstring)."""

    __slots__ = (
        "against",
        "d_tops",
        "limit",
        "moves",
        "places",
        "side_partner",
        "side_ranks",
        "strict",
        "tables",
    )

    def __init__(self, moves: Moves) -> None:
        self.moves = moves
        self.tables = moves.tables
        self.limit = moves.limit
        self.strict = moves.strict
        self.against = moves.against
        self.side_ranks = moves.side_ranks
        self.side_partner = tuple(PARTNER[r] for r in self.side_ranks)
        self.d_tops: dict[int, int] = {}
        self.places: dict[int, list[int]] = {}

    def root(self, game: PyramidGame) -> int:
        """moves.py's key of a position, with every free pairable card fresh."""
        key = self.moves.root(game)
        return key | self.tables.fresh_after(key & LOW, 0, 0) << F_SHIFT

    def with_fresh(self, child: int, fresh: int, free_before: int) -> int:
        """``child`` (no fresh field) with its fresh cards (``Tables.fresh_after``)."""
        return child | self.tables.fresh_after(child & LOW, fresh, free_before) << F_SHIFT

    def expand(self, key: int) -> Edges:
        """The edges from a key, with what each costs in moves."""
        tables = self.tables
        pmask = key & LOW
        forced, pairs, by_rank, free, _ = tables.cache.get(pmask) or tables.info(pmask)
        fresh = (key & FRESH_FIELD) >> F_SHIFT
        rest = key & ~FRESH_FIELD
        if forced:
            return [(self.with_fresh(rest | forced, fresh, free), 1)]
        gone = key >> G_SHIFT & SIDE_FULL
        k = key >> K_SHIFT & 31
        left = key >> L_SHIFT & SIDE_FULL
        if k and tables.kings >> (k - 1) & 1 and not left >> (k - 1) & 1:
            # A King on the top: removed now, or left for good (not under strict_win).
            bit = 1 << (k - 1)
            below = SIDE_FULL & ~gone & (bit - 1)
            removed = key & ~PGK | pmask | (gone | bit) << G_SHIFT | below.bit_length() << K_SHIFT
            if self.strict:
                return [(removed, 1)]
            return [(removed, 1), (key | bit << L_SHIFT, 0)]
        with_fresh = self.with_fresh
        out = [(with_fresh(rest | pair, fresh, free), 1) for pair in pairs if pair & fresh]
        if self.moves.covers:
            out.extend(
                (with_fresh(rest | pair, fresh, free), 1)
                for pair in self.moves.last_cover_pairs(pmask)
            )
        out.extend(self.walk(key, pmask, by_rank, free, gone, k, left))
        return out

    def walk(
        self,
        key: int,
        pmask: int,
        by_rank: tuple[tuple[int, ...], ...],
        free: int,
        gone: int,
        k: int,
        left: int,
    ) -> Edges:
        """Pairs with the top now and with each card further round the stock (the draws,
        and a recycle if one is left, on the way), and the draws up to the next stock
        King; a King left for good is never drawn again, so nothing is reached past it."""
        tables = self.tables
        remaining = SIDE_FULL & ~gone
        stoppers = left | tables.kings
        useful = tables.pairs_with(pmask) | stoppers
        if self.against:
            useful |= self.d_tops_of(remaining)
        useful &= remaining
        out: Edges = []
        if not useful:
            return out
        recycles = key & R_FIELD
        wrap = self.limit is None or recycles >> R_SHIFT < self.limit
        # The fields every edge keeps; after a recycle, one more made (if counted).
        kept = left << L_SHIFT | recycles
        kept_wrapped = kept + (R_ONE if self.limit is not None else 0)
        stock = remaining >> k << k
        side_partner, side_ranks = self.side_partner, self.side_ranks
        against = self.against
        cache = tables.cache
        for j, draws in round_the_stock(useful, remaining, stock, k, wrap):
            bit = 1 << j
            tail = pmask | (kept if j >= k - 1 else kept_wrapped)
            if draws and stoppers & bit:
                if not left & bit:  # a King reaches the top: decided there
                    out.append((tail | gone << G_SHIFT | (j + 1) << K_SHIFT, draws))
                break
            below = remaining & (bit - 1)
            partner = side_partner[j]
            cost = draws + 1
            partner_bits = by_rank[partner]
            if partner_bits:
                after = tail | (gone | bit) << G_SHIFT | below.bit_length() << K_SHIFT
                for pos_bit in partner_bits:
                    # with_fresh(after | pos_bit, 0, free), inlined: the hottest line
                    info = cache.get(pmask | pos_bit) or tables.info(pmask | pos_bit)
                    fresh = info[3] & ~free & info[4]
                    out.append((after | pos_bit | fresh << F_SHIFT, cost))
            if against and below:
                under = 1 << (below.bit_length() - 1)
                if side_ranks[under.bit_length() - 1] == partner:
                    rest = below ^ under
                    taken = (gone | bit | under) << G_SHIFT
                    out.append((tail | taken | rest.bit_length() << K_SHIFT, cost))
        return out

    def d_tops_of(self, remaining: int) -> int:
        """The remaining stock-side cards that pair with the card under them when on top
        (``D``): the highest remaining card below, wherever the pointer is."""
        found = self.d_tops.get(remaining)
        if found is None:
            found = 0
            side_ranks, side_partner = self.side_ranks, self.side_partner
            previous = -1
            rest = remaining
            while rest:
                low = rest & -rest
                rest ^= low
                j = low.bit_length() - 1
                if previous >= 0 and side_partner[j] and side_ranks[previous] == side_partner[j]:
                    found |= low
                previous = j
            self.d_tops[remaining] = found
        return found

    def start(self) -> None:
        """Forget the keys ``drawn_to`` noted (a new search starts)."""
        self.places = {}

    def drawn_to(self, key: int, g: int, any_moves: bool = False) -> bool:
        """Is this key (no fresh card) no better than drawing to it from a key noted with
        the same cards and Kings left, at another pointer with no more recycles made (one
        fewer if the draws go through a recycle)? Then it is dominated (the module's
        docstring). Otherwise it is noted. ``any_moves``: the moves do not count (a
        search for the fewest cards left alone), only whether the draws can be made."""
        place = key & PLACE
        k = key >> K_SHIFT & 31
        r = key >> R_SHIFT
        here = g << 7 | r << 5 | k
        found = self.places.get(place)
        if found is None:
            self.places[place] = [here]
            return False
        remaining = SIDE_FULL & ~(key >> G_SHIFT)
        kings = self.tables.kings
        counted = self.limit is not None
        for other in found:
            start = other & 31
            draws = draws_between(remaining, kings, start, k)
            if draws < 0 or (not any_moves and (other >> 7) + draws > g):
                continue
            spent = (other >> 5 & 3) + (counted and k < start)
            if spent <= r:
                return True
        found.append(here)
        return False


__all__ = ["FRESH_FIELD", "R_FIELD", "Edges", "Walks"]
