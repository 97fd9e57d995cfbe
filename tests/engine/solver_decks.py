"""Explicit decks whose answers are known by hand, for the solver's tests."""

from __future__ import annotations

from games.engine import Card, card_str, parse_card, rank

#: TriPeaks removal order that respects covering: the bottom row, then row 3, 2, 1.
_TRIPEAKS_ORDER = [*range(18, 28), *range(9, 18), *range(3, 9), *range(0, 3)]


def _chain_ranks(length: int) -> list[int]:
    """A ±1 walk A→K→A→… that never wraps K-A (so it fits Easy and Classic alike)."""
    ranks, r, step = [], 1, 1
    for _ in range(length):
        ranks.append(r)
        if not 1 <= r + step <= 13:
            step = -step
        r += step
    return ranks


def tripeaks_chain_deck(draws_first: int = 0) -> tuple[Card, ...]:
    """A TriPeaks deck whose 28 cards clear in one chain from an ace: par 28 + the number
    of useless Kings (at most 3) that must be drawn before that ace comes up."""
    assert 0 <= draws_first <= 2
    ranks = _chain_ranks(29)  # the ace that starts the chain, then the 28 tableau cards
    pool = {r: [c for c in range(52) if rank(c) == r] for r in range(1, 14)}
    kings = [pool[13].pop() for _ in range(3)]  # the chain needs one King at most
    deck: list[Card | None] = [None] * 52
    chain = [pool[r].pop() for r in ranks]
    for pos, card in zip(_TRIPEAKS_ORDER, chain[1:], strict=True):
        deck[pos] = card
    if draws_first:
        deck[28] = kings[0]
        for i in range(1, draws_first):
            deck[28 + i] = kings[i]
        deck[28 + draws_first] = chain[0]
    else:
        deck[28] = chain[0]
    rest = iter(c for c in range(52) if c not in deck)
    return tuple(c if c is not None else next(rest) for c in deck)


def pyramid_deck(rows: list[str], side: str) -> tuple[Card, ...]:
    """A Pyramid deck: 7 rows (top first) then the stock side (discard card, then stock in
    drawing order); cards not named fill the remaining positions in deck order."""
    cards = [parse_card(t) for t in " ".join(rows).split()]
    cards += [parse_card(t) for t in side.split()]
    rest = [c for c in range(52) if c not in cards]
    return tuple(cards + rest)


#: Pyramid rows where every card but the Kings pairs inside the pyramid, row by row.
PAIRED_ROWS = [
    "KC",
    "AC QC",
    "2C JC KD",
    "3C TC AD QD",
    "2D JD 3D TD KH",
    "AH QH 2H JH 3H TH",
    "AS QS 2S JS 3S TS KS",
]
#: The other 24 cards (4s to 9s) can only pair among themselves, which Pyramid forbids.
FILLER = [f"{r}{s}" for r in "456789" for s in "CDHS"]


def pyramid_with(rows: list[str], placed: dict[int, str]) -> tuple[Card, ...]:
    """Pyramid rows, with stock-side cards at given indices (0 = the first discard card,
    1 = the stock's first draw) and the cards left (4s to 9s first) everywhere else."""
    named = set(" ".join(rows).split()) | set(placed.values())
    others = [card_str(c) for c in range(52) if card_str(c) not in FILLER]
    filler = iter(c for c in FILLER + others if c not in named)
    side = [placed.get(i) or next(filler) for i in range(24)]
    return pyramid_deck(rows, " ".join(side))
