"""Provably sealed dailies (games/commitments.py): the commitment is published when the
deal is made, the nonce only at the close, and hashing the two gives it back."""

from __future__ import annotations

import hashlib
import subprocess
from datetime import date

import pytest
from django.test import Client
from freezegun import freeze_time

from games.daily import daily_deals_on
from tests.platform.helpers import bearer, make_player
from tests.records.test_one_ranked_attempt_per_daily import days  # noqa: F401 - fixture

pytestmark = pytest.mark.django_db

ZONE = "Europe/Bucharest"
NOON = "2026-11-30 10:00:00"
AFTER_CLOSE = "2026-11-30 22:00:01"
DAY = date(2026, 11, 30)


# The same Bucharest day and its three sealed dailies as the ranked-attempt tests.
pytestmark = [pytestmark, pytest.mark.usefixtures("days")]


def test_the_commitment_is_public_and_the_nonce_secret_until_the_close(client: Client) -> None:
    with freeze_time(NOON):
        dailies = {d.variant: d for d in daily_deals_on(DAY)}
        today = client.get("/api/daily").json()
        page = client.get("/daily/").content.decode()
    for row in today["deals"]:
        secret = dailies[row["variant"]]
        assert row["commitment"] == secret.commitment and len(row["commitment"]) == 64
        assert row["nonce"] is None and row["verify"] is None and row["code"] is None
        assert secret.nonce not in str(today) and secret.deal.code not in str(today)
        assert secret.nonce not in page
    with freeze_time(AFTER_CLOSE):
        archive = client.get("/api/daily/2026-11-30").json()
    for row in archive["deals"]:
        secret = dailies[row["variant"]]
        assert (row["code"], row["nonce"]) == (secret.deal.code, secret.nonce)
        digest = hashlib.sha256(f"{row['code']}:{row['nonce']}".encode()).hexdigest()
        assert digest == row["commitment"]


def test_the_published_verify_command_prints_the_commitment(client: Client) -> None:
    with freeze_time(AFTER_CLOSE):
        row = client.get("/api/daily/2026-11-30").json()["deals"][0]
    printed = subprocess.run(
        ["sh", "-c", row["verify"]], capture_output=True, text=True, check=True
    ).stdout
    assert printed.split()[0] == row["commitment"]


def test_each_daily_has_its_own_nonce() -> None:
    with freeze_time(NOON):
        seals = [(d.nonce, d.commitment) for d in daily_deals_on(DAY)]
    assert len({n for n, _ in seals}) == len(seals) == 3
    assert all(len(n) == 64 for n, _ in seals)


def test_the_play_page_badges_a_daily_game_ranked_then_practice(client: Client) -> None:
    user, token = make_player("ann")
    client.force_login(user)
    with freeze_time(NOON):
        first = client.post(
            "/api/games", {"daily": "TP-E"}, content_type="application/json", **bearer(token)
        ).json()
        page = client.get(f"/play/{first['id']}/").content.decode()
        assert first["ranked"] is True and 'data-ranked="1">Ranked<' in page
        client.post(
            f"/api/games/{first['id']}/actions",
            {"action": "abandon"},
            content_type="application/json",
            **bearer(token),
        )
        second = client.post("/play/new/", {"daily": "TP-E"})
        page = client.get(second["Location"]).content.decode()
        assert 'data-ranked="0">Practice<' in page
