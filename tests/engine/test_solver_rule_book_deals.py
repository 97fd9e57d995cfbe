"""What our solver says of the codes the rule books make claims about.

SPEC §3: the rule books' generator is not GEN 1, so their claims (TP1-…-AAAAAAD won in
Easy and not in Classic; PY1-N-AAAAAAJ stuck at 14 cards) are about *their* cards. These
tests record what GEN 1's deals of those codes are, as found by our solver; the rule
book's Pyramid claim itself is tested on an explicit layout in
test_solver_matches_exhaustive_search.py (the deck stuck at 14 cards).
"""

from games.engine import Variant
from tests.engine.solver_cache import solved


def test_tp_aaaaaad_is_won_in_easy_and_not_in_classic_with_gen_1_too():
    easy, classic = solved(Variant.TP_E, 3), solved(Variant.TP_C, 3)
    assert (easy.winnable, easy.moves) == (True, 44)
    assert (classic.winnable, classic.best_cards_left, classic.best_moves) == (False, 1, 44)


def test_py_aaaaaaj_of_gen_1_is_winnable_unlike_the_rule_books_deal():
    answer = solved(Variant.PY, 9)
    assert (answer.winnable, answer.moves) == (True, 67)
