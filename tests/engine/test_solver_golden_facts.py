"""The solver's answers on numbered deals stay what tests/data/solver_facts.txt says."""

from pathlib import Path

import pytest

from games.engine import parse_code
from tests.engine.solver_cache import solved

FACTS = Path(__file__).resolve().parent.parent / "data" / "solver_facts.txt"


def facts():
    for line in FACTS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            code, verdict, par, left, best = line.split()
            yield code, verdict == "won", None if par == "-" else int(par), int(left), int(best)


@pytest.mark.parametrize(("code", "winnable", "par", "left", "best"), list(facts()))
def test_known_answer(code, winnable, par, left, best):
    deal = parse_code(code)
    answer = solved(deal.variant, deal.number)
    assert (answer.winnable, answer.moves, answer.best_cards_left, answer.best_moves) == (
        winnable,
        par,
        left,
        best,
    )
