from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        # The system checks, and the receiver that carries a guest's games over to the
        # account they log into.
        from games import checks, guest_carry_over  # noqa: F401
