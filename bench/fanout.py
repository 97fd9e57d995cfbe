"""Record events fanned out to 1,000 and 10,000 WebSocket watchers of one deal, served by
1 and 2 server processes: delivery latency, events lost, memory per idle socket.

    .venv/bin/python bench/fanout.py [--sockets 1000 10000] [--processes 1 2]
                                     [--events 10] [--layers pubsub core]

For each channel layer (``CHANNEL_LAYER``, config/settings.py; ``pubsub`` by default),
number of uvicorn processes (``--workers``) and number of watchers, a server (DEBUG off,
the ``arena_bench`` PostgreSQL database, Redis, per-message deflate off as docker-compose
runs it) gets the watchers on ``/ws/deals/<code>/``; then ``--events`` players each submit
a strictly better winning log on that deal, one after the other, so each submission
commits one record event (FIRST_WIN, then NEW_RECORD) that goes to every watcher. Each
server process receives an event once per group and writes it to its own sockets
(leaderboards.watchers). Memory: the server processes' RSS with the sockets open, less
their RSS just after start, per socket.

Latency per socket and event, two ways:
* from the commit: the server (run with ``BENCH_VIEWS=1``) stamps each live push with the
  time its transaction's ``on_commit`` hook sends it (config/bench_views.py), to the
  moment the watcher's coroutine has the frame;
* from just before the client sends the submission (includes the request itself).
Baseline: the same figure for the first of the watchers to get each event, i.e. the
cost of one delivery without the fan-out. Target: p99 <= 100 ms from the commit.
The server side (first and last socket written, sockets written, CPU) is summed over
every server process: each writes its own figures to a scratch folder
(``BENCH_FANOUT_DIR``, config/bench_views.py), and the line says how many reported.

The client (``--client``): ``light`` (the default) reads each socket by a callback,
cuts frames by hand and parses a frame's JSON once per distinct frame (every watcher
gets the same one), so that the client's own CPU is small beside the fan-out's;
``websockets`` is the websockets library's client (a task and a JSON parse per socket
and frame, about 0.15 ms of CPU a frame on this machine). The watchers run in client
processes of their own, apart from the process that submits
(one per 2,500 sockets unless ``--client-procs``; ``--in-process`` keeps them in this
one), so the figures include the client's own time to read every frame (a browser has
one socket each). The client measures itself: its CPU time per event while the events
arrive (``client CPU per event``) and, per event, its first to its last arrival; when its
CPU per event is near the spread from the first to the last socket, the client is what
is slow. Each client process waits a fixed ``--settle`` seconds per event, then all
arrivals are gathered at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import tempfile
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

import common
from websockets.asyncio.client import ClientConnection, connect

CODE = "TP1-E-AAAAAAB"


def winning_line() -> list[str]:
    from games.engine.solver import solve

    solution = solve(CODE, time_budget_s=30)
    if not solution.winnable:
        raise SystemExit(f"the solver found no win for {CODE}")
    return list(solution.solution)


def make_players(count: int, prefix: str) -> list[str]:
    from django.contrib.auth import get_user_model

    from accounts.models import ApiToken

    tokens = []
    for n in range(count):
        user = get_user_model().objects.create(username=f"{prefix}{n}")
        tokens.append(ApiToken.issue(user, "bench")[1])
    return tokens


class Watchers:
    """``count`` sockets on one deal; each record frame's arrival time, per event."""

    def __init__(self, port: int, count: int) -> None:
        self.port = port
        self.count = count
        self.sockets: list[ClientConnection] = []
        self.arrivals: defaultdict[int, list[float]] = defaultdict(list)
        self.committed: dict[int, float] = {}
        self.tasks: list[asyncio.Task[None]] = []

    async def open(self) -> float:
        began = time.perf_counter()
        gate = asyncio.Semaphore(50)
        uri = f"ws://127.0.0.1:{self.port}/ws/deals/{CODE}/"

        async def one() -> None:
            async with gate:
                ws = await connect(uri, origin=f"http://127.0.0.1:{self.port}",  # type: ignore[arg-type]
                                   open_timeout=60, max_queue=64)  # fmt: skip
                await ws.recv()  # the deal's board, sent on connect
                self.sockets.append(ws)

        await asyncio.gather(*(one() for _ in range(self.count)))
        self.tasks = [asyncio.create_task(self.listen(ws)) for ws in self.sockets]
        return time.perf_counter() - began

    async def listen(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                now = time.time()
                frame = json.loads(raw)
                if frame.get("type") == "record":
                    event_id = frame["event"]["id"]
                    self.arrivals[event_id].append(now)
                    self.committed.setdefault(event_id, frame.get("bench_committed_at", 0.0))
        except Exception:  # the server went away at the end
            return

    async def close(self) -> None:
        await common.close_sockets(self.tasks, self.sockets)


HANDSHAKE = (
    "GET /ws/deals/{code}/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
    "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    "Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{port}\r\n\r\n"
)


class _LightSocket(asyncio.Protocol):
    """One watcher read by a callback (no task, no client library): frames are cut
    from the bytes as they come; pings are answered (masked with a zero key)."""

    def __init__(self, owner: LightWatchers, opened: asyncio.Future[None]) -> None:
        self.owner, self.opened = owner, opened
        self.buffer = b""
        self.upgraded = False
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(HANDSHAKE.format(code=CODE, port=self.owner.port).encode())

    def data_received(self, data: bytes) -> None:
        now = time.time()
        self.buffer += data
        if not self.upgraded:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            if b" 101 " not in self.buffer[:end].split(b"\r\n", 1)[0]:
                self.opened.set_exception(RuntimeError(self.buffer[:200].decode("latin-1")))
                return
            self.buffer, self.upgraded = self.buffer[end + 4 :], True
        while (frame := self._cut()) is not None:
            opcode, payload = frame
            if opcode == 0x1:
                self.owner.frame(payload, now, self.opened)
            elif opcode == 0x9 and self.transport is not None:  # ping: pong, zero mask
                self.transport.write(bytes([0x8A, 0x80 | len(payload)]) + b"\0" * 4 + payload)

    def _cut(self) -> tuple[int, bytes] | None:
        buffer = self.buffer
        if len(buffer) < 2:
            return None
        size, start = buffer[1] & 0x7F, 2
        if size >= 126:
            start = 4 if size == 126 else 10
            if len(buffer) < start:
                return None
            size = int.from_bytes(buffer[2:start], "big")
        if len(buffer) < start + size:
            return None
        self.buffer = buffer[start + size :]
        return buffer[0] & 0x0F, buffer[start : start + size]


class LightWatchers:
    """The watchers of ``Watchers``, at a fraction of the client's CPU: a frame's bytes
    are parsed as JSON once per distinct frame (the server writes one frame to all)."""

    def __init__(self, port: int, count: int) -> None:
        self.port = port
        self.count = count
        self.arrivals: defaultdict[int, list[float]] = defaultdict(list)
        self.committed: dict[int, float] = {}
        self.parsed: dict[bytes, int | None] = {}
        self.sockets: list[_LightSocket] = []

    def frame(self, payload: bytes, now: float, opened: asyncio.Future[None]) -> None:
        if payload not in self.parsed:
            frame = json.loads(payload)
            event_id = frame["event"]["id"] if frame.get("type") == "record" else None
            if event_id is not None:
                self.committed.setdefault(event_id, frame.get("bench_committed_at", 0.0))
            self.parsed[payload] = event_id
        event_id = self.parsed[payload]
        if event_id is not None:
            self.arrivals[event_id].append(now)
        elif not opened.done():
            opened.set_result(None)  # the deal's board, sent on connect

    async def open(self) -> float:
        began = time.perf_counter()
        gate = asyncio.Semaphore(50)
        loop = asyncio.get_running_loop()

        async def one() -> None:
            async with gate:
                opened: asyncio.Future[None] = loop.create_future()
                _, socket = await loop.create_connection(
                    lambda: _LightSocket(self, opened), "127.0.0.1", self.port
                )
                await asyncio.wait_for(opened, 60)
                self.sockets.append(socket)

        await asyncio.gather(*(one() for _ in range(self.count)))
        return time.perf_counter() - began

    async def close(self) -> None:
        for socket in self.sockets:
            if socket.transport is not None:
                socket.transport.close()
        await asyncio.sleep(0.5)


async def submit(port: int, log: str, token: str) -> tuple[int, float]:
    """One submission; its record event's id and creation time."""
    conn = common.Connection(port)  # a new one each time: uvicorn drops idle keep-alives
    status, body = await conn.request(
        "POST", f"/api/deals/{CODE}/results", json.dumps({"log": log}).encode(),
        {"Authorization": f"Bearer {token}"},
    )  # fmt: skip
    await conn.close()
    if status != 201:
        raise SystemExit(f"submission refused: {status} {body[:300]!r}")
    events = json.loads(body).get("events") or []
    if not events:
        raise SystemExit(f"the submission made no record event: {body[:300]!r}")
    return events[0]["id"], datetime.fromisoformat(events[0]["created_at"]).timestamp()


def server_side(folder: Path) -> tuple[dict[float, list[float]], int]:
    """Per push, merged over every server process: sockets written, first and last write,
    CPU; and how many processes reported. Each process writes its own figures to
    ``folder`` (``BENCH_FANOUT_DIR``, config/bench_views.py): ``GET /bench/fanout``
    reaches one process of ``--workers N`` only, often the same one every time."""
    merged: dict[float, list[float]] = {}
    files = sorted(folder.glob("*.json"))
    for path in files:
        for stamp, count, first, last, *cpu in json.loads(path.read_text())["pushes"]:
            row = merged.setdefault(stamp, [0, first, last, 0.0])
            row[0] += count
            row[1], row[2] = min(row[1], first), max(row[2], last)
            row[3] += cpu[0] if cpu else 0.0
    return merged, len(files)


def summarise(
    arrivals: dict[int, list[float]],
    committed: dict[int, float],
    created_at: dict[int, float],
    sent_at: dict[int, float],
    sockets: int,
    written: dict[float, list[float]],
) -> dict[str, Any]:
    from_commit: list[float] = []
    from_send: list[float] = []
    first_from_commit: list[float] = []
    server_last: list[float] = []
    server_first: list[float] = []
    spread: list[float] = []
    server_cpu: list[float] = []
    server_counts: list[int] = []
    complete = written_all = 0
    for event_id, sent in sent_at.items():
        got = arrivals.get(event_id, [])
        start = committed.get(event_id) or created_at[event_id]
        complete += len(got) == sockets
        from_commit += [t - start for t in got]
        from_send += [t - sent for t in got]
        if got:
            first_from_commit.append(min(got) - start)
            spread.append(max(got) - min(got))
        row = written.get(committed.get(event_id, -1.0))
        if row:
            written_all += row[0] == sockets
            server_counts.append(int(row[0]))
            server_first.append(row[1] - start)
            server_last.append(row[2] - start)
            server_cpu.append(row[3])
    return {
        "complete_events": complete,
        "from_commit": common.summary_ms(from_commit),
        "from_send": common.summary_ms(from_send),
        "first_socket": common.summary_ms(first_from_commit),
        "server_first": common.summary_ms(server_first),
        "server_last": common.summary_ms(server_last),
        "server_complete": written_all,
        # Sockets the server processes wrote per event, fewest and most (of ``sockets``).
        "server_counts": (min(server_counts, default=0), max(server_counts, default=0)),
        "client_spread": common.summary_ms(spread),
        "server_cpu": common.summary_ms(server_cpu),
    }


def client_process(port: int, count: int, pipe: Any, light: bool) -> None:
    """A share of the watchers in a process of its own (``--client-procs``)."""
    common.raise_nofile(count * 2 + 1024)
    asyncio.run(_client(port, count, pipe, light))


async def _client(port: int, count: int, pipe: Any, light: bool) -> None:
    watchers = LightWatchers(port, count) if light else Watchers(port, count)
    connect_s = await watchers.open()
    pipe.send(connect_s)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_reader(pipe.fileno(), stop.set)
    cpu = time.process_time()
    await stop.wait()
    cpu = time.process_time() - cpu
    pipe.recv()
    await watchers.close()
    pipe.send((dict(watchers.arrivals), watchers.committed, cpu))


async def measure_split(
    port: int, sockets: int, logs: list[str], tokens: list[str], procs: int, settle: float,
    server_pid: int, light: bool, folder: Path,
) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    shares = [sockets // procs + (n < sockets % procs) for n in range(procs)]
    pipes, children = [], []
    for share in shares:
        mine, theirs = context.Pipe()
        child = context.Process(target=client_process, args=(port, share, theirs, light))
        child.start()
        pipes.append(mine)
        children.append(child)
    connect_s = max(await asyncio.gather(*(asyncio.to_thread(p.recv) for p in pipes)))
    await asyncio.sleep(1)
    rss = common.tree_rss_mb(server_pid)
    sent_at: dict[int, float] = {}
    created_at: dict[int, float] = {}
    for log, token in zip(logs, tokens, strict=True):
        sent = time.time()
        event_id, created = await submit(port, log, token)
        sent_at[event_id], created_at[event_id] = sent, created
        await asyncio.sleep(settle)
    arrivals: defaultdict[int, list[float]] = defaultdict(list)
    committed: dict[int, float] = {}
    for pipe in pipes:
        pipe.send("stop")
    client_cpu = 0.0
    for pipe, child in zip(pipes, children, strict=True):
        theirs, stamps, cpu = await asyncio.to_thread(pipe.recv)
        for event_id, times in theirs.items():
            arrivals[event_id] += times
        committed.update(stamps)
        client_cpu = max(client_cpu, cpu)
        child.join(10)
    written, reporting = server_side(folder)
    figures = summarise(arrivals, committed, created_at, sent_at, sockets, written)
    figures["server_reporting"] = reporting
    # The busiest client process's CPU per event (its idle settle time costs none).
    figures["client_cpu_ms"] = client_cpu * 1000 / max(1, len(logs))
    return {"connect_s": connect_s, "rss_mb": rss, **figures}


async def measure(
    port: int, sockets: int, logs: list[str], tokens: list[str], server_pid: int, folder: Path
) -> dict[str, Any]:
    watchers = Watchers(port, sockets)
    connect_s = await watchers.open()
    await asyncio.sleep(1)
    rss = common.tree_rss_mb(server_pid)
    sent_at: dict[int, float] = {}
    created_at: dict[int, float] = {}
    for log, token in zip(logs, tokens, strict=True):
        sent = time.time()
        event_id, created = await submit(port, log, token)
        sent_at[event_id], created_at[event_id] = sent, created
        deadline = time.monotonic() + 10
        while len(watchers.arrivals[event_id]) < sockets and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)
    written, reporting = server_side(folder)
    await watchers.close()
    figures = summarise(
        watchers.arrivals, watchers.committed, created_at, sent_at, sockets, written
    )
    figures["server_reporting"] = reporting
    return {"connect_s": connect_s, "rss_mb": rss, **figures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sockets", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2],
                        help="uvicorn processes (--workers) serving the watchers")  # fmt: skip
    parser.add_argument("--events", type=int, default=10)
    parser.add_argument("--layers", nargs="+", default=["pubsub"], choices=["core", "pubsub"])
    parser.add_argument(
        "--client-procs",
        type=int,
        default=0,
        help="spread the watchers over this many client processes (0: 1 per 2,500 sockets)",
    )
    parser.add_argument(
        "--client",
        choices=["light", "websockets"],
        default="light",
        help="light: a callback per socket, frames cut by hand, JSON parsed once per "
        "distinct frame; websockets: the websockets library, a task and a parse per socket",
    )
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="read the watchers' frames in this process, beside the submitting client",
    )
    parser.add_argument(
        "--settle",
        type=float,
        default=1.5,
        help="with more than one client process: seconds to wait after each event",
    )
    common.add_uvicorn_option(parser)
    args = parser.parse_args()
    # As the platform serves (config/serve.py): per-message deflate off.
    args.uvicorn = args.uvicorn or ["--ws-per-message-deflate", "false"]
    common.raise_nofile(max(args.sockets) * 2 + 1024)
    print(f"machine: {common.machine()}")
    common.fresh_database()
    common.use_bench_database()
    line = winning_line()
    runs = [(layer, procs, sockets) for layer in args.layers for procs in args.processes
            for sockets in args.sockets]  # fmt: skip
    # Strictly better each time (one move fewer): every submission is a new record.
    paddings = list(range(args.events * len(runs), 0, -1))
    logs = [" ".join(["D", "U"] * pad + line) for pad in paddings]
    tokens = make_players(len(logs), "fan")

    print(f"client: {args.client}{' (in process)' if args.in_process else ''}")
    print(f"watchers of {CODE}, {args.events} record events per run; "
          f"uvicorn {' '.join(args.uvicorn) or '(defaults)'}")  # fmt: skip
    for index, (layer, procs, sockets) in enumerate(runs):
        part = slice(index * args.events, (index + 1) * args.events)
        clients = args.client_procs or max(1, sockets // 2500)
        scratch = tempfile.TemporaryDirectory(prefix="bench-fanout-")
        folder = Path(scratch.name)
        env = common.server_env(CHANNEL_LAYER=layer, DATABASE_POOL_SIZE="10", BENCH_VIEWS="1",
                                BENCH_FANOUT_DIR=str(folder))  # fmt: skip
        extra = [*args.uvicorn, *(["--workers", str(procs)] if procs > 1 else [])]
        with scratch, common.running(env, *extra) as server:
            assert server.process is not None
            idle = common.tree_rss_mb(server.process.pid)
            if not args.in_process:
                split = measure_split(
                    server.port, sockets, logs[part], tokens[part], clients, args.settle,
                    server.process.pid, args.client == "light", folder,
                )  # fmt: skip
                figures = asyncio.run(split)
            else:
                alone = measure(
                    server.port, sockets, logs[part], tokens[part], server.process.pid, folder
                )
                figures = asyncio.run(alone)
        name = f"{layer}, {procs} process{'es' if procs > 1 else ''}, {sockets} watchers"
        commit, send, first = figures["from_commit"], figures["from_send"], figures["first_socket"]
        per_socket_kb = (figures["rss_mb"] - idle) * 1024 / sockets
        print(
            f"[{name}] connected in {figures['connect_s']:.1f} s ({clients} client "
            f"process(es)); {figures['complete_events']}/{args.events} events reached every "
            f"socket; server RSS {idle:.0f} MB idle, {figures['rss_mb']:.0f} MB with the "
            f"sockets: {per_socket_kb:.1f} KB per idle socket"
        )
        print(
            f"[{name}] from commit: p50 {commit['p50']:6.1f} ms  p99 {commit['p99']:6.1f} ms  "
            f"max {commit['max']:6.1f} ms  (n={commit['n']})  target p99 <= 100 ms"
        )
        sfirst, slast = figures["server_first"], figures["server_last"]
        low, high = figures["server_counts"]
        print(
            f"[{name}] server side, from commit: first socket written p50 {sfirst['p50']:6.1f} "
            f"ms; last socket written p50 {slast['p50']:6.1f} ms  p99 {slast['p99']:6.1f} ms  "
            f"({figures['server_complete']}/{args.events} events written to every socket, "
            f"{low}..{high} of {sockets} sockets an event; "
            f"{figures['server_reporting']} of {procs} server process(es) reporting)"
        )
        cpu = figures["server_cpu"]
        print(f"[{name}] server CPU writing one event to its sockets (all processes): p50 "
              f"{cpu['p50']:6.2f} ms  p99 {cpu['p99']:6.2f} ms")  # fmt: skip
        print(f"[{name}] from send:   p50 {send['p50']:6.1f} ms  p99 {send['p99']:6.1f} ms")
        if "client_cpu_ms" in figures:
            spread = figures["client_spread"]
            print(f"[{name}] the client: CPU per event {figures['client_cpu_ms']:6.1f} ms "
                  f"(busiest client process); first to last arrival p50 {spread['p50']:6.1f} "
                  f"ms  p99 {spread['p99']:6.1f} ms")  # fmt: skip
        print(f"[{name}] baseline, first socket per event, from commit: p50 "
              f"{first['p50']:6.1f} ms  p99 {first['p99']:6.1f} ms; fan-out p99 / baseline "
              f"p50 = {commit['p99'] / max(first['p50'], 0.001):.1f}x")  # fmt: skip


if __name__ == "__main__":
    main()
