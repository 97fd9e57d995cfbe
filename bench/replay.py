"""How fast the engine replays 60-action logs, against a naive replay baseline.

The baseline replays the same logs through the engine's public API the way a careless
server would: parse each token with ``canonical_token``, and rebuild the player's view
after every action. The figure that matters is µs per 60-action log (target ≤ 100 µs).

Run: ``.venv/bin/python bench/replay.py`` (``--logs N`` to change the sample). With
``--variants`` it also replays the same kind of logs under each of the literature's
variants (issue 17: every option alone, and all of a game's options at once) and prints
each one's time against its base rule set's; the target is within 1.5x.
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

from games.engine import OPTIONS, DealCode, Variant, canonical_token, new_game, replay


def sixty_action_logs(
    variant: Variant, count: int, seed: int, options: str = ""
) -> list[tuple[str, list[str]]]:
    """Random legal logs of exactly 60 actions with undos, on different numbered deals."""
    rng = random.Random(seed)
    logs: list[tuple[str, list[str]]] = []
    number = 1
    while len(logs) < count:
        code = DealCode(variant, number, options).text
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


def variant_runs() -> list[tuple[Variant, str]]:
    """Each option alone on its game's bases, then all of a game's options together."""
    runs: list[tuple[Variant, str]] = []
    for variant in (Variant.TP_E, Variant.TP_C, Variant.PY):
        mine = [o for o in OPTIONS if o.game == variant.game]
        runs.extend((variant, o.letters) for o in mine)
        # One option per group: the first of each (J1, R0).
        groups: dict[str, str] = {}
        for o in mine:
            groups.setdefault(o.group, o.letters)
        runs.append((variant, "".join(groups.values())))
    return runs


def warmed_measure(logs: list[tuple[str, list[str]]], rounds: int) -> float:
    for code, _ in logs:  # warm the deal cache: measure play, not GEN 1
        new_game(code)
    return measure(fast_replay, logs, rounds)


def bench_variants(count: int, rounds: int) -> None:
    """Each variant against its base, measured in alternation (base, variant, base, …) so
    that both see the same load on a shared machine; the ratio of the medians."""
    print(f"\n{'rule set':14} {'µs/log':>9} {'base µs/log':>12} {'ratio':>7}")
    base_logs = {
        v: sixty_action_logs(v, count, 1) for v in (Variant.TP_E, Variant.TP_C, Variant.PY)
    }
    for variant, options in variant_runs():
        logs = sixty_action_logs(variant, count, 1, options)
        warmed_measure(logs, 1)
        warmed_measure(base_logs[variant], 1)
        pairs = [
            (measure(fast_replay, logs, 1), measure(fast_replay, base_logs[variant], 1))
            for _ in range(rounds)
        ]
        fast = statistics.median(p[0] for p in pairs)
        base = statistics.median(p[1] for p in pairs)
        name = DealCode(variant, 0, options).rule_set
        print(f"{name:14} {fast:9.1f} {base:12.1f} {fast / base:6.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--logs", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--variants", action="store_true", help="also time every variant")
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
    if args.variants:
        bench_variants(args.logs, args.rounds)


if __name__ == "__main__":
    main()
