"""Two server processes behind the same Redis (what docker-compose's two web replicas
are): a watcher of a deal connected to one gets the record of a result submitted to the
other, and the board that follows it. Each process receives the deal's group once and
writes to its own sockets (leaderboards.watchers)."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from tests.platform.helpers import make_player
from tests.records.conftest import numbered
from tests.records.logs import text, winning_log
from tests.reliability.servers import server_on_test_database

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

CODE = "TP1-E-AAAAAAB"


def submit(port: int, token: str, log: list[str]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/deals/{CODE}/results",
        data=json.dumps({"log": text(log)}).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 201
        return dict(json.loads(response.read()))


async def watch_then_submit(watch_port: int, submit_port: int, token: str) -> list[Any]:
    uri = f"ws://127.0.0.1:{watch_port}/ws/deals/{CODE}/"
    async with connect(uri, origin=f"http://127.0.0.1:{watch_port}") as ws:  # type: ignore[arg-type]
        assert json.loads(await ws.recv())["type"] == "board"  # joined: the first board
        answer = await asyncio.to_thread(submit, submit_port, token, winning_log(CODE))
        frames = [json.loads(await asyncio.wait_for(ws.recv(), 10)) for _ in range(2)]
    return [answer, *frames]


def test_a_watcher_on_one_server_gets_a_record_submitted_to_the_other(tmp_path: Path) -> None:
    numbered(CODE)
    _, token = make_player("ann")
    with (
        server_on_test_database(tmp_path / "first.log") as first,
        server_on_test_database(tmp_path / "second.log") as second,
    ):
        answer, record, board = asyncio.run(watch_then_submit(first, second, token))
    assert [e["kind"] for e in answer["events"]] == ["FIRST_WIN"]
    assert record["type"] == "record" and record["event"]["id"] == answer["events"][0]["id"]
    assert board["type"] == "board" and board["entries"][0]["player"] == "ann"
