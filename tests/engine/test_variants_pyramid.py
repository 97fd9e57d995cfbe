"""Pyramid variants (SPEC §9, issue 17): one test per rule, from seed 002's words
(« La littérature cite aussi des variantes : … »), on the rule book's PY1-N-AAAAAAS
pyramid."""

import pytest

from games.engine import (
    UNSEEN_DETAIL,
    PyramidGame,
    PyramidRules,
    RulesError,
    Variant,
    card_str,
    replay,
)
from games.engine.solver import solve
from tests.engine.decks import PYRAMID_BOOK, PYRAMID_BOOK_ROWS, refusal, rows_deck, variant_game


def book(options: str, deck=PYRAMID_BOOK) -> PyramidGame:
    game = variant_game(deck, Variant.PY, options)
    assert isinstance(game, PyramidGame)
    return game


# « victoire stricte (il faut aussi écouler toutes les cartes de la pioche et de la
# défausse, pas seulement la pyramide) »
def test_strict_win_is_not_won_while_stock_or_discard_holds_cards():
    solution = solve("PY1-N-AAAAAAB", time_budget_s=20)
    assert solution.winnable and solution.solution
    relaxed = replay("PY1-N-AAAAAAB", solution.solution)
    assert relaxed.status == "won"
    strict = replay("PY1-NS-AAAAAAB", solution.solution)
    game = strict.game
    assert game.removed == (1 << 28) - 1  # the pyramid is empty…
    left = len(game.stock) + len(game.discard)
    assert left > 0 and strict.status != "won"  # …but stock and discard are not
    assert strict.cards_left == left
    assert game.legal_actions()  # the game goes on


# « redonnes comptées (la pioche ne se repasse qu'un nombre limité de fois, ou pas du
# tout) »
@pytest.mark.parametrize("limit", [0, 1, 2])
def test_limited_redeals_recycle_the_stock_only_so_many_times(limit):
    game = book(f"R{limit}")
    for _ in range(limit + 1):
        while game.stock:
            game.apply("D")
        if game.recycles < limit:
            game.apply("D")  # recycle: the 24 discard cards go back
            assert len(game.stock) == 24
    assert not game.stock and game.recycles == limit
    err = refusal(game, "D")
    assert err.reason == "stock_empty"
    assert "D" not in game.legal_actions()


def test_with_no_redeal_left_and_no_pair_the_game_is_blocked():
    game = book("R0")
    for _ in range(23):
        game.apply("D")
    # The top discard card is the last stock card; play out every removal there is.
    removals = [a for a in game.legal_actions() if a != "D"]
    while removals:
        game.apply(removals[0])
        removals = [a for a in game.legal_actions() if a != "D"]
    assert game.discard and not game.won  # cards left in the discard: no recycle though
    assert game.status == "blocked"
    assert book("").status == "playing"  # the app's unlimited recycling never blocks so


# « pioche contre défausse (la carte qu'on vient de tirer peut s'apparier avec la carte
# du dessus de la défausse) »
def test_the_drawn_card_pairs_with_the_discard_card_it_covers():
    deck = rows_deck(PYRAMID_BOOK_ROWS, "7D", stock="6D")
    game = book("D", deck)
    game.apply("D")
    assert game.view()["discard"] == "6D" and game.view()["discard_under"] == "7D"
    assert "6D+7D" in game.legal_actions()
    game.apply("7D+6D")
    assert game.discard == [] and game.score == 0  # discard cards earn nothing
    game.apply("U")
    assert [card_str(c) for c in game.discard] == ["7D", "6D"]


def test_the_app_rules_keep_the_card_under_the_top_out_of_play():
    deck = rows_deck(PYRAMID_BOOK_ROWS, "7D", stock="6D")
    game = book("", deck)
    game.apply("D")
    assert "6D+7D" not in game.legal_actions()
    err = refusal(game, "6D+7D")
    assert (err.reason, err.detail) == ("blocked", UNSEEN_DETAIL)
    assert "discard_under" not in game.view()


# « carte et carte recouvrante (une carte peut s'apparier avec la seule carte qui la
# recouvre encore) »
def test_a_card_pairs_with_its_last_covering_card():
    game = book("L")
    game.apply("KD")  # row 7's KD goes: row 6's TS is now covered by the 3S only
    assert "TS+3S" in game.legal_actions()
    game.apply("3S+TS")
    assert game.score == 10 + 20
    assert card_str(game.tableau[19]) == "TS" and game.removed >> 19 & 1


def test_the_app_rules_never_pair_a_card_with_one_covering_it():
    game = book("")
    game.apply("KD")
    assert "TS+3S" not in game.legal_actions()
    assert refusal(game, "TS+3S").wording == "blocked_by_another"


def test_a_card_still_covered_by_two_never_pairs_with_either():
    game = book("L")  # the TS is covered by the 3S and the KD at the start
    assert refusal(game, "TS+3S").reason == "blocked"


def test_pyramid_rule_values_are_checked_when_built():
    with pytest.raises(RulesError) as err:
        PyramidRules(name="x", max_recycles=3)
    assert err.value.reason == "bad_rules"
    with pytest.raises(RulesError):
        PyramidRules(name="x", points_per_card=-10)
