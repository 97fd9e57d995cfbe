"""Starting games from codes or decks, and replaying move logs (SPEC §6).

Replay is a fold that stops at the first failure (lila's ``Replay``): the server replays
every log it stores and never takes a score, a move count or a result from a client.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from games.engine.base import canonical_token
from games.engine.cards import Card
from games.engine.codes import DealCode, parse_code
from games.engine.errors import ActionParseError, EngineError, ReplayError
from games.engine.generator import deal_deck, deal_deck_with_jokers
from games.engine.layouts import split_deck
from games.engine.pyramid import PyramidGame
from games.engine.rules import PyramidRules, TriPeaksRules, Variant
from games.engine.steps import Frame
from games.engine.tripeaks import TriPeaksGame
from games.engine.variants import Rules

Game: TypeAlias = TriPeaksGame | PyramidGame
Deal: TypeAlias = str | DealCode | Sequence[Card]

#: Longest log accepted: 100 000 tokens is far beyond any real game of either kind.
MAX_LOG_TOKENS = 100_000


def code_deck(code: DealCode) -> tuple[Card, ...]:
    """The cards a code deals: GEN 1's 52, with the jokers its rules ask for."""
    jokers = code.rules.jokers if isinstance(code.rules, TriPeaksRules) else 0
    if jokers:
        return deal_deck_with_jokers(code.prefix, code.number, jokers)
    return deal_deck(code.prefix, code.number)


def resolve_deal(deal: Deal, variant: Variant | None = None) -> tuple[tuple[Card, ...], Variant]:
    """A code (text or parsed) or an explicit deck -> the deck and its variant."""
    if isinstance(deal, str):
        deal = parse_code(deal)
    if isinstance(deal, DealCode):
        if variant is not None and variant.game != deal.variant.game:
            raise ValueError(f"variant {variant.value} does not match code {deal.text}")
        return code_deck(deal), variant or deal.variant
    if variant is None:
        raise ValueError("an explicit deck needs its variant (TP-E, TP-C or PY)")
    return tuple(deal), variant


def new_game(deal: Deal, variant: Variant | None = None, rules: Rules | None = None) -> Game:
    """A fresh game on a deal code or on an explicit deck (52 cards, and the jokers of
    ``rules``). ``rules`` defaults to the code's rules, or to the variant's own."""
    if isinstance(deal, str):
        deal = parse_code(deal)
    deck, chosen = resolve_deal(deal, variant)
    if rules is None:
        rules = deal.rules if isinstance(deal, DealCode) and variant is None else chosen.rules
    if isinstance(rules, PyramidRules):
        if chosen is not Variant.PY:
            raise ValueError(f"Pyramid rules cannot deal a {chosen.value} game")
        return PyramidGame(deck, chosen, rules)
    if chosen is Variant.PY:
        raise ValueError("TriPeaks rules cannot deal a Pyramid game")
    return TriPeaksGame(deck, chosen, rules)


def parse_log(text: str) -> list[str]:
    """Split a log into canonical tokens; ReplayError names the first unreadable one."""
    tokens = text.split()
    if len(tokens) > MAX_LOG_TOKENS:
        raise ReplayError(
            MAX_LOG_TOKENS,
            tokens[MAX_LOG_TOKENS],
            ActionParseError(f"a log holds at most {MAX_LOG_TOKENS} tokens", "bad_token"),
        )
    result = []
    for index, token in enumerate(tokens):
        try:
            result.append(canonical_token(token))
        except EngineError as err:
            raise ReplayError(index, token, err) from None
    return result


def format_log(tokens: Sequence[str]) -> str:
    return " ".join(tokens)


@dataclass(frozen=True, slots=True)
class ReplayResult:
    game: Game
    status: str
    cards_left: int
    score: int
    moves: int

    def as_dict(self) -> dict[str, object]:
        return {
            "status": self.status,
            "cards_left": self.cards_left,
            "score": self.score,
            "moves": self.moves,
        }


def replay(
    deal: Deal,
    log: str | Sequence[str],
    variant: Variant | None = None,
    rules: Rules | None = None,
) -> ReplayResult:
    """Play ``log`` from the start of ``deal``; ReplayError at the first refused token."""
    game = new_game(deal, variant, rules)
    tokens = log.split() if isinstance(log, str) else log
    if len(tokens) > MAX_LOG_TOKENS:
        raise ReplayError(
            MAX_LOG_TOKENS,
            tokens[MAX_LOG_TOKENS],
            ActionParseError(f"a log holds at most {MAX_LOG_TOKENS} tokens", "bad_token"),
        )
    apply = game.play  # the end is wanted, not the steps
    index = 0
    try:
        for index, token in enumerate(tokens):  # noqa: B007 - index is read in except
            apply(token)
    except EngineError as err:
        raise ReplayError(index, tokens[index], err) from None
    return ReplayResult(game, game.status, game.cards_left, game.score, game.moves)


def replay_steps(
    deal: Deal,
    log: str | Sequence[str],
    variant: Variant | None = None,
    rules: Rules | None = None,
) -> Iterator[Frame]:
    """The frames of a replay: the view as dealt (step ``None``), then each token's step
    and the view after it, exactly as live play answered them; ReplayError at the first
    refused token (after the frames before it)."""
    game = new_game(deal, variant, rules)
    tokens = parse_log(log) if isinstance(log, str) else log
    yield Frame(None, game.view())
    for index, token in enumerate(tokens):
        try:
            step = game.apply(token)
        except EngineError as err:
            raise ReplayError(index, token, err) from None
        yield Frame(step, game.view())


@dataclass(frozen=True, slots=True)
class DealtCards:
    """Every card of a deal where it is dealt: for staff pages, never for a player."""

    tableau: tuple[Card, ...]
    discard: tuple[Card, ...]
    #: First drawn first.
    stock: tuple[Card, ...]


def dealt_cards(code: str | DealCode) -> DealtCards:
    """Where a code deals each card (the tableau row-major, the discard, the stock)."""
    parsed = parse_code(code) if isinstance(code, str) else code
    rules = parsed.rules
    empty = isinstance(rules, TriPeaksRules) and rules.empty_discard
    tableau, discard, stock = split_deck(code_deck(parsed), empty)
    return DealtCards(tableau, tuple(discard), stock)
