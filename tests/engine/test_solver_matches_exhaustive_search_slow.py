"""The long version of test_solver_matches_exhaustive_search.py: more deals against the
plain searches and the engine-object brute force. Skipped unless RUN_SLOW=1.

Trimmed to fit CI's third pass in about ten minutes (it was 20 TriPeaks deals per rule
set, 40 Pyramid deals and 150 perturbed Pyramids; now 8, 15 and 60): each kind of
comparison stays (the plain searches on both games' numbered deals, the engine-object
brute force on perturbed Pyramids), and test_solvability_ranges.py re-solves 200 deals
of the whole range and the slowest ones against the facts file, so a changed answer
anywhere in 1..2000 is caught there. The fast file keeps its crafted cases."""

import os

import pytest

from games.engine import PYRAMID, Variant, deal_deck
from games.engine.rules import CLASSIC, EASY
from games.engine.solver import solve
from games.engine.solver.outcome import Budget
from games.engine.solver.pyramid import solve_pyramid
from games.engine.solver.reference import solve_pyramid_plain, solve_tripeaks_plain
from games.engine.solver.tripeaks import solve_tripeaks
from tests.engine.brute_force import brute_force
from tests.engine.test_solver_matches_exhaustive_search import figures, perturbed_pyramids

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get("RUN_SLOW") != "1", reason="slow (minutes): set RUN_SLOW=1 to run"
    ),
]


@pytest.mark.parametrize("rules", [EASY, CLASSIC], ids=["TP-E", "TP-C"])
@pytest.mark.parametrize("number", range(1, 9))
def test_tripeaks_matches_the_plain_search(rules, number):
    deck = deal_deck("TP", number)
    fast = solve_tripeaks(deck, rules, Budget(None, None))
    assert figures(fast) == figures(solve_tripeaks_plain(deck, rules, Budget(None, None)))


@pytest.mark.parametrize("number", range(1, 16))
def test_pyramid_matches_the_plain_search_where_it_finishes(number):
    deck = deal_deck("PY", number)
    plain = solve_pyramid_plain(deck, PYRAMID, Budget(2_000_000, None))
    if plain.exhausted:
        pytest.skip("the plain search needs more than 2 million states here")
    assert figures(solve_pyramid(deck, PYRAMID, Budget(None, None))) == figures(plain)


@pytest.mark.parametrize("deck", list(perturbed_pyramids(seed=11, count=60, swaps=7)))
def test_pyramid_matches_the_engine_brute_force(deck):
    try:
        expected = brute_force(deck, Variant.PY, max_states=200_000)
    except RuntimeError:
        pytest.skip("too big for the brute force")
    assert figures(solve(deck, Variant.PY)) == figures(expected)
