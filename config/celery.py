"""Celery application (the cookiecutter-django way).

Every ``CELERY_*`` Django setting configures it; tasks are discovered in each installed
app's ``tasks.py``. Without REDIS_URL the settings make tasks run eagerly in-process.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="arena.health")
def health() -> dict[str, object]:
    """Round trip through the broker and the database (used by ops checks and CI)."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    return {
        "ok": True,
        "database": str(connection.settings_dict["NAME"]),
        "users": get_user_model().objects.count(),
    }
