"""Short join codes: six characters people can read out and type.

Drawn with ``secrets`` from an alphabet without look-alikes (no 0/O, 1/I/L), so 31^6
(about 9 x 10^8) codes: guessing one is as hard as it needs to be for a lobby that lives 30
minutes, and the match's UUID stays the link. Unique among all matches (the column's
unique constraint decides a collision; the creator draws again).
"""

from __future__ import annotations

import secrets

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6


def draw_join_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise(text: str) -> str:
    """What a person typed (any case, spaces or dashes) -> the stored form."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def looks_like_code(text: str) -> bool:
    code = normalise(text)
    return len(code) == LENGTH and all(ch in ALPHABET for ch in code)
