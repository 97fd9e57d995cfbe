"""Player profiles (public display name) and personal API tokens (hashed)."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, MinLengthValidator, RegexValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.names import normalise, skeleton
from core import fast_rows

DISPLAY_NAME_MIN = 2
DISPLAY_NAME_MAX = 30

#: Each is called with the value and raises ValidationError (Django's validator protocol).
display_name_validators: list[Callable[[Any], None]] = [
    MinLengthValidator(DISPLAY_NAME_MIN),
    MaxLengthValidator(DISPLAY_NAME_MAX),
    RegexValidator(
        r"^\w(?:[\w .'-]*[\w.])?$",
        _("Use letters, digits, spaces and . ' - _ ; start with a letter or digit."),
        code="invalid_display_name",
    ),
]


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(
        _("display name"),
        max_length=DISPLAY_NAME_MAX,
        unique=True,
        validators=display_name_validators,
        help_text=_("Shown on leaderboards. 2 to 30 characters."),
    )
    #: The name's confusable skeleton (accounts/names.py): one account per look-alike name.
    name_key = models.CharField(max_length=255, unique=True, null=True, editable=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("display_name"), name="accounts_profile_display_name_ci_unique"
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    def clean(self) -> None:
        """Model forms (the admin) refuse a look-alike of another player's name, which
        the unique ``name_key`` would otherwise refuse with an IntegrityError."""
        super().clean()
        if self.display_name and Profile.display_name_taken(
            normalise(self.display_name), exclude_user_id=self.user_id
        ):
            raise ValidationError({"display_name": _("This display name is taken.")})

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Stores the name NFKC-normalised, with its skeleton (both computed here, so that
        the sign-up form, the admin and created users all get them)."""
        self.display_name = normalise(self.display_name)
        self.name_key = skeleton(self.display_name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "display_name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    @staticmethod
    def display_name_taken(name: str, exclude_user_id: int | None = None) -> bool:
        """Whether ``name`` or a look-alike of it (same skeleton) belongs to someone."""
        qs = Profile.objects.filter(name_key=skeleton(name))
        if exclude_user_id is not None:
            qs = qs.exclude(user_id=exclude_user_id)
        return qs.exists()

    @staticmethod
    def free_display_name(base: str) -> str:
        """A display name derived from ``base`` (e.g. a username) that nobody holds yet."""
        cleaned = "".join(ch if ch.isalnum() or ch in " .'-_" else "_" for ch in base).strip()
        cleaned = cleaned.strip(" .'-") or "player"
        if len(cleaned) < DISPLAY_NAME_MIN:
            cleaned = f"{cleaned}_player"
        cleaned = cleaned[:DISPLAY_NAME_MAX]
        candidate, n = cleaned, 1
        while Profile.display_name_taken(candidate):
            n += 1
            suffix = f"_{n}"
            candidate = cleaned[: DISPLAY_NAME_MAX - len(suffix)] + suffix
        return candidate


def hash_token(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


class ApiToken(models.Model):
    """A personal token for ``Authorization: Bearer <token>``; only its SHA-256 is stored."""

    PREFIX_LENGTH = 8
    #: ``last_used_at`` is precise to this: a token used again sooner is not re-stamped.
    LAST_USED_RESOLUTION = timedelta(minutes=1)

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=60)
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(
        max_length=PREFIX_LENGTH, editable=False, help_text=_("First characters, for recognition")
    )
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @classmethod
    def issue(cls, user: models.Model, name: str) -> tuple[ApiToken, str]:
        """Create a token; returns it with the raw key, which is never stored or shown again."""
        raw = secrets.token_urlsafe(32)
        token = cls.objects.create(
            user=user, name=name, key_hash=hash_token(raw), prefix=raw[: cls.PREFIX_LENGTH]
        )
        return token, raw

    @classmethod
    def authenticate(cls, raw: str) -> ApiToken | None:
        """The active token for ``raw`` (its user and profile loaded), stamping
        ``last_used_at``; or None. The stamp is written at most once per
        ``LAST_USED_RESOLUTION``: a token used again within it costs no write."""
        if not raw or len(raw) > 200:
            return None
        # Every Bearer request asks this: one uncompiled lookup by the unique hash, with
        # the token's user and profile (core.fast_rows).
        token = fast_rows.get(cls, hash_token(raw), by="key_hash", joined=("user", "user__profile"))
        if token is None or not token.user.is_active:
            return None
        now = timezone.now()
        last = token.last_used_at
        if last is None or not timedelta(0) <= now - last < cls.LAST_USED_RESOLUTION:
            cls.objects.filter(pk=token.pk).update(last_used_at=now)
            token.last_used_at = now
        return token
