"""Demo data for a fresh site: a few players with results on the first numbered deals.

``make run`` loads it so a newcomer sees boards, records, a series and profiles at once.
Every demo result goes through the same path as a real submitted log (replayed by the
engine, ranked, records decided), so the demo shows the product, not fixtures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from games.engine import DRAW, DealCode, Variant, new_game
from games.engine.solver import solve
from games.services.deals import get_or_create_deal
from leaderboards.models import Result, Series
from leaderboards.services import do_submit_log
from leaderboards.services.series import do_create_series

#: Display names of the demo players; their accounts cannot log in (no usable password).
DEMO_PLAYERS = ("Ada", "Ion", "Margot", "Radu")
DEMO_DEALS: tuple[tuple[Variant, int], ...] = (
    *((Variant.TP_E, n) for n in range(1, 7)),
    *((Variant.TP_C, n) for n in range(1, 4)),
    *((Variant.PY, n) for n in range(1, 4)),
)
DEMO_SERIES_TITLE = "First steps: TriPeaks Easy #1-#5"
#: The solver's budget per demo deal (wall clock: a loaded machine may cut it short).
SOLVE_BUDGET_S = 10.0


@dataclass(frozen=True)
class DemoSummary:
    players: int
    results: int
    series: str

    def __str__(self) -> str:
        return f"{self.players} demo players, {self.results} results, series {self.series!r}"


def random_finished_log(code: str, rng: random.Random) -> list[str] | None:
    """A log played like a casual player (removals mostly, random picks) that ends won or
    blocked; None when it does not end (Pyramid can recycle forever)."""
    game = new_game(code)
    while game.status == "playing" and game.moves < 400:
        actions = game.legal_actions()
        removals = [a for a in actions if a != DRAW]
        game.apply(rng.choice(removals) if removals and rng.random() < 0.9 else actions[-1])
    return list(game.log) if game.status != "playing" else None


def demo_logs(code: str, rng: random.Random) -> list[list[str] | None]:
    """One log per demo player: the first plays par (the solver's line), the others play
    casually; Pyramid casual games that never end are skipped. A search cut short by its
    budget may know the deal winnable (Pyramid's relaxation proves it) with no par line
    (``moves`` None, ``solution`` its best partial line): that player then sits out."""
    solution = solve(code, time_budget_s=SOLVE_BUDGET_S)
    best = solution.solution if solution.winnable and solution.moves is not None else None
    return [best, *(random_finished_log(code, rng) for _ in DEMO_PLAYERS[1:])]


def do_load_demo(seed: int = 2026) -> DemoSummary | None:
    """Create the demo players, their results and a series; None when already loaded."""
    User = get_user_model()
    if User.objects.filter(username=f"demo-{DEMO_PLAYERS[0].lower()}").exists():
        return None
    rng = random.Random(seed)
    with transaction.atomic():
        players = []
        for name in DEMO_PLAYERS:
            user = User(username=f"demo-{name.lower()}")
            user._display_name = name  # type: ignore[attr-defined]  # read by accounts.signals
            user.set_unusable_password()
            user.save()
            players.append(user)
    for variant, number in DEMO_DEALS:
        code = DealCode(variant, number).text
        deal = get_or_create_deal(DealCode(variant, number))
        # Rotate who plays par so that each demo player holds some records.
        logs = demo_logs(code, rng)
        shift = number % len(players)
        for player, log in zip(players[shift:] + players[:shift], logs, strict=True):
            if log is not None:
                do_submit_log(deal, player, " ".join(log))
    codes = [DealCode(Variant.TP_E, n).text for n in range(1, 6)]
    series = Series.objects.filter(title=DEMO_SERIES_TITLE).first() or do_create_series(
        players[0], DEMO_SERIES_TITLE, codes, official=True
    )
    return DemoSummary(
        players=len(players),
        results=Result.objects.filter(player__in=players).count(),
        series=series.slug,
    )
