"""The benchmarks' baseline view (config/bench_views.py) is mounted only with
BENCH_VIEWS=1: on a default server its path does not exist, for any method."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
def test_the_bench_view_is_not_served_without_bench_views(client: Client) -> None:
    assert client.post("/bench/json", "{}", content_type="application/json").status_code == 404
    assert client.get("/bench/json").status_code == 404
