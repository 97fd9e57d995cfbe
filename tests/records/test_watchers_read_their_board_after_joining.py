"""A watch socket joins its deal's group before it reads the board it opens with: a
result committed before the join is in that board, and one committed after it finds a
member in the group, so its board push is built and sent (core.pushes skips the build
for a group with no member). Broken, a result landing between the read and the join
would reach that watcher neither way."""

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
    members_at_read: list[int] = []
    real = consumers._deal_board

    def board(target: Any) -> dict[str, Any]:
        members_at_read.append(len(layer.groups.get(f"deal.{CODE}", {})))
        return real(target)

    monkeypatch.setattr(consumers, "_deal_board", board)
    ws = await connect(f"/ws/deals/{CODE}/")
    try:
        first = await ws.receive_json_from(timeout=5)
        assert first["type"] == "board"
        assert members_at_read == [1], "the board was read before the socket joined"
    finally:
        await ws.disconnect()
