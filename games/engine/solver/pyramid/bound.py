"""The Pyramid search's lower bound on the moves left (admissible and consistent, so a
node's first expansion is optimal).

Removal moves ≥ the relaxation's distance; draws ≥, for each rank still needed from the
stock side, the draws that bring the needed cards up: the discard's cards above the
highest card that can never be removed again (a non-King whose partners have all left
the pyramid, or a King left for good) count as reachable for free, stock cards must be
drawn in order, and a card below that blocker needs the whole stock drawn, a recycle and
every card before it drawn again.
"""

from __future__ import annotations

from games.engine.solver.pyramid.relaxation import Entry, Relaxation, relaxed_node
from games.engine.solver.pyramid.state import (
    G_SHIFT,
    K_FIELD,
    K_SHIFT,
    L_SHIFT,
    LOW,
    SIDE_FULL,
    Tables,
)

DEAD = -1  # no continuation reaches the goal
LEFT_FIELD = SIDE_FULL << L_SHIFT
_MISSING = (-2, ())  # not looked up yet (None is a looked-up "out of reach")


class Bound:
    """``bound(key)``: the lower bound of one key, with its per-mask parts cached."""

    __slots__ = ("_blockers", "_entries", "_kings", "_relaxed_mask", "_table", "_tables")

    def __init__(self, tables: Tables, relaxed: Relaxation) -> None:
        self._tables = tables
        self._table = relaxed.table
        self._kings = tables.kings
        # What the relaxation reads of a key: all but the pointer, the left Kings and
        # the stock-side Kings removed (they go alone).
        self._relaxed_mask = ~(tables.kings << G_SHIFT | K_FIELD | LEFT_FIELD)
        self._blockers: dict[int, int] = {}
        self._entries: dict[int, Entry | None] = {}

    def entry(self, key: int) -> Entry | None:
        """The relaxation's distance and needs at this key (None: the goal is out of reach)."""
        relaxed_key = key & self._relaxed_mask
        try:
            return self._entries[relaxed_key]
        except KeyError:
            found = self._entries[relaxed_key] = self._table.get(relaxed_node(self._tables, key))
            return found

    def cheap(self, key: int) -> int:
        """A weaker bound, the removal moves alone: what a key waits in the queue with
        until its turn comes, when the full bound is worked out (most never get there)."""
        entry = self._entries.get(key & self._relaxed_mask, _MISSING)
        if entry is _MISSING:
            entry = self.entry(key)
        return DEAD if entry is None else entry[0]

    def __call__(self, key: int) -> int:
        """The full bound (the search asks once per key: no cache)."""
        relaxed_key = key & self._relaxed_mask
        entry = self._entries.get(relaxed_key, _MISSING)
        if entry is _MISSING:
            entry = self.entry(key)
        if entry is None:
            return DEAD
        dist, needs = entry
        if not needs:
            return dist
        pmask = key & LOW
        blockers = self._blockers.get(pmask)
        if blockers is None:
            blockers = self._blockers[pmask] = self._tables.blockers(pmask)
        bound = draw_bound(
            needs,
            blockers,
            self._tables.rank_bits,
            key >> G_SHIFT & SIDE_FULL,
            key >> K_SHIFT & 31,
            key >> L_SHIFT & SIDE_FULL,
        )
        return DEAD if bound == DEAD else dist + bound


def draw_bound(
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
    for q, n in needs:
        cards = remaining & rank_bits[q]
        if reachable:
            n -= (cards & reachable).bit_count()
            if n <= 0:
                continue
        ahead = cards & stock
        if ahead:
            if n == 1:  # the common case: the first one ahead
                dist = (stock & (((ahead & -ahead) << 1) - 1)).bit_count()
                if dist > bound:
                    bound = dist
                continue
            in_ahead = ahead.bit_count()
            if in_ahead >= n:
                dist = (stock & ((1 << _nth_bit(ahead, n)) - 1)).bit_count()
                if dist > bound:
                    bound = dist
                continue
            n -= in_ahead
        under = cards & deep
        if not wrap or under.bit_count() < n:
            return DEAD
        end = (under & -under).bit_length() if n == 1 else _nth_bit(under, n)
        dist = stock.bit_count() + 1 + (remaining & ((1 << end) - 1)).bit_count()
        if dist > bound:
            bound = dist
    return bound


def _nth_bit(mask: int, n: int) -> int:
    """One past the position of the ``n``-th lowest set bit of ``mask`` (n ≥ 1)."""
    for _ in range(n - 1):
        mask &= mask - 1
    return (mask & -mask).bit_length()
