"""Pyramid as the app plays it (SPEC §5, seed 002), and the literature's variants
(SPEC §9, issue 17): strict win, limited redeals, stock against discard, a card with its
last covering card, each a field of ``PyramidRules``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from games.engine.base import DRAW, GameBase
from games.engine.cards import CARD_TEXT, PAIR_TEXT, Card, card_str
from games.engine.errors import IllegalActionError, unseen_card_error
from games.engine.layouts import PYRAMID_COVER_MASKS, PYRAMID_COVERS
from games.engine.rules import PyramidRules, Variant
from games.engine.steps import GameView, PlacedCard, Step, StepKind

KING = 13
WASTE = -1  # "position" of the discard's top card in undo records
UNDER = -2  # the discard card under the top (stock against discard only)


def pair_token(first: Card, second: Card) -> str:
    return PAIR_TEXT[first * 52 + second]


def last_cover(removed: int, pos: int) -> int:
    """The one pyramid card still covering ``pos`` when that card is free itself, else -1
    (seed 002 « carte et carte recouvrante »: ``pos`` may then pair with it). A pure
    function of the removed mask, so that the game and the solver read one rule."""
    left = PYRAMID_COVER_MASKS[pos] & ~removed
    if not left or left & (left - 1):
        return -1
    cover = left.bit_length() - 1
    mask = PYRAMID_COVER_MASKS[cover]
    return cover if removed & mask == mask else -1


class PyramidRecord(NamedTuple):
    """What one Pyramid action changed, for its undo and its step. ``kind``: ``K`` (a
    King alone), ``P`` (a pair), ``D`` (a draw), ``R`` (a recycle); each card taken is
    with where it was (a pyramid position, ``WASTE`` or ``UNDER``), in the order taken."""

    kind: str
    first: Card = -1
    first_at: int = WASTE
    second: Card = -1
    second_at: int = WASTE
    score_before: int = 0

    def taken(self) -> list[tuple[Card, int]]:
        """The cards taken, with where they were, in the order they were taken."""
        if self.kind == "K":
            return [(self.first, self.first_at)]
        if self.kind == "P":
            return [(self.first, self.first_at), (self.second, self.second_at)]
        return []


DREW: Final = PyramidRecord("D")
RECYCLED: Final = PyramidRecord("R")
_KINDS: Final[dict[str, StepKind]] = {"K": "card", "P": "pair", "D": "draw", "R": "recycle"}


class PyramidGame(GameBase[PyramidRecord]):
    """A Pyramid game in progress. All pyramid cards are face up; the stock is hidden."""

    __slots__ = ("_gone", "recycles", "rules")

    game_name = "PY"

    def __init__(
        self, deck: Sequence[Card], variant: Variant = Variant.PY, rules: PyramidRules | None = None
    ) -> None:
        super().__init__(deck, variant)
        rule_set = rules if rules is not None else variant.rules
        if not isinstance(rule_set, PyramidRules):
            raise ValueError(f"{variant.value} is not a Pyramid variant")
        self.rules = rule_set
        self.undo_limit = rule_set.undo_limit
        self.recycles = 0
        self._gone = 0  # bitmask over the 52 cards of every card removed (pyramid or discard)

    @property
    def rules_name(self) -> str:
        return self.rules.name

    def _won_beyond_tableau(self) -> bool:
        # Strict win (seed 002, « victoire stricte »): the stock and the discard too.
        return not self.rules.strict_win or not (self.stock or self.discard)

    @property
    def cards_left(self) -> int:
        """Pyramid cards left; with the strict win, the stock and discard cards too (they
        must all go for the win)."""
        left = 28 - self.removed.bit_count()
        if self.rules.strict_win:
            left += len(self.stock) + len(self.discard)
        return left

    # -- rules ------------------------------------------------------------------------
    def is_free(self, pos: int) -> bool:
        mask = PYRAMID_COVER_MASKS[pos]
        return not self.removed >> pos & 1 and self.removed & mask == mask

    def is_face_up(self, pos: int) -> bool:
        return True

    def _last_cover(self, pos: int) -> int:
        """The one card still covering ``pos`` when it is free itself; -1 otherwise."""
        return last_cover(self.removed, pos)

    def _locate(self, card: Card, partner: Card = -1) -> int:
        """Where a free card is: its pyramid position, WASTE or UNDER; refuses any other
        card. ``partner`` is the card it is to pair with, for the two variants that let
        a card pair only with one particular partner."""
        pos = self.pos_of.get(card, -1)
        if self._gone >> card & 1:
            raise IllegalActionError(f"{card_str(card)} has already been removed", "not_in_play")
        discard = self.discard
        if pos >= 0:
            mask = PYRAMID_COVER_MASKS[pos]
            if self.removed & mask != mask and not (
                self.rules.last_cover_pairs
                and partner >= 0
                and self._last_cover(pos) == self.pos_of.get(partner, -1) >= 0
            ):
                raise IllegalActionError(
                    f"{card_str(card)} is still covered", "blocked", "blocked_by_another"
                )
            return pos
        if discard and discard[-1] == card:
            return WASTE
        if (
            self.rules.stock_against_discard
            and len(discard) > 1
            and discard[-2] == card
            and partner == discard[-1]
        ):
            return UNDER
        # A stock card, or one under the discard's top: the same answer for every such
        # card, so that none is told apart from another (SPEC §10).
        raise unseen_card_error("blocked_by_another")

    def free_cards(self) -> list[tuple[Card, int]]:
        removed = self.removed
        free = [
            (self.tableau[pos], pos)
            for pos, mask in enumerate(PYRAMID_COVER_MASKS)
            if not removed >> pos & 1 and removed & mask == mask
        ]
        if self.discard:
            free.append((self.discard[-1], WASTE))
        return free

    def can_draw(self) -> bool:
        if self.stock:
            return True
        limit = self.rules.max_recycles
        return bool(self.discard) and (limit is None or self.recycles < limit)

    def _variant_pairs(self) -> list[str]:
        """The pairs only the literature's variants allow, as tokens."""
        rules = self.rules
        pairs = []
        discard = self.discard
        if rules.stock_against_discard and len(discard) > 1:
            top, under = discard[-1], discard[-2]
            if top % 13 + under % 13 + 2 == 13:
                pairs.append(pair_token(top, under))
        if rules.last_cover_pairs:
            tableau = self.tableau
            for cover in range(len(tableau)):
                if not self.is_free(cover):
                    continue
                for pos in PYRAMID_COVERS[cover]:
                    if (
                        not self.removed >> pos & 1
                        and self._last_cover(pos) == cover
                        and tableau[pos] % 13 + tableau[cover] % 13 + 2 == 13
                    ):
                        pairs.append(pair_token(tableau[pos], tableau[cover]))
        return pairs

    def legal_actions(self) -> list[str]:
        if self.won:
            return []
        free = self.free_cards()
        actions = [card_str(card) for card, _ in free if card % 13 + 1 == KING]
        for i, (first, where_first) in enumerate(free):
            for second, where_second in free[i + 1 :]:
                if (first % 13 + second % 13 + 2 == 13) and (where_first, where_second) != (
                    WASTE,
                    WASTE,
                ):
                    actions.append(pair_token(first, second))
        rules = self.rules
        if rules.stock_against_discard or rules.last_cover_pairs:
            actions.extend(self._variant_pairs())
        if self.can_draw():
            actions.append(DRAW)
        return actions

    def is_blocked(self) -> bool:
        if self.won or self.can_draw():
            return False
        return not self.legal_actions()

    # -- actions ----------------------------------------------------------------------
    def _take(self, card: Card, where: int) -> int:
        """Remove one located card; returns the points it earns. The discard's top goes
        before the card under it, which is then the top (``play_pair`` sees to it)."""
        self._gone |= 1 << card
        if where < 0:
            self.discard.pop()
            return 0
        self.removed |= 1 << where
        return self.rules.points_per_card

    def play_card(self, card: Card) -> None:
        """Remove a free King alone (from the pyramid or the discard)."""
        self._refuse_after_win()
        where = self._locate(card)
        if card % 13 + 1 != KING:
            raise IllegalActionError(
                f"{card_str(card)} alone is worth {card % 13 + 1}, not 13: only a King goes alone",
                "sum_not_13",
            )
        previous = self.score
        self.score = previous + self._take(card, where)
        self._push(PyramidRecord("K", card, where, score_before=previous), CARD_TEXT[card])

    def play_pair(self, first: Card, second: Card) -> None:
        """Remove two free cards whose values sum to 13."""
        self._refuse_after_win()
        where_first = self._locate(first, second)
        where_second = self._locate(second, first)
        if first % 13 + second % 13 + 2 != 13:
            raise IllegalActionError(
                f"{card_str(first)} + {card_str(second)} is {first % 13 + second % 13 + 2}, not 13",
                "sum_not_13",
            )
        token = pair_token(first, second)
        if where_first == UNDER:  # take the top first: the card under it is then the top
            first, where_first, second, where_second = second, where_second, first, where_first
        previous = self.score
        gained = self._take(first, where_first) + self._take(second, where_second)
        self.score = previous + gained
        self._push(PyramidRecord("P", first, where_first, second, where_second, previous), token)

    def draw(self) -> None:
        """Draw the stock's top card; on an empty stock, recycle the discard in order."""
        self._refuse_after_win()
        if self.stock:
            self.discard.append(self.stock.pop())
            self._push(DREW, DRAW)
            return
        if not self.can_draw():
            raise IllegalActionError(
                "the stock and the discard are both empty"
                if not self.discard
                else "no recycle is left",
                "stock_empty",
            )
        # The first card drawn comes first again: reversed discard, next card at the end.
        self.discard.reverse()
        self.stock, self.discard = self.discard, []
        self.recycles += 1
        self._push(RECYCLED, DRAW)

    def undo(self) -> None:
        record = self._pop_undo()
        kind = record.kind
        if kind == "D":
            self.stock.append(self.discard.pop())
        elif kind == "R":
            self.stock.reverse()
            self.discard, self.stock = self.stock, []
            self.recycles -= 1
        else:
            self.score = record.score_before
            # Put cards back in the reverse order they were taken.
            for card, where in reversed(record.taken()):
                self._gone &= ~(1 << card)
                if where < 0:
                    self.discard.append(card)
                else:
                    self.removed &= ~(1 << where)

    def _describe(self, record: PyramidRecord, undone: bool, score_before: int) -> Step:
        score, status = self.score, self.status
        kind = _KINDS[record.kind]
        placed = tuple(
            PlacedCard(card_str(card), where if where >= 0 else None)
            for card, where in record.taken()
        )
        if undone:
            return Step("U", "undo", score_before, score, status, restored=placed, undid=kind)
        token = self.log[-1]
        if kind == "draw":
            drawn = (PlacedCard(card_str(self.discard[-1]), None),)
            return Step(token, kind, score_before, score, status, revealed=drawn)
        return Step(token, kind, score_before, score, status, removed=placed)

    def view(self) -> GameView:
        """The player's view; with stock against discard, the card under the top too (it
        was the top before the draw, so the player has seen it)."""
        view = super().view()
        if self.rules.stock_against_discard:
            view["discard_under"] = card_str(self.discard[-2]) if len(self.discard) > 1 else None
        return view

    def visible_cards(self) -> set[Card]:
        cards = super().visible_cards()
        if self.rules.stock_against_discard and len(self.discard) > 1:
            cards.add(self.discard[-2])
        return cards

    def state_key(self) -> tuple[object, ...]:
        return (*super().state_key(), self.recycles, self._gone)
