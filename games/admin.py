"""Django admin of the games app: deals (drawn as cards, with the solver's facts and a
"Solve now" action) and a read-only list of live games.

Admins are trusted with every card: the layout shows face-down cards and the stock
order, marked as such. The DailyDeal admin is in ``games/admin_daily.py``.
"""

from __future__ import annotations

import importlib
from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games.engine import card_symbol, dealt_cards, suit
from games.engine.layouts import PYRAMID_ROWS, TRIPEAKS_ROWS
from games.models import Deal, Game, SolverFact

CARD_W = 2.6  # em: one card's width; positions are in half-card steps
CARD_H = 3.4  # em
ROW_STEP = 2.0  # em between rows, so rows overlap like the real layouts

_CARD_STYLE = (
    "position:absolute;left:{left}em;top:{top}em;width:{w}em;height:{h}em;"
    "border:1px {border} #555;border-radius:.3em;background:{bg};color:{color};"
    "font:600 1.05em/1 sans-serif;text-align:center;padding-top:.35em;box-sizing:border-box"
)


def _card(card: int, left: float, top: float, face_down: bool = False) -> SafeString:
    style = _CARD_STYLE.format(
        left=left, top=top, w=CARD_W, h=CARD_H,
        border="dashed" if face_down else "solid",
        bg="#eef" if face_down else "#fff",
        color="#c00" if suit(card) in (1, 2) else "#111",
    )  # fmt: skip
    title = "face down at the start" if face_down else "face up"
    return format_html('<span style="{}" title="{}">{}</span>', style, title, card_symbol(card))


def _positions(code: str) -> list[tuple[int, float, int]]:
    """(tableau index, x in half-cards, row) of each card, as the rule books draw them."""
    placed: list[tuple[int, float, int]] = []
    if code.startswith("PY"):
        for row, positions in enumerate(PYRAMID_ROWS):
            for i, pos in enumerate(positions):
                placed.append((pos, 6 - row + 2 * i, row))
        return placed
    x_of_row: list[list[float]] = [
        [3 + 6 * p for p in range(3)],  # peak tops
        [2 + 6 * p + 2 * j for p in range(3) for j in range(2)],
        [1 + 2 * k for k in range(9)],
        [2 * k for k in range(10)],
    ]
    for row, positions in enumerate(TRIPEAKS_ROWS):
        placed.extend((pos, x, row) for pos, x in zip(positions, x_of_row[row], strict=True))
    return placed


def layout_html(code: str) -> SafeString:
    """The deal's tableau as cards, then its first discard card and its stock in order."""
    dealt = dealt_cards(code)
    tripeaks = not code.startswith("PY")
    placed = _positions(code)
    cards = [
        _card(dealt.tableau[pos], x * CARD_W / 2, row * ROW_STEP, tripeaks and row < 3)
        for pos, x, row in placed
    ]
    width = (max(x for _, x, _ in placed) + 2) * CARD_W / 2
    height = max(row for _, _, row in placed) * ROW_STEP + CARD_H
    stock = dealt.stock
    return format_html(
        '<div style="position:relative;width:{}em;height:{}em;margin:.5em 0">{}</div>'
        "<p>Discard: {} · Stock ({} cards, first drawn first): {}</p>",
        width,
        height,
        format_html_join("", "{}", ((card,) for card in cards)),
        card_symbol(dealt.discard[-1]) if dealt.discard else "none",  # empty-discard variant
        len(stock),
        " ".join(card_symbol(card) for card in stock),
    )


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
        solve_deal = importlib.import_module("games.tasks.solving").solve_deal
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
        return False


# The records engineer's DailyDeal admin registers itself when imported.
try:
    importlib.import_module("games.admin_daily")
except ModuleNotFoundError as exc:  # pragma: no cover - until that module lands
    if exc.name != "games.admin_daily":
        raise
