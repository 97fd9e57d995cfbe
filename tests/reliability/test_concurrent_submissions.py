"""200 log submissions on one deal at once, on real PostgreSQL: nothing lost, one first win.

Each submission goes through the HTTP API (test client, Bearer token) from its own thread,
so each has its own database connection and its own transaction; the record decisions
contend for the deal's row lock exactly as concurrent requests of uvicorn's thread pool
would. PostgreSQL allows 100 connections here, so at most ``THREADS`` run at once (the
worker pool); all are released together by one event, so the first wave truly races.
"""

from __future__ import annotations

import itertools
import random
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.db import connections
from django.test import Client

from games.models import Deal
from leaderboards.models import DealBoardState, RecordChange, RecordEvent, Result
from leaderboards.ranking import rank_results, tie_key
from tests.platform.helpers import WINNING_CODE, bearer, make_player
from tests.records.logs import greedy_log, padded, text, winning_log

pytestmark = [pytest.mark.services, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SUBMISSIONS = 200
PLAYERS = 40
THREADS = 48


def submissions(tokens: list[str]) -> list[tuple[str, str]]:
    """(player's raw token, log) pairs: wins padded by 0..40 extra moves, and losses."""
    rng = random.Random(7)
    win, loss = winning_log(WINNING_CODE), greedy_log(WINNING_CODE)
    pairs = []
    for n in range(SUBMISSIONS):
        raw = tokens[n % PLAYERS]
        log = text(padded(win, rng.randrange(41))) if rng.random() < 0.7 else text(loss)
        pairs.append((raw, log))
    rng.shuffle(pairs)
    return pairs


def test_200_concurrent_submissions_store_each_result_once_with_one_first_win() -> None:
    players = [make_player(f"racer{n}") for n in range(PLAYERS)]
    user_of = {raw: user for user, raw in players}
    pairs = submissions([raw for _, raw in players])
    assert greedy_log(WINNING_CODE) != winning_log(WINNING_CODE)
    go = threading.Event()

    def submit(pair: tuple[str, str]) -> tuple[int, Any]:
        raw, log = pair
        go.wait(30)
        try:
            response = Client().post(
                f"/api/deals/{WINNING_CODE}/results",
                {"log": log},
                content_type="application/json",
                **bearer(raw),
            )
            return response.status_code, response.json()
        finally:
            connections.close_all()  # this thread's connection: PostgreSQL has 100 slots

    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        futures = [pool.submit(submit, pair) for pair in pairs]
        go.set()
        answers = [future.result(timeout=240) for future in futures]

    assert Counter(status for status, _ in answers) == {201: SUBMISSIONS}, [
        body for status, body in answers if status != 201
    ][:3]
    deal = Deal.objects.get(code=WINNING_CODE)
    results = list(Result.objects.filter(deal=deal).order_by("id"))

    # Every submission stored exactly once, with the log it was sent with.
    assert len(results) == SUBMISSIONS
    assert Counter((r.player_id, r.log) for r in results) == Counter(
        (user_of[raw].pk, log) for raw, log in pairs
    )
    # The engine's figures, never the client's.
    for result in results:
        assert result.won == (result.cards_left == 0)
        assert result.duration_ms is None and result.source == Result.Source.SUBMITTED

    # Exactly one FIRST_WIN, given to the first win stored (the lowest id).
    first_wins = list(RecordEvent.objects.filter(deal=deal, kind=RecordEvent.Kind.FIRST_WIN))
    assert len(first_wins) == 1
    assert first_wins[0].result_id == min(r.id for r in results if r.won)

    # One first try per player: their first stored result.
    for user, _ in players:
        mine = [r for r in results if r.player_id == user.pk]
        assert [r.first_try for r in mine] == [True] + [False] * (len(mine) - 1)

    # The deal's board state saw every result; its record is the best, earliest stored.
    state = DealBoardState.objects.get(deal=deal)
    assert state.results_count == SUBMISSIONS
    best = min(results, key=lambda r: (tie_key(r), r.id))
    assert state.record_id == best.id

    # The record history only ever improved.
    changes = list(RecordChange.objects.filter(deal=deal).order_by("id"))
    assert changes and changes[-1].result_id == best.id
    keys = [tie_key(c.result) for c in changes if c.result is not None]
    assert all(later < earlier for earlier, later in itertools.pairwise(keys))

    # Ranks: competition ranks over the stored order, equal ranks exactly on equal keys.
    ranked = rank_results(results)
    assert ranked[0].rank == 1 and tie_key(ranked[0].item) == tie_key(best)
    for before, after in itertools.pairwise(ranked):
        assert (before.rank == after.rank) == (tie_key(before.item) == tie_key(after.item))
        assert before.rank <= after.rank
    # Each answer's rank is a rank the board had: never better than the final best's 1.
    assert all(body.get("rank") is None or body["rank"] >= 1 for _, body in answers)
