"""With BENCH_VIEWS=1 every server process reports its fan-out (config/bench_views.py)
from the moment it starts, before it has answered any HTTP request: of uvicorn's
``--workers 2``, the process that got none of bench/fanout.py's requests wrote its
watchers every event but never reported, since its hooks came with the URLconf, which
Django loads on a first HTTP request (docs/performance.md, 0e).

Each case is a fresh interpreter that imports ``config.asgi`` as a uvicorn worker does,
sends a record push the way a commit does (``core.pushes.send_now``: stamped with
BENCH_VIEWS=1, untouched without), then has ``leaderboards.watchers.deliver`` write a
stamped record push to two sockets (reported with BENCH_VIEWS=1, not without).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WORKER = """
import asyncio, json, os
from core import pushes
sent = []  # what a commit's push hands on, as the layer would get it
pushes.send_now = lambda groups, message: sent.append(message)
import config.asgi  # what each uvicorn worker imports; no request is served here
from leaderboards import watchers
pushes.send_now(["deal.x"], pushes.arena_message({"type": "record"}))
frames_sent = [json.loads(message["text"]) for message in sent]

class Socket:
    frames = []
    async def send(self, text_data=None, bytes_data=None):
        self.frames.append(text_data)

push = pushes.arena_message({"type": "record", "bench_committed_at": 1234.5})
asyncio.run(watchers.deliver([(Socket(), None), (Socket(), None)], push))
folder = os.environ["BENCH_FANOUT_DIR"]
reports = [json.loads((open(os.path.join(folder, name)).read())) for name in os.listdir(folder)]
print(json.dumps({"pid": os.getpid(), "frames": len(Socket.frames), "reports": reports,
                  "sent": frames_sent}))
"""


def run_worker(folder: Path, bench_views: str) -> dict[str, object]:
    env = {**os.environ, "BENCH_VIEWS": bench_views, "BENCH_FANOUT_DIR": str(folder)}
    env.pop("DJANGO_SETTINGS_MODULE", None)  # config.asgi's own settings, as served
    proc = subprocess.run(
        [sys.executable, "-c", WORKER], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    result: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def test_a_process_that_served_no_request_reports_the_sockets_it_wrote(tmp_path: Path) -> None:
    result = run_worker(tmp_path, "1")
    assert result["frames"] == 2
    reports = result["reports"]
    assert isinstance(reports, list) and len(reports) == 1
    assert reports[0]["pid"] == result["pid"]
    [[stamp, written, *_]] = reports[0]["pushes"]
    assert (stamp, written) == (1234.5, 2)
    sent = result["sent"]
    assert isinstance(sent, list) and len(sent) == 1
    assert isinstance(sent[0]["bench_committed_at"], float)


def test_without_bench_views_nothing_is_timed_or_written(tmp_path: Path) -> None:
    result = run_worker(tmp_path, "0")
    assert result["frames"] == 2
    assert result["reports"] == []
    # A default server's frames carry nothing of the benchmarks.
    assert result["sent"] == [{"type": "record"}]
