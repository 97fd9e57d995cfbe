"""A watch socket joins its deal's group before it reads the board it opens with: a
result committed before the join is in that board, and one committed after it finds a
member in the group, so its board push is built and sent (core.pushes skips the build
for a group with no member). Broken, a result landing between the read and the join
would reach that watcher neither way. The order is read off the layer's own
``group_add`` (done) and the board's read, so it holds for every layer CI runs: the
in-memory one and both Redis ones."""

from __future__ import annotations

from typing import Any

import pytest
from channels.layers import get_channel_layer

from leaderboards import consumers
from tests.records.test_events_reach_sockets_once import connect

pytestmark = pytest.mark.django_db(transaction=True)

CODE = "TP1-E-AAAAAAB"


async def test_the_opening_board_is_read_once_the_group_has_the_socket(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    layer = get_channel_layer()
    steps: list[str] = []
    real_board = consumers._deal_board
    real_add = layer.group_add

    def board(target: Any) -> dict[str, Any]:
        steps.append("read")
        return real_board(target)

    async def group_add(group: str, channel: str) -> None:
        await real_add(group, channel)
        steps.append(f"joined {group}")

    monkeypatch.setattr(consumers, "_deal_board", board)
    monkeypatch.setattr(layer, "group_add", group_add)
    ws = await connect(f"/ws/deals/{CODE}/")
    try:
        first = await ws.receive_json_from(timeout=5)
        assert first["type"] == "board"
        assert f"joined deal.{CODE}" in steps
        assert steps.index(f"joined deal.{CODE}") < steps.index("read"), (
            f"the board was read before the socket joined: {steps}"
        )
    finally:
        await ws.disconnect()
