from django.apps import AppConfig


class LeaderboardsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "leaderboards"

    def ready(self) -> None:
        """Register the recorder of finished live games with live play, which cannot
        import the leaderboards (games/services/recording.py); keep the boards' counts
        when an account is deleted (leaderboards/services/departures.py)."""
        from games.services.recording import register_recorder
        from leaderboards.services import departures, record_game_result

        register_recorder(record_game_result)
        departures.connect()
