"""core.fast_rows.together: the writes that read nothing back wait for the block's end
and then go as one statement on PostgreSQL (one by one on SQLite), storing what they
would have stored one at a time; a read in the block sees them first; a block that raises
sends nothing. A key drawn ahead (``next_key_sql``, through the board read) is the row's
key. Runs on SQLite here and on PostgreSQL in CI's second pass."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from core import fast_rows
from leaderboards import board_rows
from leaderboards.models import BoardRow, DealBoardState, Result
from leaderboards.review_model import ResultReview
from tests.records.conftest import numbered, player

pytestmark = pytest.mark.django_db

CODE = "TP1-E-AAAAAAB"
POSTGRESQL = connection.vendor == "postgresql"


def new_result(deal: Any, who: Any, cards: int = 3) -> Result:
    return Result(
        deal=deal, player=who, source=Result.Source.SUBMITTED, log="d", won=False,
        cards_left=cards, moves=40, score=100, created_at=timezone.now(),
    )  # fmt: skip


def a_stored_result(deal: Any, who: Any) -> Result:
    result = new_result(deal, who)
    result.save()
    return result


def write_all(deal: Any, who: Any, state: DealBoardState, key: int | None) -> Result:
    """The submission's four writes: a result, its review, its best row, the state."""
    result = new_result(deal, who)
    result.pk = key
    fast_rows.insert(result)
    fast_rows.insert(ResultReview(result=result), read_key=False)
    row = BoardRow(deal=deal, board="best", player=who, result=result, cards_left=3,
                   moves=40, slowness=5, created_at=result.created_at)  # fmt: skip
    fast_rows.upsert([row], ("deal", "board", "player"), ("result", "cards_left"))
    state.record, state.results_count = result, state.results_count + 1
    fast_rows.update(state, ("record", "results_count"))
    return result


def drawn_key(deal: Any, who: Any) -> int | None:
    return board_rows.read_before(deal.pk, who.pk, None, draw_key=True).new_key


def test_the_writes_of_a_block_are_one_statement_on_postgresql_and_store_the_same() -> None:
    deal, ann, bob = numbered(CODE), player("ann"), player("bob")
    state = DealBoardState.objects.create(deal=deal)
    alone = write_all(deal, ann, state, drawn_key(deal, ann))
    key = drawn_key(deal, bob)
    with CaptureQueriesContext(connection) as statements, fast_rows.together():
        together = write_all(deal, bob, state, key)
        assert len(statements) == (0 if POSTGRESQL else 1)  # SQLite: the insert reads its key
    assert len(statements) == (1 if POSTGRESQL else 4)
    assert together.pk is not None and not together._state.adding
    if POSTGRESQL:
        assert together.pk == key and alone.pk != key
    for result, who in ((alone, ann), (together, bob)):
        stored = Result.objects.get(pk=result.pk)
        assert (stored.player_id, stored.cards_left, stored.log) == (who.pk, 3, "d")
        assert ResultReview.objects.filter(result=result).count() == 1
        assert BoardRow.objects.get(player=who, board="best").result_id == result.pk
    again = DealBoardState.objects.get(pk=deal.pk)
    assert (again.record_id, again.results_count) == (together.pk, 2)


def test_a_read_in_a_block_sees_the_writes_waiting_before_it() -> None:
    deal, ann = numbered(CODE), player("ann")
    state = DealBoardState.objects.create(deal=deal)
    with fast_rows.together():
        state.results_count = 5
        fast_rows.update(state, ("results_count",))
        read = fast_rows.get(DealBoardState, deal.pk)
        assert read is not None and read.results_count == 5
        result = new_result(deal, ann)
        fast_rows.insert(result)  # reads its key back (none drawn): runs now
        assert result.pk is not None and Result.objects.filter(pk=result.pk).exists()


def test_a_block_that_raises_sends_nothing() -> None:
    deal, ann = numbered(CODE), player("ann")
    key = drawn_key(deal, ann)
    # No transaction of its own to roll back: what was sent would stay.
    with pytest.raises(RuntimeError), fast_rows.together():
        result = new_result(deal, ann)
        result.pk = key
        fast_rows.insert(result, read_key=False)
        fast_rows.insert(ResultReview(result_id=key or 1), read_key=False)
        raise RuntimeError("stop")
    assert not Result.objects.exists() and not ResultReview.objects.exists()
    # And the block is closed: a write after it goes at once.
    state = DealBoardState.objects.create(deal=deal)
    state.results_count = 2
    fast_rows.update(state, ("results_count",))
    assert DealBoardState.objects.get(pk=deal.pk).results_count == 2


def test_a_block_inside_another_belongs_to_the_outer_one(
    django_assert_num_queries: Any,
) -> None:
    deal, ann = numbered(CODE), player("ann")
    state = DealBoardState.objects.create(deal=deal)
    result = a_stored_result(deal, ann)
    with django_assert_num_queries(1 if POSTGRESQL else 2), fast_rows.together():
        with fast_rows.together():
            state.results_count = 1
            fast_rows.update(state, ("results_count",))
        result.score = 7
        fast_rows.update(result, ("score",))
    assert DealBoardState.objects.get(pk=deal.pk).results_count == 1
    assert Result.objects.get(pk=result.pk).score == 7


def test_two_writes_to_one_row_go_one_after_the_other(django_assert_num_queries: Any) -> None:
    """PostgreSQL leaves undefined which of two changes to one row in one statement wins:
    the second write to a table sends the first before it waits."""
    deal = numbered(CODE)
    state = DealBoardState.objects.create(deal=deal)
    with django_assert_num_queries(2), fast_rows.together():
        state.results_count = 1
        fast_rows.update(state, ("results_count",))
        state.best_players = 1
        fast_rows.update(state, ("best_players",))
    again = DealBoardState.objects.get(pk=deal.pk)
    assert (again.results_count, again.best_players) == (1, 1)


@pytest.mark.skipif(not POSTGRESQL, reason="keys are drawn ahead on PostgreSQL only")
def test_a_drawn_key_is_not_handed_out_again() -> None:
    deal, ann = numbered(CODE), player("ann")
    key = drawn_key(deal, ann)
    assert key is not None
    later = Result.objects.create(
        deal=deal, player=ann, source="submitted", log="e", won=False, cards_left=1,
        moves=3, score=1,
    )  # fmt: skip
    assert later.pk != key
    result = new_result(deal, ann)
    result.pk = key
    fast_rows.insert(result)
    assert Result.objects.get(pk=key).log == "d"


def test_no_key_is_drawn_where_the_insert_reads_it_back() -> None:
    deal, ann = numbered(CODE), player("ann")
    assert (drawn_key(deal, ann) is None) == (not POSTGRESQL)
    assert board_rows.read_before(deal.pk, ann.pk, None).new_key is None
