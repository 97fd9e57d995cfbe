"""What an action did (issue 11): ``apply`` returns a step, ``replay_steps`` gives a
replay's frames. Properties over random games with undos of every rule set and variant
(hypothesis): a replay's steps are the live steps, and a step's description, applied to
the view before, gives the view after."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings

from games.engine import Frame, GameView, Step, new_game, replay_steps
from tests.engine.test_properties import choices, variant_codes


def live_steps(code, picks, undo_every=5):
    """Random play (legal actions, an undo now and then): the log and the live frames."""
    game = new_game(code)
    frames = [Frame(None, game.view())]
    for pick in picks:
        if game.status != "playing":
            break
        if pick % undo_every == 0 and game.can_undo:
            step = game.apply("U")
        else:
            actions = game.legal_actions()
            step = game.apply(actions[pick % len(actions)])
        frames.append(Frame(step, game.view()))
    return list(game.log), frames


@settings(max_examples=150, deadline=None)
@given(variant_codes(), choices)
def test_the_steps_of_a_replay_are_the_steps_of_live_play(code, picks):
    log, live = live_steps(code.text, picks)
    assert list(replay_steps(code.text, " ".join(log))) == live


def predicted(before: GameView, step: Step) -> dict[str, object]:
    """The view after ``step`` as its description tells it: tableau entries as
    ``(card, face_up)`` (``None``: removed), the score, the discard's top, the status."""
    tableau = {
        pos: None if entry is None else (entry["card"], entry["face_up"])
        for pos, entry in enumerate(before["tableau"])
    }
    discard = before["discard"]
    for placed in step.removed:
        if placed.position is not None:
            tableau[placed.position] = None
    for pos in step.hidden:
        tableau[pos] = (None, False)
    for placed in (*step.restored, *step.revealed):
        if placed.position is not None:
            tableau[placed.position] = (placed.card, True)
    return {
        "tableau": tableau,
        "score": step.score_after,
        "status": step.status,
        "discard": discard,
    }


def seen(view: GameView) -> dict[str, object]:
    return {
        "tableau": {
            pos: None if entry is None else (entry["card"], entry["face_up"])
            for pos, entry in enumerate(view["tableau"])
        },
        "score": view["score"],
        "status": view["status"],
        "discard": view["discard"],
    }


@settings(max_examples=150, deadline=None)
@given(variant_codes(), choices)
def test_a_step_applied_to_the_view_before_gives_the_view_after(code, picks):
    _, frames = live_steps(code.text, picks)
    for before, after in pairwise(frames):
        step = after.step
        assert step is not None and step.score_before == before.view["score"]
        expected = predicted(before.view, step)
        got = seen(after.view)
        # The discard's top: a drawn card (revealed at the discard), a TriPeaks card
        # played onto it, or what a Pyramid removal or an undo left there.
        drawn = [p.card for p in step.revealed if p.position is None]
        if drawn:
            expected["discard"] = drawn[-1]
        elif step.kind == "card" and new_game(code.text).game_name == "TP":
            expected["discard"] = step.removed[0].card
        else:
            expected["discard"] = got["discard"]
        assert got == expected, (step, before.view, after.view)
        assert step.game_over == (after.view["status"] != "playing")
        assert step.recycled == (step.kind == "recycle")
        if step.recycled:
            assert after.view["discard"] is None and after.view["stock"] > 0
        # Nothing is named that the player does not see once the step is done.
        visible = {e["card"] for e in after.view["tableau"] if e and e["face_up"]}
        assert {p.card for p in step.revealed} <= visible | {after.view["discard"]}


def test_a_tripeaks_step_names_the_cards_it_turned_face_up_and_the_peak_it_cleared():
    game = new_game("TP1-E-AAAAAAB")
    step = game.apply("D")
    assert (step.kind, step.score_before, step.score_after) == ("draw", 500, 499)
    assert [(p.card, p.position) for p in step.revealed] == [(game.view()["discard"], None)]
    # Play out the game greedily and find the first peak cleared: its bonus is 100.
    while game.status == "playing":
        actions = game.legal_actions()
        step = game.apply(actions[0])
        if step.peak_cleared:
            assert step.bonus >= 100 and step.score_after == step.score_before - 1 + step.bonus
            break


def test_a_pyramid_step_says_recycled_and_an_undo_says_what_it_took_back():
    game = new_game("PY1-N-AAAAAAS")
    while game.view()["stock"]:
        game.apply("D")
    step = game.apply("D")
    assert step.recycled and step.kind == "recycle" and not step.revealed
    undo = game.apply("U")
    assert (undo.kind, undo.undid, undo.action) == ("undo", "recycle", "U")
