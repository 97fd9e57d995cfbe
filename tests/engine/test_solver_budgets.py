"""Budgets: past one the answer says which ran out, and still replays to what it claims."""

import pytest

from games.engine import DealCodeError, DeckError, Variant, deal_deck, replay
from games.engine.solver import solve


def test_a_node_budget_leaves_tripeaks_unknown_and_says_so():
    answer = solve("TP1-E-AAAAAAB", node_budget=50)
    assert (answer.winnable, answer.moves, answer.budget_exhausted) == (None, None, "nodes")
    result = replay("TP1-E-AAAAAAB", answer.solution)
    assert (result.cards_left, result.moves) == (answer.best_cards_left, answer.best_moves)


def test_a_time_budget_of_zero_stops_at_the_first_check():
    answer = solve("TP1-C-AAAAAAB", time_budget_s=0.0)
    assert (answer.winnable, answer.budget_exhausted) == (None, "time")


def test_pyramid_keeps_a_proven_verdict_when_only_par_is_out_of_budget():
    # Winnability comes from the exact relaxation first; par needs the full search.
    answer = solve("PY1-N-AAAAAAB", node_budget=3000)
    assert (answer.winnable, answer.moves, answer.budget_exhausted) == (True, None, "nodes")
    result = replay("PY1-N-AAAAAAB", answer.solution)
    assert (result.cards_left, result.moves) == (answer.best_cards_left, answer.best_moves)


def test_pyramid_with_almost_no_budget_knows_nothing():
    answer = solve("PY1-N-AAAAAAB", node_budget=5)
    assert (answer.winnable, answer.budget_exhausted, answer.solution) == (None, "nodes", [])


def test_no_budget_at_all_is_allowed():
    answer = solve("TP1-E-AAAAAAC", time_budget_s=None)
    assert answer.winnable is True and answer.budget_exhausted is None


@pytest.mark.parametrize(
    ("deal", "variant", "error"),
    [
        ("TP9-E-AAAAAAB", None, DealCodeError),
        (deal_deck("TP", 1)[:51], Variant.TP_E, DeckError),
        (deal_deck("TP", 1), None, ValueError),
        ("TP1-E-AAAAAAB", Variant.PY, ValueError),
    ],
)
def test_a_bad_deal_is_the_engines_error(deal, variant, error):
    with pytest.raises(error):
        solve(deal, variant)


def test_a_variants_own_rules_are_solved_not_the_apps():
    # The empty starting discard (issue 17): any bottom-row card starts, par 40 on deal 1
    # where Easy needs 48. The answer names the code and its rule set.
    answer = solve("TP1-EB-AAAAAAB")
    assert (answer.winnable, answer.moves) == (True, 40)
    assert (answer.code, answer.variant) == ("TP1-EB-AAAAAAB", "TP-E+B")
    assert solve("TP1-E-AAAAAAB").moves == 48
