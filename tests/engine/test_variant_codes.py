"""Variant deal codes (issue 17): the rule part's grammar, its vectors, the jokers' deal."""

import hashlib
from pathlib import Path

import pytest

from games.engine import (
    DealCode,
    DealCodeError,
    Variant,
    card_str,
    code_deck,
    deal_deck,
    new_game,
    parse_code,
    parse_rule_set,
    rules_for,
)
from games.engine.variants import OPTIONS

VECTORS = Path(__file__).parent.parent / "data" / "variant_vectors.txt"


def load():
    good, bad = [], []
    for line in VECTORS.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("BAD "):
            _, code, part = line.split(" ", 2)
            bad.append((code, part))
        else:
            typed, canonical, name, *cards = line.split()
            good.append((typed, canonical, name, cards))
    return good, bad


GOOD, BAD = load()


def test_vectors_cover_every_option_of_both_games():
    letters = {o.letters for o in OPTIONS}
    named = "".join(canonical.split("-")[1][1:] for _, canonical, _, _ in GOOD)
    assert all(letter in named for letter in letters)
    assert len(BAD) >= 10


@pytest.mark.parametrize(("typed", "canonical", "name", "cards"), GOOD)
def test_variant_code_vectors_round_trip(typed, canonical, name, cards):
    code = parse_code(typed)
    assert code.text == canonical and parse_code(canonical) == code
    assert code.rule_set == name and parse_rule_set(name) == (code.variant, code.options)
    assert [card_str(c) for c in code_deck(code)] == cards
    assert new_game(canonical).rules_name == name


@pytest.mark.parametrize(("typed", "canonical", "name", "cards"), GOOD)
def test_a_variant_deals_the_cards_of_its_option_free_code(typed, canonical, name, cards):
    code = parse_code(canonical)
    plain = [card_str(c) for c in deal_deck(code.prefix, code.number)]
    assert [c for c in cards if c not in ("X1", "X2")] == plain


@pytest.mark.parametrize(("code", "part"), BAD)
def test_a_bad_rule_part_is_refused_naming_it(code, part):
    with pytest.raises(DealCodeError) as err:
        parse_code(code)
    assert part in str(err.value) and err.value.reason == "bad_code"


def test_codes_without_options_keep_their_meaning_and_their_rules():
    for text, rules in (
        ("TP1-E-AAAAAAB", "TP-E"),
        ("TP1-C-AAAAAAB", "TP-C"),
        ("PY1-N-AAAAAAS", "PY"),
    ):
        code = parse_code(text)
        assert code.options == "" and code.rules is code.variant.rules
        assert code.rule_set == rules and code == DealCode(code.variant, code.number)
    assert parse_code("TP1-N-AAAAAAB").text == "TP1-E-AAAAAAB"


def spec_joker_deck(prefix: str, n: int, jokers: int) -> list[int]:
    """docs/engine.md's joker deal read literally, apart from the engine: the GEN 1 word
    stream read on after the shuffle, each joker slipped into the stock."""
    words, counter = [], 0

    def word() -> int:
        nonlocal words, counter
        if not words:
            digest = hashlib.sha256(f"{prefix}1:{n}:{counter}".encode()).digest()
            counter += 1
            words = [int.from_bytes(digest[k : k + 4], "big") for k in range(0, 32, 4)]
        return words.pop(0)

    def uniform(bound: int) -> int:
        limit = 2**32 - (2**32 % bound)
        u = word()
        while u >= limit:
            u = word()
        return u % bound

    deck = list(range(52))
    for i in range(51, 0, -1):
        j = uniform(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    for k in range(1, jokers + 1):
        stock = len(deck) - 29
        deck.insert(29 + uniform(stock + 1), 51 + k)
    return deck


@pytest.mark.parametrize("n", [0, 1, 77, 26**7 + 3])
@pytest.mark.parametrize("jokers", [1, 2])
def test_the_joker_deal_equals_a_literal_reading_of_the_docs(n, jokers):
    assert list(code_deck(DealCode(Variant.TP_E, n, f"J{jokers}"))) == spec_joker_deck(
        "TP", n, jokers
    )


def test_options_print_in_one_order_whatever_order_they_are_typed_in():
    assert parse_code("tp1-ehtbo-aaaaaab").text == "TP1-EOBTH-AAAAAAB"
    assert DealCode(Variant.PY, 3, "ldsr2").text == "PY1-NSR2DL-AAAAAAD"


def test_each_option_sets_its_rule():
    tp = rules_for(Variant.TP_C, "OBJ2TH")
    assert (tp.open_peaks, tp.empty_discard, tp.jokers, tp.draw_only_when_stuck) == (
        True,
        True,
        2,
        True,
    )
    assert tp.hogue_scoring and not tp.app_scoring and not tp.king_ace_linked
    py = rules_for(Variant.PY, "SR1DL")
    assert (py.strict_win, py.max_recycles, py.stock_against_discard, py.last_cover_pairs) == (
        True,
        1,
        True,
        True,
    )


def test_a_bad_rule_set_name_is_refused():
    for name in ("TP-X", "TP-E+Z", "PY+O", "TP-E+J1J2"):
        with pytest.raises(DealCodeError):
            parse_rule_set(name)
