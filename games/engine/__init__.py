"""Solitaire Arena's rules engine: TriPeaks and Pyramid, pure and typed.

>>> game = new_game("TP1-E-AAAAAAB")
>>> step = game.apply("D"); game.moves, game.score
(1, 499)
>>> step.kind, step.score_before, step.score_after, step.game_over
('draw', 500, 499, False)
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
from games.engine.layouts import TABLEAU_SIZE
from games.engine.play import (
    DealtCards,
    Game,
    ReplayResult,
    code_deck,
    dealt_cards,
    format_log,
    new_game,
    parse_log,
    replay,
    replay_steps,
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
from games.engine.steps import Frame, GameView, PlacedCard, Step, StepKind, TableauEntry
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
    "TABLEAU_SIZE",
    "UNDO",
    "UNSEEN_DETAIL",
    "WON",
    "ActionParseError",
    "Card",
    "CardParseError",
    "DealCode",
    "DealCodeError",
    "DealtCards",
    "DeckError",
    "EngineError",
    "Frame",
    "Game",
    "GameView",
    "IllegalActionError",
    "PlacedCard",
    "PyramidGame",
    "PyramidRules",
    "ReplayError",
    "ReplayResult",
    "RulesError",
    "Step",
    "StepKind",
    "TableauEntry",
    "TriPeaksGame",
    "TriPeaksRules",
    "Variant",
    "canonical_token",
    "card_name",
    "card_str",
    "card_symbol",
    "code_deck",
    "deal_deck",
    "dealt_cards",
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
    "replay_steps",
    "resolve_deal",
    "rule_set_name",
    "rules_for",
    "suit",
    "unseen_card_error",
    "with_hogue_scoring",
]
