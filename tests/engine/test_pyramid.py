"""Pyramid rules (SPEC §5), with the rule book's PY1-N-AAAAAAS layout as an explicit deck."""

import pytest

from games.engine import IllegalActionError, PyramidGame, Variant, card_str, new_game
from games.engine.layouts import PYRAMID_ROWS
from tests.engine.decks import PYRAMID_BOOK, PYRAMID_BOOK_ROWS, rows_deck


def book() -> PyramidGame:
    game = new_game(PYRAMID_BOOK, Variant.PY)
    assert isinstance(game, PyramidGame)
    return game


def bottom_row(game):
    return [slot["card"] for slot in (game.view()["tableau"][p] for p in PYRAMID_ROWS[6]) if slot]


def test_all_pyramid_cards_start_face_up_and_only_the_bottom_row_is_free():
    view = book().view()
    assert all(slot["face_up"] for slot in view["tableau"])
    assert [p for p, slot in enumerate(view["tableau"]) if slot["free"]] == list(PYRAMID_ROWS[6])
    assert (view["stock"], view["discard"], view["score"]) == (23, "7D", 0)


def test_book_example_kd_then_tc_3s():
    game = book()
    game.apply("KD")
    assert (game.moves, game.score) == (1, 10)
    game.apply("TC+3S")
    assert (game.moves, game.score) == (2, 30)
    assert bottom_row(game) == ["7C", "3H", "4H", "7S"]


def test_a_wrong_sum_is_refused_with_the_rule_books_words():
    game = book()
    before = (game.state_key(), game.moves)
    with pytest.raises(IllegalActionError) as err:
        game.apply("7C+7S")
    assert err.value.reason == "sum_not_13"
    assert err.value.message("fr") == "La somme doit être égale à 13"
    assert (game.state_key(), game.moves) == before


def test_a_covered_card_is_blocked_by_another():
    game = book()
    with pytest.raises(IllegalActionError) as err:
        game.apply("QC+AS")  # QC of row 6 is covered by 7C and TC
    assert err.value.reason == "blocked"
    assert err.value.message("fr") == "Cette carte est bloquée par une autre"


def test_a_card_never_pairs_with_a_card_that_still_covers_it():
    # 3H (row 7) covers 8D? No: build a layout where a free 6 covers a 7.
    deck = rows_deck(
        [
            "KH",
            "KC KD",
            "KS QH QD",
            "QS QC JH JD",
            "JS JC TH TD TS",
            "TC 9H 9D 9S 9C 7C",
            "8H 8D 8S 8C 6H 6D 6S",
        ],
        "AC",
    )
    game = new_game(deck, Variant.PY)
    # 7C (row 6, last) is covered by 6D and 6S (row 7): 7C+6S is refused as blocked.
    with pytest.raises(IllegalActionError) as err:
        game.apply("7C+6S")
    assert err.value.reason == "blocked"


def test_a_king_goes_alone_from_the_pyramid_for_10_or_from_the_discard_for_0():
    deck = rows_deck(
        [
            "JD",
            "6C 7H",
            "AS 4D QS",
            "5H 3D 6H 8S",
            "KH KC AD 7D 9C",
            "QC 2C 8D TD TS JS",
            "7C TC 3H 4H 3S KD 7S",
        ],
        "KS",
    )
    game = new_game(deck, Variant.PY)
    assert {"KD", "KS"} <= set(game.legal_actions())
    game.apply("KS")  # from the discard: no points
    assert (game.score, game.moves, game.view()["discard"]) == (0, 1, None)
    game.apply("KD")  # from the pyramid: 10 points
    assert (game.score, game.moves) == (10, 2)


def test_the_discard_top_pairs_with_a_free_pyramid_card():
    game = book()
    game.apply("D")
    drawn = game.view()["discard"]
    assert drawn == card_str(PYRAMID_BOOK[29])
    pairs = [t for t in game.legal_actions() if "+" in t and drawn in t.split("+")]
    for token in pairs:
        trial = game.copy()
        trial.apply(token)
        assert trial.score == 10  # one pyramid card


