"""The solver under the literature's variants (issue 17) against searches that prune
nothing: the engine-object brute force (tests/engine/brute_force.py, which plays any
rules value through ``legal_actions()``) on small decks, and hand-known lines. Any rule
the solver read differently from the engine shows up as another par, best_cards_left
or best_moves; every answer is also replayed through the engine by ``solve`` itself."""

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.engine import Variant, deal_deck, new_game, numbered_code, parse_code, replay
from games.engine.play import code_deck
from games.engine.solver import solve
from games.engine.solver.outcome import Budget
from games.engine.solver.reference import solve_pyramid_variant_plain
from games.engine.variants import rules_for
from tests.engine.brute_force import brute_force
from tests.engine.solver_decks import tripeaks_chain_deck
from tests.engine.test_solver_matches_exhaustive_search import figures, perturbed_pyramids

PYRAMID_OPTIONS = ["S", "R0", "R1", "R2", "D", "L", "SR1DL"]


def check_against_brute_force(
    deck: tuple[int, ...], variant: Variant, options: str, max_states: int = 15_000
) -> None:
    rules = rules_for(variant, options)
    try:
        expected = brute_force(deck, variant, max_states=max_states, rules=rules)
    except RuntimeError:
        pytest.skip("too big for the brute force")
    answer = solve(deck, variant, rules=rules, time_budget_s=None)
    assert figures(answer) == figures(expected)
    assert answer.variant == rules.name


@pytest.mark.parametrize("options", PYRAMID_OPTIONS)
@pytest.mark.parametrize("deck", list(perturbed_pyramids(seed=5, count=3, swaps=3)))
def test_pyramid_variants_match_the_brute_force(deck, options):
    check_against_brute_force(deck, Variant.PY, options)


def check_against_plain_search(number: int, options: str) -> None:
    """A numbered deal against the plain breadth-first search over every key (no
    reduction, no bound): the A*'s bounds, its branch and bound and its reductions must
    keep par, the best partial and the moves to it."""
    deal = numbered_code(Variant.PY, number, options)
    plain = solve_pyramid_variant_plain(code_deck(deal), deal.rules, Budget(None, None))
    assert figures(solve(deal.text, time_budget_s=None)) == figures(plain)


@pytest.mark.parametrize("number", [1, 6, 8, 10])
def test_numbered_deals_without_a_redeal_match_the_plain_search(number):
    check_against_plain_search(number, "R0")


@pytest.mark.parametrize("options", ["R0L", "SR0"])
def test_one_pass_mixes_match_the_plain_search(options):
    check_against_plain_search(1, options)


def variant_prefix(deck: tuple[int, ...], options: str, steps: int, seed: int) -> list[str]:
    """A log a player could have played under the variant: random legal actions."""
    rng = random.Random(seed)
    game = new_game(deck, Variant.PY, rules_for(Variant.PY, options))
    for _ in range(steps):
        actions = game.legal_actions()
        if game.status == "won" or not actions:
            break
        game.apply(rng.choice(actions))
    return list(game.log)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=st.sampled_from(PYRAMID_OPTIONS),
    number=st.integers(1, 2000),
    steps=st.integers(30, 90),
    seed=st.integers(0, 2**32),
)
def test_the_best_from_late_in_a_numbered_deal_matches_the_brute_force(
    options, number, steps, seed
):
    # From a position: the root key carries the recycles made and the cards gone.
    deck, rules = deal_deck("PY", number), rules_for(Variant.PY, options)
    prefix = variant_prefix(deck, options, steps, seed)
    try:
        expected = brute_force(deck, Variant.PY, max_states=20_000, log=prefix, rules=rules)
    except RuntimeError:
        assume(False)  # too big for the brute force
    answer = solve(deck, Variant.PY, log=prefix, rules=rules, time_budget_s=None)
    assert figures(answer) == figures(expected)


@pytest.mark.parametrize("options", ["T", "BJ2T"])
@pytest.mark.parametrize("code", ["TP1-C-AAAAAAB", "TP1-C-AAAAAAD", "TP1-E-AAAAAAC"])
def test_the_traditional_draw_matches_the_brute_force(code, options):
    base = parse_code(code)
    variant_code = parse_code(f"TP1-{base.variant.rule_letter}{options}-{code[-7:]}")
    check_against_brute_force(code_deck(variant_code), base.variant, options)


def test_the_empty_discard_starts_the_chain_at_once():
    # The chain deck draws two useless Kings first under the app's rules (par 30); with
    # no discard card any bottom-row card starts, so the chain goes in 28 removals.
    deck = tripeaks_chain_deck(2)
    assert solve(deck, Variant.TP_E).moves == 30
    answer = solve(deck, Variant.TP_E, rules=rules_for(Variant.TP_E, "B"))
    assert (answer.winnable, answer.moves, answer.solution.count("D")) == (True, 28, 0)


def test_a_joker_drawn_first_takes_the_chains_first_card():
    # A joker slipped in as the first draw: draw it, then the chain's first card goes on
    # it (any rank), 1 draw + 28 removals instead of the Kings' 2 draws + 28.
    deck = tripeaks_chain_deck(2)
    with_joker = (*deck[:29], 52, *deck[29:])
    answer = solve(with_joker, Variant.TP_C, rules=rules_for(Variant.TP_C, "J1"))
    assert (answer.winnable, answer.moves, answer.solution[0]) == (True, 29, "D")


@pytest.mark.parametrize("options", ["O", "H", "OH"])
def test_open_peaks_and_hogue_scoring_change_no_move_so_no_answer(options):
    plain, variant = solve("TP1-C-AAAAAAD"), solve(f"TP1-C{options}-AAAAAAD")
    assert figures(variant) == figures(plain) and variant.solution == plain.solution
    assert variant.code == f"TP1-C{options}-AAAAAAD"
    assert variant.variant == f"TP-C+{options}"


@pytest.mark.parametrize("code", ["TP1-EBJ1-AAAAAAC", "PY1-NR1-AAAAAAC", "PY1-NSD-AAAAAAD"])
def test_a_variant_answer_replays_under_the_codes_own_rules(code):
    answer = solve(code, node_budget=60_000)
    result = replay(code, answer.solution)
    if answer.moves is not None:
        assert (result.status, result.moves) == ("won", answer.moves)
    else:
        assert (result.cards_left, result.moves) == (answer.best_cards_left, answer.best_moves)
