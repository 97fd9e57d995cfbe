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

from games.engine.solver.pyramid.relaxation import Relaxation, relaxed_node
from games.engine.solver.pyramid.state import (
    F_SHIFT,
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
Needs = tuple[tuple[int, int], ...]  # (rank, stock-side cards of it needed)
Digs = tuple[tuple[int, int], ...]  # (a rank's stock-side cards, how many can be dug out)
# Per such rank: its stock-side cards, and for each set of them in the discard, the index
# of the highest that cannot leave before a recycle (-1: none), see ``dig_table``.
DigTables = tuple[tuple[int, dict[int, int]], ...]
_MISSING = (-2, -2)  # not looked up yet (None is a looked-up "out of reach")
_NO_DRAWS = -1  # the tag of a node that needs no stock-side card
_WITHIN_REACH = -2  # a cached draw_bound known only not to be DEAD (see ``Bound.alive``)
_SIDE_FIELDS = (1 << (F_SHIFT - G_SHIFT)) - 1  # a key's removed side cards, pointer, left Kings


class Bound:
    """``bound(key)``: the lower bound of one key, with its parts cached.

    A key's bound is the relaxation's distance at its node plus ``draw_bound``, which
    reads only the node's needs, its pyramid's blockers and dig limits and the key's
    stock side (removed cards, pointer, left Kings). Many keys share all of them while
    their pyramids or fresh cards differ (about half of the bounds the slow deals ask
    for), so each relaxed node gets a *tag*, one small int per distinct (needs, blockers,
    dig limits), and the draws are cached by tag and stock side: the same arguments, the
    same value."""

    __slots__ = (
        "_by_node",
        "_by_tag",
        "_dig_tables",
        "_draws",
        "_limits",
        "_parts",
        "_relaxed_mask",
        "_table",
        "_tables",
        "_tags",
    )

    def __init__(self, tables: Tables, relaxed: Relaxation) -> None:
        self._tables = tables
        self._table = relaxed.table
        # What the relaxation reads of a key: all but the pointer, the left Kings and
        # the stock-side Kings removed (they go alone).
        self._relaxed_mask = ~(tables.kings << G_SHIFT | K_FIELD | LEFT_FIELD)
        self._limits: dict[int, tuple[int, Digs]] = {}  # pmask -> blockers, dig limits
        self._parts: dict[int, tuple[int, int] | None] = {}  # relaxed key -> (dist, tag)
        self._by_node: dict[int, tuple[int, int] | None] = {}  # relaxed node -> the same
        self._tags: dict[tuple[Needs, int, Digs], int] = {}  # what draw_bound reads -> tag
        self._by_tag: list[tuple[Needs, int, DigTables]] = []
        self._dig_tables: dict[Digs, DigTables] = {}
        # tag << 53 | stock side -> draw_bound, or _WITHIN_REACH where only ``alive`` asked
        self._draws: dict[int, int] = {}

    def _part(self, key: int) -> tuple[int, int] | None:
        """The relaxation's distance at this key and the tag of what its draws read
        (None: the goal is out of reach), worked out once per relaxed node: many keys
        (their stock sides differ) share one, and the tag's look-up hashes tuples."""
        node = relaxed_node(self._tables, key)
        part = self._by_node.get(node, _MISSING)
        if part is _MISSING:
            part = self._by_node[node] = self._node_part(node)
        self._parts[key & self._relaxed_mask] = part
        return part

    def _node_part(self, node: int) -> tuple[int, int] | None:
        """``_part`` for one relaxed node (its pyramid is the node's low bits)."""
        entry = self._table.get(node)
        if entry is None:
            return None
        dist, needs = entry
        if not needs:
            return dist, _NO_DRAWS
        pmask = node & LOW
        limits = self._limits.get(pmask)
        if limits is None:
            tables = self._tables
            limits = self._limits[pmask] = (tables.blockers(pmask), tables.dig_limits(pmask))
        reads = (needs, *limits)
        tag = self._tags.get(reads)
        if tag is None:
            tag = self._tags[reads] = len(self._by_tag)
            digs = limits[1]
            dug = self._dig_tables.get(digs)
            if dug is None:
                dug = self._dig_tables[digs] = tuple(
                    (bits, dig_table(bits, limit)) for bits, limit in digs
                )
            self._by_tag.append((needs, limits[0], dug))
        return dist, tag

    def cheap(self, key: int) -> int:
        """A weaker bound, the removal moves alone: a stock move lowers it by at most 1,
        which tells the search when the move is due (search.DEFERRED)."""
        part = self._parts.get(key & self._relaxed_mask, _MISSING)
        if part is _MISSING:
            part = self._part(key)
        return DEAD if part is None else part[0]

    def __call__(self, key: int) -> int:
        """The full bound."""
        both = self.queued(key)
        return both if both == DEAD else both & 255

    def queued(self, key: int) -> int:
        """The relaxation's distance (``cheap``) << 8 | the full bound, or DEAD: what the
        search keeps beside a new key's moves, asked once per key (the draws are cached,
        see above). The full bound orders the queue; the distance says when the key's
        stock moves are due (search.DEFERRED), read there at each pop of the key."""
        part = self._parts.get(key & self._relaxed_mask, _MISSING)
        if part is _MISSING:
            part = self._part(key)
        if part is None:
            return DEAD
        dist, tag = part
        if tag == _NO_DRAWS:
            return dist << 8 | dist
        side = key >> G_SHIFT & _SIDE_FIELDS
        slot = tag << 53 | side
        draws = self._draws.get(slot)
        if draws is None or draws == _WITHIN_REACH:
            draws = self._draws[slot] = self._draw_bound(tag, side)
        return DEAD if draws == DEAD else dist << 8 | dist + draws

    def alive(self, key: int) -> bool:
        """Is the full bound not DEAD? (What the dead-end walk asks of each child: the
        same answer, without working out the draws.)"""
        part = self._parts.get(key & self._relaxed_mask, _MISSING)
        if part is _MISSING:
            part = self._part(key)
        if part is None:
            return False
        tag = part[1]
        if tag == _NO_DRAWS:
            return True
        side = key >> G_SHIFT & _SIDE_FIELDS
        slot = tag << 53 | side
        draws = self._draws.get(slot)
        if draws is None:
            within = self._draw_bound(tag, side, within_reach=True)
            draws = self._draws[slot] = DEAD if within == DEAD else _WITHIN_REACH
        return draws != DEAD

    def _draw_bound(self, tag: int, side: int, within_reach: bool = False) -> int:
        """:func:`draw_bound` of a relaxed node's ``tag`` on a key's stock-side fields
        (a cache miss of ``__call__`` or ``alive``: they look the cache up inline)."""
        needs, blockers, digs = self._by_tag[tag]
        return draw_bound(
            needs,
            blockers,
            self._tables.rank_bits,
            side & SIDE_FULL,
            side >> (K_SHIFT - G_SHIFT) & 31,
            side >> (L_SHIFT - G_SHIFT),
            digs,
            within_reach,
        )


def draw_bound(
    needs: tuple[tuple[int, int], ...],
    blockers: int,
    rank_bits: list[int],
    gone: int,
    k: int,
    left: int,
    digs: DigTables = (),
    within_reach: bool = False,
) -> int:
    """Fewest draws (and recycles) before every needed stock-side card has been on top;
    DEAD when some of them can never get there. ``within_reach``: only whether it is
    DEAD (0 if not), with no draws worked out (what the dead-end walk asks).

    Discard cards above the highest card that cannot leave it before a recycle (a
    blocker, a King left for good, or a card too deep to dig out, see ``dig_limits``,
    read through ``dig_table``) count as reachable for free; stock cards are drawn in
    order, up to a left King, which is never drawn again; a card at or under that card
    (*deep*) costs the whole stock, a recycle and every card before it, and only exists
    before the first left King, and only when no left King in the stock stops the draws
    first."""
    remaining = SIDE_FULL & ~gone
    below = (1 << k) - 1
    discard = remaining & below
    b = (discard & (blockers | left)).bit_length() - 1
    for bits, highest in digs:
        dug = highest[discard & bits]
        if dug > b:
            b = dug
    if b >= 0:
        reachable = discard >> (b + 1) << (b + 1)
        deep = discard & ~reachable
    else:
        reachable = discard
        deep = 0
    stock = remaining & ~below
    if left:
        stopper = left & stock
        if stopper:
            stock &= (stopper & -stopper) - 1  # never drawn past: no recycle either
            deep = 0
        else:
            deep &= (left & -left) - 1  # after a recycle, only cards before the first
    if within_reach:
        within = reachable | stock | deep
        for q, n in needs:
            if (rank_bits[q] & within).bit_count() < n:
                return DEAD
        return 0
    # The draws grow with how far the card is, so only the farthest card needed is kept:
    # the lowest bit of the farthest in the stock, or one past the farthest deep card.
    far = under_end = 0
    for q, n in needs:
        cards = remaining & rank_bits[q]
        if reachable:
            n -= (cards & reachable).bit_count()
            if n <= 0:
                continue
        ahead = cards & stock
        if ahead:
            if n == 1:  # the common case: the first one ahead
                ahead &= -ahead
                if ahead > far:
                    far = ahead
                continue
            in_ahead = ahead.bit_count()
            if in_ahead >= n:
                for _ in range(n - 1):
                    ahead &= ahead - 1
                ahead &= -ahead
                if ahead > far:
                    far = ahead
                continue
            n -= in_ahead
        under = cards & deep
        if under.bit_count() < n:
            return DEAD
        end = (under & -under).bit_length() if n == 1 else _nth_bit(under, n)
        if end > under_end:
            under_end = end
    if under_end:
        return stock.bit_count() + 1 + (remaining & ((1 << under_end) - 1)).bit_count()
    return (stock & ((far << 1) - 1)).bit_count() if far else 0


def dig_table(bits: int, limit: int) -> dict[int, int]:
    """For each set of a rank's stock-side cards (``bits``) in the discard, the index of
    the highest one that cannot leave it before a recycle when only ``limit`` of them can
    (``Tables.dig_limits``): the (limit + 1)-th from the top; -1 if there are no more."""
    table = {}
    subset = bits
    while True:  # every subset of bits, bits itself first, 0 last
        cards = subset
        if cards.bit_count() > limit:
            for _ in range(limit):
                cards ^= 1 << (cards.bit_length() - 1)
        else:
            cards = 0
        table[subset] = cards.bit_length() - 1
        if not subset:
            return table
        subset = (subset - 1) & bits


def _nth_bit(mask: int, n: int) -> int:
    """One past the position of the ``n``-th lowest set bit of ``mask`` (n ≥ 1)."""
    for _ in range(n - 1):
        mask &= mask - 1
    return (mask & -mask).bit_length()
