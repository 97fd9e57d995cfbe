"""On PostgreSQL: two players finishing a round at the same instant end it once, and
each finish gives one standings frame (the match's lock orders the round ends; the
listener runs after each game's commit, so the later one sees both finished)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connections

from games.models import Game
from matches.models import Match, Round
from tests.matches.helpers import Player, players, started_match
from tests.support.winning import find_win


async def _drain(layer: Any, channel: str) -> list[dict[str, Any]]:
    frames = []
    while True:
        try:
            message = await asyncio.wait_for(layer.receive(channel), timeout=1.5)
        except TimeoutError:
            return frames
        frames.append(message["payload"])


async def _subscribe(layer: Any, group: str) -> str:
    channel: str = await layer.new_channel()
    await layer.group_add(group, channel)
    return channel


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_players_finishing_at_once_end_the_round_once() -> None:
    seats = players(2)
    match_id = started_match(seats, rounds=2)["match"]["id"]
    games = [seat.open_round_game(match_id).json()["id"] for seat in seats]
    line = find_win(Game.objects.get(pk=games[0]).deal.code, max_nodes=30_000)
    assert line is not None
    for seat, game in zip(seats, games, strict=True):
        for token in line[:-1]:
            assert seat.act(game, token).status_code == 200
    layer = get_channel_layer()
    channel = async_to_sync(_subscribe)(layer, Match.objects.get(pk=match_id).group)
    barrier = threading.Barrier(2)
    answers: list[int] = []

    def finish(seat: Player, game: str) -> None:
        try:
            barrier.wait()
            answers.append(seat.act(game, line[-1]).status_code)
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=finish, args=pair) for pair in zip(seats, games, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [200, 200]
    frames = async_to_sync(_drain)(layer, channel)
    kinds = [frame["type"] for frame in frames]
    assert kinds.count("standings") == 2, kinds
    assert kinds.count("round_over") == 1, kinds
    assert Round.objects.get(match_id=match_id, number=1).ended_at is not None
    assert Round.objects.filter(match_id=match_id, number=2).count() <= 1
