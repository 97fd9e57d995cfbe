"""The match rules' numbers (issue 16), in one place for services, schemas and docs."""

from __future__ import annotations

from games.engine.variants import OPTIONS

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
#: solver proves a fresh sealed deal winnable well inside ``MATCH_SOLVER_TIME_BUDGET_S``:
#: every TriPeaks option (docs/solvability.md, deals 1..2000: median 1-300 ms, slowest
#: 4.8 s, no deal undecided). Pyramid's options can take the solver longer than a
#: round's start may wait (a draw vets up to 12 candidates), so a match in them would
#: often end for want of a deal: they are refused when the match is made, by name
#: (``matches.services.lobby.check_settings``).
MATCH_OPTIONS: frozenset[str] = frozenset({"O", "B", "J1", "J2", "T", "H"})


def match_options() -> tuple[str, ...]:
    """``MATCH_OPTIONS`` in the order codes print them (for messages and the form)."""
    return tuple(option.letters for option in OPTIONS if option.letters in MATCH_OPTIONS)
