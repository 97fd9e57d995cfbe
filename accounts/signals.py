"""Every user gets a Profile, whichever way it was created (sign-up, admin, createsuperuser)."""

from typing import Any

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.models import Profile


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender: Any, instance: Any, created: bool, raw: bool = False, **_: Any) -> None:
    if not created or raw:
        return
    wanted = getattr(instance, "_display_name", None)
    name = wanted or Profile.free_display_name(instance.get_username())
    Profile.objects.get_or_create(user=instance, defaults={"display_name": name})
