"""The boards read from their table (leaderboards.board_rows / boards) rank exactly as
``leaderboards.ranking`` ranks the deal's results on the boards, over random histories:
live and submitted results (timed and untimed), ties on cards, moves and time, abandoned
games, results held for review then cleared, disqualifications of any result.

Each example plays its history through the services, then compares every board the API
serves (top, each player's ``me`` and ``around``, ``players``) and every answer's
``rank`` / ``first_try_rank`` with the Python ranking of the same results.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leaderboards.models import DealBoardState, RecordEvent, Result
from leaderboards.ranking import around, best_per_player, rank_results
from leaderboards.services import do_disqualify_result
from leaderboards.services.held import do_clear_held_result
from leaderboards.services.submissions import do_submit_log
from tests.platform.helpers import bearer, make_player
from tests.records.conftest import finish, numbered
from tests.records.logs import greedy_log, padded, text, winning_log

pytestmark = pytest.mark.django_db

CODE = "TP1-E-AAAAAAB"
PLAYERS = 4
#: Ten actions 10 ms apart: held for bot-speed review (leaderboards.speed).
BOT_TIMINGS = list(range(10, 130, 10))

finish_op = st.tuples(
    st.just("finish"),
    st.integers(0, PLAYERS - 1),  # player
    st.booleans(),  # won (else the greedy, blocked game)
    st.integers(0, 1),  # extra moves (few: ties on cards and moves are the point)
    st.sampled_from([30.0, 60.0, None, None]),  # seconds; None: a submitted log (untimed)
    st.sampled_from(["plain", "plain", "plain", "abandoned", "held"]),
)
later_op = st.tuples(st.sampled_from(["disqualify", "clear"]), st.integers(0, 30))
histories = st.lists(st.one_of(finish_op, finish_op, later_op), min_size=1, max_size=14)


def expected_boards(deal: Any) -> dict[str, list[Any]]:
    on = [r for r in Result.objects.filter(deal=deal) if r.on_boards]
    return {
        "best": rank_results(best_per_player(on, lambda r: r.player_id)),
        "first": rank_results(r for r in on if r.first_try),
    }


def expected_ranks(deal: Any, player_id: int) -> tuple[int | None, int | None]:
    boards = expected_boards(deal)
    mine = [
        next((e.rank for e in boards[kind] if e.item.player_id == player_id), None)
        for kind in ("best", "first")
    ]
    return mine[0], mine[1]


def rows(entries: list[dict[str, Any]]) -> list[tuple[int, int]]:
    return [(e["rank"], e["result_id"]) for e in entries]


def play(deal: Any, who: Any, op: tuple[Any, ...]) -> dict[str, Any]:
    _, _, won, extra, seconds, kind = op
    log = padded(winning_log(CODE) if won else greedy_log(CODE), extra)
    if seconds is None and kind == "plain":
        return do_submit_log(deal, who, text(log))
    return finish(
        who,
        deal,
        log,
        seconds=seconds or 45.0,
        status="abandoned" if kind == "abandoned" else None,
        timings=BOT_TIMINGS if kind == "held" else None,
    )


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(history=histories)
def test_the_table_boards_equal_the_python_ranking(
    client: Client, people: list[tuple[Any, str]], history: list[tuple[Any, ...]]
) -> None:
    # The examples share the test's transaction: each starts from an empty deal.
    Result.objects.all().delete()
    RecordEvent.objects.all().delete()
    DealBoardState.objects.all().delete()
    deal = numbered(CODE)
    for op in history:
        if op[0] == "finish":
            who = people[op[1]][0]
            answer = play(deal, who, op)
            assert (answer["rank"], answer["first_try_rank"]) == expected_ranks(deal, who.pk)
            continue
        stored = list(Result.objects.filter(deal=deal).order_by("pk"))
        if op[0] == "disqualify" and stored:
            do_disqualify_result(stored[op[1] % len(stored)].pk, "test")
        held = [r for r in stored if r.held and not r.disqualified]
        if op[0] == "clear" and held:
            do_clear_held_result(held[op[1] % len(held)].pk)

    expected = expected_boards(deal)
    for kind, ranked in expected.items():
        url = f"/api/deals/{CODE}/leaderboard?board={kind}&limit=100"
        for user, token in people:
            view = client.get(url, **bearer(token)).json()
            assert rows(view["entries"]) == [(e.rank, e.item.pk) for e in ranked]
            assert view["players"] == len(ranked)
            index = next((i for i, e in enumerate(ranked) if e.item.player_id == user.pk), None)
            if index is None:
                assert view["me"] is None and view["around"] == []
                continue
            assert (view["me"]["rank"], view["me"]["result_id"]) == (
                ranked[index].rank,
                ranked[index].item.pk,
            )
            assert rows(view["around"]) == [(e.rank, e.item.pk) for e in around(ranked, index)]


@pytest.fixture
def people(settings: Any) -> list[tuple[Any, str]]:
    """The players (made once: hashing their passwords is slow), with bot-speed review
    on so that the ``held`` results of a history are held."""
    settings.SPEED_REVIEW_ENABLED = True
    return [make_player(f"p{i}") for i in range(PLAYERS)]
