"""Submission endpoint throughput and latency, against a bare Django JSON view.

    .venv/bin/python bench/submissions.py [--seconds 10] [--concurrency 16] [--against REV]
    .venv/bin/python bench/submissions.py --in-process 500

Both run on the same uvicorn process (DEBUG off, real PostgreSQL database ``arena_bench``
recreated by the script, Redis channel layer), driven by the same client in turns:
baseline, submissions, baseline, submissions. A submission is the whole real path:
Bearer token lookup, JSON body, the log replayed by the engine, the result stored and
ranked under the deal's row lock, events queued for the commit. The baseline is
``POST /bench/json`` (config/bench_views.py, mounted by ``BENCH_VIEWS=1``): ASGI, every
middleware, JSON in and out, and nothing else. Target: submissions >= 0.5x the baseline.

With ``--against REV`` a second uvicorn serves REV's tree (``git archive``, this
virtualenv, the same database) and the rounds alternate between both servers: this
tree's figures beside REV's, in the same minutes. Each line also gives the server
process's CPU time per request (/proc: all its threads), which the machine's load moves
less than the rates, and under it PostgreSQL's and the client's: the three share the
machine's cores, so the cores divided by their sum is the most requests a second the
machine could serve of that kind.

``--floor`` adds, to the same rounds, ``POST /bench/floor?statements=K`` for K = 1, 3 and
5: the bare view plus K statements in a transaction (K + 2 trips to PostgreSQL; a
submission makes 7) and the live push's check for watchers after the commit, and nothing
of a submission's own work (config/bench_views.py); and K = 1 without the push's check.
Each one's ratio to the bare view is the most a submission making that many trips could
reach on this server (this tree only: not with ``--against``).

``--in-process N`` serves no server: N requests of each kind go through Django's test
client in this process, one at a time, and it prints the CPU of each request's own work
(user and system), the statements a submission runs and its replay's share: the floor
under the server's figures.

Logs are finished games (wins and blocked games found by a greedy player) on 60 deals of
the three variants, from 200 players, so the row locks of different deals rarely meet.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import tempfile
import time
from contextlib import ExitStack
from dataclasses import astuple, dataclass
from pathlib import Path
from typing import Any

import common

PLAYERS = 200
DEALS_PER_VARIANT = 20


@dataclass
class Run:
    name: str
    seconds: float
    latencies: list[float]
    statuses: dict[int, int]

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.seconds


def finished_logs() -> list[tuple[str, str]]:
    """(code, log) of finished games: a greedy player (first removal, else draw)."""
    from games.engine import DRAW, DealCode, Variant, new_game

    found = []
    for variant in (Variant.TP_E, Variant.TP_C, Variant.PY):
        kept, number = 0, 0
        while kept < DEALS_PER_VARIANT:
            number += 1
            code = DealCode(variant, number).text
            game = new_game(code)
            while game.status == "playing" and game.moves < 400:
                removals = [a for a in game.legal_actions() if a != DRAW]
                game.apply(removals[0] if removals else DRAW)
            if game.status != "playing":  # Pyramid may recycle for ever: skip those
                found.append((code, " ".join(game.log)))
                kept += 1
    return found


def make_players() -> list[str]:
    """Accounts with Bearer tokens (no password hashing: it would dominate the setup)."""
    from django.contrib.auth import get_user_model

    from accounts.models import ApiToken

    users = get_user_model().objects
    tokens = []
    for n in range(PLAYERS):
        user = users.create(username=f"bench{n}")
        _, raw = ApiToken.issue(user, "bench")
        tokens.append(raw)
    return tokens


async def drive(port: int, requests: Any, concurrency: int, seconds: float) -> Run:
    """Send ``requests`` (an iterator of (path, body, headers)) for ``seconds``."""
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    deadline = time.perf_counter() + seconds

    async def worker() -> None:
        conn = common.Connection(port)
        try:
            while time.perf_counter() < deadline:
                path, body, headers = next(requests)
                started = time.perf_counter()
                status, _ = await conn.request("POST", path, body, headers)
                latencies.append(time.perf_counter() - started)
                statuses[status] = statuses.get(status, 0) + 1
        finally:
            await conn.close()

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return Run("", time.perf_counter() - began, latencies, statuses)


KINDS = ("bare JSON view", "submission")


@dataclass
class Cpu:
    """CPU seconds over a run: the server process, PostgreSQL, the client (this one)."""

    server: float
    postgres: float
    client: float


def cpu_now(server: common.Server) -> Cpu:
    assert server.process is not None
    return Cpu(
        common.cpu_seconds(server.process.pid),
        common.postgres_cpu_seconds(),
        common.own_cpu_seconds(),
    )


#: ``--floor``'s views: (statements in the transaction, the push's check after it).
FLOORS = ((1, False), (1, True), (3, True), (5, True))


def floor_source(statements: int, push: bool, body: bytes) -> tuple[str, Any]:
    """The kind's name and its requests."""
    kind = f"floor, {statements + 2} trips" + ("" if push else ", no push")
    path = f"/bench/floor?statements={statements}&push={int(push)}"
    return kind, itertools.repeat((path, body, {}))


