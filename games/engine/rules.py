"""Rules as values: one immutable object per rule set, read by the games and the solver.

SPEC §9's variants (open peaks, Hogue scoring, strict Pyramid wins, limited redeals…)
become new fields with defaults here, so the default rule sets never change shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Variant(StrEnum):
    """The three rule sets a player can pick; the value is the platform's short name."""

    TP_E = "TP-E"
    TP_C = "TP-C"
    PY = "PY"

    @property
    def game(self) -> str:
        return "PY" if self is Variant.PY else "TP"

    @property
    def rule_letter(self) -> str:
        return {"TP-E": "E", "TP-C": "C", "PY": "N"}[self.value]

    @property
    def rules(self) -> TriPeaksRules | PyramidRules:
        return RULES[self]


@dataclass(frozen=True, slots=True)
class TriPeaksRules:
    name: str
    king_ace_linked: bool
    start_score: int = 500
    move_cost: int = 1
    #: Bonus for the 1st, 2nd and 3rd peak emptied, in the order they fall (the app gives
    #: 100 each; Hogue's original scoring, SPEC §9, would be (15, 15, 30)).
    peak_bonuses: tuple[int, int, int] = (100, 100, 100)
    undo_limit: int = 100


@dataclass(frozen=True, slots=True)
class PyramidRules:
    name: str
    points_per_card: int = 10
    max_recycles: int | None = None  # None: unlimited (the app's rule)
    undo_limit: int = 100


EASY = TriPeaksRules(name="TP-E", king_ace_linked=True)
CLASSIC = TriPeaksRules(name="TP-C", king_ace_linked=False)
PYRAMID = PyramidRules(name="PY")

RULES: dict[Variant, TriPeaksRules | PyramidRules] = {
    Variant.TP_E: EASY,
    Variant.TP_C: CLASSIC,
    Variant.PY: PYRAMID,
}


def parse_variant(text: str) -> Variant:
    """``TP-E``/``TP-C``/``PY`` (any case) -> Variant; ValueError naming the text otherwise."""
    try:
        return Variant(text.strip().upper())
    except ValueError:
        raise ValueError(f"unknown variant {text!r}: expected TP-E, TP-C or PY") from None


def adjacency_masks(king_ace_linked: bool) -> tuple[int, ...]:
    """For each rank 1..13 (index 0 unused), the bitmask of ranks that may go on it."""
    masks = [0] * 14
    for r in range(1, 14):
        for other in (r - 1, r + 1):
            if 1 <= other <= 13:
                masks[r] |= 1 << other
    if king_ace_linked:
        masks[1] |= 1 << 13
        masks[13] |= 1 << 1
    return tuple(masks)


#: Pyramid (SPEC §5): two free cards go together when their values sum to this, and a
#: card of this value (the King) goes alone.
PYRAMID_SUM = 13


def pyramid_partner_ranks() -> tuple[int, ...]:
    """For each rank 1..13 (index 0 unused), the rank it pairs with; 0 for the King,
    which is removed alone. A derived table for the solver (PyramidGame checks the sum)."""
    return (0, *tuple(0 if r == PYRAMID_SUM else PYRAMID_SUM - r for r in range(1, 14)))
