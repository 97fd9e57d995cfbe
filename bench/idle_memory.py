"""Server memory per idle WebSocket: RSS of the uvicorn process with 0, 1,000, 5,000 and
10,000 open sockets.

    .venv/bin/python bench/idle_memory.py [--steps 1000 5000 10000] [--layer core]

One uvicorn process (DEBUG off, ``arena_bench`` PostgreSQL, Redis channel layer) serves
watchers of 20 numbered deals (``/ws/deals/<code>/``): each socket is a consumer with its
channel, its group, its channel-layer receive task and its first frame sent. The baseline
is the same server warmed up (a few requests and sockets opened and closed) with 0 sockets.
Figures: RSS at each step, MB per 1,000 sockets over the baseline, and RSS at 10,000
(measured, or extrapolated from the last step if it stopped short). Target: <= 600 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import time

import common
from websockets.asyncio.client import ClientConnection, connect

CODES = [f"TP1-E-{'A' * 5}{chr(66 + n // 26)}{chr(65 + n % 26)}" for n in range(20)]


async def open_sockets(port: int, count: int, into: list[ClientConnection]) -> float:
    gate = asyncio.Semaphore(64)
    began = time.perf_counter()

    async def one(index: int) -> None:
        async with gate:
            code = CODES[index % len(CODES)]
            ws = await connect(f"ws://127.0.0.1:{port}/ws/deals/{code}/",
                               origin=f"http://127.0.0.1:{port}",  # type: ignore[arg-type]
                               open_timeout=120, max_queue=4)  # fmt: skip
            await ws.recv()  # the first frame: the consumer is set up
            into.append(ws)

    start = len(into)
    await asyncio.gather(*(one(start + n) for n in range(count)))
    return time.perf_counter() - began


async def run(server: common.Server, steps: list[int]) -> list[tuple[int, float, float]]:
    sockets: list[ClientConnection] = []
    warm: list[ClientConnection] = []
    await open_sockets(server.port, 50, warm)  # import and warm every code path once
    await asyncio.gather(*(ws.close() for ws in warm))
    await asyncio.sleep(3)
    rows = [(0, server.rss_mb(), 0.0)]
    for target in steps:
        took = await open_sockets(server.port, target - len(sockets), sockets)
        await asyncio.sleep(3)  # idle: let the server settle
        rows.append((len(sockets), server.rss_mb(), took))
        print(f"  {len(sockets):6d} sockets: server RSS {rows[-1][1]:7.1f} MB "
              f"(opened in {took:.1f} s)", flush=True)  # fmt: skip
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, nargs="+", default=[1000, 5000, 10000])
    parser.add_argument("--layer", choices=["core", "pubsub"], default="core")
    parser.add_argument("--uvicorn", nargs=argparse.REMAINDER, default=[],
                        help="extra uvicorn options, e.g. --ws-per-message-deflate false")
    args = parser.parse_args()
    common.raise_nofile(max(args.steps) + 2048)
    print(f"machine: {common.machine()}")
    common.fresh_database()
    gc.collect()
    env = common.server_env(CHANNEL_LAYER=args.layer, DATABASE_POOL_SIZE="10")
    print(f"uvicorn {' '.join(args.uvicorn) or '(defaults)'}, one process, "
          f"channel layer {args.layer}")  # fmt: skip
    with common.running(env, *args.uvicorn) as server:
        rows = asyncio.run(run(server, sorted(args.steps)))
    base = rows[0][1]
    print(f"baseline (0 sockets, warmed up): {base:.1f} MB")
    for count, rss, _ in rows[1:]:
        print(f"{count:6d} sockets: {rss:7.1f} MB, {(rss - base) / count * 1000:6.1f} MB per "
              f"1,000 sockets over the baseline ({rss / base:.2f}x the baseline)")  # fmt: skip
    last_count, last_rss, _ = rows[-1]
    if last_count >= 10_000:
        at_10k = last_rss
        how = "measured"
    else:
        at_10k = base + (last_rss - base) / last_count * 10_000
        how = f"extrapolated from {last_count}"
    print(f"10,000 idle sockets: {at_10k:.0f} MB ({how}); target <= 600 MB")


if __name__ == "__main__":
    main()
