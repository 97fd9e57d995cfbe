"""Provably sealed dailies: a SHA-256 commitment published when the deal is made.

When a daily deal is made the server draws a random ``nonce`` (kept secret) and
publishes ``commitment = sha256("<code>:<nonce>")`` at once, on the daily's page and API.
At the close the code and the nonce are revealed beside it, so anyone can recompute
the hash and see that the deal played was fixed in advance and never swapped:

    printf '%s' 'PY1-S-…:…nonce…' | sha256sum

The nonce makes the commitment unguessable (the code alone could otherwise be searched
for, since a sealed number is known to lie in [26^7, 26^28) and a code is short).
"""

from __future__ import annotations

import hashlib
import secrets

NONCE_BYTES = 32


def commitment_of(code: str, nonce: str) -> str:
    """The published hash of a daily deal: hex SHA-256 of ``"<code>:<nonce>"``."""
    return hashlib.sha256(f"{code}:{nonce}".encode()).hexdigest()


def new_seal(code: str) -> tuple[str, str]:
    """A fresh ``(nonce, commitment)`` for a daily deal's code."""
    nonce = secrets.token_hex(NONCE_BYTES)
    return nonce, commitment_of(code, nonce)


def verify_command(code: str, nonce: str) -> str:
    """The one-line shell command that recomputes a revealed daily's commitment."""
    return f"printf '%s' '{code}:{nonce}' | sha256sum"
