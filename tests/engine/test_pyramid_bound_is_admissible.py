"""The Pyramid search's lower bound against what it bounds.

On keys a real search meets (fresh cards, Kings left for good, every pointer, before and
after recycles) in small deals from random reachable positions: the bound is never more
than the fewest moves left to the goal in the search's own graph, found by the same
search with no bound at all (uniform cost, so exact), and along every edge it drops by
at most the edge's cost (consistent: the A* expands each key once, at its best g). The
cheap bound (the relaxation's distance, kept beside the full one by ``Bound.queued``) is
never above the full one, and drops by at most 1 along an edge (the search puts off the
stock moves not yet due by it), and the dead-end walk's test (``Bound.alive``) says DEAD
exactly when the full bound does.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.engine import Variant, deal_deck, new_game
from games.engine.pyramid import PyramidGame
from games.engine.solver.outcome import Budget
from games.engine.solver.pyramid.bound import DEAD, Bound
from games.engine.solver.pyramid.relaxation import Relaxation, relaxed_node
from games.engine.solver.pyramid.search import _Search
from games.engine.solver.pyramid.state import LOW, Tables, start_key
from tests.engine.test_solver_from_any_position import SMALL_PYRAMIDS, random_prefix

UNBOUNDED = Budget(None, None)


class NoBound:
    """A bound of zero everywhere: the search becomes a uniform-cost one, exact."""

    def cheap(self, key: int) -> int:
        return 0

    def __call__(self, key: int) -> int:
        return 0

    def queued(self, key: int) -> int:
        return 0

    def alive(self, key: int) -> bool:
        return True


def fewest_moves_left(deck, tables, key: int, goal_count: int) -> int | None:
    """The fewest moves from ``key`` to ``goal_count`` cards removed in the search's graph
    (None: out of reach, or too far for this test's budget)."""
    search = _Search(deck, tables, NoBound(), Budget(40_000, None), 0)  # type: ignore[arg-type]
    count, _, g, exhausted = search.run(key, goal_count)
    return g if count == goal_count and exhausted == "search" else None


def check_bound(deck: tuple[int, ...], prefix: list[str], seed: int) -> None:
    game = new_game(deck, Variant.PY)
    for token in prefix:
        game.apply(token)
    assert isinstance(game, PyramidGame)
    tables = Tables(deck)
    root = start_key(game, tables)
    relaxed = Relaxation(tables, UNBOUNDED, relaxed_node(tables, root))
    bound = Bound(tables, relaxed)
    search = _Search(deck, tables, bound, UNBOUNDED, relaxed.nodes)
    search.run(root, relaxed.goal_count)
    keys = sorted(key for key, value in search.seen.items() if value != DEAD)
    assume(len(keys) > 1)
    rng = random.Random(seed)
    for key in rng.sample(keys, min(6, len(keys))):
        h = bound(key)
        assert Bound(tables, relaxed).alive(key) == (h != DEAD)  # the walk's test, uncached
        if h != DEAD:
            assert bound.cheap(key) <= h
            assert bound.queued(key) == bound.cheap(key) << 8 | h  # what the search keeps
        else:
            assert bound.queued(key) == DEAD
        exact = fewest_moves_left(deck, tables, key, relaxed.goal_count)
        if exact is not None:
            assert h != DEAD and h <= exact, (key, h, exact)
        if h == DEAD:
            continue
        for child, cost in search.expand(key):
            walked = Bound(tables, relaxed)  # asked by the walk first, then in full
            assert walked.alive(child) == (bound(child) != DEAD)
            assert walked(child) == bound(child)
            child_h = bound(child)
            assert child_h == DEAD or h <= cost + child_h, (key, child, h, cost, child_h)
            # What the search's deferred stock moves rely on (search.DEFERRED): a move
            # lowers the cheap bound, the relaxation's distance, by at most 1.
            assert child_h == DEAD or bound.cheap(child) >= bound.cheap(key) - 1
    assert (root & LOW).bit_count() <= relaxed.goal_count


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(SMALL_PYRAMIDS) - 1),
    steps=st.integers(0, 60),
    seed=st.integers(0, 2**32),
)
def test_pyramid_bound_never_exceeds_the_moves_left_in_small_deals(index, steps, seed):
    deck = SMALL_PYRAMIDS[index]
    check_bound(deck, random_prefix(deck, Variant.PY, steps, seed), seed)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(1, 2000), steps=st.integers(40, 90), seed=st.integers(0, 2**32))
def test_pyramid_bound_never_exceeds_the_moves_left_late_in_numbered_deals(number, steps, seed):
    deck = deal_deck("PY", number)
    check_bound(deck, random_prefix(deck, Variant.PY, steps, seed), seed)
