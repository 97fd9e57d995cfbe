"""TriPeaks as the app plays it (SPEC §4, seeds 000 and 003), and the literature's
variants (SPEC §9, issue 17): open peaks, an empty starting discard, jokers, the
traditional draw and Hogue's scoring, each a field of ``TriPeaksRules``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from games.engine.base import DRAW, GameBase
from games.engine.cards import CARD_TEXT, Card, card_str
from games.engine.errors import IllegalActionError, unseen_card_error
from games.engine.layouts import (
    FULL_TABLEAU,
    TRIPEAKS_COVER_MASKS,
    TRIPEAKS_COVERS,
    TRIPEAKS_PEAK_MASKS,
    TRIPEAKS_PEAK_OF,
)
from games.engine.rules import ANY_RANK, TriPeaksRules, Variant, adjacency_masks
from games.engine.steps import PlacedCard, Step

#: "Card" index of the empty discard in the fit tables (after the jokers 52, 53).
NO_TOP = 54


def fit_table(king_ace_linked: bool) -> tuple[int, ...]:
    """For each discard top (cards 0..51, jokers 52/53, NO_TOP), the rank mask of the
    cards that go on it: a joker, or no card yet, takes any rank (seeds 000 and 001)."""
    adjacent = adjacency_masks(king_ace_linked)
    return (*(adjacent[card % 13 + 1] for card in range(52)), ANY_RANK, ANY_RANK, ANY_RANK)


_FITS = {True: fit_table(True), False: fit_table(False)}


class TriPeaksRecord(NamedTuple):
    """What one TriPeaks action changed, for its undo and its step."""

    #: The tableau position played; -1 for a draw.
    pos: int
    score_before: int
    streak_before: int
    #: Points earned beyond the move's cost (peak, completion, streak bonuses).
    bonus: int = 0


class TriPeaksGame(GameBase[TriPeaksRecord]):
    """A TriPeaks game in progress. Face up is derived: a card is face up once uncovered
    (or from the start, with open peaks)."""

    __slots__ = ("_fits", "_rank_positions", "rules", "streak")

    game_name = "TP"

    def __init__(
        self,
        deck: Sequence[Card],
        variant: Variant = Variant.TP_E,
        rules: TriPeaksRules | None = None,
    ) -> None:
        rule_set = rules if rules is not None else variant.rules
        if not isinstance(rule_set, TriPeaksRules):
            raise ValueError(f"{variant.value} is not a TriPeaks variant")
        super().__init__(deck, variant, rule_set.jokers, rule_set.empty_discard)
        self.rules = rule_set
        self.undo_limit = rule_set.undo_limit
        self.score = rule_set.start_score
        self.streak = 0  # removals since the last draw (Hogue's streak bonus)
        self._fits = _FITS[rule_set.king_ace_linked]
        # The traditional draw asks "does a free card fit?" at every draw: for each rank,
        # the tableau positions holding it, so that only candidates are looked at.
        rank_positions = [0] * 14  # all 0 unless the traditional draw asks for them
        if rule_set.draw_only_when_stuck:
            for pos, card in enumerate(self.tableau):
                rank_positions[card % 13 + 1] |= 1 << pos
        self._rank_positions = tuple(rank_positions)

    @property
    def rules_name(self) -> str:
        return self.rules.name

    # -- rules ------------------------------------------------------------------------
    def is_free(self, pos: int) -> bool:
        mask = TRIPEAKS_COVER_MASKS[pos]
        return not self.removed >> pos & 1 and self.removed & mask == mask

    def is_face_up(self, pos: int) -> bool:
        return self.rules.open_peaks or self.is_free(pos)

    def fits(self, card: Card) -> bool:
        """Does ``card`` go on the discard's top card (one rank up or down; any rank on a
        joker or on the empty discard)?"""
        top = self.discard[-1] if self.discard else NO_TOP
        return bool(self._fits[top] >> (card % 13 + 1) & 1)

    def free_positions(self) -> list[int]:
        removed = self.removed
        return [
            pos
            for pos, mask in enumerate(TRIPEAKS_COVER_MASKS)
            if not removed >> pos & 1 and removed & mask == mask
        ]

    def _any_fits(self) -> bool:
        """Does some free card fit the discard? Asked by the traditional draw only, at
        every draw: it looks at the candidate ranks' positions (``_rank_positions``)."""
        removed = self.removed
        ranks = self._fits[self.discard[-1] if self.discard else NO_TOP]
        rank_positions = self._rank_positions
        candidates = 0
        while ranks:
            low = ranks & -ranks
            candidates |= rank_positions[low.bit_length() - 1]
            ranks ^= low
        candidates &= ~removed
        while candidates:
            low = candidates & -candidates
            mask = TRIPEAKS_COVER_MASKS[low.bit_length() - 1]
            if removed & mask == mask:
                return True
            candidates ^= low
        return False

    def can_draw(self) -> bool:
        """A card is left to draw, and (traditional draw) no free card fits."""
        return bool(self.stock) and not (self.rules.draw_only_when_stuck and self._any_fits())

    def legal_actions(self) -> list[str]:
        if self.removed == FULL_TABLEAU:
            return []
        tableau = self.tableau
        actions = [
            card_str(tableau[pos]) for pos in self.free_positions() if self.fits(tableau[pos])
        ]
        if self.stock and not (self.rules.draw_only_when_stuck and actions):
            actions.append(DRAW)
        return actions

    def is_blocked(self) -> bool:
        if self.stock or self.removed == FULL_TABLEAU:
            return False
        return not any(self.fits(self.tableau[pos]) for pos in self.free_positions())

    # -- actions ----------------------------------------------------------------------
    def play_card(self, card: Card) -> None:
        """Remove a free tableau card onto the discard."""
        self._refuse_after_win()
        pos = self.pos_of.get(card, -1)
        removed = self.removed
        if pos < 0 or removed >> pos & 1:
            if pos < 0 and card not in self.discard:
                # A stock card: answered exactly as a face-down card (SPEC §10).
                raise unseen_card_error()
            raise IllegalActionError(f"{card_str(card)} has already been played", "not_in_play")
        mask = TRIPEAKS_COVER_MASKS[pos]
        rules = self.rules
        if removed & mask != mask:
            if rules.open_peaks:
                # Open peaks: a covered card is in plain sight, nothing to hide.
                raise IllegalActionError(f"{card_str(card)} is still covered", "blocked")
            # In TriPeaks a card is face up exactly when it is free: a covered card is
            # a face-down one, answered exactly as a stock card (SPEC §10).
            raise unseen_card_error()
        discard = self.discard
        top = discard[-1] if discard else NO_TOP
        if not self._fits[top] >> (card % 13 + 1) & 1:
            raise IllegalActionError(
                f"{card_str(card)} is not one rank above or below {card_str(top)}",
                "not_adjacent",
            )
        previous = self.score
        streak = self.streak
        removed |= 1 << pos
        self.removed = removed
        discard.append(card)
        peak = TRIPEAKS_PEAK_OF[pos]
        bonus = 0
        if removed & peak == peak:
            emptied = sum(removed & mask == mask for mask in TRIPEAKS_PEAK_MASKS)
            bonus = rules.peak_bonuses[emptied - 1]
            if removed == FULL_TABLEAU:
                bonus += rules.completion_bonus
        if rules.streak_bonus:
            self.streak = streak + 1
            bonus += streak + 1
        score = previous - rules.move_cost
        floor = rules.score_floor
        if floor is not None and score < floor:
            score = floor
        self.score = score + bonus
        self._push(TriPeaksRecord(pos, previous, streak, bonus), CARD_TEXT[card])

    def draw(self) -> None:
        self._refuse_after_win()
        if not self.stock:
            raise IllegalActionError("the stock is empty and is never recycled", "stock_empty")
        rules = self.rules
        if rules.draw_only_when_stuck and self._any_fits():
            raise IllegalActionError(
                "a free card fits the discard: the traditional rule draws only when none does",
                "card_fits",
            )
        previous = self.score
        streak = self.streak
        self.discard.append(self.stock.pop())
        score = previous - rules.draw_cost
        floor = rules.score_floor
        self.score = floor if floor is not None and score < floor else score
        self.streak = 0
        self._push(TriPeaksRecord(-1, previous, streak), DRAW)

    def undo(self) -> None:
        """Take the last action back: the card returns (face down again if it was), and
        the score and the streak are what they were; the move counter does not go down."""
        pos, previous, streak, _ = self._pop_undo()
        card = self.discard.pop()
        if pos < 0:
            self.stock.append(card)
        else:
            self.removed &= ~(1 << pos)
        self.score = previous
        self.streak = streak

    def _describe(self, record: TriPeaksRecord, undone: bool, score_before: int) -> Step:
        pos = record.pos
        if undone:
            return self._undo_step(pos, score_before)
        score, status = self.score, self.status
        token = self.log[-1]
        if pos < 0:
            drawn = (PlacedCard(card_str(self.discard[-1]), None),)
            return Step(token, "draw", score_before, score, status, revealed=drawn)
        revealed = (
            ()
            if self.rules.open_peaks  # every card was face up already
            else tuple(
                PlacedCard(card_str(self.tableau[cover]), cover)
                for cover in TRIPEAKS_COVERS[pos]
                if self.is_free(cover)
            )
        )
        peak = TRIPEAKS_PEAK_OF[pos]
        return Step(
            token,
            "card",
            score_before,
            score,
            status,
            revealed=revealed,
            removed=(PlacedCard(token, pos),),
            peak_cleared=self.removed & peak == peak,
            bonus=record.bonus,
        )

    def _undo_step(self, pos: int, score_before: int) -> Step:
        """The undo of a draw (``pos`` -1) or of the card at ``pos``: the card is back,
        and the cards it had uncovered are face down again (but with open peaks)."""
        score, status = self.score, self.status
        if pos < 0:
            return Step("U", "undo", score_before, score, status, undid="draw")
        removed = self.removed
        was_removed = removed | 1 << pos
        hidden = tuple(
            cover
            for cover in TRIPEAKS_COVERS[pos]
            if not removed >> cover & 1
            and not self.is_face_up(cover)
            and was_removed & TRIPEAKS_COVER_MASKS[cover] == TRIPEAKS_COVER_MASKS[cover]
        )
        restored = (PlacedCard(card_str(self.tableau[pos]), pos),)
        return Step(
            "U", "undo", score_before, score, status, restored=restored, hidden=hidden, undid="card"
        )

    def state_key(self) -> tuple[object, ...]:
        return (*super().state_key(), self.streak)
