"""The solver under the literature's variants (issue 17) against searches that prune
nothing: the engine-object brute force (tests/engine/brute_force.py, which plays any
rules value through ``legal_actions()``) on small decks, and hand-known lines. Any rule
the solver read differently from the engine shows up as another par, best_cards_left
or best_moves; every answer is also replayed through the engine by ``solve`` itself."""

import pytest

from games.engine import Variant, parse_code, replay
from games.engine.play import code_deck
from games.engine.solver import solve
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
