"""Admin of the leaderboards: results (with disqualification), record history, events,
series (official ones are made here).

Disqualifying goes through ``leaderboards.services.do_disqualify_result`` (the deal's
lock, the record history, RECORD_INHERITED), never through editing the row: the
disqualification fields are read-only in the change form.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from accounts.admin import DELETED_WITH_THE_ACCOUNT
from accounts.users import Account
from leaderboards.models import (
    HeldResult,
    RecordChange,
    RecordEvent,
    Result,
    Series,
    SeriesDeal,
)
from leaderboards.services import do_disqualify_result
from leaderboards.services.held import (
    do_clear_held_result,
    do_disqualify_held_result,
    held_results,
)
from leaderboards.speed import RUN_GAP_MS, longest_fast_run


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "deal",
        "player",
        "won",
        "cards_left",
        "moves",
        "duration_ms",
        "source",
        "first_try",
        "ranked",
        "held",
        "disqualified",
        "created_at",
    )
    list_filter = ("source", "won", "first_try", "ranked", "held", "disqualified", "abandoned")
    search_fields = ("deal__code", "player__username", "player__profile__display_name")
    raw_id_fields = ("deal", "player", "game", "daily")
    date_hierarchy = "created_at"
    actions = ["disqualify_results"]
    readonly_fields = [f.name for f in Result._meta.fields if f.name != "id"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # results come from the engine's replay, never typed in

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # A deleted row would leave its deal's board rows counted (DealBoardState) and
        # its record unpassed, outside the deal's lock; disqualifying takes it off the
        # boards under the lock and keeps it, with its reason, for the record history.
        # (Deleting its player's account deletes it, with the boards kept true.)
        return False

    @admin.action(description="Disqualify selected results (re-ranks, notifies inheritors)")
    def disqualify_results(
        self, request: HttpRequest, queryset: QuerySet[Result]
    ) -> HttpResponse | None:
        reason = request.POST.get("reason", "").strip()
        if request.POST.get("confirm") != "yes" or not reason:
            return TemplateResponse(
                request,
                "admin/leaderboards/disqualify.html",
                {**self.admin_site.each_context(request), "results": list(queryset)},
            )
        inherited = 0
        for result in queryset.order_by("id"):
            if do_disqualify_result(result.pk, reason, by=request.user) is not None:
                inherited += 1
        self.message_user(
            request,
            f"Disqualified {queryset.count()} result(s); {inherited} record(s) passed on.",
            messages.SUCCESS,
        )
        return None


def _staff(request: HttpRequest) -> Account | None:
    """The admin user acting (the admin only lets accounts in), to name in the reason."""
    user = request.user
    return user if isinstance(user, Account) else None


def _replay_url(result: Result) -> str:
    from games.daily import daily_ref

    deal = result.deal
    ref = deal.public_code or (daily_ref(result.daily) if result.daily is not None else "")
    return reverse("frontend:replay", args=[ref, result.pk]) if ref else ""


DELETED_WITH_THE_ACCOUNT.add(Result)


@admin.register(HeldResult)
class HeldResultAdmin(admin.ModelAdmin):
    """Results held for bot-speed review: see the timing, watch the timed replay, then
    clear (its records are decided now, events go out once) or disqualify."""

    list_display = (
        "id",
        "deal",
        "player",
        "won",
        "moves",
        "duration_ms",
        "fastest_run",
        "held_reason",
        "created_at",
    )
    search_fields = ("deal__code", "player__username", "player__profile__display_name")
    actions = ["clear_results", "disqualify_results"]
    fields = (
        "deal",
        "player",
        "won",
        "cards_left",
        "moves",
        "duration_ms",
        "held_reason",
        "created_at",
        "timed_replay",
        "timing",
    )
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[Result]:
        return held_results().select_related("deal", "player", "daily")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=f"longest run under {RUN_GAP_MS} ms")
    def fastest_run(self, obj: Result) -> int:
        return longest_fast_run(obj.timings or [])

    @admin.display(description="timed replay")
    def timed_replay(self, obj: Result) -> str:
        url = _replay_url(obj)
        return (
            format_html('<a href="{}">open the replay at its recorded pace</a>', url)
            if url
            else "-"
        )

    @admin.display(description="action times (ms since the start; gap to the previous)")
    def timing(self, obj: Result) -> str:
        times = list(obj.timings or [])
        gaps = [t - p for p, t in zip([0, *times], times, strict=False)]
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            ((i + 1, t, g) for i, (t, g) in enumerate(zip(times, gaps, strict=True))),
        )
        return format_html("<table><tr><th>#</th><th>at</th><th>gap</th></tr>{}</table>", rows)

    @admin.action(description="Clear selected results (decide their records now)")
    def clear_results(self, request: HttpRequest, queryset: QuerySet[Result]) -> None:
        ids = list(queryset.values_list("pk", flat=True))
        by = _staff(request)
        events = sum(len(do_clear_held_result(pk, by=by)) for pk in ids)
        self.message_user(
            request, f"Cleared {len(ids)} result(s); {events} event(s).", messages.SUCCESS
        )

    @admin.action(description="Disqualify selected results")
    def disqualify_results(self, request: HttpRequest, queryset: QuerySet[Result]) -> None:
        ids = list(queryset.values_list("pk", flat=True))
        by = _staff(request)
        for pk in ids:
            do_disqualify_held_result(pk, by=by)
        self.message_user(request, f"Disqualified {len(ids)} result(s).", messages.SUCCESS)


@admin.register(RecordChange)
class RecordChangeAdmin(admin.ModelAdmin):
    list_display = ("deal", "holder", "previous_holder", "reason", "created_at")
    list_filter = ("reason",)
    search_fields = ("deal__code", "holder__username")
    raw_id_fields = ("deal", "result", "holder", "previous_holder")

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(RecordEvent)
class RecordEventAdmin(admin.ModelAdmin):
    list_display = ("kind", "deal", "player", "previous_holder", "created_at")
    list_filter = ("kind",)
    search_fields = ("deal__code", "player__username")
    raw_id_fields = ("deal", "result", "player", "previous_holder")

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


class SeriesDealInline(admin.TabularInline):
    model = SeriesDeal
    raw_id_fields = ("deal",)
    extra = 3
    ordering = ("position",)


@admin.register(Series)
class SeriesAdmin(admin.ModelAdmin):
    list_display = ("title", "slug", "owner", "official", "created_at")
    list_filter = ("official",)
    search_fields = ("title", "slug")
    prepopulated_fields = {"slug": ("title",)}
    raw_id_fields = ("owner",)
    inlines = [SeriesDealInline]

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        return {"official": True, "owner": request.user.pk}