def test_the_drawn_card_never_pairs_with_the_discard_card_it_covers():
    # 7D is the first discard; put a 6 on top of the stock: 6+7 would sum to 13.
    deck = rows_deck(PYRAMID_BOOK_ROWS, "7D", stock="6D")
    game = new_game(deck, Variant.PY)
    game.apply("D")
    assert "6D+7D" not in game.legal_actions() and "7D+6D" not in game.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        game.apply("6D+7D")
    assert err.value.reason == "blocked"


def test_an_empty_stock_recycles_the_discard_in_the_same_order():
    game = book()
    order = [game.view()["discard"]]
    for _ in range(23):
        game.apply("D")
        order.append(game.view()["discard"])
    assert game.view()["stock"] == 0
    game.apply("D")  # recycle
    assert (game.view()["stock"], game.view()["discard"], game.moves) == (24, None, 24)
    redrawn = []
    for _ in range(24):
        game.apply("D")
        redrawn.append(game.view()["discard"])
    assert redrawn == order
    assert game.score == 0  # draws and recycles are free


def test_undo_of_a_recycle_puts_the_discard_back():
    game = book()
    for _ in range(23):
        game.apply("D")
    key = game.state_key()
    game.apply("D")
    game.apply("U")
    assert game.state_key() == key and game.moves == 24


#: Nothing can ever be removed: the bottom row (aces and 2s) has no partner in the stock.
NEVER_REMOVABLE = rows_deck(
    [
        "KC",
        "KD KH",
        "KS QC QD",
        "QH QS JC JD",
        "JH JS 2S 3C 3D",
        "3H 3S 4C 4D 4H 4S",
        "AC AD AH AS 2C 2D 2H",
    ],
    "5C",
)

#: Every stock card pairs with a pyramid card, but the aces stay under the queens.
ENDS_BLOCKED = rows_deck(
    [
        "AD",
        "AH AS",
        "QS QH AC",
        "QC 2C 2D QD",
        "2H 2S 3C 3D 3H",
        "3S 4C 4D 4H 4S 5C",
        "5D 5H 5S 6C 6D 6H 6S",
    ],
    "KC",
    stock="KD KH KS JC JD JH JS TC TD TH TS 9C 9D 9H 9S 8C 8D 8H 8S 7C 7D 7H 7S",
)


def test_the_game_goes_on_while_a_card_can_be_drawn_even_if_nothing_can_be_removed():
    game = new_game(NEVER_REMOVABLE, Variant.PY)
    for _ in range(3 * 25):
        assert game.legal_actions() == ["D"]
        assert game.status == "playing"
        game.apply("D")
    assert game.recycles == 3 and game.cards_left == 28


def test_blocked_only_when_stock_and_discard_are_empty_and_nothing_can_be_removed():
    game = new_game(ENDS_BLOCKED, Variant.PY)
    for _ in range(2000):
        if game.status != "playing":
            break
        removals = [t for t in game.legal_actions() if t != "D"]
        game.apply(removals[0] if removals else "D")
        if game.status == "playing":
            assert game.view()["stock"] + game.view()["discard_count"] > 0 or removals
    assert game.status == "blocked"
    assert (game.view()["stock"], game.view()["discard_count"], game.cards_left) == (0, 0, 8)
    assert game.legal_actions() == []
    game.apply("U")  # undo still works from a blocked game
    assert game.status == "playing"


def test_undo_keeps_the_last_100_actions():
    game = book()
    for _ in range(150):
        game.apply("D")
    for _ in range(100):
        game.apply("U")
    with pytest.raises(IllegalActionError) as err:
        game.apply("U")
    assert err.value.reason == "nothing_to_undo"
    assert game.moves == 150


def test_undo_of_a_pair_gives_the_points_back_and_the_counter_stays():
    game = book()
    game.apply("KD")
    game.apply("TC+3S")
    game.apply("U")
    assert (game.score, game.moves) == (10, 2)
    assert bottom_row(game) == ["7C", "TC", "3H", "4H", "3S", "7S"]


def test_a_single_card_that_is_not_a_king_is_refused():
    with pytest.raises(IllegalActionError) as err:
        book().apply("7C")
    assert err.value.reason == "sum_not_13"


def test_a_pair_with_itself_does_not_parse():
    from games.engine import ActionParseError

    with pytest.raises(ActionParseError):
        book().apply("7C+7C")
