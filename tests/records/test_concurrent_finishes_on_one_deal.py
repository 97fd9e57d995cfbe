"""50 players finish the same deal at the same moment, on real PostgreSQL: every result
is stored and exactly one of them is the deal's FIRST_WIN (the deal's row lock decides)."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import pytest
from django.db import connection

from leaderboards.models import DealBoardState, RecordChange, RecordEvent, Result
from tests.records.conftest import finish, numbered, player
from tests.records.logs import padded, winning_log

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

CODE = "TP1-E-AAAAAAB"
PLAYERS = 50


def test_fifty_simultaneous_wins_store_fifty_results_and_one_first_win() -> None:
    assert connection.vendor == "postgresql", "row locks are only real on PostgreSQL"
    deal = numbered(CODE)
    win = winning_log(CODE)
    users = [player(f"racer{i}") for i in range(PLAYERS)]
    start = threading.Barrier(PLAYERS)
    answers: list[dict[str, Any]] = []
    failures: list[BaseException] = []
    lock = threading.Lock()

    def race(index: int) -> None:
        try:
            start.wait()
            answer = finish(users[index], deal, padded(win, index % 7), seconds=30 + index)
            with lock:
                answers.append(answer)
        except BaseException as exc:
            with lock:
                failures.append(exc)
        finally:
            connection.close()  # each thread had its own connection

    threads = [threading.Thread(target=race, args=(i,)) for i in range(PLAYERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not failures, failures[:3]
    assert len(answers) == PLAYERS
    assert Result.objects.filter(deal=deal).count() == PLAYERS
    kinds = Counter(RecordEvent.objects.filter(deal=deal).values_list("kind", flat=True))
    assert kinds["FIRST_WIN"] == 1
    assert sum(k == "FIRST_WIN" for a in answers for k in (e["kind"] for e in a["events"])) == 1
    # The cached #1 is the true #1: fewest moves, then least time.
    state = DealBoardState.objects.get(deal=deal)
    best = Result.objects.filter(deal=deal).order_by("moves", "duration_ms", "created_at").first()
    assert state.record_id == best.pk
    assert state.results_count == PLAYERS
    # Every change of #1 is in the history, and each new holder beat the one before.
    changes = list(RecordChange.objects.filter(deal=deal).order_by("created_at", "id"))
    assert changes[-1].result_id == best.pk
    keys = [(c.result.moves, c.result.duration_ms) for c in changes]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
