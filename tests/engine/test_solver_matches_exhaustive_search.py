"""The solver against searches that prune nothing: a breadth-first search over the
engine's own game objects on small decks, and the solver package's plain searches over
every packed state on numbered deals. Any unsafe pruning shows up as a different par,
a different best_cards_left or a different best_moves."""

import random

import pytest

from games.engine import PYRAMID, Variant, deal_deck
from games.engine.rules import CLASSIC, EASY
from games.engine.solver import solve
from games.engine.solver.outcome import Budget
from games.engine.solver.pyramid import solve_pyramid
from games.engine.solver.reference import solve_pyramid_plain, solve_tripeaks_plain
from games.engine.solver.tripeaks import solve_tripeaks
from tests.engine.brute_force import brute_force
from tests.engine.solver_decks import PAIRED_ROWS, pyramid_with, tripeaks_chain_deck


def figures(answer):
    return (answer.winnable, answer.moves, answer.best_cards_left, answer.best_moves)


# -- known by hand ---------------------------------------------------------------------


@pytest.mark.parametrize("variant", [Variant.TP_E, Variant.TP_C])
@pytest.mark.parametrize("kings_first", [0, 1, 2])
def test_tripeaks_one_chain_deck_is_won_in_28_moves_plus_the_forced_draws(variant, kings_first):
    # Nothing fits a King on the discard; the ace behind them starts a chain through all
    # 28 cards, so par is exactly 28 removals plus the Kings drawn first.
    answer = solve(tripeaks_chain_deck(kings_first), variant)
    assert (answer.winnable, answer.moves) == (True, 28 + kings_first)
    assert answer.solution[:kings_first] == ["D"] * kings_first


def test_pyramid_paired_rows_are_won_in_16_moves_without_a_draw():
    answer = solve(pyramid_with(PAIRED_ROWS, {}), Variant.PY)
    assert (answer.winnable, answer.moves) == (True, 16)  # 12 pairs and 4 Kings
    assert "D" not in answer.solution


def test_pyramid_needing_the_15th_stock_card_draws_exactly_15():
    rows = [row.replace("TS", "4C") for row in PAIRED_ROWS]
    deck = pyramid_with(rows, {10: "9D", 15: "TS"})
    answer = solve(deck, Variant.PY)
    assert (answer.winnable, answer.moves) == (True, 17 + 15)
    assert answer.solution.count("D") == 15
    assert figures(answer) == figures(brute_force(deck, Variant.PY))


def test_a_king_drawn_on_the_way_is_left_when_it_never_comes_back():
    # 5C needs the 8C right behind KS; removing KS would cost a move for nothing.
    rows = [row.replace("KS", "5C") for row in PAIRED_ROWS]
    deck = pyramid_with(rows, {2: "KS", 3: "8C"})
    answer = solve(deck, Variant.PY)
    assert (answer.winnable, answer.moves) == (True, 16 + 3)
    assert "KS" not in answer.solution
    assert figures(answer) == figures(brute_force(deck, Variant.PY))


def test_pyramid_stuck_at_14_cards_like_the_rule_books_deal():
    # The four 8s sit above the four 5s of row 5: neither can ever be freed. Rows 6-7
    # and the row-5 King go, in 6 pairs and 2 Kings (SPEC §5's "never past 14").
    rows = [
        "8C",
        "8D 8H",
        "8S 2H 2S",
        "JH JS 3C 3D",
        "5C 5D 5H 5S KD",
        "AH QH 2D JD AS QS",
        "AC QC AD QD 2C JC KC",
    ]
    deck = pyramid_with(rows, {5: "KH", 17: "KS"})
    answer = solve(deck, Variant.PY)
    assert (answer.winnable, answer.best_cards_left, answer.best_moves) == (False, 14, 8)
    assert figures(answer) == figures(brute_force(deck, Variant.PY))


# -- against the engine's own objects ----------------------------------------------------


def perturbed_pyramids(seed: int, count: int, swaps: int):
    """PAIRED_ROWS with a few pyramid cards swapped into a shuffled stock side: small
    enough for the brute force, and full of stock pairs, stock Kings and recycles."""
    rng = random.Random(seed)
    base = pyramid_with(PAIRED_ROWS, {})
    for _ in range(count):
        deck = list(base)
        side = deck[28:]
        rng.shuffle(side)
        deck[28:] = side
        for _ in range(rng.randint(1, swaps)):
            i, j = rng.randrange(28), rng.randrange(28, 52)
            deck[i], deck[j] = deck[j], deck[i]
        yield tuple(deck)


@pytest.mark.parametrize("deck", list(perturbed_pyramids(seed=3, count=12, swaps=4)))
def test_pyramid_par_and_best_match_a_brute_force_over_game_objects(deck):
    try:
        expected = brute_force(deck, Variant.PY, max_states=60_000)
    except RuntimeError:
        pytest.skip("too big for the brute force")
    assert figures(solve(deck, Variant.PY)) == figures(expected)


# -- against the plain searches ----------------------------------------------------------


@pytest.mark.parametrize(("rules", "number"), [(EASY, 2), (CLASSIC, 3)])
def test_tripeaks_matches_a_plain_breadth_first_search(rules, number):
    deck = deal_deck("TP", number)
    fast = solve_tripeaks(deck, rules, Budget(None, None))
    plain = solve_tripeaks_plain(deck, rules, Budget(None, None))
    assert figures(fast) == figures(plain)
    assert fast.nodes < plain.nodes


@pytest.mark.parametrize("number", [11, 29])
def test_pyramid_matches_a_plain_breadth_first_search(number):
    deck = deal_deck("PY", number)
    fast = solve_pyramid(deck, PYRAMID, Budget(None, None))
    plain = solve_pyramid_plain(deck, PYRAMID, Budget(None, None))
    assert figures(fast) == figures(plain)
