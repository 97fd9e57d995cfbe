"""Shared machinery of the benchmarks: a throw-away PostgreSQL database, a uvicorn server
in a subprocess, a lean HTTP/1.1 client, percentiles and process memory.

The benchmarks run the real stack (uvicorn + Django + PostgreSQL + Redis) on loopback
only, with bounded request counts and times. The client is a few lines of asyncio rather
than httpx: on a 2-core machine the client shares the CPU with the server, and a heavy
client would flatten every ratio toward 1.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import secrets
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PYTHON = str(ROOT / ".venv" / "bin" / "python")
PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379")
BENCH_DB = os.environ.get("BENCH_DB", "arena_bench")
#: Redis database of the benchmarks (CI uses 1, development 0).
BENCH_REDIS_DB = int(os.environ.get("BENCH_REDIS_DB", "9"))

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def raise_nofile(wanted: int) -> int:
    """Raise this process's open-file limit (inherited by the server it starts)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = min(max(soft, wanted), hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return target


def server_env(**extra: str) -> dict[str, str]:
    """Production-like settings (DEBUG off) on the bench database and Redis database."""
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_HSTS_SECONDS": "0",
        "DATABASE_URL": f"{PG}/{BENCH_DB}",
        "REDIS_URL": f"{REDIS}/{BENCH_REDIS_DB}",
        "LOG_LEVEL": "WARNING",
        "RATE_LIMITS": "0",  # one client address sends everything: limits would answer 429
    }
    env.update(extra)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return env


def fresh_database(database: str = BENCH_DB, root: Path = ROOT) -> None:
    """Drop and recreate the bench database, migrate it, empty its Redis database.
    ``root``: the source tree whose migrations run (bench/match.py's older code)."""
    import psycopg
    import redis

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{database}"')
    redis.Redis.from_url(f"{REDIS}/{BENCH_REDIS_DB}").flushdb()
    subprocess.run(
        [PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=root, env=server_env(DATABASE_URL=f"{PG}/{database}"), check=True, timeout=300,
    )  # fmt: skip


def use_bench_database() -> None:
    """Set up Django in this process on the bench database (to create players, read rows)."""
    for key, value in server_env().items():
        os.environ[key] = value
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()


def spare_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    """``uvicorn config.asgi:application`` in a subprocess (one process, as deployed per core)."""

    env: dict[str, str]
    port: int = field(default_factory=spare_port)
    process: subprocess.Popen[bytes] | None = None
    extra_args: tuple[str, ...] = ()
    #: The source tree served (bench/match.py also serves an older commit's).
    root: Path = ROOT

    def start(self) -> Server:
        self.process = subprocess.Popen(
            [str(ROOT / ".venv/bin/uvicorn"), "config.asgi:application", "--host", "127.0.0.1",
             "--port", str(self.port), "--lifespan", "off", "--no-access-log",
             "--log-level", "warning", "--backlog", "4096", *self.extra_args],
            cwd=self.root, env=self.env,
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                status, _ = asyncio.run(one_request(self.port, "GET", "/api/health"))
                if status == 200:
                    return self
            except OSError:
                pass
            if self.process.poll() is not None:
                raise RuntimeError("the server exited at start")
            time.sleep(0.2)
        raise RuntimeError("the server did not answer /api/health")

    def rss_mb(self) -> float:
        assert self.process is not None
        return rss_mb(self.process.pid)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


@contextmanager
def running(env: dict[str, str], *extra_args: str, root: Path = ROOT) -> Iterator[Server]:
    server = Server(env, extra_args=extra_args, root=root).start()
    try:
        yield server
    finally:
        server.stop()


def tree_rss_mb(pid: int) -> float:
    """Resident memory of a process and its children (uvicorn ``--workers N``), in MB."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return rss_mb(pid) + sum(tree_rss_mb(int(child)) for child in children)


def cpu_seconds(pid: int) -> float:
    """CPU time a process has used so far, all its threads, user + system (/proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def postgres_cpu_seconds() -> float:
    """CPU time used so far by this machine's PostgreSQL processes (the backends of every
    open connection, the WAL writer and the rest), user + system (/proc). A backend that
    exits between two readings takes its time with it: read it around runs whose
    connections stay open (the servers' pools)."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "comm").read_text().strip() == "postgres":
                total += cpu_seconds(int(entry.name))
        except OSError:  # gone in between
            continue
    return total


def own_cpu_seconds() -> float:
    """CPU time this process has used so far, user + system."""
    times = os.times()
    return times.user + times.system


def old_tree(commit: str, into: Path) -> Path:
    """``commit``'s files (``git archive``: nothing in the repository changes), with this
    tree's virtualenv: an older server to run side by side with this one."""
    archive = subprocess.run(
        ["git", "archive", commit], cwd=ROOT, check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    (into / ".venv").symlink_to(ROOT / ".venv")
    return into


def rss_mb(pid: int) -> float:
    """Resident memory of a process, from /proc (VmRSS), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


# -- a lean HTTP/1.1 keep-alive client -----------------------------------------------------


class Connection:
    """One keep-alive connection; requests are sent one after the other on it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(body)}"]
        if body:
            lines.append("Content-Type: application/json")
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length, chunked, close = 0, False, False
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding" and b"chunked" in value.lower():
                chunked = True
            elif name == b"connection" and b"close" in value.lower():
                close = True
        if chunked:
            data = b""
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).strip(), 16)
                data += await self.reader.readexactly(size + 2)
                if size == 0:
                    break
            payload = data
        else:
            payload = await self.reader.readexactly(length)
        if close:
            await self.close()
        return status, payload

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with suppress(OSError):
                await self.writer.wait_closed()
        self.reader = self.writer = None


async def one_request(port: int, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
    conn = Connection(port)
    try:
        return await conn.request(method, path, body)
    finally:
        await conn.close()


async def close_sockets(tasks: Sequence[asyncio.Task[Any]], sockets: Sequence[Any]) -> None:
    """Stop the listening tasks, then close their WebSocket connections."""
    for task in tasks:
        task.cancel()
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)


def add_uvicorn_option(parser: Any) -> None:
    """``--uvicorn ...``: the rest of the command line goes to the server's uvicorn."""
    parser.add_argument(
        "--uvicorn",
        nargs=argparse.REMAINDER,
        default=[],
        help="extra uvicorn options, e.g. --ws-per-message-deflate false",
    )


# -- figures ----------------------------------------------------------------------------


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def summary_ms(seconds: Sequence[float]) -> dict[str, float]:
    ms = [s * 1000 for s in seconds]
    return {
        "n": len(ms),
        "p50": percentile(ms, 50),
        "p99": percentile(ms, 99),
        "max": max(ms) if ms else float("nan"),
        "mean": statistics.fmean(ms) if ms else float("nan"),
    }


def machine() -> dict[str, Any]:
    mem_kb = 0
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            mem_kb = int(line.split()[1])
    return {
        "nproc": os.cpu_count(),
        "memory_gb": round(mem_kb / 1024 / 1024, 1),
        "python": sys.version.split()[0],
    }
