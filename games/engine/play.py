"""Starting games from codes or decks, and replaying move logs (SPEC §6).

Replay is a fold that stops at the first failure (lila's ``Replay``): the server replays
every log it stores and never takes a score, a move count or a result from a client.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from games.engine.base import canonical_token
from games.engine.cards import Card
from games.engine.codes import DealCode, parse_code
from games.engine.errors import ActionParseError, EngineError, ReplayError
from games.engine.generator import deal_deck
from games.engine.pyramid import PyramidGame
from games.engine.rules import Variant
from games.engine.tripeaks import TriPeaksGame

Game: TypeAlias = TriPeaksGame | PyramidGame
Deal: TypeAlias = str | DealCode | Sequence[Card]

#: Longest log accepted: 100 000 tokens is far beyond any real game of either kind.
MAX_LOG_TOKENS = 100_000


def resolve_deal(deal: Deal, variant: Variant | None = None) -> tuple[tuple[Card, ...], Variant]:
    """A code (text or parsed) or an explicit deck -> the deck and its variant."""
    if isinstance(deal, str):
        deal = parse_code(deal)
    if isinstance(deal, DealCode):
        if variant is not None and variant.game != deal.variant.game:
            raise ValueError(f"variant {variant.value} does not match code {deal.text}")
        return deal_deck(deal.prefix, deal.number), variant or deal.variant
    if variant is None:
        raise ValueError("an explicit deck needs its variant (TP-E, TP-C or PY)")
    return tuple(deal), variant


def new_game(deal: Deal, variant: Variant | None = None) -> Game:
    """A fresh game on a deal code or on an explicit 52-card deck."""
    deck, chosen = resolve_deal(deal, variant)
    if chosen is Variant.PY:
        return PyramidGame(deck, chosen)
    return TriPeaksGame(deck, chosen)


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


def replay(deal: Deal, log: str | Sequence[str], variant: Variant | None = None) -> ReplayResult:
    """Play ``log`` from the start of ``deal``; ReplayError at the first refused token."""
    game = new_game(deal, variant)
    tokens = log.split() if isinstance(log, str) else log
    if len(tokens) > MAX_LOG_TOKENS:
        raise ReplayError(
            MAX_LOG_TOKENS,
            tokens[MAX_LOG_TOKENS],
            ActionParseError(f"a log holds at most {MAX_LOG_TOKENS} tokens", "bad_token"),
        )
    apply = game.apply
    index = 0
    try:
        for index, token in enumerate(tokens):  # noqa: B007 - index is read in except
            apply(token)
    except EngineError as err:
        raise ReplayError(index, tokens[index], err) from None
    return ReplayResult(game, game.status, game.cards_left, game.score, game.moves)
