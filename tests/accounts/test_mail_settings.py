"""The reset mail's transport comes from the environment (config/settings.py): the console
without EMAIL_HOST (development), SMTP with it (production)."""

from __future__ import annotations

import json

from tests.platform.test_settings import run_python

DUMP = """
import json
import config.settings as s
print(json.dumps({k: getattr(s, k, None) for k in (
    "EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD",
    "EMAIL_USE_TLS", "EMAIL_USE_SSL", "EMAIL_TIMEOUT", "DEFAULT_FROM_EMAIL")}))
"""
MAIL_VARS = ("EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD",
             "EMAIL_USE_TLS", "EMAIL_USE_SSL", "EMAIL_TIMEOUT", "DEFAULT_FROM_EMAIL")  # fmt: skip


def mail_settings(**env: str) -> dict[str, object]:
    proc = run_python(DUMP, **{**{name: "" for name in MAIL_VARS}, **env})
    assert proc.returncode == 0, proc.stderr
    result: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def test_without_a_host_mail_goes_to_the_console() -> None:
    s = mail_settings()
    assert s["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    assert s["DEFAULT_FROM_EMAIL"] == "Solitaire Arena <noreply@localhost>"


def test_a_host_sends_over_smtp_with_the_settings_given() -> None:
    s = mail_settings(
        EMAIL_HOST="smtp.example.net", EMAIL_HOST_USER="arena", EMAIL_HOST_PASSWORD="secret",
        DEFAULT_FROM_EMAIL="Arena <a@example.net>",
    )  # fmt: skip
    assert s["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (s["EMAIL_HOST"], s["EMAIL_PORT"], s["EMAIL_USE_TLS"], s["EMAIL_USE_SSL"]) == (
        "smtp.example.net", 587, True, False)  # fmt: skip
    assert (s["EMAIL_HOST_USER"], s["EMAIL_HOST_PASSWORD"], s["EMAIL_TIMEOUT"]) == (
        "arena", "secret", 10)  # fmt: skip
    assert s["DEFAULT_FROM_EMAIL"] == "Arena <a@example.net>"


def test_implicit_tls_on_port_465_turns_starttls_off() -> None:
    s = mail_settings(EMAIL_HOST="smtp.example.net", EMAIL_PORT="465", EMAIL_USE_SSL="1")
    assert (s["EMAIL_PORT"], s["EMAIL_USE_SSL"], s["EMAIL_USE_TLS"]) == (465, True, False)


def test_a_malformed_port_is_refused_loudly() -> None:
    proc = run_python(DUMP, EMAIL_HOST="smtp.example.net", EMAIL_PORT="smtp")
    assert proc.returncode != 0 and "EMAIL_PORT" in proc.stderr
