"""Submission endpoint throughput and latency, against a bare Django JSON view.

    .venv/bin/python bench/submissions.py [--seconds 10] [--concurrency 16]

Both run on the same uvicorn process (DEBUG off, real PostgreSQL database ``arena_bench``
recreated by the script, Redis channel layer), driven by the same client in turns:
baseline, submissions, baseline, submissions. A submission is the whole real path:
Bearer token lookup, JSON body, the log replayed by the engine, the result stored and
ranked under the deal's row lock, events queued for the commit. The baseline is
``POST /bench/json`` (config/bench_views.py, mounted by ``BENCH_VIEWS=1``): ASGI, every
middleware, JSON in and out, and nothing else. Target: submissions >= 0.5x the baseline.

Logs are finished games (wins and blocked games found by a greedy player) on 60 deals of
the three variants, from 200 players, so the row locks of different deals rarely meet.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import time
from dataclasses import dataclass
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per measured run")
    parser.add_argument("--concurrency", type=int, default=16, help="keep-alive connections")
    parser.add_argument("--pool", type=int, default=20,
                        help="DATABASE_POOL_SIZE of the server (0: DATABASE_CONN_MAX_AGE)")
    parser.add_argument("--conn-max-age", default="0", help="with --pool 0")
    args = parser.parse_args()

    print(f"machine: {common.machine()}")
    common.fresh_database()
    common.use_bench_database()
    logs = finished_logs()
    tokens = make_players()
    submissions = (
        (f"/api/deals/{code}/results", json.dumps({"log": log}).encode(),
         {"Authorization": f"Bearer {token}"})
        for (code, log), token in zip(itertools.cycle(logs), itertools.cycle(tokens))
    )  # fmt: skip
    bare_body = json.dumps({"log": logs[0][1]}).encode()
    bare = itertools.repeat(("/bench/json", bare_body, {}))

    from leaderboards.models import Result

    env = common.server_env(BENCH_VIEWS="1", DATABASE_POOL_SIZE=str(args.pool),
                            DATABASE_CONN_MAX_AGE=args.conn_max_age)
    print(f"server: DATABASE_POOL_SIZE={args.pool}, DATABASE_CONN_MAX_AGE={args.conn_max_age}")
    with common.running(env) as server:
        asyncio.run(drive(server.port, bare, args.concurrency, 2))  # warm up both paths
        asyncio.run(drive(server.port, submissions, args.concurrency, 2))
        runs: dict[str, list[Run]] = {"bare JSON view": [], "submission": []}
        stored_before = Result.objects.count()
        created = 0
        for _ in range(2):
            for name, source in (("bare JSON view", bare), ("submission", submissions)):
                run = asyncio.run(drive(server.port, source, args.concurrency, args.seconds))
                runs[name].append(run)
                if name == "submission":
                    created += run.statuses.get(201, 0)
        stored = Result.objects.count() - stored_before

    print(f"concurrency {args.concurrency}, {len(runs['submission'])} runs of "
          f"{args.seconds:.0f} s each, alternating")  # fmt: skip
    figures = {}
    for name, done in runs.items():
        latencies = [latency for run in done for latency in run.latencies]
        seconds = sum(run.seconds for run in done)
        statuses: dict[int, int] = {}
        for run in done:
            for status, count in run.statuses.items():
                statuses[status] = statuses.get(status, 0) + count
        stats = common.summary_ms(latencies)
        figures[name] = len(latencies) / seconds
        print(f"{name:>15}: {figures[name]:8.1f} req/s  p50 {stats['p50']:6.1f} ms  "
              f"p99 {stats['p99']:6.1f} ms  (n={stats['n']}, statuses {statuses})")  # fmt: skip
    ratio = figures["submission"] / figures["bare JSON view"]
    print(f"ratio submission / bare view: {ratio:.2f}x (target >= 0.5x)")
    print(f"results stored: {stored} for {created} answers 201 "
          f"({'all stored once' if stored == created else 'MISMATCH'})")  # fmt: skip


if __name__ == "__main__":
    main()
