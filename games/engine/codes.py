"""Deal codes (SPEC §2): ``<GAME><GEN>-<RULE>-<LETTERS>``, e.g. ``TP1-E-AAAAAAB``.

The letters are the deal number in base 26 (A = 0). Seven letters name a numbered deal;
28 letters a sealed deal, whose number the server drew from [26^7, 26^28) so that
nobody can look its layout up before the day closes. The rule part may carry the
literature's options after the base letter (``TP1-EOH-AAAAAAB``, games/engine/variants.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from games.engine.errors import DealCodeError
from games.engine.rules import Variant
from games.engine.variants import Rules, canonical_options, rule_set_name, rules_for

NUMBERED_LETTERS: Final = 7
SEALED_LETTERS: Final = 28
SEALED_MIN: Final = 26**NUMBERED_LETTERS
SEALED_LIMIT: Final = 26**SEALED_LETTERS
GENERATOR_VERSION: Final = 1

_SHAPE = re.compile(r"^([A-Z]*)(\d*)-([A-Z0-9]*)-(.*)$")
_RULES_OF_GAME: Final = {
    "TP": {"E": Variant.TP_E, "C": Variant.TP_C, "N": Variant.TP_E},
    "PY": {"N": Variant.PY},
}


def number_to_letters(number: int, width: int = NUMBERED_LETTERS) -> str:
    """Base 26, most significant first, left-padded with A to ``width`` letters."""
    if number < 0:
        raise DealCodeError(f"deal number {number} is negative")
    letters = []
    while number:
        number, digit = divmod(number, 26)
        letters.append(chr(65 + digit))
    if len(letters) > width:
        raise DealCodeError(f"deal number needs {len(letters)} letters, more than {width}")
    return "".join(reversed(letters)).rjust(width, "A")


def letters_to_number(letters: str) -> int:
    number = 0
    for ch in letters:
        if not "A" <= ch <= "Z":
            raise DealCodeError(f"letters: {ch!r} is not a letter A-Z", wording="bad_code_letters")
        number = number * 26 + ord(ch) - 65
    return number


@dataclass(frozen=True, slots=True)
class DealCode:
    """A parsed deal code; ``text`` prints it canonically. ``variant`` is the base rule
    set (the app's three), ``options`` the literature's options in canonical order."""

    variant: Variant
    number: int
    options: str = ""

    def __post_init__(self) -> None:
        if not 0 <= self.number < SEALED_LIMIT:
            raise DealCodeError(f"deal number {self.number} is outside [0, 26^28)")
        if self.options:
            object.__setattr__(self, "options", canonical_options(self.variant.game, self.options))

    @property
    def rules(self) -> Rules:
        """The rules value the code deals with (the base's own value without options)."""
        return rules_for(self.variant, self.options)

    @property
    def rule_set(self) -> str:
        """The platform's name of the code's rule set: ``TP-E``, ``TP-E+OH``, ``PY+SR1``."""
        return rule_set_name(self.variant, self.options)

    @property
    def sealed(self) -> bool:
        return self.number >= SEALED_MIN

    @property
    def prefix(self) -> str:
        return self.variant.game

    @property
    def letters(self) -> str:
        width = SEALED_LETTERS if self.sealed else NUMBERED_LETTERS
        return number_to_letters(self.number, width)

    @property
    def text(self) -> str:
        rule = self.variant.rule_letter + self.options
        return f"{self.prefix}{GENERATOR_VERSION}-{rule}-{self.letters}"

    def __str__(self) -> str:
        return self.text


def parse_code(text: str) -> DealCode:
    """Read a code, trimmed and in any case; DealCodeError names the part that is wrong."""
    if not isinstance(text, str):
        raise DealCodeError(
            f"a deal code is text, not {type(text).__name__}", wording="bad_code_shape"
        )
    cleaned = text.strip().upper()
    match = _SHAPE.match(cleaned)
    if match is None:
        raise DealCodeError(
            f"{text.strip()[:40]!r} is not a deal code: expected <GAME><GEN>-<RULE>-<LETTERS>, "
            "e.g. TP1-E-AAAAAAB",
            wording="bad_code_shape",
        )
    game, gen, rule, letters = match.groups()
    rules_of_game = _RULES_OF_GAME.get(game)
    if rules_of_game is None:
        raise DealCodeError(
            f"game {game!r} is unknown: expected TP (TriPeaks) or PY (Pyramid)",
            wording="bad_code_game",
        )
    if gen != str(GENERATOR_VERSION):
        raise DealCodeError(
            f"generator {gen!r} is unknown: only version 1 exists", wording="bad_code_generator"
        )
    variant = rules_of_game.get(rule[:1])
    if variant is None:
        allowed = "E (Easy), C (Classic) or legacy N" if game == "TP" else "N"
        raise DealCodeError(
            f"rule {rule!r} is not a rule of {game}: expected {allowed}", wording="bad_code_rule"
        )
    options = canonical_options(game, rule[1:])
    if len(letters) not in (NUMBERED_LETTERS, SEALED_LETTERS):
        raise DealCodeError(
            f"letters {letters[:40]!r}: expected {NUMBERED_LETTERS} letters (numbered deal) "
            f"or {SEALED_LETTERS} (sealed deal), got {len(letters)}",
            wording="bad_code_letters",
        )
    number = letters_to_number(letters)
    if len(letters) == SEALED_LETTERS and number < SEALED_MIN:
        raise DealCodeError(
            f"letters {letters!r}: a 28-letter sealed code must encode a number ≥ 26^7",
            wording="bad_code_letters",
        )
    return DealCode(variant, number, options)


def numbered_code(variant: Variant, number: int, options: str = "") -> DealCode:
    """The code of numbered deal ``number`` (0 ≤ number < 26^7)."""
    if not 0 <= number < SEALED_MIN:
        raise DealCodeError(f"deal number {number} is not a numbered deal (0 ≤ n < 26^7)")
    return DealCode(variant, number, options)
