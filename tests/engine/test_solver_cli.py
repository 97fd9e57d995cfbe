"""``python -m games.engine solve CODE…``: one JSON object per code, errors included."""

import json
import subprocess
import sys

from games.engine.cli import main


def test_solve_prints_one_line_per_code_and_an_error_object_for_a_bad_one(capsys):
    assert main(["solve", "TP1-E-AAAAAAB", "TP1-X-AAAAAAB", "PY1-N-AAAAAAD"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["code"] for line in lines] == ["TP1-E-AAAAAAB", "TP1-X-AAAAAAB", "PY1-N-AAAAAAD"]
    first, bad, third = lines
    assert (first["winnable"], first["moves"]) == (True, 48)
    assert {"solution", "best_cards_left", "best_moves", "nodes", "ms"} <= set(first)
    assert bad["error"]["reason"] == "bad_code" and "rule" in bad["error"]["message"]
    assert (third["winnable"], third["moves"]) == (True, 50)


def test_the_module_runs_as_a_program():
    done = subprocess.run(
        [sys.executable, "-m", "games.engine", "solve", "PY1-N-AAAAAAL"],
        capture_output=True,
        text=True,
        check=True,
    )
    row = json.loads(done.stdout)
    assert (row["code"], row["winnable"], row["best_cards_left"]) == ("PY1-N-AAAAAAL", False, 20)
    assert done.stderr == ""
