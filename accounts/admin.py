from django.contrib import admin
from django.http import HttpRequest

from accounts.models import ApiToken, Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("display_name", "user")
    search_fields = ("display_name", "user__username", "user__email")
    raw_id_fields = ("user",)


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("name", "user", "prefix", "created_at", "last_used_at")
    list_filter = ("created_at", "last_used_at")
    search_fields = ("name", "prefix", "user__username")
    readonly_fields = ("prefix", "created_at", "last_used_at")
    raw_id_fields = ("user",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # tokens are issued to their owner on the account page (raw key shown once)
