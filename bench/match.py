"""A live match's standings fanned out: 8 players acting every 200 ms, 100 spectators,
on this tree's code and, in the same run, on an older commit's (the baseline).

    .venv/bin/python bench/match.py [--players 8] [--spectators 100] [--seconds 10]
                                    [--interval 0.2] [--layer core|pubsub]
                                    [--old COMMIT | --old ''] [--watch-procs 2]
                                    [--uvicorn ...]

For each code (``old``: ``git archive`` of ``--old`` unpacked in a temporary directory,
served with the same virtualenv; ``new``: this tree), a uvicorn server (DEBUG off,
per-message deflate off as config/serve.py serves, a fresh PostgreSQL database
``<BENCH_DB>_old`` / ``_new``, the Redis database ``BENCH_REDIS_DB``, the ``core``
channel layer unless ``--layer pubsub``) holds one TriPeaks match. Every player and
every spectator has a socket on ``/ws/matches/<id>/``; each player plays its round game
over ``POST /api/games/<id>/actions`` (its own keep-alive connection), one action every
``--interval`` seconds (draw, undo, draw, ...: every one a committed action), all
players at once. After each action the server pushes one standings frame to all
``players + spectators`` sockets.

Latency per frame and socket: from the commit of the oldest action the frame is the
first to show (``changed_at``: the new code coalesces the actions that commit while a
frame is being built into the next frame, matches/events.py; the old code built one
frame per action, stamped ``server_time`` right after its commit) to the moment the
socket's reader has the frame. "Last socket" is the figure of the issue (commit to the
last standings frame); "first socket" is one delivery without the fan-out. Target:
last-socket p99 <= 50 ms. The sockets are read by ``--watch-procs`` client processes of
their own (the players' HTTP clients run in this one), which take each frame's stamp
out of its text without decoding the JSON: the readers must not be what is measured.
Frames are counted per stamp; "reached every socket" says how many frames all sockets
got before the end (frames still queued when the players stop count as lost). "Server
CPU per action": the server process's CPU time (all threads, /proc) from the first
action to 1.5 s after the last, over the actions: less noisy than the latencies on a
shared machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import subprocess
import tempfile
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

os.environ.setdefault("BENCH_DB", "arena_bench_match")
os.environ.setdefault("BENCH_REDIS_DB", "8")

import common
from websockets.asyncio.client import ClientConnection, connect

#: The commit the figures of docs/performance.md compare against (main before the
#: standings cache, 2026-12-01).
OLD_COMMIT = "bf66ca5"
#: A frame's stamps: the oldest change it shows (``changed_at``, frames of coalesced
#: actions), else the instant it was built (``server_time``: the old code built one
#: frame per action, right after its commit).
STAMPS = ('"changed_at": "', '"server_time": "')

MAKE_PLAYERS = """
import sys
from django.contrib.auth import get_user_model
from accounts.models import ApiToken
for n in range({count}):
    user = get_user_model().objects.create(username=f"racer{{n}}")
    print("token", ApiToken.issue(user, "bench")[1])
"""


def make_players(root: Path, env: dict[str, str], count: int) -> list[str]:
    """``count`` accounts and their API tokens, made by ``root``'s own code with the
    server's settings (a token is hashed with its SECRET_KEY)."""
    out = subprocess.run(
        [common.PYTHON, "manage.py", "shell", "-c", MAKE_PLAYERS.format(count=count)],
        cwd=root, env=env, check=True, timeout=300, capture_output=True, text=True,
    )  # fmt: skip
    return [line.split()[1] for line in out.stdout.splitlines() if line.startswith("token ")]


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


def stamp_of(raw: str | bytes) -> str | None:
    """The instant a standings frame's latency counts from, read from its text (no
    JSON decoding)."""
    text = raw if isinstance(raw, str) else raw.decode()
    if '"type": "standings"' not in text[:40]:
        return None
    for stamp in STAMPS:
        at = text.find(stamp)
        if at >= 0:
            at += len(stamp)
            return text[at : text.index('"', at)]
    return None


