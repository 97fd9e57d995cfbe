"""What the browser needs to draw cards and speak the rules in the page's language.

The words come from the engine (``card_name``, the rule books' error messages) so that the
page says exactly what the server says; the browser never holds a rule of its own.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from games.engine.cards import JOKERS, card_name, card_str, rank, suit
from games.engine.errors import REASONS
from games.engine.variants import option_tokens
from games.services.errors import engine_message

SUIT_SYMBOLS = "♣♦♥♠"
SUPPORTED = ("fr", "ro", "en")


def page_language() -> str:
    """The active language reduced to one the engine speaks (fr, ro, en)."""
    lang = (get_language() or "en").split("-")[0].lower()
    return lang if lang in SUPPORTED else "en"


def rank_text(value: int) -> str:
    """The corner index printed on a card face: A 2..10 J Q K (fr/ro: V D R)."""
    faces = {
        1: pgettext("card rank shown on the card face", "A"),
        11: pgettext("card rank shown on the card face", "J"),
        12: pgettext("card rank shown on the card face", "Q"),
        13: pgettext("card rank shown on the card face", "K"),
    }
    return faces.get(value, str(value))


def card_table() -> dict[str, dict[str, Any]]:
    """Every card by its token (``7S``): accessible name, face index, suit symbol, colour."""
    lang = page_language()
    table = {}
    for card in range(52):
        table[card_str(card)] = {
            "name": card_name(card, lang),
            "rank": rank_text(rank(card)),
            "value": rank(card),
            "suit": SUIT_SYMBOLS[suit(card)],
            "red": suit(card) in (1, 2),
        }
    for joker in JOKERS:  # the TriPeaks joker variant's X1, X2
        table[card_str(joker)] = {
            "name": card_name(joker, lang),
            "rank": "★",
            "value": 0,
            "suit": "",
            "red": False,
        }
    return table


def rule_messages() -> dict[str, str]:
    """The engine's messages (reason -> wording) in the page's language: the rule books'
    sentences word for word, the others from the catalogs."""
    lang = page_language()
    return {reason: engine_message(reason, lang) for reason in REASONS}


def base_variant_labels() -> dict[str, str]:
    return {
        "TP-E": _("TriPeaks Easy"),
        "TP-C": _("TriPeaks Classic"),
        "PY": _("Pyramid"),
    }


def option_names() -> dict[str, str]:
    """The literature's options (games/engine/variants.py), by code letters."""
    return {
        "O": _("open peaks"),
        "B": _("empty discard"),
        "J1": _("one joker"),
        "J2": _("two jokers"),
        "T": _("traditional draw"),
        "H": _("Hogue scoring"),
        "S": _("strict win"),
        "R0": _("no redeal"),
        "R1": _("one redeal"),
        "R2": _("two redeals"),
        "D": _("stock against discard"),
        "L": _("last covering card"),
    }


#: The variants the pickers offer: each option alone, and the literature's TriPeaks
#: (traditional draw and Hogue's scoring); any other combination is reached by its code.
PICKER_OPTIONS = {
    "TP": ("O", "B", "J1", "J2", "T", "H", "TH"),
    "PY": ("S", "R0", "R1", "R2", "D", "L"),
}


def options_label(options: str) -> str:
    names = option_names()
    return ", ".join(names[token] for token in option_tokens(options))


def rule_set_label(name: str) -> str:
    """A rule set's name in words: "TriPeaks Easy + open peaks, Hogue scoring"."""
    base, _plus, options = name.partition("+")
    label = base_variant_labels().get(base, base)
    try:
        return f"{label} + {options_label(options)}" if options else label
    except KeyError:
        return name


def variant_options() -> list[tuple[str, str, list[tuple[str, str]]]]:
    """For the "Variants" choice: (game, its name, [(options, words)])."""
    return [
        (
            game,
            _("TriPeaks") if game == "TP" else _("Pyramid"),
            [(options, options_label(options)) for options in choices],
        )
        for game, choices in PICKER_OPTIONS.items()
    ]


def variant_labels() -> dict[str, str]:
    """Labels of the app's rule sets and of every variant the pickers offer."""
    labels = base_variant_labels()
    for base in ("TP-E", "TP-C", "PY"):
        for options in PICKER_OPTIONS[base[:2]]:
            name = f"{base}+{options}"
            labels[name] = rule_set_label(name)
    return labels


def rule_names() -> dict[str, str]:
    """The rule's own name, as the "Nouvelle partie" window offers it."""
    return {
        "TP-E": pgettext("TriPeaks rule", "Easy"),
        "TP-C": pgettext("TriPeaks rule", "Classic"),
        "PY": _("Pyramid"),
    }


def client_strings() -> dict[str, Any]:
    """Everything the page's scripts need to draw cards and name things."""
    return {
        "lang": page_language(),
        "cards": card_table(),
        "rules": rule_messages(),
        "variants": variant_labels(),
        "ruleNames": rule_names(),
        "faceDown": _("face-down card"),
    }
