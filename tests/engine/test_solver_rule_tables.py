"""The derived table the Pyramid solver reads agrees with what PyramidGame accepts."""

import pytest

from games.engine import IllegalActionError, Variant, card_str, make_card, new_game
from games.engine.rules import pyramid_partner_ranks

RANKS = range(1, 14)


def game_with_free(first: int, second: int):
    """A pyramid whose bottom row starts with ``first`` (clubs) and ``second``
    (diamonds), both free; the other cards anywhere."""
    a, b = make_card(first, 0), make_card(second, 1)
    rest = [c for c in range(52) if c not in (a, b)]
    return new_game((*rest[:21], a, b, *rest[21:]), Variant.PY), card_str(a), card_str(b)


@pytest.mark.parametrize("first", RANKS)
@pytest.mark.parametrize("second", RANKS)
def test_two_cards_pair_exactly_when_the_table_pairs_their_ranks(first, second):
    game, a, b = game_with_free(first, second)
    if pyramid_partner_ranks()[first] == second:
        game.apply(f"{a}+{b}")
        assert game.cards_left == 26
    else:
        with pytest.raises(IllegalActionError):
            game.apply(f"{a}+{b}")


@pytest.mark.parametrize("rank", RANKS)
def test_a_card_goes_alone_exactly_when_the_table_gives_it_no_partner(rank):
    game, a, _ = game_with_free(rank, 2 if rank == 1 else 1)
    if pyramid_partner_ranks()[rank] == 0:
        game.apply(a)
        assert game.cards_left == 27
    else:
        with pytest.raises(IllegalActionError):
            game.apply(a)
