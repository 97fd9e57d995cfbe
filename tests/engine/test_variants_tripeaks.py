"""TriPeaks variants (SPEC §9, issue 17): one test per rule, from the rule books' words.

Seed 000 (« Les choix de l'app et la règle traditionnelle ») and seed 001 (« Variantes
courantes », « Décompte des points ») are quoted above each test.
"""

import pytest

from games.engine import (
    UNSEEN_DETAIL,
    ActionParseError,
    DealCode,
    RulesError,
    TriPeaksGame,
    TriPeaksRules,
    Variant,
    card_str,
    code_deck,
    deal_deck,
    new_game,
    parse_card,
    parse_code,
    replay,
    rules_for,
)
from games.engine.layouts import TRIPEAKS_ROWS
from tests.engine.decks import TRIPEAKS_BOOK, refusal, variant_game
from tests.support.winning import find_win

BOTTOM = ["3S", "5S", "KC", "4S", "2D", "AS", "KD", "8H", "7C", "9S"]


def book(options: str, variant: Variant = Variant.TP_E, jokers_at=()) -> TriPeaksGame:
    """The rule book's TP1-E-AAAAAAB layout under ``options``; jokers at stock places."""
    deck = list(TRIPEAKS_BOOK)
    for joker, place in zip((52, 53), jokers_at, strict=False):
        deck.insert(29 + place, joker)
    game = variant_game(tuple(deck), variant, options)
    assert isinstance(game, TriPeaksGame)
    return game


# « pics découverts (toutes les cartes des pics sont visibles dès le départ) » (000)
def test_open_peaks_show_every_tableau_card_from_the_start():
    game = book("O")
    view = game.view()
    assert all(slot["face_up"] for slot in view["tableau"])
    assert [slot["card"] for slot in view["tableau"]] == [card_str(c) for c in game.tableau]
    assert [p for p, slot in enumerate(view["tableau"]) if slot["free"]] == list(TRIPEAKS_ROWS[3])


def test_open_peaks_still_block_a_covered_card_and_still_hide_the_stock():
    game = book("O")
    covered = refusal(game, card_str(game.tableau[13]))  # the 7S, in plain sight
    assert covered.reason == "blocked" and covered.detail != UNSEEN_DETAIL
    stock = refusal(game, card_str(game.stock[-1]))
    assert (stock.reason, stock.detail) == ("blocked", UNSEEN_DETAIL)
    assert "stock" not in {k for k, v in game.view().items() if isinstance(v, list)}


# « défausse vide (la défausse part vide et l'on choisit la première carte parmi celles
# du bas) » (000)
def test_empty_discard_lets_the_first_card_be_any_bottom_row_card():
    game = book("B")
    assert game.view()["discard"] is None and game.discard == []
    assert sorted(a for a in game.legal_actions() if a != "D") == sorted(BOTTOM)
    game.apply("3S")  # not adjacent to the book's AC: the discard was empty
    assert game.discard == [parse_card("3S")]
    assert set(game.legal_actions()) == {"4S", "2D", "D"}  # now the usual rule


def test_empty_discard_puts_the_would_be_discard_card_first_in_the_stock():
    game = book("B")
    assert len(game.stock) == 24
    game.apply("D")
    assert game.discard == [parse_card("AC")]


# « Tirage joker : Un ou deux jokers servent de sommets de défausse universels
# correspondant à n'importe quelle valeur pour la prochaine carte jouée » (001)
def test_a_drawn_joker_takes_any_free_card_then_the_usual_rule_applies():
    game = book("J1", jokers_at=(0,))
    assert len(game.deck) == 53 and len(game.stock) == 24
    game.apply("D")
    assert game.view()["discard"] == "X1"
    assert sorted(a for a in game.legal_actions() if a != "D") == sorted(BOTTOM)
    game.apply("8H")
    assert sorted(a for a in game.legal_actions() if a != "D") == ["7C", "9S"]


def test_two_jokers_are_two_cards_of_the_stock():
    game = book("J2", jokers_at=(3, 7))
    assert len(game.deck) == 54 and len(game.stock) == 25
    assert {52, 53} <= set(game.stock)


def test_a_joker_is_named_by_no_move_wherever_it_lies():
    game = book("J1", jokers_at=(0,))
    for _ in range(2):  # in the stock, then on the discard: the same refusal
        with pytest.raises(ActionParseError) as err:
            game.apply("X1")
        assert err.value.reason == "bad_token"
        game.apply("D")


