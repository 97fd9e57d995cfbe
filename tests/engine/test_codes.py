import pytest

from games.engine import (
    SEALED_MIN,
    DealCode,
    DealCodeError,
    Variant,
    deal_deck,
    letters_to_number,
    number_to_letters,
    parse_code,
)


def test_letters_are_base_26_most_significant_first():
    assert number_to_letters(1) == "AAAAAAB"
    assert number_to_letters(18) == "AAAAAAS"
    assert number_to_letters(26) == "AAAAABA"
    assert letters_to_number("AAAAAAS") == 18
    assert number_to_letters(26**7 - 1) == "ZZZZZZZ"


@pytest.mark.parametrize(
    ("text", "variant", "number"),
    [
        ("TP1-E-AAAAAAB", Variant.TP_E, 1),
        ("PY1-N-AAAAAAS", Variant.PY, 18),
        ("  tp1-c-aaaaaab ", Variant.TP_C, 1),
        ("TP1-N-AAAAAAB", Variant.TP_E, 1),
    ],
)
def test_codes_parse_trimmed_in_any_case(text, variant, number):
    code = parse_code(text)
    assert (code.variant, code.number, code.sealed) == (variant, number, False)


def test_legacy_n_prints_as_easy():
    assert parse_code("TP1-N-AAAAAAB").text == "TP1-E-AAAAAAB"


def test_sealed_codes_have_28_letters_and_round_trip():
    code = DealCode(Variant.PY, SEALED_MIN + 12345)
    assert code.sealed and len(code.letters) == 28
    assert parse_code(code.text) == code


def test_the_rule_letter_does_not_change_the_cards():
    easy, classic = parse_code("TP1-E-AAAAAAD"), parse_code("TP1-C-AAAAAAD")
    assert deal_deck(easy.prefix, easy.number) == deal_deck(classic.prefix, classic.number)


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("XX1-E-AAAAAAB", "game"),
        ("TP2-E-AAAAAAB", "generator"),
        ("TP1-X-AAAAAAB", "rule"),
        ("PY1-E-AAAAAAB", "rule"),
        ("TP1-E-AAAB", "letters"),
        ("TP1-E-AAAAAA1", "letters"),
        ("TP1-E-" + "A" * 28, "letters"),
        ("hello", "not a deal code"),
        ("", "not a deal code"),
        ("TP1EAAAAAAB", "not a deal code"),
    ],
)
def test_a_bad_code_names_the_wrong_part(text, part):
    with pytest.raises(DealCodeError) as err:
        parse_code(text)
    assert part in str(err.value)
    assert err.value.reason == "bad_code"
