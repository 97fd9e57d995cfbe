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
