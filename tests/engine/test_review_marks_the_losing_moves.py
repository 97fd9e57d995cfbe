"""The post-game review on crafted logs: the first action that lost ground is the one
marked, with the better move; later ones are marked only when they lose more."""

from __future__ import annotations

from games.engine import replay
from games.engine.solver import solve
from games.engine.solver.review import review_game, same_action

#: TP1-C-AAAAAAB is won in 48; this log follows a winning line, then draws at step 16
#: instead of playing on: from there 2 cards stay at best.
TP_THROWN_AWAY = "D TS JS QC D D D 7H 6H 5D 6D 5H 4H 3C 4S 3S D"
#: PY1-N-AAAAAAG is won in 67; the pair 5D+8S at step 6 takes a card the win needs.
PY_KILLING_PAIR = "KH KD D KS D D 5D+8S"


def marks(review):
    return [(step.index, step.mark) for step in review.steps if step.mark]


def test_a_winnable_tripeaks_deal_thrown_away_by_one_draw_marks_that_draw():
    review = review_game("TP1-C-AAAAAAB", TP_THROWN_AWAY)
    assert marks(review) == [(16, "first")]
    step = review.steps[16]
    assert step.before.cards_left == 0 and step.before.moves == 48
    assert step.after.cards_left == 2
    assert step.as_dict()["better"] != "D"
    # The better move really keeps the win: the line from before it replays to a win.
    prefix = TP_THROWN_AWAY.split()[:16]
    assert replay("TP1-C-AAAAAAB", prefix + list(step.before.line)).status == "won"


def test_a_pyramid_pair_that_kills_a_needed_card_is_the_first_loss():
    review = review_game("PY1-N-AAAAAAG", PY_KILLING_PAIR)
    assert marks(review) == [(6, "first")]
    assert review.as_dict()["first_loss"] == 6
    assert review.steps[6].before.cards_left == 0
    assert solve("PY1-N-AAAAAAG", log=PY_KILLING_PAIR).winnable is False


def test_an_undo_that_costs_a_move_back_is_marked_as_losing_more():
    # After the loss, an undo of the next draw needs that draw again: one move more.
    log = TP_THROWN_AWAY + " 9D TC D 7C D D D D D 2H AH D U"
    review = review_game("TP1-C-AAAAAAB", log)
    assert marks(review) == [(16, "first"), (29, "worse")]
    assert review.steps[29].after.rank == (2, review.steps[29].before.moves + 1)


def test_following_the_solvers_own_line_loses_nothing():
    line = solve("PY1-N-AAAAAAE").solution
    review = review_game("PY1-N-AAAAAAE", line)
    assert marks(review) == []
    assert {step.after.moves for step in review.steps} == {review.start.moves}


def test_an_undone_mistake_wins_the_cards_back():
    review = review_game("PY1-N-AAAAAAG", PY_KILLING_PAIR + " U")
    undo = review.steps[-1]
    assert undo.after.cards_left == 0 and not undo.lost


def test_a_pair_is_the_same_action_in_either_order():
    assert same_action("TC+3S", "3S+TC") and not same_action("U", "U")
