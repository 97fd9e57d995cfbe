"""TriPeaks rules (SPEC §4), with the rule books' TP1-E-AAAAAAB layout as an explicit deck."""

import pytest

from games.engine import (
    IllegalActionError,
    TriPeaksGame,
    Variant,
    card_str,
    new_game,
    parse_card,
    replay,
)
from games.engine.layouts import TRIPEAKS_ROWS
from tests.engine.decks import TRIPEAKS_BOOK, deck_with
from tests.support.winning import find_win


def book(variant=Variant.TP_E) -> TriPeaksGame:
    game = new_game(TRIPEAKS_BOOK, variant)
    assert isinstance(game, TriPeaksGame)
    return game


def removals(game):
    return {token for token in game.legal_actions() if token != "D"}


def test_only_the_bottom_row_starts_face_up():
    view = book().view()
    face_up = [pos for pos, slot in enumerate(view["tableau"]) if slot["face_up"]]
    assert face_up == list(TRIPEAKS_ROWS[3])
    assert [view["tableau"][p]["card"] for p in face_up] == [
        "3S",
        "5S",
        "KC",
        "4S",
        "2D",
        "AS",
        "KD",
        "8H",
        "7C",
        "9S",
    ]
    assert (view["stock"], view["discard"], view["score"]) == (23, "AC", 500)


def test_easy_links_king_and_ace():
    assert removals(book(Variant.TP_E)) == {"KC", "2D", "KD"}


def test_classic_does_not_link_king_and_ace():
    assert removals(book(Variant.TP_C)) == {"2D"}


def test_removing_kc_as_2d_turns_up_the_middle_peaks_7s():
    game = book()
    for token in ("KC", "AS", "2D"):
        game.apply(token)
    slot = game.view()["tableau"][13]
    assert slot == {"card": "7S", "face_up": True, "free": True}
    assert game.view()["discard"] == "2D"
    assert game.moves == 3 and game.score == 497


def test_undo_turns_the_7s_face_down_again():
    game = book()
    for token in ("KC", "AS", "2D", "U"):
        game.apply(token)
    assert game.view()["tableau"][13] == {"card": None, "face_up": False, "free": False}
    assert "7S" not in {card_str(c) for c in game.visible_cards()}
    assert game.moves == 3 and game.score == 498


def test_a_card_that_does_not_fit_is_refused_and_changes_nothing():
    game = book()
    before = (game.state_key(), game.moves, list(game.log))
    with pytest.raises(IllegalActionError) as err:
        game.apply("3S")
    assert err.value.reason == "not_adjacent"
    assert err.value.message("fr") == "Doit être d'un rang supérieur ou inférieur"
    assert err.value.message("ro") == "Trebuie să aibă o valoare cu o treaptă mai mare sau mai mică"
    assert (game.state_key(), game.moves, game.log) == before


@pytest.mark.parametrize("token", ["7S", "QH"])  # face down in the tableau; in the stock
def test_a_hidden_card_is_blocked_whatever_hides_it(token):
    game = book()
    with pytest.raises(IllegalActionError) as err:
        game.apply(token)
    assert err.value.reason == "blocked"
    assert err.value.message("fr") == "Cette carte est bloquée"
    assert err.value.message("ro") == "Această carte este blocată"


def test_a_card_already_played_is_not_in_play():
    game = book()
    game.apply("KC")
    with pytest.raises(IllegalActionError) as err:
        game.apply("KC")
    assert err.value.reason == "not_in_play"


def test_draw_is_allowed_even_when_a_removal_is_possible():
    game = book()
    top = card_str(TRIPEAKS_BOOK[29])
    game.apply("D")
    assert game.view()["discard"] == top
    assert (game.view()["stock"], game.score, game.moves) == (22, 499, 1)


def test_the_stock_is_never_recycled():
    game = book()
    for _ in range(23):
        game.apply("D")
    with pytest.raises(IllegalActionError) as err:
        game.apply("D")
    assert err.value.reason == "stock_empty"


def blocked_deck():
    # Bottom row of 2s..; discard K; stock of cards that fit nothing at the bottom.
    return deck_with(
        {
            **{
                18 + i: t
                for i, t in enumerate(["5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D"])
            },
            28: "KC",
            **{
                29 + i: t
                for i, t in enumerate(
                    [
                        "KD",
                        "KH",
                        "KS",
                        "JC",
                        "JD",
                        "JH",
                        "JS",
                        "9C",
                        "9D",
                        "9H",
                        "9S",
                        "TC",
                        "TD",
                        "TH",
                        "TS",
                        "QC",
                        "QD",
                        "QH",
                        "QS",
                        "2C",
                        "2D",
                        "2H",
                        "2S",
                    ]
                )
            },
        }
    )


def test_blocked_when_stock_is_empty_and_nothing_fits():
    game = new_game(blocked_deck(), Variant.TP_E)
    for _ in range(23):
        assert game.status == "playing"
        game.apply("D")
    assert game.status == "blocked"
    assert game.legal_actions() == []
    score = game.score
    game.apply("U")  # the player may still undo
    assert game.status == "playing" and game.score == score + 1


def winning_line(code="TP1-E-AAAAAAB"):
    line = find_win(code)
    assert line is not None
    return line


def test_a_win_without_undo_is_worth_772_minus_draws():
    line = winning_line()
    result = replay("TP1-E-AAAAAAB", line)
    assert result.status == "won" and result.cards_left == 0
    assert result.moves == len(line)
    assert result.score == 772 - line.count("D")


def test_won_as_soon_as_the_tableau_is_empty_and_then_nothing_more_is_played():
    line = winning_line()
    result = replay("TP1-E-AAAAAAB", line)
    game = result.game
    assert game.stock  # stock may remain
    for token in ("D", "U"):
        with pytest.raises(IllegalActionError) as err:
            game.apply(token)
        assert err.value.reason == "game_over"


def test_emptying_a_peak_gives_100_and_undo_takes_it_back():
    line = winning_line()
    game = new_game("TP1-E-AAAAAAB")
    for token in line:
        before, moves = game.score, game.moves
        game.apply(token)
        if game.score == before - 1 + 100:
            game.apply("U")
            assert game.score == before
            assert game.moves == moves + 1
            return
    raise AssertionError("the winning line never emptied a peak")


def test_peak_bonus_counts_the_bottom_row_split_9_9_10():
    line = winning_line()
    game = new_game("TP1-E-AAAAAAB")
    bonuses = 0
    for token in line:
        before = game.score
        game.apply(token)
        bonuses += game.score - before + 1 == 100
    assert bonuses == 3


def test_the_removed_card_becomes_the_discard():
    game = book()
    game.apply("KD")
    assert game.view()["discard"] == "KD"
    assert parse_card("KD") == game.discard[-1]


def test_peak_bonuses_are_a_rule_value_given_in_the_order_peaks_fall():
    from dataclasses import replace

    from games.engine import EASY, TriPeaksGame

    line = winning_line()
    hogue = TriPeaksGame(
        new_game("TP1-E-AAAAAAB").deck, Variant.TP_E, replace(EASY, peak_bonuses=(15, 15, 30))
    )
    for token in line:
        hogue.apply(token)
    assert hogue.score == 500 - len(line) + 15 + 15 + 30
