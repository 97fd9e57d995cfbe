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

from leaderboards.models import RecordChange, RecordEvent, Result, Series, SeriesDeal
from leaderboards.services import do_disqualify_result


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
        "disqualified",
        "created_at",
    )
    list_filter = ("source", "won", "first_try", "ranked", "disqualified", "abandoned")
    search_fields = ("deal__code", "player__username", "player__profile__display_name")
    raw_id_fields = ("deal", "player", "game", "daily")
    date_hierarchy = "created_at"
    actions = ["disqualify_results"]
    readonly_fields = [f.name for f in Result._meta.fields if f.name != "id"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # results come from the engine's replay, never typed in

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
