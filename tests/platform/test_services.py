"""The real stack: a Celery worker in another process sees the tests' database."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from config.celery import health


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_worker_runs_tasks_against_the_test_database() -> None:
    assert not settings.CELERY_TASK_ALWAYS_EAGER
    User.objects.create_user("worker-check")
    result = health.delay().get(timeout=30)
    assert result["ok"] is True
    assert result["database"] == settings.DATABASES["default"]["NAME"]
    assert result["users"] == 1


@pytest.mark.django_db
def test_health_task_runs_eagerly_when_asked(celery_eager: object) -> None:
    result = health.apply().get()
    assert result["ok"] is True
