"""HTTP API of the leaderboards app, mounted under /api/ by config/api.py."""

from ninja import Router

router = Router(tags=["leaderboards"])
