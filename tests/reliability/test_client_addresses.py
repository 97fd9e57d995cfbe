"""X-Forwarded-For is believed only from TRUSTED_PROXIES (empty by default), through a
real uvicorn started as production starts it (config/serve.py, config/proxies.py).

The attack (issue 12): uvicorn trusted X-Forwarded-For from 127.0.0.1 by default, so 60
logins from one address, each with another header, all passed the per-address limit.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest

from config.proxies import forwarded_client, parse_networks
from tests.reliability.live_server import live_server

#: Per name 100, per address 3, per 300 s: the 4th login attempt from one address is refused.
LIMITED = {"RATE_LIMITS": "1", "RATE_LIMIT_LOGINS": "100,3/300"}


def login_attempt(url: str, name: str, forwarded_for: str) -> int:
    request = urllib.request.Request(
        f"{url}/accounts/login/", data=f"username={name}&password=x".encode(), method="POST",
        headers={"X-Forwarded-For": forwarded_for,
                 "Content-Type": "application/x-www-form-urlencoded"},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as err:
        return int(err.code)


def test_a_spoofed_forwarded_for_does_not_change_the_rate_limit_key(tmp_path: Path) -> None:
    with live_server(tmp_path, **LIMITED) as server:
        statuses = [login_attempt(server.url, f"n{i}", f"203.0.113.{i}") for i in range(6)]
    # 403: the CSRF check, after the limiter counted the attempt; then 429 from the 4th.
    assert statuses == [403, 403, 403, 429, 429, 429]


def test_a_trusted_proxy_passes_the_client_address_on(tmp_path: Path) -> None:
    env = {**LIMITED, "TRUSTED_PROXIES": "127.0.0.1"}
    with live_server(tmp_path, **env) as server:
        spread = [login_attempt(server.url, f"n{i}", f"203.0.113.{i}") for i in range(6)]
        same = [login_attempt(server.url, f"m{i}", "198.51.100.7") for i in range(4)]
    assert spread == [403] * 6  # six clients behind the proxy, one attempt each
    assert same == [403, 403, 403, 429]  # one client behind the proxy: its own limit


@pytest.mark.parametrize(
    ("peer", "header", "client"),
    [
        ("10.0.0.2", "203.0.113.9", "203.0.113.9"),
        ("10.0.0.2", "6.6.6.6, 203.0.113.9", "203.0.113.9"),  # the client wrote 6.6.6.6
        ("10.0.0.2", "203.0.113.9, 10.0.0.3", "203.0.113.9"),  # two proxies
        ("10.0.0.2", "not-an-ip", "10.0.0.2"),
        ("10.0.0.2", None, "10.0.0.2"),
        ("192.0.2.1", "203.0.113.9", "192.0.2.1"),  # not a trusted proxy: header ignored
    ],
)
def test_the_client_is_the_rightmost_untrusted_hop(
    peer: str, header: str | None, client: str
) -> None:
    assert forwarded_client(peer, header, parse_networks(["10.0.0.0/24"])) == client


def test_no_trusted_proxy_by_default() -> None:
    assert forwarded_client("127.0.0.1", "203.0.113.9", parse_networks([])) == "127.0.0.1"
