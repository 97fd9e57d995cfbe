"""A real uvicorn for the tests where the ASGI server matters, started the way production
starts it (``python -m config.serve``) on a spare loopback port, and always stopped."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.reliability.redis_server import spare_port

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class LiveServer:
    host: str
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def raw(self, data: bytes, timeout: float = 10) -> bytes:
        """Send raw bytes on a new connection; everything the server answers until it
        closes (or ``timeout``)."""
        with socket.create_connection((self.host, self.port), timeout=timeout) as conn:
            conn.sendall(data)
            chunks: list[bytes] = []
            with contextlib.suppress(TimeoutError):
                while chunk := conn.recv(65536):
                    chunks.append(chunk)
                    if b"\r\n\r\n" in b"".join(chunks) and _complete(b"".join(chunks)):
                        break
            return b"".join(chunks)


def _complete(answer: bytes) -> bool:
    head, _, body = answer.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(body) >= int(value)
    return False


@contextlib.contextmanager
def live_server(tmp_path: Path, **env: str) -> Iterator[LiveServer]:
    """uvicorn with the test settings (DEBUG=1, a fresh SQLite file, limits off) plus
    ``env``; the environment variables of the outer run do not leak in."""
    base = {
        k: v for k, v in os.environ.items()
        if not k.startswith(("DATABASE_", "REDIS_", "RATE_LIMIT", "TRUSTED_PROXIES"))
    }  # fmt: skip
    base.update(
        {
            "DJANGO_SETTINGS_MODULE": "tests.settings",
            "DEBUG": "1",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'live.sqlite3'}",
            "RATE_LIMITS": "0",
            "LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
        }
    )
    base.update(env)
    port = spare_port()
    log_path = tmp_path / "uvicorn.log"
    with uvicorn_process(base, port, log_path):
        yield LiveServer("127.0.0.1", port, log_path)


@contextlib.contextmanager
def uvicorn_process(env: dict[str, str], port: int, log_path: Path) -> Iterator[None]:
    """``python -m config.serve`` on 127.0.0.1:``port`` with exactly ``env``, logging to
    ``log_path``; returns once it answers, and stops it on the way out."""
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "config.serve", "--host", "127.0.0.1", "--port", str(port)],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            _wait_until_up(f"http://127.0.0.1:{port}", process, log_path)
            yield
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_until_up(url: str, process: subprocess.Popen[bytes], log_path: Path) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{url}/api/health", timeout=2) as answer:
                if answer.status == 200:
                    return
        except urllib.error.HTTPError:
            return  # it answers: up (the health check itself may be refused by a test's env)
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"uvicorn did not start:\n{log_path.read_text()}")
        time.sleep(0.2)
