"""Services of the leaderboards app: ``check_*`` validate, ``do_*`` write.

Live play calls ``record_game_result(game)`` when a game ends (docs/architecture.md).
"""

from leaderboards.services.disqualification import do_disqualify_result
from leaderboards.services.submissions import (
    MAX_LOG_CHARS,
    SubmissionRefused,
    check_submission,
    do_submit_log,
    record_game_result,
)

__all__ = [
    "MAX_LOG_CHARS",
    "SubmissionRefused",
    "check_submission",
    "do_disqualify_result",
    "do_submit_log",
    "record_game_result",
]
