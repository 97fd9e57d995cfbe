"""Display names: one spelling per name (NFKC), and no look-alikes of a name already taken.

A name is stored NFKC-normalised with its runs of spaces made one, so a full-width
``admin`` (U+FF41 ...) is stored as plain ``admin``. Two names are the same name when
their keys are equal. The key is the name's confusable *skeleton* (Unicode TR39 §4:
decompose, map every character to its prototype in Unicode's confusables table,
decompose again), case-folded
before and after, so ``admin`` with a Cyrillic ``a`` (U+0430), ``ADMIN`` and the full-width
one all meet ``admin``, and ``adm1n`` meets ``admln``. ``accounts.Profile.name_key`` holds
the key under a unique constraint, which also settles concurrent sign-ups.

The table comes from the ``confusable-homoglyphs`` package (built from Unicode's
confusables.txt). It lists each prototype with the characters confusable with it, and
each of those characters with its prototype; :func:`prototypes` turns that back into
confusables.txt's direction, source character -> prototype.
"""

from __future__ import annotations

import functools
import re
import unicodedata

_SPACES = re.compile(r"\s+")
_MARKS = str.maketrans("", "", "\u200e\u200f")  # the table wraps right-to-left glyphs in these


def normalise(name: str) -> str:
    """The stored spelling: NFKC, trimmed, inner runs of white space made one space."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", name)).strip()


@functools.cache
def prototypes() -> dict[str, str]:
    """Source character -> its prototype (one or more characters), as confusables.txt."""
    from confusable_homoglyphs.confusables import confusables_data

    def glyphs(key: str) -> list[str]:
        return [entry["c"].translate(_MARKS) for entry in confusables_data.get(key, [])]

    table: dict[str, str] = {}
    for key in confusables_data:
        if len(key) != 1:
            continue  # sources are single characters; longer keys are prototypes
        listed = glyphs(key)
        if len(listed) != 1 or listed[0] == key:
            continue  # a prototype lists all its sources
        target = listed[0]
        if len(target) == 1 and glyphs(target) == [key]:
            target = min(key, target)  # a pair naming each other: one of them, always
        if target != key:
            table[key] = target
    return table


def skeleton(name: str) -> str:
    """The key two names share when they look alike (TR39 skeleton, case-folded)."""
    table = prototypes()
    text = unicodedata.normalize("NFD", normalise(name).casefold())
    mapped = "".join(table.get(char, char) for char in text)
    return unicodedata.normalize("NFD", mapped).casefold()
