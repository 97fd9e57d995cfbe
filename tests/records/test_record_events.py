"""Which news a result makes (seed 004): decided once, under the deal's lock, and
recorded with the result; the records history follows every change of #1."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from leaderboards.models import RecordChange, RecordEvent
from tests.records.conftest import finish, numbered, player
from tests.records.logs import greedy_log, padded, winning_log

pytestmark = pytest.mark.django_db

CODE = "TP1-E-AAAAAAB"  # greedy play blocks with 2 cards left; the DFS wins it


def kinds(answer: dict[str, Any]) -> list[str]:
    return [e["kind"] for e in answer["events"]]


def test_the_first_result_on_an_unwon_deal_is_the_best_result() -> None:
    deal = numbered(CODE)
    answer = finish(player("ann"), deal, greedy_log(CODE))
    assert kinds(answer) == ["BEST_RESULT"]
    assert answer["events"][0]["previous_holder"] is None
    assert answer["rank"] == 1


def test_beating_the_best_unwon_result_names_its_holder() -> None:
    deal = numbered(CODE)
    blocked = greedy_log(CODE)
    finish(player("ann"), deal, blocked, seconds=90)
    assert kinds(finish(player("bob"), deal, blocked, seconds=120)) == []  # slower: no news
    answer = finish(player("cid"), deal, blocked, seconds=30)
    assert kinds(answer) == ["BEST_RESULT"]
    assert answer["events"][0]["previous_holder"] == "ann"


def test_the_first_win_is_announced_once_and_later_records_are_new_records() -> None:
    deal = numbered(CODE)
    win = winning_log(CODE)
    finish(player("ann"), deal, greedy_log(CODE))
    first = finish(player("bob"), deal, padded(win, 5))
    assert kinds(first) == ["FIRST_WIN"]
    assert first["events"][0]["previous_holder"] == "ann"
    second = finish(player("cid"), deal, padded(win, 2))
    assert kinds(second) == ["NEW_RECORD"]
    assert second["events"][0]["previous_holder"] == "bob"
    assert kinds(finish(player("dan"), deal, padded(win, 2))) == []  # a tie is not a record
    assert Counter(RecordEvent.objects.values_list("kind", flat=True)) == {
        "BEST_RESULT": 1,
        "FIRST_WIN": 1,
        "NEW_RECORD": 1,
    }


def test_a_holder_beating_their_own_record_makes_a_new_record() -> None:
    deal = numbered(CODE)
    ann = player("ann")
    win = winning_log(CODE)
    finish(ann, deal, padded(win, 3))
    again = finish(ann, deal, padded(win, 1))
    assert kinds(again) == ["NEW_RECORD"]
    assert again["events"][0]["previous_holder"] == "ann"


def test_improving_ones_own_best_below_the_record_is_a_personal_best() -> None:
    deal = numbered(CODE)
    win = winning_log(CODE)
    finish(player("ann"), deal, win)
    bob = player("bob")
    assert kinds(finish(bob, deal, padded(win, 9))) == []  # a first result is not news
    assert kinds(finish(bob, deal, padded(win, 4))) == ["PERSONAL_BEST"]
    assert kinds(finish(bob, deal, padded(win, 6))) == []  # worse than their best


def test_the_record_history_lists_every_change_of_number_one(client: Any) -> None:
    deal = numbered(CODE)
    win = winning_log(CODE)
    ann, bob = player("ann"), player("bob")
    finish(ann, deal, greedy_log(CODE))
    finish(bob, deal, padded(win, 4))
    finish(bob, deal, padded(win, 2))
    finish(ann, deal, win)
    history = client.get(f"/api/deals/{CODE}/records").json()["changes"]
    assert [(c["reason"], c["holder"], c["previous_holder"]) for c in history] == [
        ("beaten", "ann", "bob"),
        ("improved", "bob", "bob"),
        ("beaten", "bob", "ann"),
        ("first", "ann", None),
    ]
    assert RecordChange.objects.count() == 4


def test_the_events_are_in_the_feed_history_but_personal_bests_are_not(client: Any) -> None:
    deal = numbered(CODE)
    win = winning_log(CODE)
    finish(player("ann"), deal, win)
    bob = player("bob")
    finish(bob, deal, padded(win, 9))
    finish(bob, deal, padded(win, 4))  # PERSONAL_BEST
    feed = client.get("/api/events?limit=10").json()
    assert [e["kind"] for e in feed] == ["FIRST_WIN"]
    assert feed[0]["deal"]["code"] == CODE and feed[0]["player"] == "ann"


def test_a_game_recorded_again_gets_its_answer_and_makes_no_second_result_or_news() -> None:
    """A finish handed over twice (a retried request, a second worker) is stored once:
    the second call answers with the stored result and writes nothing."""
    from games.models import Game
    from leaderboards.models import BoardRow, DealBoardState, Result
    from leaderboards.services.submissions import record_game_result

    deal = numbered(CODE)
    first = finish(player("ann"), deal, padded(winning_log(CODE), 3))
    assert kinds(first) == ["FIRST_WIN"]
    game = Game.objects.get()
    again = record_game_result(game)
    assert again["result_id"] == first["result_id"] and again["events"] == []
    assert Result.objects.count() == 1 and RecordEvent.objects.count() == 1
    assert RecordChange.objects.count() == 1 and BoardRow.objects.count() == 2
    assert DealBoardState.objects.get(deal=deal).results_count == 1
