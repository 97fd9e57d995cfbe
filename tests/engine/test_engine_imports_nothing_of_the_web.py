"""The engine is pure (STYLE.md 1): importing it, and running it, loads no Django,
Channels, Celery or Redis, nor any of our apps. Checked in a fresh interpreter, since
this test process has Django loaded already. (ruff's TID251, `make lint`, refuses such
an import in the source; this checks what actually gets imported, transitively.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
import games.engine
from games.engine import new_game, replay
from games.engine.solver import solve
game = new_game("TP1-E-AAAAAAB"); game.apply("D")
replay("PY1-N-AAAAAAS", "D D")
solve("TP1-E-AAAAAAB", time_budget_s=5)
print(json.dumps(sorted(sys.modules)))
"""

FORBIDDEN = ("django", "channels", "channels_redis", "celery", "redis", "kombu", "ninja",
             "accounts", "config", "frontend", "leaderboards")  # fmt: skip


def test_importing_and_running_the_engine_loads_no_web_module() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    top = {name.split(".")[0] for name in loaded}
    assert not top & set(FORBIDDEN), sorted(top & set(FORBIDDEN))
    games_modules = {name for name in loaded if name.split(".")[0] == "games"}
    assert games_modules and all(
        name == "games" or name.startswith("games.engine") for name in games_modules
    ), sorted(games_modules)
