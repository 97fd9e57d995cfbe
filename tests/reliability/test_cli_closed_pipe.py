"""The engine's command line ends quietly when its reader goes away (``… | head``).

The attack (issue 12): ``python -m games.engine replay | head`` printed a BrokenPipeError
traceback. Here the output goes into a real ``head -n 1`` through a shell pipe; the
command must exit 0 with nothing on stderr.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINE = '{"code": "TP1-E-AAAAAAB", "log": "D D D"}\n'


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (["replay"], LINE * 5000),  # about 1 MB of output: far more than a pipe holds
        (["deal", *["TP1-E-AAAAAAB"] * 3000], ""),
    ],
)
def test_the_cli_into_head_exits_0_without_a_traceback(
    args: list[str], stdin: str, tmp_path: Path
) -> None:
    command = " ".join([sys.executable, "-m", "games.engine", *args])
    # pipefail: the shell reports the engine's exit code, not head's.
    err = tmp_path / "engine.err"
    script = f"set -o pipefail; {command} 2>{err} | head -n 1; rc=$?; cat {err} >&2; exit $rc"
    done = subprocess.run(
        ["bash", "-c", script], cwd=ROOT, input=stdin, capture_output=True,
        text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.count("\n") == 1 and done.stdout.startswith("{")
