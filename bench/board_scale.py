"""Board work against the number of results stored on a deal (issue 13).

    .venv/bin/python bench/board_scale.py [--sizes 0 100 1000 10000 50000] [--requests 30]

One uvicorn process (DEBUG off, the ``arena_bench`` PostgreSQL database, Redis), one deal
per size holding that many stored results (half as many players, each a first try and a
second game; cards, moves and times drawn at random). They are bulk-inserted, then the
deal's board rows are written from them by ``leaderboards.board_rows.fill``, which is
what a migration does: seconds for 50,000 instead of an hour of submissions.

Measured per size, in turns (round after round over the sizes, so the machine's load
falls on all sizes alike), one request at a time:
* a submission (``POST /api/deals/<code>/results``, a real finished log, a new player);
* a leaderboard page of a stored player in the middle of the board (``me``, ``around``);
* a watch connect (``/ws/deals/<code>/``: the handshake and the first board frame).
Baseline: the same figure at 100 results (``--baseline``); target: every size within
1.5x of it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time
from datetime import timedelta

import common
from websockets.asyncio.client import connect

DEFAULT_SIZES = (0, 100, 1000, 10000, 50000)


def finished_logs(code: str, count: int) -> list[str]:
    """Finished games on ``code``: the greedy game, made longer by ``D U`` pairs."""
    from games.engine import DRAW, new_game

    game = new_game(code)
    while game.status == "playing" and game.moves < 400:
        removals = [a for a in game.legal_actions() if a != DRAW]
        game.apply(removals[0] if removals else DRAW)
    assert game.status != "playing", code
    return [" ".join(["D", "U"] * n + list(game.log)) for n in range(count)]


def load_deal(number: int, results: int, rng: random.Random) -> tuple[str, list[str]]:
    """A deal with ``results`` stored results (bulk inserts); its code and the tokens
    of three stored players in the middle of the board."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from accounts.models import ApiToken
    from games.engine import DealCode, Variant
    from games.services import deals
    from leaderboards.board_rows import fill
    from leaderboards.models import DealBoardState, Result

    code = DealCode(Variant.TP_E, number).text
    deal = deals.get_or_create_deal(deals.check_deal_request(code))
    players = max(1, results // 2)
    User = get_user_model()
    users = User.objects.bulk_create(
        (User(username=f"s{number}-{n}") for n in range(players)), batch_size=5000
    )
    start = timezone.now() - timedelta(days=1)
    rows = []
    for n in range(results):
        user = users[n % players]
        duration = rng.choice([None, rng.randint(20_000, 600_000)])
        rows.append(
            Result(
                deal=deal, player=user, source="submitted" if duration is None else "live",
                won=False, cards_left=rng.randint(0, 20), score=rng.randint(0, 5000),
                moves=rng.randint(30, 120), duration_ms=duration,
                created_at=start + timedelta(milliseconds=n), first_try=n < players,
            )
        )  # fmt: skip
    for row in rows:
        row.won = row.cards_left == 0
    Result.objects.bulk_create(rows, batch_size=5000)
    fill([deal.pk])
    DealBoardState.objects.filter(deal=deal).update(results_count=results)
    with connection.cursor() as cursor:  # what autovacuum does after a load like this one
        cursor.execute("VACUUM ANALYZE")
    middle = users[players // 2 : players // 2 + 3]
    return code, [ApiToken.issue(user, "bench")[1] for user in middle]


def new_players(prefix: str, count: int) -> list[str]:
    from django.contrib.auth import get_user_model

    from accounts.models import ApiToken

    made = get_user_model().objects.bulk_create(
        get_user_model()(username=f"{prefix}{n}") for n in range(count)
    )
    return [ApiToken.issue(user, "bench")[1] for user in made]


async def timed_request(port: int, method: str, path: str, body: bytes, token: str) -> float:
    conn = common.Connection(port)
    began = time.perf_counter()
    status, answer = await conn.request(method, path, body, {"Authorization": f"Bearer {token}"})
    took = time.perf_counter() - began
    await conn.close()
    if status not in (200, 201):
        raise SystemExit(f"{method} {path}: {status} {answer[:300]!r}")
    return took


async def timed_watch(port: int, code: str) -> float:
    began = time.perf_counter()
    async with connect(f"ws://127.0.0.1:{port}/ws/deals/{code}/",
                       origin=f"http://127.0.0.1:{port}") as ws:  # type: ignore[arg-type]  # fmt: skip
        frame = json.loads(await ws.recv())
    took = time.perf_counter() - began
    assert frame["type"] == "board", frame
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES))
    parser.add_argument("--requests", type=int, default=30, help="of each kind per size")
    parser.add_argument("--baseline", type=int, default=100, help="the size ratios divide by")
    args = parser.parse_args()
    print(f"machine: {common.machine()}")
    common.fresh_database()
    common.use_bench_database()
    rng = random.Random(13)
    loaded: dict[int, tuple[str, list[str], list[str], list[str]]] = {}
    for index, size in enumerate(args.sizes):
        began = time.perf_counter()
        code, middle = load_deal(index + 1, size, rng)
        logs = finished_logs(code, args.requests)
        loaded[size] = (code, middle, logs, new_players(f"new{size}-", args.requests))
        print(f"loaded {size:>6} results on {code} in {time.perf_counter() - began:5.1f} s")

    times: dict[str, dict[int, list[float]]] = {
        kind: {size: [] for size in args.sizes} for kind in ("submission", "page", "watch")
    }
    env = common.server_env(DATABASE_POOL_SIZE="10")
    with common.running(env) as server:
        port = server.port

        async def rounds() -> None:
            for size in args.sizes:  # warm-up: one of each
                code, middle, _, _ = loaded[size]
                await timed_request(port, "GET", f"/api/deals/{code}/leaderboard", b"", middle[0])
                await timed_watch(port, code)
            for turn in range(args.requests):
                for size in args.sizes:
                    code, middle, logs, tokens = loaded[size]
                    body = json.dumps({"log": logs[turn]}).encode()
                    times["submission"][size].append(await timed_request(
                        port, "POST", f"/api/deals/{code}/results", body, tokens[turn]))
                    times["page"][size].append(await timed_request(
                        port, "GET", f"/api/deals/{code}/leaderboard",
                        b"", middle[turn % len(middle)]))
                    times["watch"][size].append(await timed_watch(port, code))  # fmt: skip

        asyncio.run(rounds())

    print(f"{args.requests} requests of each kind per size, one at a time, in turns")
    for kind, by_size in times.items():
        base = common.summary_ms(by_size.get(args.baseline) or by_size[args.sizes[0]])["p50"]
        cells = []
        for size in args.sizes:
            p50 = common.summary_ms(by_size[size])["p50"]
            cells.append(f"{size}: {p50:6.1f} ms ({p50 / base:4.2f}x)")
        print(f"{kind:>10} p50 by results stored: " + "  ".join(cells))
    print(f"ratios against {args.baseline} results; target: every size <= 1.5x")


if __name__ == "__main__":
    main()
