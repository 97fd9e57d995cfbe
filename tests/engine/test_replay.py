"""Move logs (SPEC §6) and replay."""

import pytest

from games.engine import ReplayError, Variant, format_log, parse_log, replay
from tests.engine.decks import PYRAMID_BOOK, TRIPEAKS_BOOK


def test_logs_print_and_parse_canonically():
    assert parse_log("kc  10d tc+3s d u") == ["KC", "TD", "TC+3S", "D", "U"]
    assert format_log(["KC", "D", "U"]) == "KC D U"


def test_replay_accepts_an_explicit_deck():
    result = replay(TRIPEAKS_BOOK, "KC AS 2D", Variant.TP_E)
    assert (result.status, result.cards_left, result.score, result.moves) == ("playing", 25, 497, 3)
    result = replay(PYRAMID_BOOK, "KD TC+3S", Variant.PY)
    assert (result.cards_left, result.score, result.moves) == (25, 30, 2)


def test_replay_accepts_lenient_spellings():
    assert replay(TRIPEAKS_BOOK, "kc as 2♦ u", Variant.TP_E).moves == 3


@pytest.mark.parametrize(
    ("log", "index", "token", "reason"),
    [
        ("KC AS 3S", 2, "3S", "not_adjacent"),
        ("D U U", 2, "U", "nothing_to_undo"),
        ("KC ZZ", 1, "ZZ", "bad_token"),
        ("7S", 0, "7S", "blocked"),
    ],
)
def test_an_illegal_token_is_reported_with_its_index_and_reason(log, index, token, reason):
    with pytest.raises(ReplayError) as err:
        replay(TRIPEAKS_BOOK, log, Variant.TP_E)
    assert (err.value.index, err.value.token, err.value.reason) == (index, token, reason)
    assert isinstance(err.value, ValueError)


def test_pyramid_pairs_in_a_tripeaks_log_are_refused():
    with pytest.raises(ReplayError) as err:
        replay(TRIPEAKS_BOOK, "KC+AS", Variant.TP_E)
    assert err.value.reason == "bad_token"


def test_an_explicit_deck_needs_a_variant_and_52_distinct_cards():
    with pytest.raises(ValueError, match="variant"):
        replay(TRIPEAKS_BOOK, "")
    with pytest.raises(ValueError, match="52 cards"):
        replay(TRIPEAKS_BOOK[:51], "", Variant.TP_E)
    with pytest.raises(ValueError, match="missing"):
        replay((0,) * 52, "", Variant.TP_E)


def test_a_code_and_a_variant_of_the_other_game_do_not_mix():
    with pytest.raises(ValueError, match="does not match"):
        replay("TP1-E-AAAAAAB", "", Variant.PY)
