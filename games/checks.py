"""System checks of the games app (run by ``manage.py check`` and every command)."""

from __future__ import annotations

from typing import Any

from django.core.checks import Error, register

from games.services.recording import registered_recorder


@register()
def recorder_registered(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    """Live play needs a recorder for finished games (games/services/recording.py)."""
    if registered_recorder() is not None:
        return []
    return [
        Error(
            "no recorder of finished games is registered",
            hint="add 'leaderboards' to INSTALLED_APPS: LeaderboardsConfig.ready() registers "
            "leaderboards.services.record_game_result",
            id="games.E001",
        )
    ]
