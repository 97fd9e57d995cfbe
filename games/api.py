"""HTTP API of the games app, mounted under /api/ by config/api.py."""

from ninja import Router

router = Router(tags=["games"])