def measure(
    servers: dict[str, common.Server], sources: dict[str, Any], args: argparse.Namespace
) -> dict[tuple[str, str], list[tuple[Run, Cpu]]]:
    """Two rounds, each kind on each server in turn (alternating, the servers' order
    reversed in the second, so that a change of the machine's load falls on all of
    them): per (server, kind), its runs with the CPU seconds each used of the server
    process, of PostgreSQL and of the client."""
    done: dict[tuple[str, str], list[tuple[Run, Cpu]]] = {}
    for turn in range(2):
        # The second round takes the servers in the other order: a load that rises or
        # falls over the minutes would otherwise fall on the same server each time.
        order = list(servers.items())[:: -1 if turn else 1]
        for kind in sources:
            for label, server in order:
                before = cpu_now(server)
                run = asyncio.run(drive(server.port, sources[kind], args.concurrency, args.seconds))
                after = cpu_now(server)
                used = Cpu(*(b - a for a, b in zip(astuple(before), astuple(after), strict=True)))
                done.setdefault((label, kind), []).append((run, used))
    return done


def report(label: str, runs: dict[str, list[tuple[Run, Cpu]]]) -> dict[str, float]:
    """Print one server's figures; its requests a second per kind.

    Beside the server's CPU per request, PostgreSQL's and the client's: the three share
    the machine's cores, so their sum per request bounds the rate the machine can serve
    (its cores divided by that sum), whatever the concurrency."""
    figures = {}
    cores = os.cpu_count() or 1
    for kind, done in runs.items():
        latencies = [latency for run, _ in done for latency in run.latencies]
        seconds = sum(run.seconds for run, _ in done)
        count = max(len(latencies), 1)
        server, postgres, client = (
            1000 * sum(getattr(cpu, part) for _, cpu in done) / count
            for part in ("server", "postgres", "client")
        )
        statuses: dict[int, int] = {}
        for run, _ in done:
            for status, n in run.statuses.items():
                statuses[status] = statuses.get(status, 0) + n
        stats = common.summary_ms(latencies)
        figures[kind] = len(latencies) / seconds
        print(f"{label:>8} {kind:>24}: {figures[kind]:8.1f} req/s  p50 {stats['p50']:6.1f} ms  "
              f"p99 {stats['p99']:6.1f} ms  server CPU {server:5.2f} ms/req  "
              f"(n={stats['n']}, statuses {statuses})")  # fmt: skip
        total = server + postgres + client
        print(f"{'':>8} {'':>24}  CPU ms/req: server {server:.2f} + PostgreSQL {postgres:.2f} "
              f"+ client {client:.2f} = {total:.2f}; {cores} cores serve at most "
              f"{1000 * cores / total:.0f} req/s of these")  # fmt: skip
    bare = figures[KINDS[0]]
    for kind in figures:
        if kind != KINDS[0]:
            print(f"{label:>8} ratio {kind} / bare view: {figures[kind] / bare:.2f}x"
                  + (" (target >= 0.5x)" if kind == KINDS[1] else ""))  # fmt: skip
    return figures


