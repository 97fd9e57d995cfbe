"""``/ws/matches/<id>/`` with the real ASGI application: every player and a spectator
get the countdown at once and one standings frame after every action of any player,
with each player's figures and never a card; a player who drops comes back to the same
game."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.models import Game
from tests.matches.helpers import Player, assert_no_card, players
from tests.support.winning import find_win

pytestmark = pytest.mark.django_db(transaction=True)


def watcher(match_id: str) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    return WebsocketCommunicator(application, f"/ws/matches/{match_id}/", headers=headers)


async def connect(match_id: str) -> tuple[WebsocketCommunicator, dict[str, Any]]:
    ws = watcher(match_id)
    ok, _ = await ws.connect()
    assert ok
    first = await ws.receive_json_from(timeout=5)
    assert_no_card(first)
    return ws, first


async def frames_until(ws: WebsocketCommunicator, kind: str, seen: list[Any]) -> dict[str, Any]:
    while True:
        frame = await ws.receive_json_from(timeout=5)
        assert_no_card(frame)
        seen.append(frame)
        if frame["type"] == kind:
            return frame


def _lobby(count: int) -> tuple[list[Player], str]:
    seats = players(count)
    made = seats[0].post("/api/matches", {"variant": "TP-E", "rounds": 1, "time_limit_s": 0})
    match_id = made.json()["match"]["id"]
    for seat in seats[1:]:
        assert seat.post(f"/api/matches/{match_id}/join").status_code == 200
    return seats, match_id


def _ready_all(seats: list[Player], match_id: str) -> None:
    for seat in seats:
        assert seat.post(f"/api/matches/{match_id}/ready").status_code == 200


def _open(seat: Player, match_id: str) -> dict[str, Any]:
    answer = seat.open_round_game(match_id)
    assert answer.status_code in (200, 201), answer.content
    payload: dict[str, Any] = answer.json()
    return payload


def _line_of(game_id: str) -> list[str]:
    line = find_win(Game.objects.get(pk=game_id).deal.code, max_nodes=30_000)
    assert line is not None
    return line


def _act(seat: Player, game_id: str, token: str) -> dict[str, Any]:
    answer = seat.act(game_id, token)
    assert answer.status_code == 200, answer.content
    payload: dict[str, Any] = answer.json()
    return payload


@pytest.mark.parametrize("count", [2, 8])
async def test_everyone_gets_the_standings_after_every_action_and_never_a_card(
    count: int,
) -> None:
    seats, match_id = await sync_to_async(_lobby)(count)
    sockets = [await connect(match_id) for _ in range(count + 1)]  # players + a spectator
    assert all(first["match"]["status"] == "lobby" for _, first in sockets)
    assert all(len(first["players"]) == count for _, first in sockets)
    seen: list[Any] = []

    await sync_to_async(_ready_all)(seats, match_id)
    rounds = [await frames_until(ws, "round", seen) for ws, _ in sockets]
    assert len({frame["round"]["starts_at"] for frame in rounds}) == 1, "one instant for all"
    for ws, _ in sockets:
        assert await ws.receive_nothing(timeout=0.2)

    games = [await sync_to_async(_open)(seat, match_id) for seat in seats]
    line = await sync_to_async(_line_of)(games[0]["id"])
    for step in range(3):
        for index, (seat, game) in enumerate(zip(seats, games, strict=True)):
            played = await sync_to_async(_act)(seat, game["id"], line[step])
            for ws, _ in sockets:
                frame = await ws.receive_json_from(timeout=5)
                assert_no_card(frame)
                seen.append(frame)
                assert frame["type"] == "standings"
                row = next(p for p in frame["players"] if p["name"] == seat.name)
                assert row["current"]["moves"] == played["moves"] == step + 1
                assert row["current"]["score"] == played["score"]
                assert row["current"]["cards_left"] == played["cards_left"]
                assert row["current"]["finished"] is False
                assert isinstance(row["current"]["elapsed_ms"], int)
                others = [p for p in frame["players"] if p["name"] != seat.name]
                assert all(
                    p["current"]["moves"] == step + (1 if i < index else 0)
                    for i, p in sorted(
                        ((int(p["name"][6:]), p) for p in others), key=lambda t: t[0]
                    )
                )
            for ws, _ in sockets:
                assert await ws.receive_nothing(timeout=0.05), "one frame per action"
    assert len(seen) >= (count + 1) * 3 * count
    for ws, _ in sockets:
        await ws.disconnect()


async def test_a_player_who_drops_comes_back_to_the_same_game() -> None:
    seats, match_id = await sync_to_async(_lobby)(2)
    await sync_to_async(_ready_all)(seats, match_id)
    alice = seats[0]
    game = await sync_to_async(_open)(alice, match_id)
    line = await sync_to_async(_line_of)(game["id"])
    ws, _ = await connect(match_id)
    await sync_to_async(_act)(alice, game["id"], line[0])
    await ws.receive_json_from(timeout=5)
    await ws.disconnect()  # the connection drops

    again, first = await connect(match_id)
    me = next(p for p in first["players"] if p["name"] == alice.name)
    assert me["current"]["moves"] == 1
    resumed = await sync_to_async(alice.open_round_game)(match_id)
    assert resumed.status_code == 200
    assert resumed.json()["id"] == game["id"] and resumed.json()["moves"] == 1
    await sync_to_async(_act)(alice, game["id"], line[1])
    frame = await again.receive_json_from(timeout=5)
    assert next(p for p in frame["players"] if p["name"] == alice.name)["current"]["moves"] == 2
    await again.disconnect()


async def test_a_finished_round_reaches_everyone_with_its_summary_then_the_podium() -> None:
    seats, match_id = await sync_to_async(_lobby)(2)
    await sync_to_async(_ready_all)(seats, match_id)
    ws, _ = await connect(match_id)
    seen: list[Any] = []
    for seat in seats:
        game = await sync_to_async(_open)(seat, match_id)
        await sync_to_async(_act)(seat, game["id"], "D")
        await sync_to_async(_act)(seat, game["id"], "abandon")
    final = await frames_until(ws, "match_over", seen)
    # Actions that commit while a frame is being built share the next one (PostgreSQL).
    assert 1 <= len(seen) - 1 <= 4 and {f["type"] for f in seen[:-1]} == {"standings"}
    assert final["match"]["status"] == "finished"
    first, second = final["podium"]
    # Both drew once and gave up: 499 each and 28 cards left; the time decides.
    assert (first["total"], first["cards_left"]) == (second["total"], second["cards_left"])
    assert first["total"] == 499 and first["cards_left"] == 28
    assert (first["rank"], second["rank"]) == (1, 2) and first["time_ms"] < second["time_ms"]
    assert final["rounds"][0]["deal"].startswith("TP1-E-")  # revealed at the end
    assert await ws.receive_nothing(timeout=0.1)
    await ws.disconnect()


async def test_an_unknown_match_is_closed_with_4404_and_the_socket_reads_nothing() -> None:
    ws = watcher("00000000-0000-0000-0000-000000000000")
    ok, _ = await ws.connect()
    assert ok
    assert (await ws.receive_json_from())["reason"] == "not_found"
    assert (await ws.receive_output())["code"] == 4404
    _, match_id = await sync_to_async(_lobby)(2)
    live, _ = await connect(match_id)
    await live.send_json_to({"ready": True})
    assert (await live.receive_json_from())["reason"] == "read_only"
    await live.disconnect()
