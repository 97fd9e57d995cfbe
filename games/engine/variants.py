"""The literature's variants as code letters (issue 17): the option table, as data.

A deal code's rule part is the base rule letter (SPEC §2: ``E``, ``C``, legacy ``N`` for
TriPeaks; ``N`` for Pyramid) followed by option letters, e.g. ``TP1-EOH-AAAAAAB`` (Easy,
open peaks, Hogue's scoring). Without options a code is exactly today's, so every
existing code keeps its meaning. The platform names a rule set ``TP-E+OH`` (the base
variant's name, ``+``, the options); the app's three rule sets keep their names.
docs/engine.md gives the grammar; tests/data/variant_vectors.txt pins it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

from games.engine.errors import DealCodeError
from games.engine.rules import (
    PyramidRules,
    TriPeaksRules,
    Variant,
    with_hogue_scoring,
)

Rules = TriPeaksRules | PyramidRules


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a rule part: its letters, the game it belongs to, its group (at most
    one option of a group per code), what it changes, and the rule book it comes from."""

    letters: str
    game: str
    group: str
    apply: Callable[[Rules], Rules]
    source: str
    #: What people read (English; the pages translate it).
    label: str


def _tp(**fields: object) -> Callable[[Rules], Rules]:
    def apply(rules: Rules) -> Rules:
        assert isinstance(rules, TriPeaksRules)
        return replace(rules, **fields)  # type: ignore[arg-type]

    return apply


def _py(**fields: object) -> Callable[[Rules], Rules]:
    def apply(rules: Rules) -> Rules:
        assert isinstance(rules, PyramidRules)
        return replace(rules, **fields)  # type: ignore[arg-type]

    return apply


def _hogue(rules: Rules) -> Rules:
    assert isinstance(rules, TriPeaksRules)
    return with_hogue_scoring(rules)


#: Every option, in the canonical order codes print them. Wrap / no-wrap is the base
#: letter itself (E: K and A linked; C: not, seed 001's « sans cycle (strict) »).
OPTIONS: Final[tuple[Option, ...]] = (
    Option(
        "O",
        "TP",
        "O",
        _tp(open_peaks=True),
        "seed 000 « pics découverts », 001 « Tout face visible »",
        "open peaks",
    ),
    Option("B", "TP", "B", _tp(empty_discard=True), "seed 000 « défausse vide »", "empty discard"),
    Option(
        "J1", "TP", "J", _tp(jokers=1), "seed 001 « Tirage joker : Un ou deux jokers »", "one joker"
    ),
    Option(
        "J2",
        "TP",
        "J",
        _tp(jokers=2),
        "seed 001 « Tirage joker : Un ou deux jokers »",
        "two jokers",
    ),
    Option(
        "T",
        "TP",
        "T",
        _tp(draw_only_when_stuck=True),
        "seed 000 « on ne pioche que lorsqu'aucune carte ne suit »",
        "traditional draw",
    ),
    Option(
        "H",
        "TP",
        "H",
        _hogue,
        "seed 000 « la marque d'origine », seed 001 « Décompte des points »",
        "Hogue scoring",
    ),
    Option("S", "PY", "S", _py(strict_win=True), "seed 002 « victoire stricte »", "strict win"),
    Option(
        "R0",
        "PY",
        "R",
        _py(max_recycles=0),
        "seed 002 « redonnes comptées … ou pas du tout »",
        "no redeal",
    ),
    Option("R1", "PY", "R", _py(max_recycles=1), "seed 002 « redonnes comptées »", "one redeal"),
    Option("R2", "PY", "R", _py(max_recycles=2), "seed 002 « redonnes comptées »", "two redeals"),
    Option(
        "D",
        "PY",
        "D",
        _py(stock_against_discard=True),
        "seed 002 « pioche contre défausse »",
        "stock against discard",
    ),
    Option(
        "L",
        "PY",
        "L",
        _py(last_cover_pairs=True),
        "seed 002 « carte et carte recouvrante »",
        "last covering card",
    ),
)

_BY_LETTERS: Final = {option.letters: option for option in OPTIONS}
_ORDER: Final = {option.letters: index for index, option in enumerate(OPTIONS)}
_TOKEN: Final = re.compile(r"[A-Z]\d?")


def _allowed(game: str) -> str:
    return ", ".join(o.letters for o in OPTIONS if o.game == game)


@lru_cache(maxsize=1024)
def canonical_options(game: str, text: str) -> str:
    """Option letters read in any order, printed in the canonical one; DealCodeError
    naming the option that is unknown, of the other game, or repeated."""
    upper = text.strip().upper()
    tokens = _TOKEN.findall(upper)
    if "".join(tokens) != upper:
        raise DealCodeError(
            f"rule options {text[:20]!r}: expected letters such as {_allowed(game)}"
        )
    seen: dict[str, str] = {}
    for token in tokens:
        option = _BY_LETTERS.get(token)
        if option is None or option.game != game:
            raise DealCodeError(
                f"rule option {token!r} is not an option of {game}: expected {_allowed(game)}"
            )
        if option.group in seen:
            raise DealCodeError(
                f"rule options {seen[option.group]!r} and {token!r} cannot both be given"
            )
        seen[option.group] = token
    return "".join(sorted(tokens, key=_ORDER.__getitem__))


def option_tokens(options: str) -> list[str]:
    """``OJ2H`` -> ``["O", "J2", "H"]``."""
    return _TOKEN.findall(options)


def option_labels(options: str) -> list[str]:
    """The English labels of canonical ``options``, in order."""
    return [_BY_LETTERS[token].label for token in option_tokens(options)]


def rule_set_name(variant: Variant, options: str) -> str:
    """The platform's name of a rule set: ``TP-E``, ``TP-E+OH``, ``PY+SR1``."""
    return f"{variant.value}+{options}" if options else variant.value


@lru_cache(maxsize=512)
def rules_for(variant: Variant, options: str = "") -> Rules:
    """The rules value of a base variant with canonical ``options``; the base's own value
    (``EASY``, ``CLASSIC``, ``PYRAMID``) without options."""
    rules = variant.rules
    if not options:
        return rules
    for token in _TOKEN.findall(options):
        rules = _BY_LETTERS[token].apply(rules)
    return replace(rules, name=rule_set_name(variant, options))


_NAME: Final = re.compile(r"^(TP-E|TP-C|PY)(?:\+([A-Z0-9]*))?$")


def parse_rule_set(text: str) -> tuple[Variant, str]:
    """``TP-E``, ``tp-c+oh``, ``PY+SR1`` -> (base variant, canonical options);
    ValueError (a DealCodeError) naming the text otherwise."""
    match = _NAME.match(text.strip().upper()) if isinstance(text, str) else None
    if match is None:
        raise DealCodeError(
            f"unknown variant {str(text)[:20]!r}: expected TP-E, TP-C or PY, "
            "with +options (e.g. TP-E+OH)"
        )
    variant = Variant(match.group(1))
    return variant, canonical_options(variant.game, match.group(2) or "")


def named_rule_sets() -> list[str]:
    """A rule set per single option, for the variant pickers: each base with each one
    option of its game (combinations are reached by code)."""
    names: list[str] = []
    for variant in (Variant.TP_E, Variant.TP_C, Variant.PY):
        names.extend(
            rule_set_name(variant, option.letters)
            for option in OPTIONS
            if option.game == variant.game
        )
    return names