class Sockets:
    """A share of the sockets, in a client process: each frame's arrival, per stamp."""

    def __init__(self, uri: str, origin: str, count: int) -> None:
        self.uri = uri
        self.origin = origin
        self.count = count
        self.sockets: list[ClientConnection] = []
        self.arrivals: defaultdict[str, list[float]] = defaultdict(list)
        self.tasks: list[asyncio.Task[None]] = []

    async def open(self) -> None:
        gate = asyncio.Semaphore(20)

        async def one() -> None:
            async with gate:
                ws = await connect(self.uri, origin=self.origin, open_timeout=60,  # type: ignore[arg-type]
                                   max_queue=256, compression=None)  # fmt: skip
                await ws.recv()  # the snapshot sent on connect
                self.sockets.append(ws)

        await asyncio.gather(*(one() for _ in range(self.count)))
        self.tasks = [asyncio.create_task(self.listen(ws)) for ws in self.sockets]

    async def listen(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                now = time.time()
                stamp = stamp_of(raw)
                if stamp is not None:
                    self.arrivals[stamp].append(now)
        except Exception:  # the server went away at the end
            return

    async def close(self) -> None:
        await common.close_sockets(self.tasks, self.sockets)


def watch_process(uri: str, origin: str, count: int, pipe: Any) -> None:
    """``count`` sockets in a process of their own: "ready" once open, the arrivals
    once told to stop."""
    common.raise_nofile(count * 2 + 1024)
    asyncio.run(_watch(uri, origin, count, pipe))


async def _watch(uri: str, origin: str, count: int, pipe: Any) -> None:
    sockets = Sockets(uri, origin, count)
    await sockets.open()
    pipe.send("ready")
    stop = asyncio.Event()
    asyncio.get_running_loop().add_reader(pipe.fileno(), stop.set)
    await stop.wait()
    pipe.recv()
    await sockets.close()
    pipe.send(dict(sockets.arrivals))


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


async def measure(
    port: int, pid: int, tokens: list[str], args: argparse.Namespace
) -> dict[str, Any]:
    match_id = await start_match(port, tokens)
    count = len(tokens) + args.spectators
    procs = max(1, args.watch_procs)
    shares = [count // procs + (n < count % procs) for n in range(procs)]
    context = multiprocessing.get_context("spawn")
    uri = f"ws://127.0.0.1:{port}/ws/matches/{match_id}/"
    pipes, children = [], []
    for share in shares:
        mine, theirs = context.Pipe()
        child = context.Process(
            target=watch_process, args=(uri, f"http://127.0.0.1:{port}", share, theirs)
        )
        child.start()
        pipes.append(mine)
        children.append(child)
    for pipe in pipes:
        await asyncio.to_thread(pipe.recv)
    await asyncio.sleep(1)
    load = os.getloadavg()[0]
    cpu = common.cpu_seconds(pid)
    until = time.monotonic() + args.seconds
    sent = await asyncio.gather(*(player(port, t, match_id, until, args.interval) for t in tokens))
    await asyncio.sleep(1.5)
    cpu = common.cpu_seconds(pid) - cpu
    arrivals: defaultdict[str, list[float]] = defaultdict(list)
    for pipe in pipes:
        pipe.send("stop")
    for pipe, child in zip(pipes, children, strict=True):
        for stamp, times in (await asyncio.to_thread(pipe.recv)).items():
            arrivals[stamp] += times
        child.join(10)
    last, first, every = [], [], []
    complete = 0
    for stamp, got in arrivals.items():
        origin = datetime.fromisoformat(stamp).timestamp()
        every += [t - origin for t in got]
        first.append(min(got) - origin)
        if len(got) == count:
            complete += 1
            last.append(max(got) - origin)
    return {
        "actions": sum(sent),
        "frames": len(arrivals),
        "complete": complete,
        "last": common.summary_ms(last),
        "first": common.summary_ms(first),
        "every": common.summary_ms(every),
        "sockets": count,
        "load": load,
        "cpu_per_action_ms": cpu * 1000 / max(1, sum(sent)),
    }


def run(name: str, label: str, root: Path, args: argparse.Namespace) -> dict[str, Any]:
    """One code's figures: a fresh database, its players, its server, the match."""
    database = f"{common.BENCH_DB}_{name}"
    common.fresh_database(database, root)
    env = common.server_env(
        DATABASE_URL=f"{common.PG}/{database}",
        DATABASE_POOL_SIZE="10",
        MATCH_COUNTDOWN_S="0",
        CHANNEL_LAYER=args.layer,
    )
    tokens = make_players(root, env, args.players)
    with common.running(env, *args.uvicorn, root=root) as server:
        assert server.process is not None
        figures = asyncio.run(measure(server.port, server.process.pid, tokens, args))
    report(label, args, figures)
    return figures


def report(name: str, args: argparse.Namespace, figures: dict[str, Any]) -> None:
    last, first, every = figures["last"], figures["first"], figures["every"]
    print(f"[{name}] {args.players} players acting every {args.interval * 1000:.0f} ms for "
          f"{args.seconds:.0f} s, {args.spectators} spectators ({figures['sockets']} sockets), "
          f"load average {figures['load']:.2f}: {figures['actions']} actions, "
          f"{figures['frames']} standings frames, "
          f"{figures['complete']} reached every socket")  # fmt: skip
    print(f"[{name}] commit -> last socket:  p50 {last['p50']:7.1f} ms  p99 {last['p99']:7.1f} ms  "
          f"max {last['max']:7.1f} ms  (n={last['n']})  target p99 <= 50 ms")  # fmt: skip
    print(f"[{name}] commit -> every socket: p50 {every['p50']:7.1f} ms  "
          f"p99 {every['p99']:7.1f} ms")  # fmt: skip
    print(f"[{name}] commit -> first socket: p50 {first['p50']:7.1f} ms  "
          f"p99 {first['p99']:7.1f} ms")  # fmt: skip
    print(f"[{name}] server CPU per action: {figures['cpu_per_action_ms']:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--spectators", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--interval", type=float, default=0.2)
    parser.add_argument("--layer", choices=["core", "pubsub"], default="core")
    parser.add_argument("--old", default=OLD_COMMIT,
                        help="the commit to compare against ('' for none)")  # fmt: skip
    parser.add_argument("--watch-procs", type=int, default=2,
                        help="client processes reading the sockets")  # fmt: skip
    common.add_uvicorn_option(parser)
    args = parser.parse_args()
    # As the platform serves (config/serve.py): per-message deflate off.
    args.uvicorn = args.uvicorn or ["--ws-per-message-deflate", "false"]
    common.raise_nofile((args.players + args.spectators) * 2 + 1024)
    print(f"machine: {common.machine()}; load average {os.getloadavg()[0]:.2f}; "
          f"layer {args.layer}; uvicorn {' '.join(args.uvicorn)}")  # fmt: skip
    figures: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="match-bench-old-") as scratch:
        if args.old:
            figures["old"] = run(
                "old", f"old {args.old}", common.old_tree(args.old, Path(scratch)), args
            )
        figures["new"] = run("new", "new", common.ROOT, args)
    if "old" in figures:
        old, new = figures["old"], figures["new"]
        print(f"new / old, commit -> last socket: p50 "
              f"{new['last']['p50'] / max(old['last']['p50'], 0.001):.3f}x  p99 "
              f"{new['last']['p99'] / max(old['last']['p99'], 0.001):.3f}x; frames reaching "
              f"every socket {new['complete']} / {old['complete']}; server CPU per action "
              f"{new['cpu_per_action_ms'] / max(old['cpu_per_action_ms'], 0.001):.3f}x"
              )  # fmt: skip
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
