"""The test suite's settings: config.settings with DEBUG=1 set explicitly.

DEBUG is off unless set (config/settings.py), and off it needs a SECRET_KEY and redirects
HTTP to HTTPS; the tests run on the development defaults, so they set it, as ``make run``
does. pytest-django still runs each test with ``settings.DEBUG = False``. Set before the
import, it also reaches the servers the tests start (uvicorn, manage.py) unless a test
gives them an environment of its own.
"""

import os

os.environ.setdefault("DEBUG", "1")

from config.settings import *  # noqa: F403
