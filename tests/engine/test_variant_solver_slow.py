"""The long version of test_variant_solver.py: more decks per variant against the
engine-object brute force, and the variants that keep the layered TriPeaks search
against the plain breadth-first search on numbered deals. Skipped unless RUN_SLOW=1."""

import os

import pytest

from games.engine import Variant, parse_code
from games.engine.play import code_deck
from games.engine.solver import solve
from games.engine.solver.outcome import Budget
from games.engine.solver.reference import solve_tripeaks_plain
from tests.engine.test_solver_matches_exhaustive_search import figures, perturbed_pyramids
from tests.engine.test_variant_solver import (
    PYRAMID_OPTIONS,
    check_against_brute_force,
    check_against_plain_search,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get("RUN_SLOW") != "1", reason="slow (minutes): set RUN_SLOW=1 to run"
    ),
]


@pytest.mark.parametrize("options", PYRAMID_OPTIONS)
@pytest.mark.parametrize("deck", list(perturbed_pyramids(seed=17, count=3, swaps=6)))
def test_pyramid_variants_match_the_brute_force(deck, options):
    check_against_brute_force(deck, Variant.PY, options, max_states=60_000)


@pytest.mark.parametrize(
    ("options", "number"),
    [("R0", n) for n in (2, 3, 4, 5, 7, 9)]
    + [("S", 1), ("S", 4), ("S", 6), ("L", 1), ("L", 3), ("L", 6), ("R1", 1), ("SR0D", 1)],
)
def test_numbered_deals_match_the_plain_search(options, number):
    # The numbered deals the plain search finishes in seconds (2 million keys at most).
    check_against_plain_search(number, options)


@pytest.mark.parametrize("code", ["TP1-EB-AAAAAAD", "TP1-CBJ2-AAAAAAE"])
def test_the_layered_search_matches_the_plain_search_under_variants(code):
    deal = parse_code(code)
    plain = solve_tripeaks_plain(code_deck(deal), deal.rules, Budget(None, None))
    assert figures(solve(code, time_budget_s=None)) == figures(plain)


@pytest.mark.parametrize("number", "BCDEFG")
def test_the_traditional_draw_matches_the_plain_search(number):
    for letter in "EC":
        deal = parse_code(f"TP1-{letter}T-AAAAAA{number}")
        plain = solve_tripeaks_plain(code_deck(deal), deal.rules, Budget(None, None))
        assert figures(solve(deal.text, time_budget_s=None)) == figures(plain)
