from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        from games import checks  # noqa: F401 - registers the system checks

        # A guest's games follow them into the account they log into (a signal receiver).
        from games import guest_carry_over  # noqa: F401
