"""GEN 1, the deal generator (SPEC §11): SHA-256 words driving a Fisher-Yates shuffle.

Defined byte for byte so that any client in any language redeals the same cards from a
code, forever; ``tests/data/gen1_vectors.txt`` pins it.

The TriPeaks joker variant (issue 17) deals the same 52 cards in the same order and then
slips its jokers into the stock, reading on in the same word stream, so that a joker
code and its joker-free twin share their tableau and the order of every other card
(``tests/data/variant_vectors.txt`` pins it; docs/engine.md states it).
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator
from functools import lru_cache

from games.engine.cards import Card

_WORDS = struct.Struct(">8I")


def _words(prefix: str, number: int) -> Iterator[int]:
    counter = 0
    while True:
        digest = hashlib.sha256(f"{prefix}1:{number}:{counter}".encode("ascii")).digest()
        yield from _WORDS.unpack(digest)
        counter += 1


def _uniform(words: Iterator[int], bound: int) -> int:
    """A word stream's next value uniform in [0, bound), by rejection (SPEC §11 step 3)."""
    limit = 2**32 - (2**32 % bound)
    u = next(words)
    while u >= limit:
        u = next(words)
    return u % bound


def _shuffle(prefix: str, number: int) -> tuple[list[Card], Iterator[int]]:
    if prefix not in ("TP", "PY"):
        raise ValueError(f"unknown game prefix {prefix!r}: expected TP or PY")
    if number < 0:
        raise ValueError(f"deal number {number} is negative")
    deck = list(range(52))
    words = _words(prefix, number)
    for i in range(51, 0, -1):
        j = _uniform(words, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck, words


@lru_cache(maxsize=4096)
def deal_deck(prefix: str, number: int) -> tuple[Card, ...]:
    """The shuffled 52-card deck of deal ``number`` for game ``prefix`` (``TP`` or ``PY``)."""
    return tuple(_shuffle(prefix, number)[0])


#: Deck position of the first stock card: a joker is never in the tableau nor the first
#: discard card (SPEC §3's reading of the deck).
FIRST_STOCK_POSITION = 29


@lru_cache(maxsize=1024)
def deal_deck_with_jokers(prefix: str, number: int, jokers: int) -> tuple[Card, ...]:
    """GEN 1's deck with ``jokers`` jokers (cards 52, 53) slipped into the stock.

    After the 52-card shuffle, the same word stream goes on: for joker k = 1, 2 the
    stock holds 23 + k - 1 cards, so it has 23 + k places; the next uniform value j in
    [0, 23 + k) puts joker k at stock place j (0: drawn first), that is deck position
    29 + j. Without jokers this is ``deal_deck`` exactly.
    """
    deck, words = _shuffle(prefix, number)
    for k in range(1, jokers + 1):
        stock_size = len(deck) - FIRST_STOCK_POSITION
        place = _uniform(words, stock_size + 1)
        deck.insert(FIRST_STOCK_POSITION + place, 51 + k)
    return tuple(deck)
