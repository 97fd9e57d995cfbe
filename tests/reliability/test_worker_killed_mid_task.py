"""A Celery worker killed with SIGKILL in the middle of a solve: the task is done again by
the next worker, once, and its result stored once (one SolverFact row).

The test runs its own workers (its own redis-server as broker, the test database) so that
it can kill them without touching CI's worker. Two deaths are covered:

* the pool process running the task dies (the OOM killer's favourite): the worker sees it
  (``WorkerLostError``) and, with ``task_acks_late`` + ``task_reject_on_worker_lost``,
  puts the message back at once; the same worker runs it again;
* the whole worker dies: the message, taken but never acknowledged, goes back to its queue
  after ``CELERY_VISIBILITY_TIMEOUT`` (3600 s by default, 3 s here) and a new worker runs it.

The solver is quick (a second or two on its slower deals), so the pool process is frozen
with SIGSTOP as soon as it has started, and killed while frozen: the kill always lands
mid-task, and the test does not depend on how fast the solver gets.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from celery import Celery
from django.conf import settings

from games.models import Deal, SolverFact
from games.services import deals
from tests.reliability.redis_server import RedisServer
from tests.reliability.servers import child_database_url

pytestmark = [pytest.mark.services, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
#: One of the Pyramid deals the solver takes longest on (seconds, not milliseconds).
HARD_DEAL = "PY1-N-AAAAAAT"
BUDGET_S = 20.0
VISIBILITY_S = 3


def test_settings_ask_for_late_acks_and_requeue_on_worker_loss() -> None:
    assert settings.CELERY_TASK_ACKS_LATE is True
    assert settings.CELERY_TASK_REJECT_ON_WORKER_LOST is True
    assert settings.CELERY_WORKER_PREFETCH_MULTIPLIER == 1
    assert settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] >= 1


#: The project's worker, sweeping for unacknowledged messages every second instead of
#: every 10 x 10 s (kombu's defaults), so the test need not wait minutes for it.
WORKER_MAIN = """
import sys
from config.celery import app
app.conf.broker_transport_options = {
    **(app.conf.broker_transport_options or {}),
    "unacked_restore_interval": 1,
    "unacked_restore_throttle": 1,
}
app.worker_main(sys.argv[1:])
"""


class Worker:
    """``celery -A config worker`` on one queue, in its own process group."""

    def __init__(self, broker: str, queue: str, log: Path) -> None:
        self.log = log
        env = {
            **os.environ,
            "DATABASE_URL": child_database_url(),
            "DATABASE_CONN_MAX_AGE": "0",
            "REDIS_URL": broker,
            "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_S),
        }
        env.pop("RUN_SERVICE_TESTS", None)
        argv = ["worker", "-Q", queue, "--concurrency=1", "--pool=prefork",
                "-n", f"{queue}-{uuid.uuid4().hex[:6]}@%h", "--without-gossip",
                "--without-mingle", "--without-heartbeat", "-l", "info"]  # fmt: skip
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER_MAIN, *argv],
            cwd=ROOT, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def pool_children(self) -> list[int]:
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in children.read_text().split()] if children.exists() else []

    def kill(self) -> None:
        """SIGKILL the whole worker (main process and pool) at once."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_for(what: str, check: Callable[[], bool], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.1)


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[list[Worker]]:
    started: list[Worker] = []
    try:
        yield started
    finally:
        for worker in started:
            worker.stop()


def send_solve(broker: str, queue: str, deal: Deal) -> str:
    """Send the real task by name, as the admin's "Solve now" does, to our queue."""
    # set_as_current=False: shared tasks (solve_deal.delay) must keep the project's app.
    sender = Celery("reliability-sender", broker=broker, set_as_current=False)
    try:
        result = sender.send_task("games.solve_deal", args=[deal.pk, BUDGET_S], queue=queue)
    finally:
        sender.close()
    return str(result.id)


def facts(deal: Deal) -> int:
    return SolverFact.objects.filter(deal=deal).count()


def started_running(worker: Worker, task_id: str) -> bool:
    return f"[{task_id}] received" in worker.text()


@pytest.mark.parametrize("death", ["pool process", "whole worker"])
def test_a_solve_killed_mid_task_is_done_again_and_stored_once(
    death: str, redis_server: RedisServer, workers: list[Worker], tmp_path: Path
) -> None:
    deal = deals.get_or_create_deal(deals.check_deal_request(HARD_DEAL))
    queue = f"reliability-{uuid.uuid4().hex[:8]}"
    first = Worker(redis_server.url, queue, tmp_path / "worker-1.log")
    workers.append(first)
    task_id = send_solve(redis_server.url, queue, deal)

    wait_for("the first worker to take the task", lambda: started_running(first, task_id), 60)
    time.sleep(0.3)  # the pool process is now solving
    # Freeze it: however fast the solver gets, the kill below lands mid-task.
    (child,) = first.pool_children()
    os.kill(child, signal.SIGSTOP)
    assert facts(deal) == 0, "the task must still be running when it is killed"

    if death == "pool process":
        os.kill(child, signal.SIGKILL)
        runner = first
        wait_for("the lost task to be run again", lambda: facts(deal) == 1, BUDGET_S * 4 + 30)
        assert re.search(r"WorkerLostError|Process .* exited", first.text()), first.text()
    else:
        first.kill()
        time.sleep(1)
        assert facts(deal) == 0
        runner = Worker(redis_server.url, queue, tmp_path / "worker-2.log")
        workers.append(runner)
        try:
            wait_for("the new worker to run the task", lambda: facts(deal) == 1,
                     VISIBILITY_S + 10 + BUDGET_S * 2 + 30)
        except AssertionError:
            print(first.text()[-3000:], runner.text()[-3000:])
            raise

    wait_for("the task to be reported done",
             lambda: f"[{task_id}] succeeded" in runner.text(), 30)
    time.sleep(1)
    fact = SolverFact.objects.get(deal=deal)
    assert facts(deal) == 1
    assert fact.solver_version and fact.nodes > 0
    # Done once after the death: one success, and no failure (no duplicate-row error).
    assert runner.text().count(f"[{task_id}] succeeded") == 1
    assert f"[{task_id}] raised" not in runner.text()


def test_solving_twice_keeps_one_fact(celery_eager: Celery) -> None:
    """The store is idempotent: a redelivered solve that does run twice changes nothing."""
    from games.tasks.solving import solve_deal

    deal = deals.get_or_create_deal(deals.check_deal_request("TP1-C-AAAAAAB"))
    first = solve_deal.delay(deal.pk, 5.0).get()
    second = solve_deal.delay(deal.pk, 5.0).get()
    assert first == second
    assert facts(deal) == 1
