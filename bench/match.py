"""A live match's standings fanned out: 8 players acting every 200 ms, 100 spectators.

    .venv/bin/python bench/match.py [--players 8] [--spectators 100] [--seconds 10]
                                    [--interval 0.2] [--layer core|pubsub] [--uvicorn ...]

A uvicorn server (DEBUG off, PostgreSQL database ``arena_bench_match``, Redis database
8, the ``core`` channel layer unless ``--layer pubsub``) holds one TriPeaks match.
Every player and every spectator has a socket on ``/ws/matches/<id>/``; each player
plays its round game over ``POST /api/games/<id>/actions`` (its own keep-alive
connection), one action every ``--interval`` seconds (draw, undo, draw, ...: every one
a committed action), all players at once. After each action the server pushes one
standings frame to all
``players + spectators`` sockets.

Latency per frame and socket: from the frame's ``server_time`` (the snapshot's instant,
taken by the listener right after the action's commit, before its three queries) to the
moment the socket's coroutine has the frame. "Last socket" is the figure of the issue
(commit to the last standings frame); the baseline is the first socket to get each
frame (one delivery without the fan-out). Target: last-socket p99 <= 50 ms.
The sockets run in this one Python process, so the figures include its own time to
read every frame (a browser has one socket each).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
from collections import defaultdict
from datetime import datetime
from typing import Any

os.environ.setdefault("BENCH_DB", "arena_bench_match")
os.environ.setdefault("BENCH_REDIS_DB", "8")

import common
from websockets.asyncio.client import ClientConnection, connect


def make_players(count: int) -> list[str]:
    from django.contrib.auth import get_user_model

    from accounts.models import ApiToken

    tokens = []
    for n in range(count):
        user = get_user_model().objects.create(username=f"racer{n}")
        tokens.append(ApiToken.issue(user, "bench")[1])
    return tokens


async def call(conn: common.Connection, token: str, path: str, body: Any = None) -> Any:
    status, raw = await conn.request(
        "POST", path, json.dumps(body or {}).encode(), {"Authorization": f"Bearer {token}"}
    )
    if status not in (200, 201):
        raise SystemExit(f"{path}: {status} {raw[:300]!r}")
    return json.loads(raw)


async def start_match(port: int, tokens: list[str]) -> str:
    conns = [common.Connection(port) for _ in tokens]
    made = await call(conns[0], tokens[0], "/api/matches",
                      {"variant": "TP-E", "rounds": 1, "time_limit_s": 0})  # fmt: skip
    match_id: str = made["match"]["id"]
    for conn, token in zip(conns[1:], tokens[1:], strict=True):
        await call(conn, token, f"/api/matches/{match_id}/join")
    await call(conns[0], tokens[0], f"/api/matches/{match_id}/start")
    for conn in conns:
        await conn.close()
    return match_id


class Sockets:
    """Every socket's arrival time per frame (keyed by the frame's server_time)."""

    def __init__(self, port: int, match_id: str, count: int) -> None:
        self.uri = f"ws://127.0.0.1:{port}/ws/matches/{match_id}/"
        self.origin = f"http://127.0.0.1:{port}"
        self.count = count
        self.sockets: list[ClientConnection] = []
        self.arrivals: defaultdict[str, list[float]] = defaultdict(list)
        self.tasks: list[asyncio.Task[None]] = []

    async def open(self) -> None:
        gate = asyncio.Semaphore(20)

        async def one() -> None:
            async with gate:
                ws = await connect(self.uri, origin=self.origin, open_timeout=60,  # type: ignore[arg-type]
                                   max_queue=256)  # fmt: skip
                await ws.recv()  # the snapshot sent on connect
                self.sockets.append(ws)

        await asyncio.gather(*(one() for _ in range(self.count)))
        self.tasks = [asyncio.create_task(self.listen(ws)) for ws in self.sockets]

    async def listen(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                now = time.time()
                frame = json.loads(raw)
                if frame.get("type") == "standings":
                    self.arrivals[frame["server_time"]].append(now)
        except Exception:  # the server went away at the end
            return

    async def close(self) -> None:
        await common.close_sockets(self.tasks, self.sockets)


async def player(port: int, token: str, match_id: str, until: float, interval: float) -> int:
    conn = common.Connection(port)
    game = await call(conn, token, "/api/games", {"match": match_id})
    path = f"/api/games/{game['id']}/actions"
    sent = 0
    next_at = time.monotonic()
    while time.monotonic() < until:
        await call(conn, token, path, {"action": "D" if sent % 2 == 0 else "U"})
        sent += 1
        next_at += interval
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
    await conn.close()
    return sent


async def measure(port: int, tokens: list[str], spectators: int, seconds: float,
                  interval: float) -> dict[str, Any]:  # fmt: skip
    match_id = await start_match(port, tokens)
    sockets = Sockets(port, match_id, len(tokens) + spectators)
    await sockets.open()
    await asyncio.sleep(1)
    until = time.monotonic() + seconds
    sent = await asyncio.gather(*(player(port, t, match_id, until, interval) for t in tokens))
    await asyncio.sleep(1.5)
    await sockets.close()
    last, first, every = [], [], []
    complete = 0
    for stamp, got in sockets.arrivals.items():
        origin = datetime.fromisoformat(stamp).timestamp()
        every += [t - origin for t in got]
        first.append(min(got) - origin)
        if len(got) == sockets.count:
            complete += 1
            last.append(max(got) - origin)
    return {
        "actions": sum(sent),
        "frames": len(sockets.arrivals),
        "complete": complete,
        "last": common.summary_ms(last),
        "first": common.summary_ms(first),
        "every": common.summary_ms(every),
        "sockets": sockets.count,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--spectators", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--interval", type=float, default=0.2)
    parser.add_argument("--layer", choices=["core", "pubsub"], default="core")
    common.add_uvicorn_option(parser)
    args = parser.parse_args()
    common.raise_nofile((args.players + args.spectators) * 2 + 1024)
    print(f"machine: {common.machine()}; load average {os.getloadavg()[0]:.2f}")
    common.fresh_database()
    common.use_bench_database()
    tokens = make_players(args.players)
    env = common.server_env(
        DATABASE_POOL_SIZE="10", MATCH_COUNTDOWN_S="0", CHANNEL_LAYER=args.layer
    )
    print(f"layer {args.layer}; uvicorn {' '.join(args.uvicorn) or '(defaults)'}")
    with common.running(env, *args.uvicorn) as server:
        figures = asyncio.run(
            measure(server.port, tokens, args.spectators, args.seconds, args.interval)
        )
    last, first, every = figures["last"], figures["first"], figures["every"]
    print(f"{args.players} players acting every {args.interval * 1000:.0f} ms for "
          f"{args.seconds:.0f} s, {args.spectators} spectators ({figures['sockets']} sockets): "
          f"{figures['actions']} actions, {figures['frames']} standings frames, "
          f"{figures['complete']} reached every socket")  # fmt: skip
    print(f"commit -> last socket:  p50 {last['p50']:6.1f} ms  p99 {last['p99']:6.1f} ms  "
          f"max {last['max']:6.1f} ms  (n={last['n']})  target p99 <= 50 ms")  # fmt: skip
    print(f"commit -> every socket: p50 {every['p50']:6.1f} ms  p99 {every['p99']:6.1f} ms")
    print(f"baseline, commit -> first socket: p50 {first['p50']:6.1f} ms  "
          f"p99 {first['p99']:6.1f} ms; last p99 / first p50 = "
          f"{last['p99'] / max(first['p50'], 0.001):.1f}x")  # fmt: skip
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
