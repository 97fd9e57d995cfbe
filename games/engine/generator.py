"""GEN 1, the deal generator (SPEC §11): SHA-256 words driving a Fisher-Yates shuffle.

Defined byte for byte so that any client in any language redeals the same cards from a
code, forever; ``tests/data/gen1_vectors.txt`` pins it.
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


@lru_cache(maxsize=4096)
def deal_deck(prefix: str, number: int) -> tuple[Card, ...]:
    """The shuffled 52-card deck of deal ``number`` for game ``prefix`` (``TP`` or ``PY``)."""
    if prefix not in ("TP", "PY"):
        raise ValueError(f"unknown game prefix {prefix!r}: expected TP or PY")
    if number < 0:
        raise ValueError(f"deal number {number} is negative")
    deck = list(range(52))
    words = _words(prefix, number)
    for i in range(51, 0, -1):
        bound = i + 1
        limit = 2**32 - (2**32 % bound)
        u = next(words)
        while u >= limit:
            u = next(words)
        j = u % bound
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)
