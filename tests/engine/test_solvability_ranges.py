"""Solvability of numbered deals 1..2000 falls inside the published ranges.

Slow (minutes on two cores): skipped unless RUN_SLOW=1. The published ranges live here
and only here. TriPeaks Classic has no published range: its figure is printed.
"""

import functools
import os
import sys

import pytest

from games.engine import Variant
from games.solvability import numbered_codes, solve_many, summarize

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(3600),  # the first test of a variant solves its 2,000 deals
    pytest.mark.skipif(
        os.environ.get("RUN_SLOW") != "1", reason="slow (minutes): set RUN_SLOW=1 to run"
    ),
]

DEALS = range(1, 2001)
#: Per deal. This is a check of the answers, not of speed (bench/solver.py measures
#: that): on a loaded CI machine the slowest Pyramid deal must not turn into "unknown".
TIME_BUDGET_S = 300.0
#: Published winnable shares (percent) for the app's rules.
PUBLISHED = {
    Variant.TP_E: (95.0, 98.5),  # TriPeaks, K and A linked
    Variant.PY: (64.5, 69.5),  # clear the pyramid, unlimited recycling, top discard only
}


@functools.cache
def share(variant: Variant):
    codes = numbered_codes(variant, DEALS.start, DEALS.stop - 1)
    rows = list(solve_many(codes, workers=os.cpu_count() or 2, time_budget_s=TIME_BUDGET_S))
    assert not [row for row in rows if "error" in row]
    summary = summarize(variant, rows)
    print(
        f"\n{variant.value}: {summary.winnable} winnable, {summary.unwinnable} not, "
        f"{summary.unknown} unknown: {summary.share_winnable:.2f} %",
        file=sys.stderr,
    )
    return summary


@pytest.mark.parametrize("variant", list(PUBLISHED))
def test_winnable_share_is_inside_the_published_range(variant):
    summary = share(variant)
    low, high = PUBLISHED[variant]
    assert summary.unknown == 0
    assert low <= summary.share_winnable <= high


def test_tripeaks_classic_share_is_reported():
    summary = share(Variant.TP_C)
    assert summary.unknown == 0
    assert summary.share_winnable < share(Variant.TP_E).share_winnable
