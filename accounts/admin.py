from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm
from django.contrib.auth.models import User
from django.db.models import Model
from django.http import HttpRequest

from accounts.emails import email_taken, normalise_email
from accounts.forms import EMAIL_TAKEN
from accounts.models import ApiToken, Profile


class AdminUserChangeForm(UserChangeForm):
    """The admin's user form refuses another account's address (any case) with the sign-up's
    words, where the unique index (migration 0003) would otherwise answer a 500."""

    def clean_email(self) -> str:
        email = normalise_email(str(self.cleaned_data.get("email") or ""))
        if email and email_taken(email, exclude_user_id=self.instance.pk):
            raise forms.ValidationError(EMAIL_TAKEN, code="email_taken")
        return email


admin.site.unregister(User)

#: Models whose rows are an account's own and go with it (by cascade) although their
#: admins refuse to delete one row alone (a result is disqualified, a game is kept): the
#: apps above add theirs from their admin modules. Deleting the account deletes them
#: (leaderboards/services/departures.py keeps the boards true).
DELETED_WITH_THE_ACCOUNT: set[type[Model]] = set()


@admin.register(User)
class ArenaUserAdmin(UserAdmin):
    form = AdminUserChangeForm

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> Any:
        """Django's list of what goes with the accounts, without refusing the account's
        own rows of ``DELETED_WITH_THE_ACCOUNT`` (their admins' refusal is for one alone)."""
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        own = {str(model._meta.verbose_name) for model in DELETED_WITH_THE_ACCOUNT}
        return deleted, counts, {p for p in perms_needed if str(p) not in own}, protected


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
