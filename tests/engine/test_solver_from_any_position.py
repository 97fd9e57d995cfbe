"""The solver from a position (a deal and a log prefix, undos included) against a
breadth-first search over the engine's own game objects from the same position."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.engine import ReplayError, Variant, deal_deck, new_game, replay
from games.engine.solver import solve
from tests.engine.brute_force import brute_force
from tests.engine.test_solver_matches_exhaustive_search import figures, perturbed_pyramids

SMALL_PYRAMIDS = list(perturbed_pyramids(seed=5, count=20, swaps=3))


def random_prefix(deck: tuple[int, ...], variant: Variant, steps: int, seed: int) -> list[str]:
    """A log a player could have played: random legal actions, undos among them."""
    rng = random.Random(seed)
    game = new_game(deck, variant)
    for _ in range(steps):
        if game.status == "won":
            break
        if game.can_undo and rng.random() < 0.2:
            game.apply("U")
            continue
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(rng.choice(actions))
    return list(game.log)


def assert_matches_brute_force(deck, variant, prefix, max_states):
    try:
        expected = brute_force(deck, variant, max_states=max_states, log=prefix)
    except RuntimeError:
        assume(False)  # too big for the brute force
    answer = solve(deck, variant, log=prefix, time_budget_s=None)
    assert figures(answer) == figures(expected)
    result = replay(deck, prefix + answer.solution, variant)
    assert result.cards_left == answer.best_cards_left


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from([Variant.TP_E, Variant.TP_C]),
    number=st.integers(1, 5000),
    steps=st.integers(14, 40),
    seed=st.integers(0, 2**32),
)
def test_tripeaks_best_from_a_reachable_position_matches_the_brute_force(
    variant, number, steps, seed
):
    deck = deal_deck("TP", number)
    prefix = random_prefix(deck, variant, steps, seed)
    assert_matches_brute_force(deck, variant, prefix, max_states=8_000)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(SMALL_PYRAMIDS) - 1),
    steps=st.integers(0, 60),
    seed=st.integers(0, 2**32),
)
def test_pyramid_best_from_a_reachable_position_matches_the_brute_force(index, steps, seed):
    deck = SMALL_PYRAMIDS[index]
    prefix = random_prefix(deck, Variant.PY, steps, seed)
    assert_matches_brute_force(deck, Variant.PY, prefix, max_states=20_000)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(1, 2000), steps=st.integers(30, 90), seed=st.integers(0, 2**32))
def test_pyramid_best_from_late_in_a_numbered_deal_matches_the_brute_force(number, steps, seed):
    deck = deal_deck("PY", number)
    prefix = random_prefix(deck, Variant.PY, steps, seed)
    assert_matches_brute_force(deck, Variant.PY, prefix, max_states=20_000)


def test_the_start_and_an_empty_log_are_the_same_question():
    assert figures(solve("PY1-N-AAAAAAE", log="")) == figures(solve("PY1-N-AAAAAAE"))


def test_a_won_position_has_nothing_left_to_do():
    start = solve("TP1-E-AAAAAAC")
    answer = solve("TP1-E-AAAAAAC", log=start.solution)
    assert figures(answer) == (True, 0, 0, 0) and answer.solution == []


def test_the_line_from_a_position_continues_the_log():
    # Two draws thrown in first: the best line from there still wins, two moves later.
    start = solve("TP1-E-AAAAAAB")
    answer = solve("TP1-E-AAAAAAB", log="D U")
    assert (answer.winnable, answer.moves) == (True, start.moves)
    assert replay("TP1-E-AAAAAAB", ["D", "U", *answer.solution]).status == "won"


def test_a_bad_prefix_is_the_engines_replay_error():
    with pytest.raises(ReplayError) as caught:
        solve("TP1-E-AAAAAAB", log="D U U")
    assert caught.value.index == 2


def test_a_budget_from_a_position_still_says_what_it_reached():
    answer = solve("PY1-N-AAAAAAB", log="D D", node_budget=3000)
    assert answer.budget_exhausted == "nodes" and answer.moves is None
    result = replay("PY1-N-AAAAAAB", ["D", "D", *answer.solution])
    assert result.cards_left == answer.best_cards_left
