"""Explicit layouts from the rule books, as 52-card decks (SPEC §3 positions)."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import Card, IllegalActionError, Variant, new_game, parse_card, rules_for


def deck_with(placements: dict[int, str]) -> tuple[Card, ...]:
    """A deck with the given cards at the given deck positions, the rest in order."""
    deck: list[Card | None] = [None] * 52
    for position, text in placements.items():
        deck[position] = parse_card(text)
    rest = iter(card for card in range(52) if card not in deck)
    return tuple(card if card is not None else next(rest) for card in deck)


def rows_deck(rows: list[str], discard: str, stock: str = "") -> tuple[Card, ...]:
    """A deck from tableau rows (space-separated), the discard card and stock cards."""
    cards = " ".join(rows).split()
    placements = dict(enumerate(cards))
    placements[28] = discard
    placements.update({29 + i: text for i, text in enumerate(stock.split())})
    return deck_with(placements)


#: Seed 000: TP1-E-AAAAAAB as the rule book deals it (not a GEN 1 output, SPEC §3).
TRIPEAKS_BOOK = deck_with(
    {
        **{
            18 + i: text
            for i, text in enumerate(["3S", "5S", "KC", "4S", "2D", "AS", "KD", "8H", "7C", "9S"])
        },
        13: "7S",
        28: "AC",
    }
)

#: Seed 002: PY1-N-AAAAAAS's pyramid as the rule book deals it, and the whole deal.
PYRAMID_BOOK_ROWS = [
    "JD",
    "6C 7H",
    "AS 4D QS",
    "5H 3D 6H 8S",
    "KH KC AD KS 9C",
    "QC 2C 8D TD TS JS",
    "7C TC 3H 4H 3S KD 7S",
]
PYRAMID_BOOK = rows_deck(PYRAMID_BOOK_ROWS, "7D")


def variant_game(deck: tuple[Card, ...], variant: Variant, options: str) -> Any:
    """A game on an explicit deck under a variant's rules (``options``: code letters)."""
    return new_game(deck, variant, rules_for(variant, options))


def refusal(game: Any, token: str) -> IllegalActionError:
    """The refusal of ``token``: it must be refused."""
    with pytest.raises(IllegalActionError) as err:
        game.apply(token)
    return err.value
