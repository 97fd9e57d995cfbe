"""The engine's command line, run as a real subprocess."""

import json
import subprocess
import sys

from games.engine import card_str, deal_deck


def run(*args, stdin=""):
    done = subprocess.run(
        [sys.executable, "-m", "games.engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_deal_prints_the_52_card_order_of_each_code():
    lines = run("deal", "TP1-E-AAAAAAB", "py1-n-aaaaaas", "nonsense")
    assert lines[0] == {"code": "TP1-E-AAAAAAB", "deck": [card_str(c) for c in deal_deck("TP", 1)]}
    assert lines[1]["code"] == "PY1-N-AAAAAAS"
    assert lines[2]["error"]["reason"] == "bad_code"


def test_replay_answers_each_line_and_survives_bad_ones():
    stdin = "\n".join(
        [
            json.dumps({"code": "TP1-E-AAAAAAB", "log": "D D U"}),
            json.dumps({"code": "TP1-E-AAAAAAB", "log": "D KH"}),
            "not json",
            json.dumps([1, 2]),
            json.dumps({"code": 5, "log": ""}),
            json.dumps({"code": "TP1-E-AAAAAAB", "log": 7}),
            json.dumps({"code": "ZZ9", "log": ""}),
        ]
    )
    lines = run("replay", stdin=stdin)
    assert lines[0] == {"status": "playing", "cards_left": 28, "score": 499, "moves": 2}
    assert lines[1]["error"] == {
        "reason": "blocked",
        "message": lines[1]["error"]["message"],
        "index": 1,
        "token": "KH",
    }
    assert [line["error"]["reason"] for line in lines[2:]] == [
        "bad_json",
        "bad_json",
        "bad_code",
        "bad_log",
        "bad_code",
    ]
