"""Celery tasks of the games app (a package: one module per concern), found by
``app.autodiscover_tasks()`` through this module."""

from games.tasks.closing import *  # noqa: F403
from games.tasks.daily import *  # noqa: F403
from games.tasks.solving import *  # noqa: F403
