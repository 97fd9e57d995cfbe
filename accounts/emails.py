"""Account e-mail addresses: one account per address, compared without case.

The rule lives here (the forms ask it) and in the database: migration 0003 adds a unique
index on ``lower(email)`` of non-empty addresses, so that two sign-ups racing with one
address cannot both be stored (the second gets an IntegrityError, answered 409)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import QuerySet

#: The name of the unique index that migration 0003 adds to ``auth_user``.
EMAIL_INDEX = "accounts_user_email_ci_unique"


def normalise_email(address: str) -> str:
    """The address as stored: trimmed, its domain lower-cased (Django's own rule)."""
    return User.objects.normalize_email(address.strip())


def email_taken(address: str, exclude_user_id: int | None = None) -> bool:
    """Whether another account already has ``address`` (whatever its case)."""
    qs = User.objects.filter(email__iexact=address)
    if exclude_user_id is not None:
        qs = qs.exclude(pk=exclude_user_id)
    return qs.exists()


def users_for_reset(login: str) -> QuerySet[User]:
    """The active accounts a reset request names by user name or by e-mail address, among
    those that have an address to send the link to (and a usable password)."""
    by_name = User.objects.filter(username__iexact=login)
    by_email = User.objects.filter(email__iexact=login)
    return (
        (by_name | by_email)
        .filter(is_active=True)
        .exclude(email="")
        .exclude(password__startswith="!")  # unusable password (Django's marker)
        .distinct()
    )
