"""Every line the solver returns replays through the engine to exactly what it claims."""

import pytest

from games.engine import Variant, numbered_code, replay
from tests.engine.solver_cache import solved

DEALS = {Variant.TP_E: range(1, 31), Variant.TP_C: range(1, 31), Variant.PY: range(1, 21)}


@pytest.mark.parametrize(
    ("variant", "number"), [(v, n) for v, numbers in DEALS.items() for n in numbers]
)
def test_the_solution_replays_to_par_or_to_the_best_reachable(variant, number):
    answer = solved(variant, number)
    assert answer.budget_exhausted is None
    result = replay(numbered_code(variant, number), answer.solution)
    if answer.winnable:
        assert result.status == "won"
        assert result.moves == answer.moves == answer.best_moves
        assert answer.best_cards_left == 0
    else:
        assert answer.winnable is False and answer.moves is None
        assert result.cards_left == answer.best_cards_left > 0
        assert result.moves == answer.best_moves


def test_tripeaks_par_is_28_removals_plus_the_draws():
    answer = solved(Variant.TP_E, 1)
    assert answer.moves == 28 + answer.solution.count("D")


def test_as_dict_has_the_command_line_fields():
    row = solved(Variant.PY, 3).as_dict()
    assert {"code", "winnable", "moves", "solution", "best_cards_left", "best_moves"} <= set(row)
    assert {"nodes", "ms"} <= set(row)
    assert row["code"] == "PY1-N-AAAAAAD"
    assert isinstance(row["solution"], str) and row["solution"].split()[0]
