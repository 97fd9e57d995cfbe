"""Properties over random games with undos (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealCode, Variant, card_str, new_game, replay

variants = st.sampled_from([Variant.TP_E, Variant.TP_C, Variant.PY])
numbers = st.integers(min_value=0, max_value=26**7 - 1)
choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=120)


def play_randomly(variant, number, picks, undo_every=5):
    """Play legal actions picked by ``picks``, undoing now and then; returns the game."""
    game = new_game(DealCode(variant, number))
    for _i, pick in enumerate(picks):
        if game.status != "playing":
            break
        if pick % undo_every == 0 and game.can_undo:
            game.apply("U")
            continue
        actions = game.legal_actions()
        game.apply(actions[pick % len(actions)])
    return game


def all_cards(game):
    removed = [c for p, c in enumerate(game.tableau) if not game.removed >> p & 1]
    gone = [c for c in range(52) if getattr(game, "_gone", 0) >> c & 1]
    pyramid_gone = [c for p, c in enumerate(game.tableau) if game.removed >> p & 1]
    if game.game_name == "PY":
        return removed + game.stock + game.discard + gone, pyramid_gone
    return removed + game.stock + game.discard, []


@settings(max_examples=150, deadline=None)
@given(variants, numbers, choices)
def test_the_52_cards_are_conserved(variant, number, picks):
    game = play_randomly(variant, number, picks)
    cards, _ = all_cards(game)
    assert sorted(cards) == list(range(52))


@settings(max_examples=150, deadline=None)
@given(variants, numbers, choices, st.integers(min_value=1, max_value=30))
def test_undoing_k_actions_restores_the_earlier_state_but_the_counter(variant, number, picks, k):
    game = new_game(DealCode(variant, number))
    history = [game.state_key()]
    for pick in picks:
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(actions[pick % len(actions)])
        history.append(game.state_key())
    if game.won:
        return  # a won game is over: nothing, not even undo, is played on it
    k = min(k, len(history) - 1)
    moves = game.moves
    for _ in range(k):
        game.apply("U")
    assert game.state_key() == history[len(history) - 1 - k]
    assert game.moves == moves


@settings(max_examples=150, deadline=None)
@given(variants, numbers, choices)
def test_replaying_the_log_of_a_live_game_gives_the_same_state(variant, number, picks):
    game = play_randomly(variant, number, picks)
    result = replay(DealCode(variant, number).text, " ".join(game.log))
    assert result.game.state_key() == game.state_key()
    assert (result.status, result.score, result.moves) == (game.status, game.score, game.moves)


@settings(max_examples=150, deadline=None)
@given(variants, numbers, choices)
def test_the_view_never_contains_a_hidden_card(variant, number, picks):
    game = play_randomly(variant, number, picks)
    view = game.view()
    shown = {slot["card"] for slot in view["tableau"] if slot and slot["card"]}
    visible = {card_str(c) for c in game.visible_cards()}
    assert shown <= visible
    if view["discard"]:
        assert view["discard"] == card_str(game.discard[-1])
    hidden = {card_str(c) for c in game.stock}
    hidden |= {
        card_str(c)
        for p, c in enumerate(game.tableau)
        if not game.removed >> p & 1 and not game.is_face_up(p)
    }
    text = repr(view)
    assert not any(f"'{card}'" in text for card in hidden)
    for token in view["legal"]:
        for part in token.split("+"):
            assert part in {"D"} | visible
