"""What Django's debug pages may show: no secret, whatever the setting is called.

Django's ``SafeExceptionReporterFilter`` hides settings whose names contain API, TOKEN,
KEY, SECRET, PASS or SIGNATURE. The secrets of this project also live in URLs
(``DATABASE_URL``, ``REDIS_URL`` and the ``CELERY_BROKER_URL`` built from it carry the
passwords), and those URLs are copied into values under innocent names (``CACHES``'s
``LOCATION``, ``CHANNEL_LAYERS``'s ``hosts``). So this filter also hides every ``*_URL``
and every value, under any name (a setting or a traceback's local variable), that holds
one of the secrets given in the environment or a password inside those URLs. Selected by
``DEFAULT_EXCEPTION_REPORTER_FILTER`` (config/settings.py);
tests/reliability/test_debug_pages_hide_secrets.py renders a real debug page.
"""

from __future__ import annotations

import os
import re
from typing import Any
from urllib.parse import unquote, urlsplit

from django.views.debug import SafeExceptionReporterFilter

#: The environment variables whose values are secrets wherever they are copied.
SECRET_VARIABLES = ("DATABASE_URL", "REDIS_URL", "SECRET_KEY")


class SecretsFilter(SafeExceptionReporterFilter):
    hidden_settings = re.compile(
        r"API|TOKEN|KEY|SECRET|PASS|SIGNATURE|HTTP_COOKIE|_URL$",
        flags=re.IGNORECASE,
    )

    def _secret_values(self) -> list[str]:
        """The secret variables' values, and the passwords inside the URLs among them
        (a traceback's locals hold connection parameters, password included)."""
        found: list[str] = []
        for name in SECRET_VARIABLES:
            value = os.environ.get(name, "").strip()
            if not value:
                continue
            found.append(value)
            try:
                password = urlsplit(value).password
            except ValueError:
                password = None
            if password:
                found.extend({password, unquote(password)})
        return [value for value in found if len(value) >= 4]

    def _holds_secret(self, value: Any) -> bool:
        secrets = self._secret_values()
        if not secrets:
            return False
        try:
            text = value if isinstance(value, str) else repr(value)
        except Exception:  # a lazy object that fails to load: Django shows its own error
            return False
        return any(secret in text for secret in secrets)

    def cleanse_setting(self, key: Any, value: Any) -> Any:
        cleansed = super().cleanse_setting(key, value)
        if isinstance(cleansed, str) and self._holds_secret(cleansed):
            return self.cleansed_substitute
        return cleansed

    def get_traceback_frame_variables(self, request: Any, tb_frame: Any) -> Any:
        """A traceback's local variables, with any value that holds a secret URL hidden."""
        variables = super().get_traceback_frame_variables(request, tb_frame)
        return [
            (name, self.cleansed_substitute if self._holds_secret(value) else value)
            for name, value in variables
        ]
