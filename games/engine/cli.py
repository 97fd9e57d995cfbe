"""The engine's command line: one JSON object per line, for people and scripts.

Every line of input gets exactly one line of output; a bad line gets an ``error`` object
naming what is wrong, never a traceback, so a script can zip inputs with outputs. When the
reader goes away (``… replay | head``) the command stops quietly with exit 0: the reader
has what it wanted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from games.engine.cards import card_str
from games.engine.codes import parse_code
from games.engine.errors import EngineError, ReplayError
from games.engine.generator import deal_deck
from games.engine.play import replay

MAX_LINE = 1_000_000


def _error(reason: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"reason": reason, "message": message, **extra}}


def deal_line(text: str) -> dict[str, Any]:
    try:
        code = parse_code(text)
    except EngineError as err:
        return {"code": text, **_error(err.reason, err.detail)}
    deck = deal_deck(code.prefix, code.number)
    return {"code": code.text, "deck": [card_str(card) for card in deck]}


def replay_line(line: str) -> dict[str, Any]:
    if len(line) > MAX_LINE:
        return _error("too_long", f"a line holds at most {MAX_LINE} characters")
    try:
        request = json.loads(line)
    except ValueError as err:
        return _error("bad_json", f"not a JSON object: {err}")
    if not isinstance(request, dict):
        return _error("bad_json", "expected a JSON object with 'code' and 'log'")
    code, log = request.get("code"), request.get("log", "")
    if not isinstance(code, str):
        return _error("bad_code", "'code' must be a deal code string, e.g. TP1-E-AAAAAAB")
    if not isinstance(log, str | list) or (
        isinstance(log, list) and not all(isinstance(t, str) for t in log)
    ):
        return _error("bad_log", "'log' must be a string of tokens or a list of token strings")
    try:
        return replay(code, log).as_dict()
    except ReplayError as err:
        return _error(err.reason, err.cause.detail, index=err.index, token=err.token)
    except EngineError as err:
        return _error(err.reason, err.detail)


def solve_line(text: str, time_budget_s: float) -> dict[str, Any]:
    from games.engine.solver import SolverError, solve

    try:
        code = parse_code(text)
    except EngineError as err:
        return {"code": text, **_error(err.reason, err.detail)}
    try:
        return {"code": code.text, **solve(code, time_budget_s=time_budget_s).as_dict()}
    except SolverError as err:  # a solver bug: say so on this line, keep answering the rest
        return {"code": code.text, **_error("solver_error", str(err))}


def _emit(obj: dict[str, Any], out: TextIO) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")
    out.flush()


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None) -> int:
    try:
        return _run(argv, stdin)
    except BrokenPipeError:
        # The reader closed the pipe. Python would flush stdout again at exit and print a
        # second BrokenPipeError: point stdout at /dev/null first (Python's docs, "Note
        # on SIGPIPE").
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _run(argv: Sequence[str] | None, stdin: TextIO | None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    deal = commands.add_parser("deal", help="print the 52-card order of each code")
    deal.add_argument("codes", nargs="+")
    commands.add_parser("replay", help='read {"code", "log"} lines on stdin, print results')
    solve = commands.add_parser("solve", help="is each deal winnable, and its par")
    solve.add_argument("codes", nargs="+")
    solve.add_argument("--time-budget", type=float, default=30.0)
    args = parser.parse_args(argv)
    out = sys.stdout
    if args.command == "deal":
        for text in args.codes:
            _emit(deal_line(text), out)
    elif args.command == "replay":
        for line in stdin or sys.stdin:
            if line.strip():
                _emit(replay_line(line), out)
    else:
        for text in args.codes:
            _emit(solve_line(text, args.time_budget), out)
    return 0
