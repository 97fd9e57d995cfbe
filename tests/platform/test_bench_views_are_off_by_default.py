"""The benchmarks' views (config/bench_views.py: the baseline, the floor and the fan-out
figures) are mounted only with BENCH_VIEWS=1: on a default server their paths do not
exist, for any method."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
def test_the_bench_view_is_not_served_without_bench_views(client: Client) -> None:
    assert client.post("/bench/json", "{}", content_type="application/json").status_code == 404
    assert client.get("/bench/json").status_code == 404


@pytest.mark.django_db
def test_the_fanout_figures_are_not_served_without_bench_views(client: Client) -> None:
    assert client.get("/bench/fanout").status_code == 404
    assert client.post("/bench/fanout", "{}", content_type="application/json").status_code == 404


@pytest.mark.django_db
def test_the_floor_view_is_not_served_without_bench_views(client: Client) -> None:
    answer = client.post("/bench/floor?statements=3", "{}", content_type="application/json")
    assert answer.status_code == 404
