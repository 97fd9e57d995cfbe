import pytest

from games.engine import CardParseError, card_name, card_str, card_symbol, parse_card, rank, suit


def test_every_card_prints_and_parses_back():
    assert [parse_card(card_str(card)) for card in range(52)] == list(range(52))


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AC", "AC"),
        ("TD", "TD"),
        ("10D", "TD"),
        ("10d", "TD"),
        ("kh", "KH"),
        ("7♠", "7S"),
        ("10♦", "TD"),
        ("q♣", "QC"),
        (" 7s ", "7S"),
        ("A♥", "AH"),
    ],
)
def test_accepted_spellings_print_canonically(text, canonical):
    assert card_str(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["", "1C", "11D", "KX", "KCC", "ZZ", "♠7", "10", "AC AD"])
def test_bad_card_text_is_refused_with_its_name(text):
    with pytest.raises(CardParseError) as err:
        parse_card(text)
    assert repr(text) in str(err.value)
    assert isinstance(err.value, ValueError)


def test_rank_and_suit_follow_the_deck_order():
    assert (rank(parse_card("AC")), suit(parse_card("AC"))) == (1, 0)
    assert (rank(parse_card("KS")), suit(parse_card("KS"))) == (13, 3)
    assert parse_card("AD") == 13


@pytest.mark.parametrize(
    ("text", "lang", "name"),
    [
        ("7S", "fr", "7 de pique"),
        ("AC", "fr", "as de trèfle"),
        ("7S", "ro", "7 de pică"),
        ("AC", "ro", "as de treflă"),
        ("7S", "en", "7 of spades"),
        ("TH", "fr", "10 de cœur"),
        ("KC", "fr", "roi de trèfle"),
        ("QS", "fr", "dame de pique"),
        ("JD", "fr", "valet de carreau"),
        ("KD", "ro", "rege de caro"),
        ("8H", "ro", "8 de cupă"),
        ("QH", "en", "queen of hearts"),
    ],
)
def test_cards_are_named_in_words_as_the_rule_books_write_them(text, lang, name):
    assert card_name(parse_card(text), lang) == name


def test_symbols_are_shown_to_people():
    assert card_symbol(parse_card("7S")) == "7♠"
    assert card_symbol(parse_card("TD")) == "10♦"
