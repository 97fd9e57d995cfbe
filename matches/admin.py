"""Admin of matches: read-only views of matches, their seats and rounds (the services
own every change; an admin edit would bypass the match's lock and its pushes)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from matches.models import Match, MatchPlayer, Round


class ReadOnly:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(ReadOnly, admin.TabularInline):
    model = MatchPlayer
    fields = ("player", "joined_at", "ready", "left_at", "left_in_round")
    readonly_fields = fields
    extra = 0


class RoundInline(ReadOnly, admin.TabularInline):
    model = Round
    fields = ("number", "deal", "starts_at", "ends_at", "ended_at")
    readonly_fields = fields
    extra = 0


@admin.register(Match)
class MatchAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("code", "variant", "status", "creator", "rounds", "target_score", "created_at")
    list_filter = ("status", "variant")
    search_fields = ("code", "creator__username")
    readonly_fields = (
        "id",
        "code",
        "creator",
        "variant",
        "rounds",
        "target_score",
        "time_limit_s",
        "max_players",
        "status",
        "created_at",
        "expires_at",
        "started_at",
        "finished_at",
    )
    inlines = [SeatInline, RoundInline]
