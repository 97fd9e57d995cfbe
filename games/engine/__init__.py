"""Solitaire Arena's rules engine: TriPeaks and Pyramid, pure and typed.

>>> game = new_game("TP1-E-AAAAAAB")
>>> game.apply("D"); game.moves, game.score
(1, 499)
>>> replay("PY1-N-AAAAAAS", "D U").moves
1
"""

from games.engine.base import BLOCKED, DRAW, PLAYING, UNDO, WON, canonical_token
from games.engine.cards import (
    Card,
    card_name,
    card_str,
    card_symbol,
    make_card,
    parse_card,
    rank,
    suit,
)
from games.engine.codes import (
    SEALED_LIMIT,
    SEALED_MIN,
    DealCode,
    letters_to_number,
    number_to_letters,
    numbered_code,
    parse_code,
)
from games.engine.errors import (
    UNSEEN_DETAIL,
    ActionParseError,
    CardParseError,
    DealCodeError,
    DeckError,
    EngineError,
    IllegalActionError,
    ReplayError,
    RulesError,
    message,
    unseen_card_error,
)
from games.engine.generator import deal_deck
from games.engine.play import (
    Game,
    ReplayResult,
    code_deck,
    format_log,
    new_game,
    parse_log,
    replay,
    resolve_deal,
)
from games.engine.pyramid import PyramidGame
from games.engine.rules import (
    CLASSIC,
    EASY,
    PYRAMID,
    PyramidRules,
    TriPeaksRules,
    Variant,
    parse_variant,
    with_hogue_scoring,
)
from games.engine.tripeaks import TriPeaksGame
from games.engine.variants import OPTIONS, parse_rule_set, rule_set_name, rules_for

__all__ = [
    "BLOCKED",
    "CLASSIC",
    "DRAW",
    "EASY",
    "OPTIONS",
    "PLAYING",
    "PYRAMID",
    "SEALED_LIMIT",
    "SEALED_MIN",
    "UNDO",
    "UNSEEN_DETAIL",
    "WON",
    "ActionParseError",
    "Card",
    "CardParseError",
    "DealCode",
    "DealCodeError",
    "DeckError",
    "EngineError",
    "Game",
    "IllegalActionError",
    "PyramidGame",
    "PyramidRules",
    "ReplayError",
    "ReplayResult",
    "RulesError",
    "TriPeaksGame",
    "TriPeaksRules",
    "Variant",
    "canonical_token",
    "card_name",
    "card_str",
    "card_symbol",
    "code_deck",
    "deal_deck",
    "format_log",
    "letters_to_number",
    "make_card",
    "message",
    "new_game",
    "number_to_letters",
    "numbered_code",
    "parse_card",
    "parse_code",
    "parse_log",
    "parse_rule_set",
    "parse_variant",
    "rank",
    "replay",
    "resolve_deal",
    "rule_set_name",
    "rules_for",
    "suit",
    "unseen_card_error",
    "with_hogue_scoring",
]
