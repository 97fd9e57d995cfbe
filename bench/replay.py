"""How fast the engine replays 60-action logs, against a naive replay baseline.

The baseline replays the same logs through the engine's public API the way a careless
server would: parse each token with ``canonical_token``, and rebuild the player's view
after every action. The figure that matters is µs per 60-action log (target ≤ 100 µs).

Run: ``.venv/bin/python bench/replay.py`` (``--logs N`` to change the sample).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import DealCode, Variant, canonical_token, new_game, replay


def sixty_action_logs(variant: Variant, count: int, seed: int) -> list[tuple[str, list[str]]]:
    """Random legal logs of exactly 60 actions with undos, on different numbered deals."""
    rng = random.Random(seed)
    logs: list[tuple[str, list[str]]] = []
    number = 1
    while len(logs) < count:
        code = DealCode(variant, number).text
        number += 1
        game = new_game(code)
        while len(game.log) < 60 and game.status == "playing":
            if game.can_undo and rng.random() < 0.1:
                game.apply("U")
            else:
                actions = game.legal_actions()
                # Prefer removals, as players do; draw otherwise.
                removals = [a for a in actions if a != "D"]
                game.apply(rng.choice(removals) if removals and rng.random() < 0.8 else actions[-1])
        if len(game.log) == 60:
            logs.append((code, list(game.log)))
    return logs


def naive_replay(code: str, log: list[str]) -> None:
    game = new_game(code)
    for token in log:
        game.apply(canonical_token(token))
        game.view()


def fast_replay(code: str, log: list[str]) -> None:
    replay(code, " ".join(log))


def measure(
    fn: Callable[[str, list[str]], None], logs: list[tuple[str, list[str]]], rounds: int
) -> float:
    """Median over rounds of the mean µs per log."""
    per_round = []
    for _ in range(rounds):
        start = time.perf_counter()
        for code, log in logs:
            fn(code, log)
        per_round.append((time.perf_counter() - start) / len(logs) * 1e6)
    return statistics.median(per_round)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--logs", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}; {args.logs} logs of 60 actions per variant")
    print(f"{'variant':8} {'µs/log':>9} {'actions/s':>11} {'baseline µs/log':>16} {'speed-up':>9}")
    for variant in (Variant.TP_E, Variant.TP_C, Variant.PY):
        logs = sixty_action_logs(variant, args.logs, seed=1)
        # Warm the deal cache so both sides measure play, not GEN 1.
        for code, _ in logs:
            new_game(code)
        fast = measure(fast_replay, logs, args.rounds)
        naive = measure(naive_replay, logs, args.rounds)
        print(
            f"{variant.value:8} {fast:9.1f} {60 / fast * 1e6:11,.0f} {naive:16.1f} "
            f"{naive / fast:8.1f}x"
        )


if __name__ == "__main__":
    main()