def in_process(sources: dict[str, Any], logs: list[tuple[str, str]], count: int) -> None:
    """Both kinds through Django's test client in this process, one request at a time:
    the CPU (user and system) of each request's own work, with no server, event loop or
    thread hand-over; the statements a submission runs; the engine's replay of a log
    alone. What the request would hand on is left out: the live pushes (under the server
    the Redis check of watchers runs on its event loop, core.pushes) and the review's
    queueing (a sender thread, leaderboards.reviews); here each would start a thread."""
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from core import pushes
    from games.engine import replay
    from leaderboards import reviews

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    pushes._build_and_send = lambda *args, **kwargs: None  # type: ignore[assignment]
    reviews._queue = lambda *args: None  # type: ignore[assignment]
    client = Client()
    expected = {KINDS[0]: 200, KINDS[1]: 201}

    def send(kind: str) -> None:
        path, body, headers = next(sources[kind])
        status = client.post(path, body, content_type="application/json", headers=headers)
        if status.status_code != expected[kind]:
            raise SystemExit(f"{kind}: {status.status_code} {status.content[:200]!r}")

    used: dict[str, list[float]] = {kind: [0.0, 0.0] for kind in KINDS}
    for kind in KINDS:  # warm up: connections, prepared statements, imports
        for _ in range(100):
            send(kind)
    for _ in range(2):
        for kind in KINDS:
            before = os.times()
            for _ in range(count):
                send(kind)
            after = os.times()
            used[kind][0] += after.user - before.user
            used[kind][1] += after.system - before.system
    with CaptureQueriesContext(connection) as statements:
        send(KINDS[1])
    started = time.process_time()
    for code, log in itertools.islice(itertools.cycle(logs), count):
        replay(code, log)
    replayed = (time.process_time() - started) * 1000 / count
    print(f"in this process (Django's test client, no server), 2 rounds of {count} each, "
          f"load average {os.getloadavg()[0]:.2f}:")  # fmt: skip
    for kind, (user, system) in used.items():
        print(f"{kind:>24}: CPU user {1000 * user / (2 * count):.2f} + system "
              f"{1000 * system / (2 * count):.2f} ms/req")  # fmt: skip
    print(f"{'':>24}  a submission runs {len(statements)} SQL statements "
          f"(BEGIN and COMMIT among them); its log's replay alone: {replayed:.3f} ms")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per measured run")
    parser.add_argument("--concurrency", type=int, default=16, help="keep-alive connections")
    parser.add_argument(
        "--pool",
        type=int,
        default=20,
        help="DATABASE_POOL_SIZE of the server (0: DATABASE_CONN_MAX_AGE)",
    )
    parser.add_argument("--conn-max-age", default="0", help="with --pool 0")
    parser.add_argument(
        "--in-process",
        type=int,
        default=0,
        metavar="N",
        help="instead of a server: N requests of each kind through Django's test client",
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also the bare view plus 3, 5 and 7 trips to PostgreSQL and the push's check",
    )
    parser.add_argument(
        "--against",
        default="",
        help="also serve this commit's tree, side by side, in the same rounds",
    )
    args = parser.parse_args()
    if args.floor and args.against:
        parser.error("--floor measures this tree only (an older one may not serve the floor)")

    print(f"machine: {common.machine()}; load average {os.getloadavg()[0]:.2f}")
    common.fresh_database()
    os.environ["BENCH_VIEWS"] = "1"  # the bare view, for --in-process (the server's env has it)
    common.use_bench_database()
    logs = finished_logs()
    tokens = make_players()
    submissions = (
        (f"/api/deals/{code}/results", json.dumps({"log": log}).encode(),
         {"Authorization": f"Bearer {token}"})
        for (code, log), token in zip(itertools.cycle(logs), itertools.cycle(tokens))
    )  # fmt: skip
    bare_body = json.dumps({"log": logs[0][1]}).encode()
    sources = {KINDS[0]: itertools.repeat(("/bench/json", bare_body, {})), KINDS[1]: submissions}
    if args.floor:
        sources |= dict(floor_source(*floor, bare_body) for floor in FLOORS)
    if args.in_process:
        in_process(sources, logs, args.in_process)
        return

    from leaderboards.models import Result

    env = common.server_env(
        BENCH_VIEWS="1", DATABASE_POOL_SIZE=str(args.pool), DATABASE_CONN_MAX_AGE=args.conn_max_age
    )
    print(f"server: DATABASE_POOL_SIZE={args.pool}, DATABASE_CONN_MAX_AGE={args.conn_max_age}")
    roots = {"this": common.ROOT}
    with (
        tempfile.TemporaryDirectory(prefix="submissions-bench-old-") as scratch,
        ExitStack() as stack,
    ):
        if args.against:
            roots = {args.against: common.old_tree(args.against, Path(scratch)), **roots}
        servers = {label: stack.enter_context(common.running(env, root=root))
                   for label, root in roots.items()}  # fmt: skip
        for server in servers.values():  # warm up every path
            for kind in sources:
                asyncio.run(drive(server.port, sources[kind], args.concurrency, 2))
        stored_before = Result.objects.count()
        done = measure(servers, sources, args)
        stored = Result.objects.count() - stored_before

    print(f"concurrency {args.concurrency}, 2 runs of {args.seconds:.0f} s per kind and "
          f"server, alternating; load average after {os.getloadavg()[0]:.2f}")  # fmt: skip
    figures = {
        label: report(label, {kind: done[label, kind] for kind in sources}) for label in servers
    }
    if args.against:
        this, old = figures["this"], figures[args.against]
        print("this tree / " + args.against + ": " + ", ".join(
            f"{kind} {this[kind] / old[kind]:.2f}x" for kind in sources))  # fmt: skip
    created = sum(run.statuses.get(201, 0) for (_, kind), runs in done.items()
                  if kind == KINDS[1] for run, _ in runs)  # fmt: skip
    print(f"results stored: {stored} for {created} answers 201 "
          f"({'all stored once' if stored == created else 'MISMATCH'})")  # fmt: skip


if __name__ == "__main__":
    main()
