"""The match rules' numbers (issue 16), in one place for services, schemas and docs."""

from __future__ import annotations

MIN_ROUNDS = 1
#: Rounds of an N-rounds match at most, and of a target-score match at most.
MAX_ROUNDS = 10
MIN_PLAYERS = 2
MAX_PLAYERS = 8
#: Seconds per round unless the creator says otherwise (null: no limit).
DEFAULT_TIME_LIMIT_S = 300
MIN_TIME_LIMIT_S = 30
MAX_TIME_LIMIT_S = 3600
MAX_TARGET_SCORE = 100_000
#: A lobby nobody started expires after this many minutes.
LOBBY_MINUTES = 30
