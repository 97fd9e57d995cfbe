"""A submission, a leaderboard page, the pushed board and a watch connect cost the same
number of SQL statements on a deal with a few results as on one with many (issue 13:
boards in bounded work; the figures are bench/board_scale.py's).

Each is counted on a small board, the board is made ten times larger, and the same
request is counted again: the counts must be equal, whatever the number of results.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from config.asgi import application
from tests.platform.helpers import bearer, make_player
from tests.records.conftest import finish, numbered
from tests.records.logs import greedy_log, padded, winning_log
from tests.records.test_submission_query_count import submit

pytestmark = pytest.mark.django_db

CODE = "TP1-E-AAAAAAB"
HEADERS = [(b"origin", b"http://localhost"), (b"host", b"localhost")]


class Board:
    """A deal whose board grows by ``grow(players)``: each new player a blocked game
    and a win (so every player has a best and a first try)."""

    def __init__(self) -> None:
        self.deal = numbered(CODE, par=40)
        self.players = 0

    def grow(self, players: int) -> None:
        users = get_user_model().objects.bulk_create(
            get_user_model()(username=f"g{self.players + n}") for n in range(players)
        )
        for n, user in enumerate(users):
            finish(user, self.deal, greedy_log(CODE))
            finish(user, self.deal, padded(winning_log(CODE), (self.players + n) % 7))
        self.players += players


def statements(call: Callable[[], Any]) -> int:
    with CaptureQueriesContext(connection) as queries:
        call()
    return len(queries)


@pytest.fixture
def board() -> Board:
    made = Board()
    made.grow(3)
    return made


def test_a_submission_costs_the_same_on_a_board_ten_times_larger(
    client: Client, board: Board
) -> None:
    costs = []
    for name in ("ann", "bob"):
        _, token = make_player(name)
        first = statements(lambda t=token: submit(client, t, greedy_log(CODE)))
        better = statements(lambda t=token: submit(client, t, padded(winning_log(CODE), 3)))
        costs.append((first, better))
        board.grow(30)
    assert costs[0] == costs[1]


def test_a_leaderboard_page_costs_the_same_on_a_board_ten_times_larger(
    client: Client, board: Board
) -> None:
    me, token = make_player("ann")
    finish(me, board.deal, padded(winning_log(CODE), 4))
    client.get(f"/api/deals/{CODE}/leaderboard", **bearer(token))  # stamps the token's use
    costs = []
    for _ in range(2):
        costs.append(
            [
                statements(lambda kind=kind: client.get(
                    f"/api/deals/{CODE}/leaderboard?board={kind}&limit=10", **bearer(token)
                ))
                for kind in ("best", "first")
            ]
        )
        board.grow(30)
    assert costs[0] == costs[1]


def test_the_pushed_board_costs_the_same_on_a_board_ten_times_larger(
    board: Board, django_capture_on_commit_callbacks: Any
) -> None:
    costs = []
    for name in ("ann", "bob"):
        user, _ = make_player(name)
        with django_capture_on_commit_callbacks() as pushes:
            finish(user, board.deal, padded(winning_log(CODE), 5))
        costs.append(statements(lambda p=pushes: [push() for push in p]))
        board.grow(30)
    assert costs[0] == costs[1]


async def _watch() -> dict[str, Any]:
    ws = WebsocketCommunicator(application, f"/ws/deals/{CODE}/", headers=HEADERS)
    connected, _ = await ws.connect()
    assert connected
    first = json.loads(await ws.receive_from())
    await ws.disconnect()
    return dict(first)


# Committed rows: the consumer's database calls close a connection left in a transaction.
@pytest.mark.django_db(transaction=True)
def test_a_watch_connect_costs_the_same_on_a_board_ten_times_larger(board: Board) -> None:
    costs = []
    for _ in range(2):
        with CaptureQueriesContext(connection) as queries:
            first = async_to_sync(_watch)()
        assert first["type"] == "board" and first["players"] == board.players
        costs.append(len(queries))
        board.grow(30)
    assert costs[0] == costs[1]
