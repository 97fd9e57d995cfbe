"""Django admin of the games app: deals (drawn as cards, with the solver's facts and a
"Solve now" action) and a read-only list of live games.

Admins are trusted with every card: the layout (games/admin_layout.py) shows face-down
cards and the stock order, marked as such. The DailyDeal admin is in
``games/admin_daily.py``, registered by importing it here.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.safestring import SafeString

from accounts.admin import DELETED_WITH_THE_ACCOUNT
from games import admin_daily  # noqa: F401  (registers the DailyDeal admin)
from games.admin_layout import layout_html
from games.models import Deal, Game, SolverFact
from games.tasks.solving import solve_deal


def _fact(deal: Deal) -> SolverFact | None:
    try:
        return deal.solver_fact
    except SolverFact.DoesNotExist:
        return None


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    list_display = ("code", "variant", "number", "sealed", "code_public", "winnable", "par",
                    "created_at")  # fmt: skip
    list_filter = ("variant", "sealed")
    search_fields = ("code", "=number")
    list_select_related = ("solver_fact",)
    # Everything is read-only: a deal is its code; reveal_after belongs to its daily deal.
    readonly_fields = ("code", "label", "variant", "number", "sealed", "reveal_after",
                       "created_at", "layout", "solver_facts", "games_played")  # fmt: skip
    actions = ("solve_now",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # deals come from play (codes) and from the daily deals

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Deal], search_term: str
    ) -> tuple[QuerySet[Deal], bool]:
        term = search_term.strip().lstrip("#").upper()
        if term.isdigit():
            return queryset.filter(number=int(term)), False
        return queryset.filter(code__icontains=term) if term else queryset, False

    @admin.display(boolean=True, description="code public")
    def code_public(self, obj: Deal) -> bool:
        return obj.public_code is not None

    @admin.display(boolean=True, description="winnable")
    def winnable(self, obj: Deal) -> bool | None:
        fact = _fact(obj)
        return fact.winnable if fact else None

    @admin.display(description="par")
    def par(self, obj: Deal) -> int | None:
        fact = _fact(obj)
        return fact.par_moves if fact else None

    @admin.display(description="layout")
    def layout(self, obj: Deal) -> SafeString:
        return layout_html(obj.code)

    @admin.display(description="solver")
    def solver_facts(self, obj: Deal) -> str:
        fact = _fact(obj)
        if fact is None:
            return "Not solved yet: use the “Solve now” action in the list."
        return format_html(
            "winnable: {} · par: {} moves · best: {} cards left in {} moves · {} nodes in "
            "{} ms · solver v{} · {}<br><code>{}</code>",
            {True: "yes", False: "no", None: "unknown (budget ran out)"}[fact.winnable],
            fact.par_moves if fact.par_moves is not None else "—",
            fact.best_cards_left,
            fact.best_moves,
            fact.nodes,
            round(fact.ms),
            fact.solver_version or "?",
            fact.solved_at.strftime("%Y-%m-%d %H:%M"),
            fact.solution or "(no line)",
        )

    @admin.display(description="games played")
    def games_played(self, obj: Deal) -> int:
        return obj.games.count()

    @admin.action(description="Solve now (in the background)")
    def solve_now(self, request: HttpRequest, queryset: QuerySet[Deal]) -> None:
        ids = list(queryset.values_list("pk", flat=True))
        for deal_id in ids:
            solve_deal.delay(deal_id)
        self.message_user(request, f"Solving {len(ids)} deal(s).", messages.SUCCESS)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Read-only: a game changes only through play (its log is replayed on every action)."""

    list_display = ("id", "deal", "player", "guest", "status", "score", "moves", "cards_left",
                    "started_at", "finished_at", "duration_ms")  # fmt: skip
    list_filter = ("status", "deal__variant")
    list_select_related = ("deal", "player")
    search_fields = ("=id", "deal__code", "player__username")
    date_hierarchy = "started_at"

    @admin.display(boolean=True)
    def guest(self, obj: Game) -> bool:
        return obj.player_id is None

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # one alone; deleting its player's account deletes it


DELETED_WITH_THE_ACCOUNT.add(Game)
