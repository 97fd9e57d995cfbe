"""Which record news a new result makes (SPEC §7, seed 004): a pure decision.

The caller holds the deal's lock and passes what the database says *before* the new
result: the deal's #1, the player's own best, and whether the deal was ever won.
A result makes at most one event, the most significant that applies:

1. it is the new #1 (strictly better than the #1, or the first result on the deal):
   * a win and the deal was never won before: FIRST_WIN;
   * a win otherwise: NEW_RECORD (even when the holder beats their own record: the
     record itself changed; ``previous_holder`` is then the player);
   * not a win (so nobody has won the deal): BEST_RESULT;
2. otherwise, it strictly improves the player's own previous best: PERSONAL_BEST
   (never for a player's first result on the deal: that is not news).

Ties are not improvements: the earlier result keeps its place (SPEC §7 "then earlier").
Results off the boards (abandoned, disqualified, held, practice on a daily) make no news.
"""

from __future__ import annotations

from dataclasses import dataclass

from leaderboards.board_rows import Standing
from leaderboards.models import RecordChange, RecordEvent, Result
from leaderboards.ranking import is_better


@dataclass(frozen=True, slots=True)
class Decision:
    kind: str | None  # a RecordEvent.Kind, or None: no news
    previous_holder_id: int | None = None
    change_reason: str | None = None  # a RecordChange.Reason when the #1 changed

    @property
    def new_record_holder(self) -> bool:
        return self.change_reason is not None


def decide(
    result: Result,
    previous_best: Standing | None,
    own_previous_best: Standing | None,
    deal_ever_won: bool,
) -> Decision:
    if not result.on_boards:
        return Decision(None)
    if is_better(result, previous_best):
        holder = previous_best.player_id if previous_best is not None else None
        if previous_best is None:
            reason = RecordChange.Reason.FIRST
        elif holder == result.player_id:
            reason = RecordChange.Reason.IMPROVED
        else:
            reason = RecordChange.Reason.BEATEN
        if result.won and not deal_ever_won:
            kind = RecordEvent.Kind.FIRST_WIN
        elif result.won:
            kind = RecordEvent.Kind.NEW_RECORD
        else:
            kind = RecordEvent.Kind.BEST_RESULT
        return Decision(kind, holder, reason)
    if own_previous_best is not None and is_better(result, own_previous_best):
        return Decision(RecordEvent.Kind.PERSONAL_BEST)
    return Decision(None)
