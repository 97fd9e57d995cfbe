from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"

    def ready(self) -> None:
        """Follow live play, hand out round games and refuse hints in them through
        registrations: games cannot import matches (games/services/listeners.py,
        games/services/openers.py)."""
        from games.services.listeners import (
            register_action_listener,
            register_contest_check,
            register_time_keeper,
        )
        from games.services.openers import register_opener
        from matches.services.playing import (
            is_round_game,
            on_game_changed,
            open_round_game,
            round_time_is_up,
        )

        register_action_listener(on_game_changed)
        register_time_keeper(round_time_is_up)
        register_contest_check(is_round_game)
        register_opener("match", open_round_game)
