"""Bot-speed review: which live results are played faster than a person can (pure).

A result is **held** (kept off the boards, no news, until an admin decides) when its
server-measured action times show either:

* a run of ``RUN_LENGTH`` (10) or more consecutive actions, each under ``RUN_GAP_MS``
  (120 ms) after the one before it; or
* at least ``MIN_ACTIONS_FOR_PACE`` (20) actions at a mean pace under ``PACE_MS``
  (150 ms) per action from the game's start.

Why these numbers (docs/security.md, "Bot speed"): every action is an aimed click on
another card (or the stock), chosen after looking at the card the last one turned up;
a person needs a few hundred milliseconds for each (seeing, choosing, moving), so ten
in a row under 120 ms each, or a whole game under 150 ms a move, is a script. A
brisk player at 0.5 s a move stays far from both (tests/records/test_bot_speed_review.py).
The times are the server's: when it took each action, network delay included, which
only ever makes a person look slower.
No real-play data exists yet to tune on; the thresholds are deliberately loose so that
no person is held, at the price of missing a bot that paces itself (detected, not
prevented: docs/security.md says what is left).
"""

from __future__ import annotations

from collections.abc import Sequence

RUN_LENGTH = 10
RUN_GAP_MS = 120
MIN_ACTIONS_FOR_PACE = 20
PACE_MS = 150


def longest_fast_run(timings: Sequence[int], gap_ms: int = RUN_GAP_MS) -> int:
    """The most consecutive actions each under ``gap_ms`` after the one before it
    (the first action of the game counts from the start, at 0 ms)."""
    best = run = 0
    previous = 0
    for at in timings:
        run = run + 1 if at - previous < gap_ms else 0
        best = max(best, run)
        previous = at
    return best


def held_reason(timings: Sequence[int]) -> str | None:
    """Why a result with these action times is held for review, or None."""
    run = longest_fast_run(timings)
    if run >= RUN_LENGTH:
        return f"{run} consecutive actions each under {RUN_GAP_MS} ms after the previous"
    if len(timings) >= MIN_ACTIONS_FOR_PACE:
        pace = timings[-1] / len(timings)
        if pace < PACE_MS:
            return f"{len(timings)} actions at {pace:.0f} ms each on average"
    return None
