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
#: The literature's options a match may add to its base rule set (issue 17): those whose
#: solver proves a fresh sealed deal winnable well inside ``MATCH_SOLVER_TIME_BUDGET_S``
#: (docs/solver.md, variants figures: open peaks, traditional draw and Hogue's scoring
#: solve in the base's time or less). An empty discard, jokers and every Pyramid option
#: can take the solver longer than a round's start may wait (a draw vets up to 12
#: candidates), so a match in them would often end for want of a deal: they are refused
#: when the match is made, with their names (``matches.services.lobby.check_settings``).
MATCH_OPTIONS: frozenset[str] = frozenset({"O", "T", "H"})