def test_a_joker_code_keeps_the_cards_of_its_joker_free_twin():
    plain = deal_deck("TP", 5)
    with_jokers = code_deck(parse_code("TP1-EJ2-AAAAAAF"))
    assert [c for c in with_jokers if c < 52] == list(plain)
    assert with_jokers[:29] == plain[:29]  # tableau and first discard card: no joker


# Seed 001: « TriPeaks sans cycle (strict) : On supprime le cycle As-Roi »; the app's
# Classic rule, which options keep.
def test_no_wrap_stays_no_wrap_with_options():
    game = book("OT", Variant.TP_C)
    assert [a for a in game.legal_actions() if a != "D"] == ["2D"]
    assert book("OT", Variant.TP_E).legal_actions() == ["KC", "2D", "KD"]


# « traditionnellement, on ne pioche que lorsqu'aucune carte ne suit » (000)
def test_traditional_draw_is_refused_while_a_card_fits():
    game = book("T")
    assert "D" not in game.legal_actions()
    err = refusal(game, "D")
    # No rule book words this refusal: the engine says it in English, the platform's
    # catalogs in French (the only Django this engine test touches).
    from games.services.errors import engine_message

    assert err.reason == "card_fits" and engine_message(err, "fr") == (
        "Une carte suit encore la défausse"
    )
    assert len(game.stock) == 23 and game.moves == 0


def test_traditional_draw_is_allowed_when_nothing_fits():
    game = book("T", Variant.TP_C)
    fits = [a for a in game.legal_actions() if a != "D"]
    while fits:
        game.apply(fits[0])
        fits = [a for a in game.legal_actions() if a != "D"]
    assert game.legal_actions() == ["D"]
    game.apply("D")
    assert len(game.stock) == 22


# « Bonus de séquence : la première carte rapporte 1, la deuxième 2, la troisième 3 … Une
# séquence brisée par une pioche remet le compteur à 1 » (001); « fait payer 5 points par
# pioche » (000)
def test_hogue_scoring_pays_the_run_and_charges_five_per_draw():
    game = book("H")
    assert game.score == 0
    for token, expected in (("KC", 1), ("AS", 1 + 2), ("2D", 3 + 3), ("D", 6 - 5)):
        game.apply(token)
        assert game.score == expected, token
    assert game.streak == 0  # the next removal earns 1 again


def test_hogue_scoring_undo_gives_back_the_score_and_the_run():
    game = book("H")
    game.apply("KC")
    game.apply("AS")
    game.apply("D")
    game.apply("U")
    assert (game.score, game.streak) == (3, 2)
    game.apply("2D")
    assert game.score == 6


def hogue_score_of(game: TriPeaksGame, log: list[str]) -> int:
    """Seed 000/001's scoring computed from the log alone, independently of the engine."""
    score, run, emptied = 0, 0, 0
    probe = new_game(game.deck, game.variant)  # app rules: to see when a peak falls
    for token in log:
        before = probe.score
        probe.apply(token)
        if token == "D":
            score, run = score - 5, 0
            continue
        run += 1
        score += run
        if probe.score - (before - 1) >= 100:  # the app's +100: a peak fell
            score += (15, 15, 30)[emptied]
            emptied += 1
    return score + (100 if probe.won else 0)


# « 15, 15, 30 points pour les pics vidés » (000); « bonus de complétion (couramment 100
# ou 200 points) » (001)
def test_a_hogue_win_scores_runs_draws_peaks_and_the_completion_bonus():
    for number in range(1, 40):
        code = DealCode(Variant.TP_E, number, "H").text
        line = find_win(code)
        if line is not None:
            break
    assert line is not None and code.startswith("TP1-EH-")
    result = replay(code, line)
    assert result.status == "won"
    assert result.score == hogue_score_of(result.game, line)


def test_rule_values_are_checked_when_built():
    with pytest.raises(RulesError) as err:
        TriPeaksRules(name="x", king_ace_linked=True, jokers=3)
    assert err.value.reason == "bad_rules" and isinstance(err.value, ValueError)
    with pytest.raises(RulesError, match="below the score floor"):
        TriPeaksRules(name="x", king_ace_linked=True, start_score=-5)
    with pytest.raises(RulesError, match="costs"):
        TriPeaksRules(name="x", king_ace_linked=True, draw_cost=-1)


def test_pyramid_rules_cannot_deal_tripeaks():
    with pytest.raises(ValueError, match="Pyramid rules"):
        new_game(TRIPEAKS_BOOK, Variant.TP_E, rules_for(Variant.PY, "S"))
