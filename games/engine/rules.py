"""Rules as values: one immutable object per rule set, read by the games and the solver.

SPEC §9's variants (open peaks, Hogue scoring, strict Pyramid wins, limited redeals…)
are fields with defaults here, so the default rule sets never change shape. A value is
checked when it is built: a field out of its range, or fields that contradict each other,
raise ``RulesError`` (reason ``bad_rules``) before any game can be dealt with them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from games.engine.errors import RulesError


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


#: Most jokers a TriPeaks deal may hold (seed 001: « Un ou deux jokers »).
MAX_JOKERS = 2
#: Recycle limits a Pyramid deal may have besides unlimited (issue 17: 0, 1, 2).
RECYCLE_LIMITS = (0, 1, 2)


def _refuse(condition: bool, detail: str) -> None:
    if condition:
        raise RulesError(detail)


@dataclass(frozen=True, slots=True)
class TriPeaksRules:
    """One TriPeaks rule set. The defaults are the app's rules (SPEC §4)."""

    name: str
    king_ace_linked: bool
    start_score: int = 500
    #: Points taken by each removal (the app: 1; Hogue: 0, a removal earns its streak).
    move_cost: int = 1
    #: Bonus for the 1st, 2nd and 3rd peak emptied, in the order they fall (the app gives
    #: 100 each; Hogue's original scoring gives (15, 15, 30), seed 000).
    peak_bonuses: tuple[int, int, int] = (100, 100, 100)
    undo_limit: int = 100
    #: Points taken by each draw (the app: 1; Hogue: 5, seed 000).
    draw_cost: int = 1
    #: The k-th removal of a run without a draw earns k points (seed 001).
    streak_bonus: bool = False
    #: Points for emptying the whole tableau (seed 001: « couramment 100 ou 200 »).
    completion_bonus: int = 0
    #: The score never goes below this (the app: 0); None: no floor.
    score_floor: int | None = 0
    #: Every tableau card is face up from the start (seed 000: « pics découverts »).
    open_peaks: bool = False
    #: The discard starts empty: the first card played is any free card (seed 000:
    #: « défausse vide »), and deck position 28 becomes the stock's first card.
    empty_discard: bool = False
    #: Jokers shuffled into the stock; a joker on the discard takes any rank (seed 001).
    jokers: int = 0
    #: The traditional draw: only when no free card fits the discard (seeds 000, 001).
    draw_only_when_stuck: bool = False

    def __post_init__(self) -> None:
        _refuse(not 0 <= self.jokers <= MAX_JOKERS, f"jokers: {self.jokers} is not 0, 1 or 2")
        _refuse(len(self.peak_bonuses) != 3, "peak_bonuses: three peaks, three bonuses")
        _refuse(self.undo_limit < 0, f"undo_limit: {self.undo_limit} is negative")
        _refuse(
            self.score_floor is not None and self.start_score < self.score_floor,
            f"start_score {self.start_score} is below the score floor {self.score_floor}",
        )
        _refuse(
            self.move_cost < 0 or self.draw_cost < 0,
            "move_cost and draw_cost are costs: negative values would reward playing",
        )

    @property
    def hogue_scoring(self) -> bool:
        """Is this rule set scored as Hogue's original game (seeds 000, 001)?"""
        return _scoring_of(self) == _scoring_of(with_hogue_scoring(self))

    @property
    def app_scoring(self) -> bool:
        return _scoring_of(self) == _scoring_of(EASY)


@dataclass(frozen=True, slots=True)
class PyramidRules:
    """One Pyramid rule set. The defaults are the app's rules (SPEC §5)."""

    name: str
    points_per_card: int = 10
    max_recycles: int | None = None  # None: unlimited (the app's rule)
    undo_limit: int = 100
    #: Won only when the stock and the discard are emptied too (seed 002: « victoire
    #: stricte »); cards left then counts them.
    strict_win: bool = False
    #: The drawn card may pair with the discard card it covers (seed 002: « pioche contre
    #: défausse »).
    stock_against_discard: bool = False
    #: A card may pair with the last card still covering it (seed 002: « carte et carte
    #: recouvrante »).
    last_cover_pairs: bool = False

    def __post_init__(self) -> None:
        _refuse(
            self.max_recycles is not None and self.max_recycles not in RECYCLE_LIMITS,
            f"max_recycles: {self.max_recycles} is not unlimited (None), 0, 1 or 2",
        )
        _refuse(self.undo_limit < 0, f"undo_limit: {self.undo_limit} is negative")
        _refuse(self.points_per_card < 0, "points_per_card: removing a card never costs")


def _scoring_of(rules: TriPeaksRules) -> tuple[object, ...]:
    return (
        rules.start_score,
        rules.move_cost,
        rules.draw_cost,
        rules.streak_bonus,
        rules.peak_bonuses,
        rules.completion_bonus,
        rules.score_floor,
    )


def with_hogue_scoring(rules: TriPeaksRules) -> TriPeaksRules:
    """The same rules scored as the literature scores TriPeaks (Robert Hogue, 1989).

    Where each number comes from: the streak bonus 1, 2, 3… per card of a run broken by
    a draw (seed 000 « récompense les séries », seed 001 « la première carte rapporte 1,
    la deuxième 2 »); -5 per draw (seed 000 « fait payer 5 points par pioche »); 15, 15,
    30 for the peaks in the order they are emptied (seed 000; seed 001 says 15, 30, 45:
    not offered, seed 000 being the rule book that names this « la marque d'origine »);
    100 for emptying the tableau (seed 001 « couramment 100 ou 200 »: the lower). The
    score starts at 0 and has no floor: no source gives one.
    """
    return replace(
        rules,
        start_score=0,
        move_cost=0,
        draw_cost=5,
        streak_bonus=True,
        peak_bonuses=(15, 15, 30),
        completion_bonus=100,
        score_floor=None,
    )


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


#: A rank mask that every rank fits: the discard's top is a joker, or there is none yet.
ANY_RANK = sum(1 << r for r in range(1, 14))
