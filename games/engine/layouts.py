"""Who covers whom, as data (SPEC §4, §5), and the deck-to-layout reading (SPEC §3).

Tables are written out literally, not computed, so they can be read against the rule
books; ``tests/engine/test_layouts.py`` checks them against SPEC's formulas. The masks
derived from them are what the games and the solver test against.
"""

from __future__ import annotations

from typing import Final

from games.engine.cards import Card

TABLEAU_SIZE: Final = 28
DISCARD_POSITION: Final = 28  # deck position of the first face-up discard card
STOCK_SIZE: Final = 23

#: TriPeaks: tableau index -> the two cards covering it (row-major, rows of 3/6/9/10).
TRIPEAKS_COVERED_BY: Final[tuple[tuple[int, ...], ...]] = (
    (3, 4), (5, 6), (7, 8),                                          # row 1: peak tops
    (9, 10), (10, 11), (12, 13), (13, 14), (15, 16), (16, 17),       # row 2
    (18, 19), (19, 20), (20, 21), (21, 22), (22, 23), (23, 24),      # row 3
    (24, 25), (25, 26), (26, 27),
    (), (), (), (), (), (), (), (), (), (),                          # row 4: face up
)  # fmt: skip

#: TriPeaks rows, for drawing and for the rule books' row names.
TRIPEAKS_ROWS: Final[tuple[tuple[int, ...], ...]] = (
    tuple(range(0, 3)),
    tuple(range(3, 9)),
    tuple(range(9, 18)),
    tuple(range(18, 28)),
)

#: TriPeaks peaks for the +100 bonus: left 9 cards, middle 9, right 10 (SPEC §4).
TRIPEAKS_PEAKS: Final[tuple[tuple[int, ...], ...]] = (
    (0, 3, 4, 9, 10, 11, 18, 19, 20),
    (1, 5, 6, 12, 13, 14, 21, 22, 23),
    (2, 7, 8, 15, 16, 17, 24, 25, 26, 27),
)

#: Pyramid: tableau index -> the two cards covering it (rows of 1..7).
PYRAMID_COVERED_BY: Final[tuple[tuple[int, ...], ...]] = (
    (1, 2),
    (3, 4), (4, 5),
    (6, 7), (7, 8), (8, 9),
    (10, 11), (11, 12), (12, 13), (13, 14),
    (15, 16), (16, 17), (17, 18), (18, 19), (19, 20),
    (21, 22), (22, 23), (23, 24), (24, 25), (25, 26), (26, 27),
    (), (), (), (), (), (), (),
)  # fmt: skip

PYRAMID_ROWS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(range(r * (r + 1) // 2, (r + 1) * (r + 2) // 2)) for r in range(7)
)


def _masks(covered_by: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return tuple(sum(1 << c for c in covers) for covers in covered_by)


#: Bit i of COVER_MASK[p] is set when tableau card i covers card p: p is free once
#: every one of those bits is in the removed mask.
TRIPEAKS_COVER_MASKS: Final = _masks(TRIPEAKS_COVERED_BY)
PYRAMID_COVER_MASKS: Final = _masks(PYRAMID_COVERED_BY)
TRIPEAKS_PEAK_MASKS: Final = tuple(sum(1 << p for p in peak) for peak in TRIPEAKS_PEAKS)
#: For each tableau position, the peak masks it belongs to (one peak each).
TRIPEAKS_PEAK_OF: Final = tuple(
    next(m for m in TRIPEAKS_PEAK_MASKS if m >> p & 1) for p in range(TABLEAU_SIZE)
)
FULL_TABLEAU: Final = (1 << TABLEAU_SIZE) - 1

#: TriPeaks, the covering relation read the other way: position -> the cards it covers
#: (those that may turn face up when it goes).
TRIPEAKS_COVERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(p for p, covers in enumerate(TRIPEAKS_COVERED_BY) if q in covers)
    for q in range(TABLEAU_SIZE)
)

#: Pyramid, the covering relation read the other way: position -> the cards it covers
#: (for the « carte et carte recouvrante » variant, where a card may pair with the last
#: card still covering it).
PYRAMID_COVERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(p for p, covers in enumerate(PYRAMID_COVERED_BY) if q in covers)
    for q in range(TABLEAU_SIZE)
)


def split_deck(
    deck: tuple[Card, ...], empty_discard: bool = False
) -> tuple[tuple[Card, ...], list[Card], tuple[Card, ...]]:
    """Tableau (28, row-major), the discard (its first card, or none: then deck position
    28 is the stock's first card, the empty-discard variant), and the stock (first drawn
    first: 23 cards, more with the jokers or the empty discard)."""
    if empty_discard:
        return deck[:TABLEAU_SIZE], [], deck[DISCARD_POSITION:]
    return deck[:TABLEAU_SIZE], [deck[DISCARD_POSITION]], deck[DISCARD_POSITION + 1 :]
