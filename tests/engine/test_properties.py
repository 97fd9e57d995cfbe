"""Properties over random games with undos (hypothesis), of the app's three rule sets and
of every variant (issue 17): cards conserved, undo restores, replay equals live, the view
hides what is hidden (open peaks: nothing of the tableau), and a refusal naming an unseen
card is the same for every such card."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import (
    UNSEEN_DETAIL,
    DealCode,
    IllegalActionError,
    Variant,
    card_str,
    new_game,
    replay,
)


@st.composite
def variant_codes(draw):
    """A random code of any rule set: one of the app's three (a third of the time), or a
    base and any combination of its game's options."""
    number = draw(st.integers(min_value=0, max_value=26**7 - 1))
    if draw(st.integers(min_value=0, max_value=2)) == 0:
        return DealCode(draw(st.sampled_from(list(Variant))), number)
    if draw(st.booleans()):
        base = draw(st.sampled_from([Variant.TP_E, Variant.TP_C]))
        flags = draw(st.lists(st.sampled_from("OBTH"), unique=True))
        jokers = draw(st.sampled_from(["", "J1", "J2"]))
        return DealCode(base, number, "".join(flags) + jokers)
    flags = draw(st.lists(st.sampled_from("SDL"), unique=True))
    redeals = draw(st.sampled_from(["", "R0", "R1", "R2"]))
    return DealCode(Variant.PY, number, "".join(flags) + redeals)


choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=120)


def play_randomly(code, picks, undo_every=5):
    game = new_game(code)
    for pick in picks:
        if game.status != "playing":
            break
        if pick % undo_every == 0 and game.can_undo:
            game.apply("U")
            continue
        actions = game.legal_actions()
        game.apply(actions[pick % len(actions)])
    return game


def every_card(game):
    left = [c for p, c in enumerate(game.tableau) if not game.removed >> p & 1]
    if game.game_name == "PY":
        gone = [c for c in range(52) if game._gone >> c & 1]
        return left + game.stock + game.discard + gone
    played = [c for p, c in enumerate(game.tableau) if game.removed >> p & 1]
    assert sorted(played) == sorted(c for c in game.discard if c in game.pos_of)
    return left + game.stock + game.discard


@settings(max_examples=300, deadline=None)
@given(variant_codes(), choices)
def test_every_variant_conserves_its_cards(code, picks):
    game = play_randomly(code, picks)
    jokers = getattr(game.rules, "jokers", 0)
    assert sorted(every_card(game)) == list(range(52 + jokers))


@settings(max_examples=300, deadline=None)
@given(variant_codes(), choices, st.integers(min_value=1, max_value=30))
def test_every_variant_undo_restores_the_earlier_state(code, picks, k):
    game = new_game(code)
    history = [game.state_key()]
    for pick in picks:
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(actions[pick % len(actions)])
        history.append(game.state_key())
    if game.won:
        return
    k = min(k, len(history) - 1)
    moves = game.moves
    for _ in range(k):
        game.apply("U")
    assert game.state_key() == history[len(history) - 1 - k]
    assert game.moves == moves


@settings(max_examples=300, deadline=None)
@given(variant_codes(), choices)
def test_every_variant_replays_to_the_live_state(code, picks):
    game = play_randomly(code, picks)
    result = replay(code.text, " ".join(game.log))
    assert result.game.state_key() == game.state_key()
    assert (result.status, result.score, result.moves, result.cards_left) == (
        game.status,
        game.score,
        game.moves,
        game.cards_left,
    )


def hidden_cards(game):
    hidden = set(game.stock)
    hidden |= {
        c
        for p, c in enumerate(game.tableau)
        if not game.removed >> p & 1 and not game.is_face_up(p)
    }
    return hidden


@settings(max_examples=300, deadline=None)
@given(variant_codes(), choices)
def test_every_variant_view_hides_what_is_hidden(code, picks):
    game = play_randomly(code, picks)
    view = game.view()
    text = repr(view)
    assert not any(f"'{card_str(c)}'" in text for c in hidden_cards(game))
    shown = {slot["card"] for slot in view["tableau"] if slot and slot["card"]}
    visible = {card_str(c) for c in game.visible_cards()}
    assert shown <= visible
    for token in view["legal"]:
        assert set(token.split("+")) <= {"D"} | visible
    if getattr(game.rules, "open_peaks", False) or game.game_name == "PY":
        # Open peaks (and Pyramid): nothing of the tableau is hidden.
        left = {card_str(c) for p, c in enumerate(game.tableau) if not game.removed >> p & 1}
        assert shown == left


@settings(max_examples=300, deadline=None)
@given(variant_codes(), choices, st.data())
def test_every_variant_refuses_every_unseen_card_word_for_word(code, picks, data):
    game = play_randomly(code, picks)
    if game.won:
        return
    hidden = sorted(c for c in hidden_cards(game) if c < 52)
    if not hidden:
        return
    answers = set()
    before = (game.state_key(), game.moves)
    partner = None
    if game.game_name == "PY":
        free = [card for card, _ in game.free_cards()]
        partner = data.draw(st.sampled_from(free)) if free else None
    for card in data.draw(st.lists(st.sampled_from(hidden), min_size=1, max_size=6)):
        tokens = [card_str(card)]
        if partner is not None:
            tokens += [
                f"{card_str(card)}+{card_str(partner)}",
                f"{card_str(partner)}+{card_str(card)}",
            ]
        for token in tokens:
            with pytest.raises(IllegalActionError) as err:
                game.apply(token)
            answers.add((err.value.reason, err.value.detail, err.value.message("fr")))
    assert len(answers) == 1 and next(iter(answers))[:2] == ("blocked", UNSEEN_DETAIL)
    assert (game.state_key(), game.moves) == before
